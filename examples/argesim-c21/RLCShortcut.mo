// ARGESIM C21, case 2 (series RLC circuit with diode): the shortcut (ideal switch) diode model.
//
// Source: Koerner & Breitenecker, "State Events and Structural-dynamic Systems: Definition of
// ARGESIM Benchmark C21", SNE 26(2), 2016 (../../../shared/seeds/003_8797945dc09db84a.txt),
// section 3. States i (RLC current) and uC, eq. (25)-(27) with the Kirchhoff loop (23) read as
// u_R1 + u_L + u_R2 + u_C = u0 (erratum: the printed loop lists u_C twice). The diode lies across
// the R2-C branch and feeds the current iD into it (C uC' = i + iD, eq. 26), so its voltage is
// uD = -(R2 (i + iD) + uC): the printed (24), (30), (31) and (35) drop this sign or the R2 i term;
// here, as in (26), (27), iD flows into the branch and uD > 0 conducts.
// Shortcut diode (32), (33): locking iD = 0; conducting uD = 0, so R2 (i + iD) + uC = 0, i.e.
// uC' = -uC/(R2 C) and L i' = u0 - R1 i (33, with the sign of uC/R2 corrected).
// Events (30), (31): 'C' conducting phase start when uD = -(R2 i + uC) (locking) rises through
// 0; 'L' locking phase start when iD = -(R2 i + uC)/R2 (conducting) falls through 0. Both event
// functions are the same function of the states, h = -(R2 i + uC), up to the factor 1/R2, so the
// phase is the relation `conducting = R2*i + uC < 0` (function change events SE-F / SE-P).
//
// Standard parameters (section 3.3, SI): R1 = 1e3, R2 = 20, L = 25.3e-6, C = 100e-9,
// u0 = -U sin(2 pi f t) with U = 1 V, t_end = 500e-6, initial values zero (not given: erratum).
// f: printed 0.15e-6 Hz (then u0 is nearly zero over 500 us; --override f=0.15e-6), default the
// likely intended 0.15e6 Hz, near the LC resonance of 100 kHz.
model RLCShortcut "ARGESIM C21 RLC circuit with shortcut (ideal switch) diode, eq. (25)-(27), (32), (33)"
  parameter Real R1 = 1e3 "resistor R1 in Ohm";
  parameter Real R2 = 20 "resistor R2 in Ohm";
  parameter Real L = 25.3e-6 "inductance in H";
  parameter Real C = 100e-9 "capacitance in F";
  parameter Real U = 1 "source amplitude in V";
  parameter Real f = 0.15e6 "source frequency in Hz (printed: 0.15e-6)";
  parameter Real i0 = 0 "initial current in A";
  parameter Real uC0 = 0 "initial capacitor voltage in V";
  constant Real pi = 3.14159265358979323846;
  Real i(start = i0, fixed = true, nominal = 1e-3) "RLC (inductor) current in A";
  Real uC(start = uC0, fixed = true) "capacitor voltage in V";
  Real u0 "source voltage in V";
  Real iD(nominal = 1e-3) "diode current in A";
  Real uD "diode voltage in V";
  Boolean conducting "diode phase";
  Integer nC(start = 0, fixed = true) "number of events C";
  Integer nL(start = 0, fixed = true) "number of events L";
equation
  u0 = -U*sin(2*pi*f*time);
  L*der(i) = u0 - R1*i - R2*(i + iD) - uC "(27)";
  C*der(uC) = i + iD "(26)";
  conducting = R2*i + uC < 0 "events C and L, (30), (31)";
  iD = if conducting then -uC/R2 - i else 0 "(32): uD = 0 when conducting, iD = 0 when locking";
  uD = -(R2*(i + iD) + uC);
  when conducting then
    nC = pre(nC) + 1;
  end when;
  when not conducting then
    nL = pre(nL) + 1;
  end when;
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCShortcut;
