model BouncingBalls "Compere's 100 bouncing balls with spring-damper contact (seed 002, section 5.3.3, Table 5.5)"
  // What: n = 100 independent balls (point masses) fall onto the ground y = 0 and are pushed
  // back by a linear spring-damper while y < 0: m v' = -m g - k y - d v in contact, m v' = -m g
  // in flight. Ball i starts at rest at h0 + (i - 1) dh, dh = 1e-9 m, so the balls reach every
  // contact switch in groups of 100 nearly concurrent events, ~2.26e-10 s apart (seed). The
  // contact force -k y - d v may pull (it is not clipped at zero): the switch is at y = 0 in both
  // directions, as in the seed's bilateral events.
  // Source: seed 002 (Compere's dissertation), section 5.3.3, Table 5.5 (N_ev, N_rhs with and
  // without the region of concurrency, ROC); integration tolerance 1e-3, location tolerance
  // 1e-10.
  // Parameters given by the seed: n = 100, dh = 1e-9 m, events ~2.26e-10 s apart.
  // Chosen here (the seed omits them): h0 = 1 m and g = 9.81 m/s2 (impact speed sqrt(2 g h0)
  // = 4.43 m/s, so dh/4.43 = 2.26e-10 s: the seed's spacing); m = 1 kg, k = 1e4 N/m, d = 10 N s/m
  // (damping ratio 0.05, contact half-period ~0.0314 s, restitution ~0.85); stop time 3.7 s,
  // which holds 6 contacts of every ball = 12 switches x 100 balls = 1,200 events, the seed's
  // N_ev without ROC (its horizon is not stated); tolerance 1e-3 (the seed's eps_x).
  parameter Integer n = 100 "number of balls";
  parameter Real h0 = 1 "initial height of ball 1 in m";
  parameter Real dh = 1e-9 "height offset between consecutive balls in m";
  parameter Real m = 1 "mass of each ball in kg";
  parameter Real g = 9.81 "gravity in m/s2";
  parameter Real k = 1e4 "contact stiffness in N/m";
  parameter Real d = 10 "contact damping in N s/m";
  Real y[n](start = {h0 + (i - 1)*dh for i in 1:n}, each fixed = true) "heights in m";
  Real v[n](each start = 0, each fixed = true) "velocities in m/s";
equation
  for i in 1:n loop
    der(y[i]) = v[i];
    m*der(v[i]) = if y[i] < 0 then -m*g - k*y[i] - d*v[i] else -m*g;
  end for;
  annotation(experiment(StopTime = 3.7, Tolerance = 1e-3, Interval = 0.01));
end BouncingBalls;
