package Modelica "A library root named like the MSL: it shadows the project's stdlib/ Modelica"
  model Tiny "x = exp(-t), found only in this root"
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
    annotation(experiment(StopTime = 1, Interval = 0.25));
  end Tiny;
end Modelica;
