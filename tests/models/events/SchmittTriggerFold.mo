model SchmittTriggerFold "A Schmitt trigger whose op-amp saturates without events: its output jumps where a branch ends"
  // MSL Modelica.Electrical.Analog.Examples.OpAmps.SchmittTrigger reduced to its loop: input u
  // through R1 to the op-amp's input v, the output y = sat(V0*v) (limits +-Vs, noEvent as the
  // MSL's strict IdealizedOpAmpLimited writes it) fed back through R2. On the branch y = +Vs,
  // v = (R2*u + R1*Vs)/(R1 + R2), which needs V0*v >= Vs: it ends (a fold) at
  // u = Vs*((R1 + R2)/V0 - R1)/R2 = -0.99893..., where y jumps to -Vs; by symmetry it jumps
  // back at u = +0.99893... The model has no states: each output point solves the loop, and
  // past a fold no solution is near the previous one.
  parameter Real R1 = 1000;
  parameter Real R2 = 15000;
  parameter Real V0 = 15000;
  parameter Real Vs = 15;
  Real u = 5*cos(2*Modelica.Constants.pi*time);
  Real v(start = 0);
  Real i(start = 0);
  Real y;
equation
  u - v = R1*i;
  v - y = R2*i;
  y = noEvent(if V0*v > Vs then Vs else if V0*v < -Vs then -Vs else V0*v);
  annotation(experiment(StopTime = 1, Interval = 1e-3, Tolerance = 1e-8));
end SchmittTriggerFold;
