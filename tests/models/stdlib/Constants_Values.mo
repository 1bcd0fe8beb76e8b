model Constants_Values "Values of Modelica.Constants and of SI-typed variables"
  Real pi = Modelica.Constants.pi "pi";
  Real e = Modelica.Constants.e "Euler's number";
  Real g_n = Modelica.Constants.g_n "Standard gravity";
  Real D2R = Modelica.Constants.D2R "Degrees to radians";
  Real R = Modelica.Constants.R "Molar gas constant";
  Real sigma = Modelica.Constants.sigma "Stefan-Boltzmann constant";
  Real epsilon_0 = Modelica.Constants.epsilon_0 "Electric constant";
  Real eps = Modelica.Constants.eps "Machine epsilon used by the library";
  Real inf = Modelica.Constants.inf "Infinity used by the library";
  Real T_zero = Modelica.Constants.T_zero "Absolute zero in degC";
  Modelica.Units.SI.Velocity v = Modelica.Constants.g_n*time "Free-fall velocity";
  annotation (experiment(StartTime=0, StopTime=1, Tolerance=1e-8, Interval=0.01));
end Constants_Values;
