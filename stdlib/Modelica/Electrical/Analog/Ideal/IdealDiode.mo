within Modelica.Electrical.Analog.Ideal;
model IdealDiode "Ideal diode: conducting (resistance Ron) above the knee voltage, blocking (conductance Goff) below"
  extends Interfaces.IdealSemiconductor;
equation
  off = s < 0;
end IdealDiode;
