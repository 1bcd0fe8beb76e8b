within Modelica.Electrical.Analog.Semiconductors;
model Diode "Simple diode: Shockley law with linear continuation above Maxexp, and a parallel resistance"
  extends Interfaces.OnePort;
  parameter SI.Current Ids = 1e-6 "Saturation current";
  parameter SI.Voltage Vt = 0.04 "Voltage equivalent of temperature (kT/qn)";
  parameter Real Maxexp(final min=Modelica.Constants.small) = 15 "Max. exponent for linear continuation";
  parameter SI.Resistance R = 1e8 "Parallel ohmic resistance";
  extends Interfaces.ConditionalHeatPort;
equation
  // exlin is C1 at v/Vt = Maxexp, so the characteristic is smooth of order 1
  i = smooth(1, Ids*(exlin(v/Vt, Maxexp) - 1) + v/R);
  LossPower = v*i;
end Diode;
