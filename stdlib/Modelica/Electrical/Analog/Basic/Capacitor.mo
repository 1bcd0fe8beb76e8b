within Modelica.Electrical.Analog.Basic;
model Capacitor "Ideal linear capacitor: i = C*der(v)"
  extends Interfaces.OnePort(v(start=0));
  parameter SI.Capacitance C(start=1) "Capacitance";
equation
  i = C*der(v);
end Capacitor;
