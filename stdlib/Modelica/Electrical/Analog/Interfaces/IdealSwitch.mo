within Modelica.Electrical.Analog.Interfaces;
partial model IdealSwitch "Ideal electrical switch: resistance Ron when closed, conductance Goff when open"
  extends OnePort;
  parameter SI.Resistance Ron(final min=0) = 1e-5 "Closed switch resistance";
  parameter SI.Conductance Goff(final min=0) = 1e-5 "Opened switch conductance";
  extends ConditionalHeatPort(final T=293.15);
protected
  Boolean off "Indicates off-state (set by the extending model)";
  Real s(final unit="1") "Curve parameter of the piecewise linear characteristic";
  constant SI.Voltage unitVoltage = 1 "One volt, to keep the units of the curve equations consistent";
  constant SI.Current unitCurrent = 1 "One ampere, to keep the units of the curve equations consistent";
equation
  // Parameterised curve: with Ron = 0 or Goff = 0 the equations stay regular
  v = (s*unitCurrent)*(if off then 1 else Ron);
  i = (s*unitVoltage)*(if off then Goff else 1);
  LossPower = v*i;
end IdealSwitch;
