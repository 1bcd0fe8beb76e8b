model SelfSelectingFold "An equation selecting its branch by a relation of its own unknown, with no branch to go on with"
  // v = if v < c then c + a*(u0 - u) else c + b*(u - u0), u falling from 2 u0 at unit rate:
  // the else branch reaches c from above at u = u0. Below u0 it is below c, where the relation
  // asks for the then branch; the then branch is above c there, where the relation asks for the
  // else branch. No value of v solves the equation after t = u0: the run must stop there with
  // an error. At the event the then branch is c up to a times the root's error in u, within
  // the root's resolution (model.h, MOCC_CROSSING_RESOLUTION), so the relation may be decided
  // for the then branch while v - c grows on the other side; the runtime must see that the
  // relation contradicts its crossing function rather than run on with v = c + a*(u0 - u).
  parameter Real a = 140.056;
  parameter Real b = 0.3;
  parameter Real c = 0.65;
  parameter Real u0 = c/a;
  Real u(start = 2*u0, fixed = true);
  Real v;
equation
  der(u) = -1;
  v = if v < c then c + a*(u0 - u) else c + b*(u - u0);
  annotation(experiment(StopTime = 0.00928, Interval = 1e-3, Tolerance = 1e-10));
end SelfSelectingFold;
