within Modelica.Mechanics.Translational.Sources;
model Force "External force defined by an input signal, acting at flange (reaction at the support)"
  extends Interfaces.PartialElementaryOneFlangeAndSupport2;
  Modelica.Blocks.Interfaces.RealInput f(unit="N") "Driving force as input signal";
equation
  flange.f = -f;
end Force;
