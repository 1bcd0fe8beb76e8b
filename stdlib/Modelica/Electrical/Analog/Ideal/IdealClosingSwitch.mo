within Modelica.Electrical.Analog.Ideal;
model IdealClosingSwitch "Ideal electrical closer: closed while control is true"
  extends Interfaces.IdealSwitch;
  Modelica.Blocks.Interfaces.BooleanInput control "true => p--n connected, false => switch open";
equation
  off = not control;
end IdealClosingSwitch;
