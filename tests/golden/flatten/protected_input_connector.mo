// MLS 9.3: a connection set's source is an inside output or a public outside input; a
// protected input of the class is no source, since nothing outside can reach it. So a block
// may drive its protected input from a component's output, as the MSL's
// Modelica.Blocks.Sources.SineVariableFrequencyAndAmplitude drives `amplitude_internal`.
model ProtectedInputConnector
  connector RealInput = input Real;
  connector RealOutput = output Real;
  block Constant
    parameter Real k = 1;
    RealOutput y = k;
  end Constant;
  block Source
    parameter Real amplitude = 2;
    RealOutput y;
  protected
    RealInput amplitude_internal;
    Constant amplitude_constant(k = amplitude);
  equation
    connect(amplitude_constant.y, amplitude_internal);
    y = amplitude_internal * time;
  end Source;
  Source s;
end ProtectedInputConnector;

// CHECK: class ProtectedInputConnector
// CHECK: equation
// CHECK:   s.amplitude_internal = s.amplitude_constant.y;
