model ConcurrentBounces "Two balls that bounce 4.5e-4 s apart: a region of concurrency"
  // Ball 2 starts dh higher, so its first bounce at sqrt(2 (h + dh)/g) follows ball 1's at
  // sqrt(2 h/g) by 4.5e-4 s. With --concurrency-window 1e-3 both are located in one step and
  // handled with one restart of the integrator, each at its own time (seed 002, 5.2.3): the
  // reinit of ball 1 uses its velocity at its own bounce, -g sqrt(2 h/g).
  parameter Real h = 1 "drop height of ball 1 in m";
  parameter Real dh = 2e-3 "how much higher ball 2 starts in m";
  parameter Real e = 0.8 "coefficient of restitution";
  parameter Real g = 9.81 "gravity in m/s2";
  Real y1(start = h, fixed = true);
  Real v1(start = 0, fixed = true);
  Real y2(start = h + dh, fixed = true);
  Real v2(start = 0, fixed = true);
  Integer hits1(start = 0, fixed = true);
  Integer hits2(start = 0, fixed = true);
equation
  der(y1) = v1;
  der(v1) = -g;
  der(y2) = v2;
  der(v2) = -g;
  when y1 < 0 then
    reinit(v1, -e*v1);
    hits1 = pre(hits1) + 1;
  end when;
  when y2 < 0 then
    reinit(v2, -e*v2);
    hits2 = pre(hits2) + 1;
  end when;
  annotation(experiment(StopTime = 0.6, Tolerance = 1e-10));
end ConcurrentBounces;
