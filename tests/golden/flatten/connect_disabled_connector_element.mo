// Connecting whole connectors whose conditional element is disabled: the element is not part
// of either connector (MLS 4.4.5), so the connection covers the other elements only (as the
// MSL machines' thermal ports with useDamperCage = false).
model ConnectDisabledConnectorElement
  connector Port
    Real v;
    flow Real i;
  end Port;
  connector Thermal
    parameter Boolean useCage = true;
    Port cage if useCage;
    Port magnet;
  end Thermal;
  model Part
    Thermal port(useCage = false);
    parameter Real r = 1;
  equation
    port.magnet.i = port.magnet.v / r;
  end Part;
  Part p1;
  Part p2(r = 2);
equation
  connect(p1.port, p2.port);
end ConnectDisabledConnectorElement;

// CHECK: class ConnectDisabledConnectorElement
// CHECK-NOT: cage
// CHECK: equation
// CHECK: p1.port.magnet.i + p2.port.magnet.i = 0.0;
// CHECK-NEXT: p2.port.magnet.v = p1.port.magnet.v;
// CHECK-NOT: cage
