within Modelica.Electrical.Analog.Ideal;
model IdealOpeningSwitch "Ideal electrical opener: open while control is true"
  extends Interfaces.IdealSwitch;
  Modelica.Blocks.Interfaces.BooleanInput control "true => switch open, false => p--n connected";
equation
  off = control;
end IdealOpeningSwitch;
