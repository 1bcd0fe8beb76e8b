// A series chain r[1] c[1] r[2] c[2] ... r[N] c[N] behind a constant source, connected in a
// for-loop whose last iteration takes the other branch of a parameter if-equation (MLS 8.3.2,
// 8.3.4, 9.1). The chain is one resistance N*R in series with one capacitance C/N, so every
// capacitor carries the same charge: v_c(t) = V/N*(1 - exp(-t/(R*C))).
model ConnectLadder
  parameter Integer N = 5;
  parameter Real R = 2, C = 0.5, V = 10;
  Modelica.Electrical.Analog.Basic.Resistor r[N](each R = R);
  Modelica.Electrical.Analog.Basic.Capacitor c[N](each C = C, each v(start = 0, fixed = true));
  Modelica.Electrical.Analog.Sources.ConstantVoltage source(V = V);
  Modelica.Electrical.Analog.Basic.Ground ground;
equation
  connect(source.p, r[1].p);
  for i in 1:N loop
    connect(r[i].n, c[i].p);
    if i < N then
      connect(c[i].n, r[i + 1].p);
    else
      connect(c[i].n, ground.p);
    end if;
  end for;
  connect(source.n, ground.p);
  annotation(experiment(StartTime = 0, StopTime = 3, Tolerance = 1e-8, Interval = 0.01));
end ConnectLadder;
