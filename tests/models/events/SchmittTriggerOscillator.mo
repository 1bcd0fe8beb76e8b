model SchmittTriggerOscillator "A Schmitt trigger and an integrator: square and triangle waves"
  // MSL Modelica.Electrical.Analog.Examples.OpAmps.SignalGenerator reduced to its loops: the
  // trigger's output y = sat(V0*v) (limits +-Vs, with events as the MSL's IdealizedOpAmpLimited
  // with strict = false writes it) feeds back through R2 to its input v, which R1 ties to the
  // triangle w; an ideal integrator makes w fall at Vs/(R*C) while y = +Vs. The branch y = +Vs
  // ends where V0*v = Vs, at w = (Vs*(R1 + R2)/V0 - Vs*R1)/R2: past that point neither it nor
  // the linear range y = V0*v is consistent (each gives the relation of the other), and only
  // the lower limit, whose relation never changed, is (MLS 3.6 section 8.6). By symmetry y
  // jumps back at the opposite w.
  parameter Real R1 = 1000;
  parameter Real R2 = 1500;
  parameter Real V0 = 15000;
  parameter Real Vs = 15;
  parameter Real R = 1000;
  parameter Real C = 3.75e-5;
  Real v(start = 0) "the trigger's input";
  Real y "the square wave";
  Real w(start = -12, fixed = true) "the triangle wave, starting below the band: y = -Vs";
equation
  (v - w)/R1 = (y - v)/R2;
  y = if V0*v > Vs then Vs else if V0*v < -Vs then -Vs else V0*v;
  der(w) = -y/(R*C);
  annotation(experiment(StopTime = 0.3, Interval = 1e-4, Tolerance = 1e-7));
end SchmittTriggerOscillator;
