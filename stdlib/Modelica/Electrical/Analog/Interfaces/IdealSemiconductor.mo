within Modelica.Electrical.Analog.Interfaces;
partial model IdealSemiconductor "Ideal semiconductor: a piecewise linear characteristic through the knee point (Vknee, Goff*Vknee)"
  extends OnePort;
  parameter SI.Resistance Ron(final min=0) = 1e-5 "Forward state-on differential resistance (closed resistance)";
  parameter SI.Conductance Goff(final min=0) = 1e-5 "Backward state-off conductance (opened conductance)";
  parameter SI.Voltage Vknee(final min=0) = 0 "Forward threshold voltage";
  extends ConditionalHeatPort;
  Boolean off(start=true) "Switching state";
protected
  Real s(start=0, final unit="1") "Curve parameter: s < 0 blocking, s > 0 conducting, s = 0 at the knee";
  constant SI.Voltage unitVoltage = 1 "One volt, to keep the units of the curve equations consistent";
  constant SI.Current unitCurrent = 1 "One ampere, to keep the units of the curve equations consistent";
equation
  // Parameterised curve: both branches pass through the knee point at s = 0, so v and i stay
  // continuous when off changes; only the slope changes. off itself is set by the extending model
  v = (s*unitCurrent)*(if off then 1 else Ron) + Vknee;
  i = (s*unitVoltage)*(if off then Goff else 1) + Goff*Vknee;
  LossPower = v*i;
end IdealSemiconductor;
