within Modelica.Electrical.Analog.Sources;
model ConstantCurrent "Source for constant current (flowing from p through the source to n)"
  parameter SI.Current I(start=1) "Value of constant current";
  extends Interfaces.OnePort;
equation
  i = I;
end ConstantCurrent;
