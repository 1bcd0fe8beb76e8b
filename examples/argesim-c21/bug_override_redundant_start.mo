model bug_override_redundant_start "Reproducer: --override of a start value that index reduction made redundant"
  // A planar pendulum as index-3 DAE with all four Cartesian start values fixed (consistent:
  // on the circle, velocity tangential). After index reduction two of them are redundant;
  // mocc keeps y and vy for the initial system and checks x and vx when initialization ends.
  // Run with other consistent start values, e.g. a quarter turn further:
  //   mocc run bug_override_redundant_start.mo --override x=0.6 --override y=-0.8
  //        --override vx=-1.6 --override vy=-1.2
  // Expected: the run starts from the overridden values (they satisfy x^2 + y^2 = 1 and
  // x vx + y vy = 0), as with the same values written into the model.
  // Actual (mocc at a501f3b): exit 3, "assertion failed at time 0: the redundant equation
  // vx = 1.2 (fixed = true, ...:19:8) does not hold at initialization: left side
  // -1.6000000000000001, right side 1.2": vx computed from the overridden y, vy (correct) is
  // compared with the model's literal start value of vx, not with its override.
  // (Start values given by parameters, x(start = x0), with --override x0=..., work.)
  parameter Real L = 1;
  parameter Real g = 9.81;
  Real x(start = 0.8, fixed = true);
  Real y(start = 0.6, fixed = true);
  Real vx(start = 1.2, fixed = true);
  Real vy(start = -1.6, fixed = true);
  Real lambda;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -lambda*x;
  der(vy) = -lambda*y - g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 1, Tolerance = 1e-8));
end bug_override_redundant_start;
