// ARGESIM C21, case 2 (series RLC circuit with diode): Shockley diode, algebraic state uD.
//
// Source: C21 definition (../../../shared/seeds/003_8797945dc09db84a.txt), section 3; circuit,
// sign of uD and errata as in RLCShortcut.mo. Shockley characteristic (34):
// iD = Is (exp(uD/UT) - 1) for uD > 0, iD = 0 for uD < 0 (locking); algebraic equation (35)
// with the R2 i term the printed version drops: 0 = R2 (i + iD(uD)) + uC + uD, nonlinear in
// the algebraic state uD (a nonlinear algebraic loop of the DAE (26), (27), (35)). The phase
// change is the event of the relation uD > 0 inside the loop: 'C' when uD rises through 0, 'L'
// when it falls through 0 (30), (31). RLCShockleyI.mo uses iD as algebraic state instead (36).
//
// Standard parameters (section 3.3): R1 = 1e3, R2 = 20, L = 25.3e-6, C = 100e-9, Is = 1e-8,
// UT = 26e-3, u0 = -U sin(2 pi f t), U = 1, f = 0.15e6 (printed 0.15e-6: --override f=0.15e-6),
// t_end = 500e-6, initial values zero.
model RLCShockleyU "ARGESIM C21 RLC circuit with Shockley diode, algebraic state uD, eq. (26), (27), (34), (35)"
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
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCShockleyU;
