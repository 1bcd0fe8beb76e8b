model ZenoBallAtRest "Bouncing ball whose bounces accumulate, with a rule that keeps it on the floor once it rests"
  // Seed 003, eq. (16): the bounces accumulate at t_inf = sqrt(2 h0/g) (1 + e)/(1 - e) =
  // 1.3546 s, where the ideal solution arrives with h = 0 and v = 0. From then on `resting`
  // holds and der(v) = 0: the limit is a rest point, so the simulation goes on past t_inf.
  parameter Real g = 9.81;
  parameter Real e = 0.5;
  parameter Real h0 = 1;
  Real h(start = h0, fixed = true);
  Real v(start = 0, fixed = true);
  Boolean resting;
equation
  resting = h <= 0 and v <= 0;
  der(h) = v;
  der(v) = if resting then 0 else -g;
  when h < 0 then
    reinit(v, -e*pre(v));
  end when;
  annotation(experiment(StopTime = 2, Tolerance = 1e-10, Interval = 0.01));
end ZenoBallAtRest;
