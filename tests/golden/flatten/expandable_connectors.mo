// MLS 9.1.3: the variables declared in an expandable connector are only potentially present;
// a connect-equation makes them present (and gives them their causality), the others are not
// part of the model, so they need no equation (the MSL's ControlBus declares realSignal2,
// which Modelica.Blocks.Examples.BusUsage never connects).
model ExpandableConnectors
  connector RealOutput = output Real;
  connector RealInput = input Real;
  expandable connector Bus
    Real realSignal1;
    Real realSignal2;
  end Bus;
  block Source
    RealOutput y = time;
  end Source;
  block Sink
    RealInput u;
  end Sink;
  Bus bus;
  Source source;
  Sink sink;
equation
  connect(source.y, bus.realSignal1);
  connect(bus.realSignal1, sink.u);
end ExpandableConnectors;

// CHECK: class ExpandableConnectors
// CHECK-NOT: realSignal2
// CHECK: Real bus.realSignal1;
// CHECK-NOT: realSignal2
// CHECK: end ExpandableConnectors;
