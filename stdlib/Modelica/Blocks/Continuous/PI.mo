within Modelica.Blocks.Continuous;
block PI "Proportional-integral controller: k*(1 + 1/(T*s))"
  parameter Real k(unit="1") = 1 "Gain";
  parameter SI.Time T(start=1, min=Modelica.Constants.small) "Time constant (T > 0 required)";
  parameter Init initType = Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)";
  parameter Real x_start = 0 "Initial or guess value of state";
  parameter Real y_start = 0 "Initial value of output";
  extends Interfaces.SISO;
  output Real x(start=x_start) "State of block (integral of u/T)";
initial equation
  if initType == Init.SteadyState then
    der(x) = 0;
  elseif initType == Init.InitialState then
    x = x_start;
  elseif initType == Init.InitialOutput then
    y = y_start;
  end if;
equation
  der(x) = u/T;
  y = k*(x + u);
end PI;
