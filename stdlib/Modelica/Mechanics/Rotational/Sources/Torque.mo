within Modelica.Mechanics.Rotational.Sources;
model Torque "External torque defined by an input signal, acting at flange (reaction at the support)"
  extends Interfaces.PartialElementaryOneFlangeAndSupport2;
  Modelica.Blocks.Interfaces.RealInput tau(unit="N.m") "Accelerating torque acting at flange (= -flange.tau)";
equation
  flange.tau = -tau;
end Torque;
