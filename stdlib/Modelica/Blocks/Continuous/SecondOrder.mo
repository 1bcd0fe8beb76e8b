within Modelica.Blocks.Continuous;
block SecondOrder "Second order transfer function: k*w^2/(s^2 + 2*D*w*s + w^2)"
  parameter Real k(unit="1") = 1 "Gain";
  parameter Real w(start=1) "Angular frequency";
  parameter Real D(start=1) "Damping";
  parameter Init initType = Init.NoInit "Type of initialization (1: no init, 2: steady state, 3/4: initial output)";
  parameter Real y_start = 0 "Initial or guess value of output (= state)";
  parameter Real yd_start = 0 "Initial or guess value of derivative of output (= state)";
  extends Interfaces.SISO(y(start=y_start));
  output Real yd(start=yd_start) "Derivative of y";
initial equation
  if initType == Init.SteadyState then
    der(y) = 0;
    der(yd) = 0;
  elseif initType == Init.InitialState or initType == Init.InitialOutput then
    y = y_start;
    yd = yd_start;
  end if;
equation
  der(y) = yd;
  der(yd) = w*(w*(k*u - y) - 2*D*yd);
end SecondOrder;
