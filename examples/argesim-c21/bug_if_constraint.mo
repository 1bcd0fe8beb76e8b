model bug_if_constraint "Reproducer: a constraint present in one branch of an if-equation only"
  // The rope pendulum of ARGESIM C21 case 3 in its natural DAE form (seed 003, eq. (47), (48)
  // while the rope is taut, lambda = 0 in flight), the switch written with a condition on the
  // states only (the rope force from the states, lambda l^2 = m |v|^2 - m g y on the circle).
  // Expected: either simulated (issue 15, mode-specialised compilation: an index-3 DAE while
  // swinging, an ODE in flight) or rejected at translation with a message saying that the
  // branches of the if-equation differ in structure (the constraint x^2 + y^2 = l^2 needs
  // index reduction, its other branch lambda = 0 does not).
  // Was (mocc at a501f3b): accepted without a diagnostic; `mocc dae` showed lambda "solved"
  // from the if-equation as lambda := -(if swinging then x^2 + y^2 - l^2 else 0.0)/(if
  // swinging then 0.0 else 1.0), a division by zero while swinging, and the run failed at
  // t = 0. (With the condition written on lambda itself the model was rejected with
  // "algebraic loop through a when-clause".)
  // Now (issue 15): the branches share no unknown, so mocc compiles a model per mode and
  // switches at the events; the run passes F at 1.92200 s and S at 2.66150 s as the reference
  // does (PendulumNatural.mo is the tested form, with the basic run's bookkeeping).
  // Run: mocc run bug_if_constraint.mo
  parameter Real m = 1.5, k = 0.9, l = 1, g = 9.81;
  Real x(start = 0.70710678118654752, fixed = true);
  Real y(start = 0.70710678118654752);
  Real vx(start = 10.606601717798213, fixed = true);
  Real vy(start = -10.606601717798213);
  Real lambda;
  Boolean swinging(start = true);
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -k*vx - lambda*x;
  m*der(vy) = -m*g - k*vy - lambda*y;
  if swinging then
    x^2 + y^2 = l^2;
  else
    lambda = 0;
  end if;
  when m*(vx^2 + vy^2) - m*g*y < 0 and pre(swinging) then
    swinging = false;
  elsewhen x*x + y*y > l*l*(1 + 1e-10) and not pre(swinging) then
    swinging = true;
  end when;
  annotation(experiment(StopTime = 3, Tolerance = 1e-10, Interval = 0.01));
end bug_if_constraint;
