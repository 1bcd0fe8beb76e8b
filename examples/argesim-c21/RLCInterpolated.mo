// ARGESIM C21, case 2 (series RLC circuit with diode): interpolated Shockley diode model.
//
// Source: C21 definition (../../../shared/seeds/003_8797945dc09db84a.txt), section 3, eq. (37);
// circuit, sign of uD and errata as in RLCShortcut.mo. The Shockley characteristic (34) is
// replaced by the linear interpolation through n breakpoints (ub[j], ib[j]), j = 1..n,
// ub = 0, umax/(n-1), ..., umax, ib = Is (exp(ub/UT) - 1), extrapolated beyond umax with the
// last segment; iD = 0 for uD < 0 (locking). Inserted into (35), 0 = R2 (i + iD) + uC + uD, the
// relation of uD to the locking voltage w = -(R2 i + uC) becomes w = uD + R2 iD(uD), increasing
// and piecewise linear with breakpoints wb[j] = ub[j] + R2 ib[j]; so it is inverted segment by
// segment: uD = w + sum_j (c[j] - c[j-1]) (w - wb[j]) for w > wb[j], with c[0] = 1 and c[j] =
// 1/(1 + R2 s[j]) (s[j] the slope of segment j), and iD = (w - uD)/R2. No algebraic equation
// remains: piecewise linear explicit state equations (37) in (i, uC). Events: 'C' / 'L' where w
// crosses wb[1] = 0 (30), (31), and a parameter change event (SE-P) at each further breakpoint.
//
// Parameters: n = 5 breakpoints (n sizes arrays, so it is structural: RLCInterpolated3.mo and
// RLCInterpolated10.mo set n = 3 and 10), umax = 0.04 V, just above the largest diode voltage
// of the Shockley model at the standard parameters (0.032 V, reference_rlc.py: R1 = 1 kOhm
// limits the current to about 1 mA, so uC and uD stay near 0.03 V and iD below 3e-8 A);
// standard parameters (section 3.3) as in RLCShockleyU.mo.
model RLCInterpolated "ARGESIM C21 RLC circuit with interpolated Shockley diode, eq. (26), (27), (37)"
  parameter Real R1 = 1e3 "resistor R1 in Ohm";
  parameter Real R2 = 20 "resistor R2 in Ohm";
  parameter Real L = 25.3e-6 "inductance in H";
  parameter Real C = 100e-9 "capacitance in F";
  parameter Real Is = 1e-8 "saturation current in A";
  parameter Real UT = 26e-3 "thermal voltage in V";
  parameter Real U = 1 "source amplitude in V";
  parameter Real f = 0.15e6 "source frequency in Hz (printed: 0.15e-6)";
  parameter Integer n = 5 "number of breakpoints (>= 2)";
  parameter Real umax = 0.04 "last breakpoint voltage in V";
  constant Real pi = 3.14159265358979323846;
  parameter Real ub[n] = {umax*(j - 1)/(n - 1) for j in 1:n} "breakpoint voltages in V";
  parameter Real ib[n] = {Is*(exp(ub[j]/UT) - 1) for j in 1:n} "breakpoint currents in A";
  parameter Real wb[n] = {ub[j] + R2*ib[j] for j in 1:n} "breakpoints in the locking voltage w";
  parameter Real c[n] = cat(1, {1}, {(ub[j + 1] - ub[j])/(wb[j + 1] - wb[j]) for j in 1:n - 1})
    "c[1] = 1: slope of uD in w when locking; c[j + 1]: in segment j";
  Real i(start = 0, fixed = true, nominal = 1e-3) "RLC (inductor) current in A";
  Real uC(start = 0, fixed = true) "capacitor voltage in V";
  Real u0 "source voltage in V";
  Real w "locking voltage -(R2 i + uC): uD while locking, in V";
  Real iD(nominal = 1e-3) "diode current in A";
  Real uD "diode voltage in V";
  Boolean conducting "diode phase";
  Integer segment "number of breakpoints below w (0: locking)";
  Integer nC(start = 0, fixed = true) "number of events C";
  Integer nL(start = 0, fixed = true) "number of events L";
equation
  u0 = -U*sin(2*pi*f*time);
  L*der(i) = u0 - R1*i - R2*(i + iD) - uC "(27)";
  C*der(uC) = i + iD "(26)";
  w = -(R2*i + uC);
  uD = w + sum(if w > wb[j] then (c[j + 1] - c[j])*(w - wb[j]) else 0 for j in 1:n - 1) "(37)";
  iD = (w - uD)/R2;
  segment = sum(if w > wb[j] then 1 else 0 for j in 1:n);
  conducting = w > 0 "events C and L, (30), (31)";
  when conducting then
    nC = pre(nC) + 1;
  end when;
  when not conducting then
    nL = pre(nL) + 1;
  end when;
  annotation(experiment(StopTime = 500e-6, Tolerance = 1e-10, Interval = 1e-7));
end RLCInterpolated;
