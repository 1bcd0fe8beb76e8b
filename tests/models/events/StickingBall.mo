model StickingBall "A ball put back exactly onto the floor at every bounce: the crossing function is zero at each restart"
  // At every bounce both states are reinitialised: h := 0 (the event function of the bounce is
  // exactly zero at the restart) and v := -e pre(v) > 0. The only events are the bounces, at the
  // closed-form times sqrt(2 h0/g) (-1 + 2 sum_{i<m} e^i): 6 of them before t = 3.
  parameter Real g = 9.81;
  parameter Real e = 0.8;
  parameter Real h0 = 1;
  Real h(start = h0, fixed = true);
  Real v(start = 0, fixed = true);
  Integer bounces(start = 0);
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(h, 0);
    reinit(v, -e*pre(v));
    bounces = pre(bounces) + 1;
  end when;
  annotation(experiment(StopTime = 3, Tolerance = 1e-10, Interval = 0.01));
end StickingBall;
