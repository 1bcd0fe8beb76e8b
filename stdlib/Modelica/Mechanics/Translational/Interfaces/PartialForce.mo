within Modelica.Mechanics.Translational.Interfaces;
partial model PartialForce "Force element acting at a flange (and its reaction at the support)"
  extends PartialElementaryOneFlangeAndSupport2;
  SI.Force f "Cut force of the flange (= flange.f); the driven component receives -f";
equation
  f = flange.f;
end PartialForce;
