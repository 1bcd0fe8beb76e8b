// vrel = der(srel) prefers to be a state, but that would need the second derivative of
// srel = f(x), and f's derivative f_der has no derivative of its own (MLS 12.7.1): vrel stays
// algebraic (computed as f_der(x, v)) and the model runs as if vrel did not prefer a state.
// x'' = -x with x(0) = 1, v(0) = 0: x = cos(t), srel = 2 x, vrel = -2 sin(t).
model PreferredDerivativeFallback
  function f
    input Real x;
    output Real y;
  algorithm
    y := 2*x;
    annotation(derivative = f_der);
  end f;
  function f_der
    input Real x;
    input Real dx;
    output Real dy;
  algorithm
    dy := 2*dx;
  end f_der;
  Real x(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real srel(stateSelect = StateSelect.prefer);
  Real vrel(stateSelect = StateSelect.prefer);
equation
  v = der(x);
  der(v) = -x;
  srel = f(x);
  vrel = der(srel);
  annotation(experiment(StopTime = 3));
end PreferredDerivativeFallback;
