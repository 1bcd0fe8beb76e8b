// String parameters and a String variable in result files: CSV carries their texts (quoted,
// so "12" stays a String), MAT v4 (numeric matrices) leaves them out.
model Strings
  parameter String name = "tank, \"A\"";
  parameter String file = name + ".txt";
  parameter String number = "12";
  parameter Real k = 2;
  Real x(start = 1, fixed = true);
  String level = if x > 0.5 then "high" else "low";
equation
  der(x) = -k*x;
  annotation(experiment(StopTime = 1));
end Strings;
