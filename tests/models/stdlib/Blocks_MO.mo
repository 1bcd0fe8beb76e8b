model Blocks_MO "A user-defined vector source extending Interfaces.MO, connected as a whole vector to Math.Sum"
  block Clocks "Two clock signals: t and 2*t"
    extends Modelica.Blocks.Interfaces.MO(final nout=2);
  equation
    y = {time, 2*time};
  end Clocks;
  Clocks clocks "Vector source";
  Modelica.Blocks.Math.Sum sum(nin=2, k={3, -0.5}) "3*t - 0.5*2*t = 2*t";
  Modelica.Blocks.Continuous.Integrator integrator "Integral of the sum: t^2";
equation
  connect(clocks.y, sum.u);
  connect(sum.y, integrator.u);
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Blocks_MO;
