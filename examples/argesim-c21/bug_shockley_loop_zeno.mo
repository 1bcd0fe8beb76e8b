// mocc defect reproducer (ARGESIM C21 case 2): RLCShockleyU.mo with R2 = 20.002 instead of 20,
// simulated with its annotation (cvode, TOL 1e-12, to 500e-6 s):
//   build/mocc run examples/argesim-c21/bug_shockley_loop_zeno.mo -o out.csv
// Expected: 2 phase changes per source period (the relation uD > 0 on the algebraic state uD of
// the nonlinear loop 0 = R2 (i + iD(uD)) + uC + uD; the loop's solution is continuous in the
// states, since iD(uD) is continuous and increasing, so uD changes sign only where the state
// function -(R2 i + uC) does: RLCShockleyI.mo, RLCExplicit.mo and reference_rlc.py all give
// one C and one L per period). Observed: at t = 2.10592915794559e-4 an event L (uD falling) is
// followed 2e-18 s later by a second falling crossing of the same relation (no rising one in
// between; --event-log), and mocc stops with "Zeno behaviour ... events of crossing 'uD > 0'
// accumulate" (exit 3). With R2 = 20.001 the run completes but has 150 events instead of 149
// (a doubled event); at TOL 1e-10 or with R2 = 20 the run is right. After the event the mixed
// loop appears to settle on uD = +tiny (conducting) although the crossing was falling, so the
// same crossing fires again.
model bug_shockley_loop_zeno "RLCShockleyU.mo with R2 = 20.002: mocc reports a false Zeno accumulation"
  parameter Real R1 = 1e3 "resistor R1 in Ohm";
  parameter Real R2 = 20.002 "resistor R2 in Ohm (20: no failure)";
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
end bug_shockley_loop_zeno;
