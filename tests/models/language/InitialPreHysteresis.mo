// MLS 8.6: pre(y) of a discrete variable is an unknown of the initialization problem that an
// initial equation may determine (the pattern of Modelica.Blocks.Logical.OnOffController and
// Timer). A thermostat keeps T within the band [-0.5, 0.5] around 0, heating (y) and cooling
// at rate 1. T(0) = 0 lies inside the band, so y(0) = pre(y) decides which way T starts:
// with pre(y) = true it heats, T = t up to 0.5 at t = 0.5, then a triangle wave of period 2
// with switches at 0.5, 1.5, 2.5 and 3.5; with pre(y) = false it cools first, the same wave
// shifted by 1. The when-clause is inactive at initialization, so entryTime = pre(entryTime)
// = -1 until the first rising edge of y, then the time of the latest rising edge.
model InitialPreHysteresis
  parameter Boolean pre_y_start = true;
  parameter Real bandwidth = 1;
  Real T(start = 0, fixed = true);
  Boolean y "heater on";
  discrete Real entryTime "time y last became true";
initial equation
  pre(y) = pre_y_start;
  pre(entryTime) = -1;
equation
  y = pre(y) and T < bandwidth / 2 or T < -bandwidth / 2;
  der(T) = if y then 1 else -1;
  when y then
    entryTime = time;
  end when;
  annotation(experiment(StopTime = 4, Tolerance = 1e-8, Interval = 0.01));
end InitialPreHysteresis;
