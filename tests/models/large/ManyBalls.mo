within;
model ManyBalls "60 balls dropped from different heights: long enough for every ABI function to be split into parts"
  parameter Integer n = 60;
  parameter Real g = 9.81;
  parameter Real mu = 0.8 "restitution";
  parameter Real h0[n] = {1 + 0.1*i for i in 1:n};
  Real h[n](start = h0, each fixed = true);
  Real v[n](each start = 0, each fixed = true);
  Real z "an algebraic loop of its own: z + z^3 = 1 + sin(time)/10";
equation
  z + z^3 = 1 + 0.1*sin(time);
  for i in 1:n loop
    der(h[i]) = v[i];
    der(v[i]) = -g;
    when h[i] < 0 then
      reinit(v[i], -mu*pre(v[i]));
    end when;
  end for;
  annotation(experiment(StopTime = 2.5, Tolerance = 1e-8, Interval = 0.05));
end ManyBalls;
