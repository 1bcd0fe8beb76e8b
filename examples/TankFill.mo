model TankFill "A tank filled at a constant rate until a level switch closes the valve"
  parameter Real q = 0.5 "inflow in m/s";
  parameter Real level = 1 "switching level in m";
  parameter Real tDrain = 3 "time at which the drain opens in s";
  Real h(start = 0, fixed = true) "level in m";
  Boolean full(start = false) "the level switch has tripped";
  Real outflow "drain outflow in m/s";
equation
  outflow = if time >= tDrain then 0.25 else 0;
  der(h) = (if full then 0 else q) - outflow;
  when h >= level then
    full = true;
  end when;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10, Interval = 0.1));
end TankFill;
