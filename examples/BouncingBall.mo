model BouncingBall "A ball bouncing on a flat floor (ARGESIM C21, event contact)"
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real e = 0.9 "coefficient of restitution";
  parameter Real h0 = 10 "initial height in m";
  Real h(start = h0, fixed = true) "height of the ball in m";
  Real v(start = 0, fixed = true) "velocity of the ball in m/s";
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -e*pre(v));
  end when;
  annotation(experiment(StopTime = 10, Tolerance = 1e-8, Interval = 0.01));
end BouncingBall;
