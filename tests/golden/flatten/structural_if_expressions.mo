// A parameter condition that decides whether derivatives exist (MLS 4.5, 3.6.5): in
// `y2 = if useSecond then der(y1) else 0` the branch is chosen during translation, as
// Modelica.Blocks.Interfaces.Adaptors writes its optional derivative outputs, so that der(y1)
// is no unknown when it is switched off; the parameter is then structural. A condition that
// is no parameter expression, or branches without der(), stay as written.
model StructuralIfExpressions
  parameter Boolean useFirst = true;
  parameter Boolean useSecond = false;
  parameter Boolean scale = true;
  Real x(start = 1, fixed = true);
  Real y1, y2, z, w;
equation
  der(x) = -x;
  y1 = if useFirst then der(x) else 0;
  y2 = if useFirst and useSecond then der(y1) else 0;
  z = if scale then 2*x else x;
  w = if time > 0.5 then der(x) else 0;
end StructuralIfExpressions;

// CHECK: class StructuralIfExpressions
// CHECK:   y1 = der(x);
// CHECK-NEXT:   y2 = 0;
// CHECK-NEXT:   z = if scale then 2 * x else x;
// CHECK-NEXT:   w = if time > 0.5 then der(x) else 0;
