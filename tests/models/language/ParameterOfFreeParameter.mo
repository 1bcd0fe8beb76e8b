// A parameter bound to a parameter with fixed = false gets its value from the
// initialization (MLS 8.6): q = 2 * p with p = 3 from its initial equation, and
// getInstanceName() of a component (MLS 3.7.4.6), and a slice i:i+1 with a run-time i in a
// function (MLS 10.5).
model ParameterOfFreeParameter
  function pairs
    input Integer n;
    output Real y[4];
  algorithm
    y := zeros(4);
    for i in 1:2:n loop
      y[i:i+1] := {i, 10 * i};
    end for;
  end pairs;
  model Named
    parameter String name = getInstanceName();
    Integer length = Modelica_length(name) "30 characters: ParameterOfFreeParameter.named";
  end Named;
  function Modelica_length
    input String s;
    output Integer n;
  external "C" n = strlen(s);
  end Modelica_length;
  parameter Real p(fixed = false);
  final parameter Real q = 2 * p;
  Real x(start = 0, fixed = true);
  Named named;
  Real y[4] = pairs(4);
initial equation
  p = 3;
equation
  der(x) = q;
end ParameterOfFreeParameter;
