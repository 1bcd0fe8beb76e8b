model EventFunctions "floor, integer, ceil, mod, div and rem of continuous-time arguments change only at events (MLS 3.7.1.1)"
  // x = 1.3 t rises; s = 1.3 sin(2 t) rises and falls. Closed forms in events_models_test.cpp.
  Real x(start = 0, fixed = true);
  Real s;
  Real y = floor(x) "steps at t = n/1.3";
  Integer k = integer(2*x) "steps at t = n/2.6";
  Real m = mod(x, 0.7) "drops at t = 0.7 n/1.3";
  Real c = ceil(s) "steps where s crosses an integer, up and down";
  Real d = div(s, 0.5) "steps where s crosses a multiple of 0.5 away from 0";
  Real r = rem(s, 0.5);
  Real z(start = 0, fixed = true) "the integral of floor(x): piecewise linear";
equation
  der(x) = 1.3;
  s = 1.3*sin(2*time);
  der(z) = floor(x);
  annotation(experiment(StopTime = 2, Tolerance = 1e-10, Interval = 0.01));
end EventFunctions;
