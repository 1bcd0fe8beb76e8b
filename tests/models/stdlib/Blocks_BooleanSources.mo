model Blocks_BooleanSources "BooleanConstant, BooleanStep and BooleanPulse, converted to Real and integrated (time spent true)"
  Modelica.Blocks.Sources.BooleanConstant booleanConstant(k=true) "Always true";
  Modelica.Blocks.Sources.BooleanStep booleanStep(startTime=0.4, startValue=true) "True until 0.4, false after";
  Modelica.Blocks.Sources.BooleanPulse booleanPulse(width=25, period=0.4, startTime=0.2) "True during [0.2 + 0.4*k, 0.3 + 0.4*k)";
  Modelica.Blocks.Math.BooleanToReal toReal1(realTrue=2, realFalse=-1) "2 if true, -1 if false";
  Modelica.Blocks.Math.BooleanToReal toReal2 "1 if true, 0 if false";
  Modelica.Blocks.Math.BooleanToReal toReal3 "1 if true, 0 if false";
  Modelica.Blocks.Continuous.Integrator timeConstant "Integral of toReal1";
  Modelica.Blocks.Continuous.Integrator timeStep "Time booleanStep was true";
  Modelica.Blocks.Continuous.Integrator timePulse "Time booleanPulse was true";
equation
  connect(booleanConstant.y, toReal1.u);
  connect(booleanStep.y, toReal2.u);
  connect(booleanPulse.y, toReal3.u);
  connect(toReal1.y, timeConstant.u);
  connect(toReal2.y, timeStep.u);
  connect(toReal3.y, timePulse.u);
  annotation (experiment(StartTime=0, StopTime=1.5, Tolerance=1e-8, Interval=0.01));
end Blocks_BooleanSources;
