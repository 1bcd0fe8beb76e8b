// ARGESIM C21, case 2 (series RLC circuit with diode): explicit Shockley diode model.
//
// Source: C21 definition (../../../shared/seeds/003_8797945dc09db84a.txt), section 3, eq. (38);
// circuit, sign of uD and errata as in RLCShortcut.mo. The index-1 DAE (26), (27), (35) becomes
// an ODE with the diode voltage uD as third state: differentiating (35), 0 = R2 (i + iD(uD)) +
// uC + uD, in time gives
//   uD' = -(R2 i' + uC') / (1 + R2 Is/UT exp(uD/UT))   while conducting (38),
// (the printed (38) has -uC' only, as its (35) lacks R2 i), and uD' = -(R2 i' + uC') while
// locking (iD = 0, uD = -(R2 i + uC)). uD is continuous at the phase changes (uD = 0 at events
// C and L, the initial value of (38)), so the phase is the relation uD > 0 on the state, and
// no algebraic equation and no iteration is left: suited to fixed-step real-time simulation.
// The constraint (35) is no longer enforced: its residual (output `drift`) grows with the
// integration error.
//
// Standard parameters (section 3.3) as in RLCShockleyU.mo; initial values zero (uD(0) = 0).
model RLCExplicit "ARGESIM C21 RLC circuit with explicit Shockley diode, eq. (26), (27), (34), (38)"
  parameter Real R1 = 1e3 "resistor R1 in Ohm";
  parameter Real R2 = 20 "resistor R2 in Ohm";
  parameter Real L = 25.3e-6 "inductance in H";
  parameter Real C = 100e-9 "capacitance in F";
  parameter Real Is = 1e-8 "saturation current in A";
  parameter Real UT = 26e-3 "thermal voltage in V";
  parameter Real U = 1 "source amplitude in V";
  parameter Real f = 0.15e6 "source frequency in Hz (printed: 0.15e-6)";
  constant Real pi = 3.14159265358979323846;
  Real i(start = 0, fixed = true, nominal = 1e-3) "RLC (inductor) current in A";
  Real uC(start = 0, fixed = true) "capacitor voltage in V";
  Real uD(start = 0, fixed = true) "diode voltage in V (state)";
  Real u0 "source voltage in V";
  Real iD(nominal = 1e-3) "diode current in A";
  Real drift "residual of (35): R2 (i + iD) + uC + uD, in V";
  Boolean conducting "diode phase";
  Integer nC(start = 0, fixed = true) "number of events C";
  Integer nL(start = 0, fixed = true) "number of events L";
equation
  u0 = -U*sin(2*pi*f*time);
  L*der(i) = u0 - R1*i - R2*(i + iD) - uC "(27)";
  C*der(uC) = i + iD "(26)";
  conducting = uD > 0 "events C and L, (30), (31)";
  iD = if conducting then Is*(exp(uD/UT) - 1) else 0 "(34)";
  der(uD) = -(R2*der(i) + der(uC))/(1 + (if conducting then R2*Is/UT*exp(uD/UT) else 0)) "(38)";
  drift = R2*(i + iD) + uC + uD;
  when conducting then
    nC = pre(nC) + 1;
  end when;
  when not conducting then
    nL = pre(nL) + 1;
  end when;
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCExplicit;
