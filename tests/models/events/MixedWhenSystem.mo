// Equations that couple when-equations with continuous ones at an event instant are solved
// together (MLS 8.6, issue 18). At each sample t_k = 0.2 k: y = 7 - 2 x + t_k and x + y = 5
// give y = 3 - t_k, x = 2 + t_k, held until the next sample. The second clause is nonlinear
// and has an elsewhen: w^3 + u = 3 holds throughout; at s = 0.5 the first branch sets
// u = w + 1 (so w^3 + w - 2 = 0: w = 1, u = 2), at s = 0.7 the second sets u = 3 w - 2 (so
// w^3 + 3 w - 5 = 0).
model MixedWhenSystem
  Real x;
  discrete Real y(start = 0, fixed = true);
  Real s(start = 0, fixed = true);
  discrete Real u(start = 1, fixed = true);
  Real w(start = 1);
equation
  when sample(0, 0.2) then
    y = 7 - 2 * x + time;
  end when;
  x + y = 5;
  der(s) = 1;
  when s > 0.5 then
    u = w + 1;
  elsewhen s > 0.7 then
    u = 3 * w - 2;
  end when;
  w ^ 3 + u = 3;
  annotation(experiment(StopTime = 1, Interval = 0.05, Tolerance = 1e-10));
end MixedWhenSystem;
