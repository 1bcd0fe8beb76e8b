// The MSL's Blocks.Interfaces.Adaptors pattern (MLS 18.3, 12.7.1): u = state1({p, p1}) is p
// with derivative p1 (its derivative annotation), and state1der1 has no derivative but is
// annotated InlineAfterIndexReduction, so index reduction differentiates its body p1. x is
// tied to u, so x, v = der(x) and a = der(v) follow p: with p = sin(time) and p1 = cos(time),
// v = cos(time) and a = -sin(time).
model InlineAfterIndexReduction
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
  Real p = sin(time);
  Real p1 = cos(time);
  Real u;
  Real x;
  Real v;
  Real a;
equation
  u = state1({p, p1}, time);
  x = u;
  der(x) = v;
  der(v) = a;
  annotation(experiment(StopTime = 2, Interval = 0.1));
end InlineAfterIndexReduction;
