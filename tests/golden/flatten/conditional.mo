// Conditional components (MLS 4.4.5): a false condition removes the component with its
// equations and connections; the condition is a parameter expression.
package Lib
  connector Port
    Real e;
    flow Real f;
  end Port;
  model Source
    parameter Boolean withSensor = false;
    Port port;
    Real sensed if withSensor;
  equation
    port.e = 1;
    if withSensor then
      sensed = port.f;
    end if;
  end Source;
end Lib;

model Top
  Lib.Source plain;
  Lib.Source sensing(withSensor = true);
end Top;

// CHECK: class Top
// CHECK-NEXT:   parameter Boolean plain.withSensor = false;
// CHECK-NEXT:   Real plain.port.e;
// CHECK-NEXT:   flow Real plain.port.f;
// CHECK-NEXT:   parameter Boolean sensing.withSensor = true;
// CHECK-NEXT:   Real sensing.port.e;
// CHECK-NEXT:   flow Real sensing.port.f;
// CHECK-NEXT:   Real sensing.sensed;
// CHECK-NEXT: equation
// CHECK-NEXT:   plain.port.e = 1;
// CHECK-NEXT:   sensing.port.e = 1;
// CHECK-NEXT:   sensing.sensed = sensing.port.f;
