// A constant's value is fixed before simulation (MLS 4.4.4): calls of functions on constants
// are evaluated during translation and the constant keeps the value, as the MSL's Spice3
// constants `CONSTvt0 = Modelica.Constants.k * from_degC(27) / CHARGE` do.
model ConstantFunctionValues
  function fromDegC
    input Real c;
    output Real k;
  algorithm
    k := c + 273.15;
  end fromDegC;
  constant Real T0 = fromDegC(27);
  constant Real twice = 2 * fromDegC(-273.15);
  Real x = T0 * time;
end ConstantFunctionValues;

// CHECK: class ConstantFunctionValues
// CHECK-NEXT:   constant Real T0 = 300.15;
// CHECK-NEXT:   constant Real twice = 0.0;
// CHECK-NEXT:   Real x = T0 * time;
