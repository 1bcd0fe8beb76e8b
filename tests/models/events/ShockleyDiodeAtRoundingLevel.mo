model ShockleyDiodeAtRoundingLevel "ARGESIM C21's RLC circuit with a Shockley diode whose phase is a relation on a loop unknown"
  // examples/argesim-c21/RLCShockleyU.mo with R2 = 20.002 (seed 003, eq. (34), (35)): the
  // relation uD > 0 watches the unknown of a nonlinear loop. At t = 2.1059e-4 s its root is
  // located falling, but uD re-solved at the event from another starting point is +1.9e-23 V,
  // on the old side by far less than the root's resolution (|duD/dt| 100 eps (|t| + |h|), about
  // 5e-13 V). The runtime decides such a root for the side the function moves to; before, the
  // diode stayed conducting, the same root fired again 2.3e-18 s later, and the Zeno detector
  // stopped the run. The phase alternates: one C and one L per source period.
  parameter Real R1 = 1e3 "resistor R1 in Ohm";
  parameter Real R2 = 20.002 "resistor R2 in Ohm";
  parameter Real L = 25.3e-6 "inductance in H";
  parameter Real C = 100e-9 "capacitance in F";
  parameter Real Is = 1e-8 "saturation current in A";
  parameter Real UT = 26e-3 "thermal voltage in V";
  parameter Real U = 1 "source amplitude in V";
  parameter Real f = 0.15e6 "source frequency in Hz (printed: 0.15e-6)";
  constant Real pi = 3.14159265358979323846;
  Real i(start = 0, fixed = true, nominal = 1e-3) "RLC (inductor) current in A";
  Real uC(start = 0, fixed = true) "capacitor voltage in V";
  Real u0 "source voltage in V";
  Real iD(nominal = 1e-3) "diode current in A";
  Real uD(start = 0) "diode voltage in V (algebraic state)";
  Boolean conducting "diode phase";
  Integer nC(start = 0, fixed = true) "number of events C";
  Integer nL(start = 0, fixed = true) "number of events L";
equation
  u0 = -U*sin(2*pi*f*time);
  L*der(i) = u0 - R1*i - R2*(i + iD) - uC "(27)";
  C*der(uC) = i + iD "(26)";
  conducting = uD > 0 "events C and L, (30), (31)";
  iD = if conducting then Is*(exp(uD/UT) - 1) else 0 "(34)";
  0 = R2*(i + iD) + uC + uD "(35)";
  when conducting then
    nC = pre(nC) + 1;
  end when;
  when not conducting then
    nL = pre(nL) + 1;
  end when;
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-12, Interval = 1e-7));
end ShockleyDiodeAtRoundingLevel;
