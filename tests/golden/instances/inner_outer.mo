// An outer component stands for the inner one of the nearest enclosing instance that declares
// it (MLS 5.4); a conditional component whose condition is false is removed (MLS 4.4.5), and a
// replaceable class redeclared by a modifier stands for the class given (the component's class
// is that redeclaration, written in Top).
package Lib
  model World
    parameter Real g = 9.81;
  end World;
  model Body
    outer World world;
    replaceable model Drag = NoDrag;
    Drag drag;
    Real v(start = 0);
  equation
    der(v) = world.g;
  end Body;
  model NoDrag
  end NoDrag;
  model LinearDrag
    parameter Real k = 0.1;
  end LinearDrag;
end Lib;

model Top
  parameter Boolean withSensor = false;
  inner Lib.World world(g = 1.62);
  Lib.Body body(redeclare model Drag = Lib.LinearDrag);
  Lib.Body sensor if withSensor;
end Top;

// CHECK: model Top
// CHECK-NEXT:   parameter Boolean withSensor = false
// CHECK-NEXT:   inner Lib.World world
// CHECK-NEXT:     parameter Real g = 1.62
// CHECK-NEXT:   Lib.Body body
// CHECK-NEXT:     redeclare model Drag = Lib.LinearDrag
// CHECK-NEXT:     outer Lib.World world  (the inner world)
// CHECK-NEXT:     Top.Drag drag
// CHECK-NEXT:       parameter Real k = 0.1
// CHECK-NEXT:     Real v(start = 0)
// CHECK-NEXT:   Lib.Body sensor if withSensor (false)  (removed, MLS 4.4.5)
