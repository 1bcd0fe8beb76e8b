// An initial algorithm (MLS 8.6, 11.1) determines a parameter with fixed = false and the
// initial value of a state, executed in order: x starts from its start value 5 (MLS 11.1.2)
// and the loop adds 1 + 2 + 3 + 4, so x(0) = 15; k = 1/T = 2. With der(x) = -k*x the
// solution is x(t) = 15*exp(-2*t); y = k*x reads both.
model InitialAlgorithm
  parameter Real T = 0.5;
  parameter Real k(fixed = false) "computed by the initial algorithm";
  Real x(start = 5);
  Real y;
initial algorithm
  k := 1 / T;
  for i in 1:4 loop
    x := x + i;
  end for;
equation
  der(x) = -k * x;
  y = k * x;
  annotation(experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-8, Interval = 0.01));
end InitialAlgorithm;
