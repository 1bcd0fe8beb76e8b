model ZenoBall "Bouncing ball with restitution below one and no stop rule: bounces accumulate at t_inf"
  // Seed 003, eq. (15)/(16): bounce m at sqrt(2 h0/g) (-1 + 2 sum_{i<m} e^i), accumulating at
  // t_inf = sqrt(2 h0/g) (1 + e)/(1 - e) = 27.129 s, before the stop time 30 s.
  parameter Real g = 9.81;
  parameter Real e = 0.9;
  parameter Real h0 = 10;
  Real h(start = h0, fixed = true);
  Real v(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -e*pre(v));
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.05));
end ZenoBall;
