// der() of an expression is its time derivative by the chain rule (MLS 3.7.4), which delay()
// does not have (MLS 3.7.4.2: it reads the recorded history of its argument).
model DerOfDelay
  Real v = time;
  Real y = der(delay(v, 1));
end DerOfDelay;
// CHECK: fail_der_of_delay.mo:5:16: error[E0501]: der() of this expression cannot be formed: delay() has no time derivative here: it reads the recorded history of its argument (MLS 3.7.4.2)
