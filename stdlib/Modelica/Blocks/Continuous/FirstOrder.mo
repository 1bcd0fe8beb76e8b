within Modelica.Blocks.Continuous;
block FirstOrder "First order transfer function: k/(T*s + 1)"
  parameter Real k(unit="1") = 1 "Gain";
  parameter SI.Time T(start=1) "Time constant";
  parameter Init initType = Init.NoInit "Type of initialization (1: no init, 2: steady state, 3/4: initial output)";
  parameter Real y_start = 0 "Initial or guess value of output (= state)";
  extends Interfaces.SISO(y(start=y_start));
initial equation
  if initType == Init.SteadyState then
    der(y) = 0;
  elseif initType == Init.InitialState or initType == Init.InitialOutput then
    y = y_start;
  end if;
equation
  der(y) = (k*u - y)/T;
end FirstOrder;
