// Conditional components (MLS 4.4.5): a false condition removes the component with its
// connections; the condition is a parameter expression. A conditional component is named
// only in connect-equations.
package Lib
  connector Port
    Real e;
    flow Real f;
  end Port;
  model Source
    Port port;
  equation
    port.e = 1;
  end Source;
  model Load
    Port p;
  equation
    p.f = 2 * p.e;
  end Load;
end Lib;

model Top
  parameter Boolean withLoad = true;
  Lib.Source src;
  Lib.Load load if withLoad;
  Lib.Load off if not withLoad;
equation
  connect(src.port, load.p);
  connect(src.port, off.p);
end Top;

// CHECK: class Top
// CHECK-NEXT:   parameter Boolean withLoad = true;
// CHECK-NEXT:   Real src.port.e;
// CHECK-NEXT:   flow Real src.port.f;
// CHECK-NEXT:   Real load.p.e;
// CHECK-NEXT:   flow Real load.p.f;
// CHECK-NEXT: equation
// CHECK-NEXT:   src.port.e = 1;
// CHECK-NEXT:   load.p.f = 2 * load.p.e;
// CHECK-NEXT:   src.port.f + load.p.f = 0.0;
// CHECK-NEXT:   load.p.e = src.port.e;
// CHECK-NEXT: end Top;
