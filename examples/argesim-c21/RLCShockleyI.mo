// ARGESIM C21, case 2 (series RLC circuit with diode): Shockley diode, algebraic state iD.
//
// Source: C21 definition (../../../shared/seeds/003_8797945dc09db84a.txt), section 3; circuit,
// sign of uD and errata as in RLCShortcut.mo. The Shockley characteristic (34) inverted,
// uD = UT ln(iD/Is + 1), gives the algebraic equation (36) for the algebraic state iD while
// conducting: 0 = R2 (i + iD) + uC + UT ln(iD/Is + 1) (printed with the opposite sign of uD).
// Locking: iD = 0, uD = -(R2 i + uC). The logarithm is only defined for iD > -Is, so the phase
// cannot be the relation iD > 0 on the algebraic state itself; it is decided from the states:
// u + R2 Is (exp(u/UT) - 1) is increasing with value 0 at u = 0, so uD > 0 (event C, 30) and
// iD > 0 (event L, 31, falling) both hold exactly when R2 i + uC < 0, the event function of the
// shortcut model. The equation set switches with the phase (if-equation, structure change SE-S).
//
// Standard parameters (section 3.3): R1 = 1e3, R2 = 20, L = 25.3e-6, C = 100e-9, Is = 1e-8,
// UT = 26e-3, u0 = -U sin(2 pi f t), U = 1, f = 0.15e6 (printed 0.15e-6: --override f=0.15e-6),
// t_end = 500e-6, initial values zero.
model RLCShockleyI "ARGESIM C21 RLC circuit with Shockley diode, algebraic state iD, eq. (26), (27), (34), (36)"
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
  Real iD(start = 0, nominal = 1e-3) "diode current in A (algebraic state)";
  Real uD "diode voltage in V";
  Boolean conducting "diode phase";
  Integer nC(start = 0, fixed = true) "number of events C";
  Integer nL(start = 0, fixed = true) "number of events L";
equation
  u0 = -U*sin(2*pi*f*time);
  L*der(i) = u0 - R1*i - R2*(i + iD) - uC "(27)";
  C*der(uC) = i + iD "(26)";
  conducting = R2*i + uC < 0 "events C and L, (30), (31)";
  if conducting then
    0 = R2*(i + iD) + uC + UT*log(iD/Is + 1) "(36)";
  else
    iD = 0;
  end if;
  uD = -(R2*(i + iD) + uC);
  when conducting then
    nC = pre(nC) + 1;
  end when;
  when not conducting then
    nL = pre(nL) + 1;
  end when;
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCShockleyI;
