// M parallel strings of N resistors each between two rails, built by nested for-loops over
// a two-dimensional component array (MLS 8.3.2, 9.1): the grid's resistance is N*R/M, so
// the source current is V*M/(N*R) and node j of every string sits at V*(1 - j/N).
model ConnectGrid
  parameter Integer M = 3 "strings";
  parameter Integer N = 4 "resistors per string";
  parameter Real R = 2, V = 12;
  Modelica.Electrical.Analog.Basic.Resistor r[M, N](each R = R);
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V = V);
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  for i in 1:M loop
    connect(source.p, r[i, 1].p);
    for j in 1:N - 1 loop
      connect(r[i, j].n, r[i, j + 1].p);
    end for;
    connect(r[i, N].n, ground.p);
  end for;
  connect(source.n, ground.p);
  annotation(experiment(StartTime = 0, StopTime = 1, Interval = 0.5));
end ConnectGrid;
