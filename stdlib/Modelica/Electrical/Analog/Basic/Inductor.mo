within Modelica.Electrical.Analog.Basic;
model Inductor "Ideal linear inductor: v = L*der(i)"
  extends Interfaces.OnePort(i(start=0));
  parameter SI.Inductance L(start=1) "Inductance";
equation
  L*der(i) = v;
end Inductor;
