model Blocks_Der "Exact derivative of a sine signal: y = amplitude*2*pi*f*cos(2*pi*f*t + phase)"
  Modelica.Blocks.Sources.Sine sine(amplitude=3, f=0.25, phase=0.1, offset=0.5) "Sine from t = 0";
  Modelica.Blocks.Continuous.Der der1 "Derivative of the sine";
  Modelica.Blocks.Continuous.Integrator integrator(y_start=0.5 + 3*sin(0.1)) "Integral of the derivative, starting at sine.y(0): equals sine.y";
equation
  connect(sine.y, der1.u);
  connect(der1.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=2, Tolerance=1e-8, Interval=0.01));
end Blocks_Der;
