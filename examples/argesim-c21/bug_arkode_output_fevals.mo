// mocc defect (cost, not accuracy), found by external_solvers.py: with --solver arkode-erk every
// output point costs a right-hand-side evaluation, so f-evals grow with the output density
// instead of with the steps. (It is why arkode-erk's f-evals are 7-10 times rk45's for the same
// Dormand-Prince 5(4) tableau and about as many steps, in hundred_bounces.md and in
// docs/seed-002.md, where it was "not investigated".)
//
// Reproduce (a fall with drag, no events, 1.4 s):
//   mocc run bug_arkode_output_fevals.mo --solver arkode-erk --interval 0.7    14 steps, 103 f-evals
//   mocc run bug_arkode_output_fevals.mo --solver arkode-erk --interval 0.001  14 steps, 1501 f-evals
//   mocc run bug_arkode_output_fevals.mo --solver rk45 --interval 0.001         5 steps, 38 f-evals
//   (arkode-dirk, cvode: f-evals independent of --interval)
// Expected: about 6-7 f-evals per step whatever the output interval (the same method as rk45,
// whose dense output costs none). Actual: one more f-eval per output point (1400 points: +1400).
// Cause: the output goes through ARKODE's interpolation (ARK_NORMAL returns at tOut, and
// ERKStepGetDky for the event locator); for Dormand-Prince (order 5) ARKODE's default Hermite
// interpolant is of degree 4 or more, and SUNDIALS' arkInterpEvaluate_Hermite evaluates the
// right-hand side at tau = -1/3 on every call of degree 4 (twice for degree 5;
// src/arkode/arkode_interp.c), without caching it per step (one per output point here). ERKStepSetInterpolantDegree(arkode, 3) (cubic Hermite, no extra
// evaluations, but only O(h^4) output) or evaluating the output once per step would avoid it
// (runtime/src/arkode_integrator.cpp); the event locator's dense-output calls pay it too.
model bug_arkode_output_fevals "arkode-erk: one f-eval per output point"
  Real x(start = 10, fixed = true) "height in m";
  Real v(start = 0, fixed = true) "velocity in m/s";
equation
  der(x) = v;
  der(v) = -9.81 - 0.002*v*abs(v);
  annotation(experiment(StopTime = 1.4, Tolerance = 1e-8, Interval = 0.001));
end bug_arkode_output_fevals;
