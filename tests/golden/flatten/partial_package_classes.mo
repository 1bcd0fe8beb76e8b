// A class defined in a partial package can be named, to extend it or to declare a component
// of it, as the MSL's ModelicaServices.Animation.Shape extends
// Modelica.Utilities.Internal.PartialModelicaServices.Animation.PartialShape; values of a
// partial package stay out of reach (fail_lookup_inside_classes.mo).
model PartialPackageClasses
  partial package PartialServices
    package Animation
      partial model PartialShape
        parameter Real length = 1;
        Real y;
      end PartialShape;
    end Animation;
    record Color
      Real r = 0.5;
    end Color;
  end PartialServices;
  model Shape
    extends PartialServices.Animation.PartialShape(length = 2);
  equation
    y = length * time;
  end Shape;
  Shape s;
  PartialServices.Color c;
end PartialPackageClasses;

// CHECK: class PartialPackageClasses
// CHECK-NEXT:   parameter Real s.length = 2;
// CHECK-NEXT:   Real s.y;
// CHECK-NEXT:   Real c.r = 0.5;
// CHECK-NEXT: equation
// CHECK-NEXT:   s.y = s.length * time;
// CHECK-NEXT: end PartialPackageClasses;
