within Modelica.Blocks.Continuous;
block Derivative "Approximate derivative: k*s/(T*s + 1)"
  parameter Real k(unit="1") = 1 "Gain";
  parameter SI.Time T(min=Modelica.Constants.small) = 0.01 "Time constant (T > 0 required)";
  parameter Init initType = Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)";
  parameter Real x_start = 0 "Initial or guess value of state";
  parameter Real y_start = 0 "Initial value of output";
  extends Interfaces.SISO;
  output Real x(start=x_start) "State of block (the input filtered by 1/(T*s + 1))";
protected
  parameter Boolean zeroGain = abs(k) < Modelica.Constants.eps "= true, if k is zero and the block is only a zero output";
initial equation
  if initType == Init.SteadyState then
    der(x) = 0;
  elseif initType == Init.InitialState then
    x = x_start;
  elseif initType == Init.InitialOutput then
    if zeroGain then
      x = u;
    else
      y = y_start;
    end if;
  end if;
equation
  der(x) = if zeroGain then 0 else (u - x)/T;
  y = if zeroGain then 0 else (k/T)*(u - x);
end Derivative;
