// A redeclaration keeps the modifiers of the declaration it replaces and adds its own (MLS 7.3:
// the modifiers of the replaced declaration merge with the redeclaration's): the MSL's
// Analog.Interfaces.VoltageSource declares `replaceable SignalSource signalSource(final offset =
// offset, final startTime = startTime)` and StepVoltage redeclares it as a Step with `final
// height = V`, so the step keeps startTime = 1.
package Lib
  partial block SignalSource
    parameter Real offset = 0;
    parameter Real startTime = 0;
    output Real y;
  end SignalSource;
  block Step
    extends SignalSource;
    parameter Real height = 1;
  equation
    y = offset + (if time < startTime then 0 else height);
  end Step;
  partial model VoltageSource
    parameter Real offset = 0;
    parameter Real startTime = 0;
    replaceable SignalSource signalSource(final offset = offset, final startTime = startTime);
    Real v;
  equation
    v = signalSource.y;
  end VoltageSource;
  model StepVoltage
    parameter Real V = 1;
    extends VoltageSource(redeclare Step signalSource(final height = V));
  end StepVoltage;
end Lib;

model Top
  Lib.StepVoltage source(V = 5, startTime = 1);
end Top;

// CHECK: model Top
// CHECK-NEXT:   Lib.StepVoltage source
// CHECK-NEXT:     parameter Real V = 5
// CHECK-NEXT:     parameter Real offset = 0
// CHECK-NEXT:     parameter Real startTime = 1
// CHECK-NEXT:     replaceable Lib.Step signalSource
// CHECK-NEXT:       final parameter Real offset = offset
// CHECK-NEXT:       final parameter Real startTime = startTime
// CHECK-NEXT:       output Real y
// CHECK-NEXT:       final parameter Real height = V
// CHECK-NEXT:     Real v
