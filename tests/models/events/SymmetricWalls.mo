model SymmetricWalls "Two masses pushed apart by a spring hit the walls at -L and +L at the same instants"
  // Released at rest at -a and +a, the masses move symmetrically (x2 = -x1 in exact arithmetic,
  // not bitwise: the Newton iteration treats them differently), so both wall crossings happen
  // at the same instants; closed_forms.py gives the hit times.
  parameter Real k = 4 "spring stiffness";
  parameter Real m = 1 "mass of each body";
  parameter Real d0 = 2 "rest length of the spring";
  parameter Real a = 0.25 "initial half distance";
  parameter Real L = 0.8 "wall position";
  parameter Real e = 0.5 "coefficient of restitution";
  Real x1(start = -a, fixed = true);
  Real x2(start = a, fixed = true);
  Real v1(start = 0, fixed = true);
  Real v2(start = 0, fixed = true);
  Integer hits1(start = 0);
  Integer hits2(start = 0);
equation
  der(x1) = v1;
  der(x2) = v2;
  m*der(v1) = k*((x2 - x1) - d0);
  m*der(v2) = -k*((x2 - x1) - d0);
  when x1 < -L then
    reinit(v1, -e*pre(v1));
    hits1 = pre(hits1) + 1;
  end when;
  when x2 > L then
    reinit(v2, -e*pre(v2));
    hits2 = pre(hits2) + 1;
  end when;
  annotation(experiment(StopTime = 1.9, Tolerance = 1e-10, Interval = 0.01));
end SymmetricWalls;
