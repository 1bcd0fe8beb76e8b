// Functions called as statements for their effects (MLS 11.2): the initial algorithm checks
// that the table's times increase (the pattern of Modelica.Blocks.Sources.BooleanTable's
// isValidTable), the algorithm checks x against its bounds every time it runs and discards
// the output of a function that also returns a value. Every check passes: y = 2 t,
// x = t (x(0) = 0, der(x) = 1).
model CallStatements
  function isValidTable "asserts that the times increase strictly"
    input Real table[:];
  algorithm
    for i in 2:size(table, 1) loop
      assert(table[i] > table[i - 1], "table times do not increase at " + String(i));
    end for;
  end isValidTable;
  function checkedValue "asserts lower <= u <= upper and returns u"
    input Real u;
    input Real lower;
    input Real upper;
    output Real y;
  algorithm
    assert(u >= lower and u <= upper, "u = " + String(u) + " is out of bounds");
    y := u;
  end checkedValue;
  parameter Real table[3] = {0, 0.5, 2};
  Real x(start = 0, fixed = true);
  Real y;
initial algorithm
  isValidTable(table);
equation
  der(x) = 1;
algorithm
  checkedValue(x, -1e-6, 1 + 1e-6);
  y := 2 * time;
  annotation(experiment(StopTime = 1, Tolerance = 1e-8, Interval = 0.1));
end CallStatements;
