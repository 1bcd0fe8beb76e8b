// The MSL's GenerationOfFMUs pattern (Blocks.Interfaces.Adaptors, MLS 12.7.1): a body driven
// by a force and its inverse model, which takes the first body's position with its
// derivatives as inputs through state1 and state2 (their noDerivative input u is passed on:
// state2 is u[1], its derivative u[2], its second derivative u[3]). The inverse body is tied to
// the first, so index reduction differentiates the state2 equation twice and reads u[2] and
// u[3] where the body alone reads u[1]; the adaptor's second derivative is switched off by a
// parameter, which decides during translation whether der(y1) exists.
model InverseModelAdaptors
  function state1
    input Real u[2];
    input Real dummy;
    output Real s;
  algorithm
    s := u[1];
    annotation(derivative(noDerivative = u) = state1der1, InlineAfterIndexReduction = true);
  end state1;
  function state1der1
    input Real u[2];
    input Real dummy;
    input Real dummy_der;
    output Real sder1;
  algorithm
    sder1 := u[2];
    annotation(InlineAfterIndexReduction = true);
  end state1der1;
  function state2
    input Real u[3];
    input Real dummy;
    output Real s;
  algorithm
    s := u[1];
    annotation(derivative(noDerivative = u) = state2der1, InlineAfterIndexReduction = true);
  end state2;
  function state2der1
    input Real u[3];
    input Real dummy;
    input Real dummy_der;
    output Real sder1;
  algorithm
    sder1 := u[2];
    annotation(derivative(noDerivative = u, order = 2) = state2der2);
  end state2der1;
  function state2der2
    input Real u[3];
    input Real dummy;
    input Real dummy_der;
    input Real dummy_der2;
    output Real sder2;
  algorithm
    sder2 := u[3];
  end state2der2;
  parameter Boolean useSecondDerivative = false;
  parameter Real F = 3.3 "force on the first body";
  parameter Real m1 = 1.1, m2 = 2.2;
  parameter Real C1 = 1.1, C2 = 2.2;
  // Two masses: the second follows the first through state2.
  Real s1(start = 0, fixed = true), v1(start = 0, fixed = true);
  Real y1 "the adaptor's first derivative output";
  Real y2 "its second derivative output, switched off";
  Real s2, v2, f "force of the inverse model on the first body";
  // Two heat capacities: the second follows the first through state1.
  Real T1(start = 300, fixed = true), T2, dT, Q "heat flow of the inverse model";
equation
  m1*der(v1) = F + f;
  der(s1) = v1;
  y1 = der(s1);
  y2 = if useSecondDerivative then der(y1) else 0;
  s2 = state2({s1, y1, der(y1)}, time);
  v2 = der(s2);
  m2*der(v2) = -f;
  C1*der(T1) = F - Q;
  dT = der(T1);
  T2 = state1({T1, dT}, time);
  C2*der(T2) = Q;
end InverseModelAdaptors;
