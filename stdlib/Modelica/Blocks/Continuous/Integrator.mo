within Modelica.Blocks.Continuous;
block Integrator "Output the integral of the input signal, with optional reset"
  parameter Real k(unit="1") = 1 "Integrator gain";
  parameter Boolean use_reset = false "= true, if reset port enabled";
  parameter Boolean use_set = false "= true, if set port enabled and used as reinitialization value when reset";
  parameter Init initType = Init.InitialState "Type of initialization (1: no init, 2: steady state, 3,4: initial output)";
  parameter Real y_start = 0 "Initial or guess value of output (= state)";
  extends Interfaces.SISO(y(start=y_start));
  Interfaces.BooleanInput reset if use_reset "Optional connector of reset signal";
  Interfaces.RealInput set if use_reset and use_set "Optional connector of set signal";
protected
  Interfaces.BooleanOutput local_reset "Reset signal: the reset input, or false when it is disabled";
  Interfaces.RealOutput local_set "Value after a reset: the set input, or y_start when it is disabled";
initial equation
  if initType == Init.SteadyState then
    der(y) = 0;
  elseif initType == Init.InitialState or initType == Init.InitialOutput then
    y = y_start;
  end if;
equation
  // Connections to a disabled conditional connector are removed (MLS 3.6 section 4.4.5)
  connect(reset, local_reset);
  connect(set, local_set);
  if not use_reset then
    local_reset = false;
  end if;
  if not (use_reset and use_set) then
    local_set = y_start;
  end if;
  when local_reset then
    reinit(y, local_set);
  end when;
  der(y) = k*u;
end Integrator;
