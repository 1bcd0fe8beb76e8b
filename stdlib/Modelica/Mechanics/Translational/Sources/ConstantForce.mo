within Modelica.Mechanics.Translational.Sources;
model ConstantForce "Constant force, not dependent on speed"
  extends Interfaces.PartialForce;
  parameter SI.Force f_constant "Nominal force (if negative, force is acting as load in positive direction of motion)";
equation
  f = -f_constant;
end ConstantForce;
