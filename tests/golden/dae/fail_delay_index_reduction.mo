// delay() reads the recorded history of its argument (MLS 3.7.4.2): it has no time derivative
// that index reduction could use (before time.start + delayTime it is constant, after it
// der(expr)(time - delayTime)), so a constraint with it that must be differentiated is an error
// at that equation.
model DelayIndexReduction
  Real x, v;
equation
  x = delay(sin(time), 0.5);
  der(x) = v;
end DelayIndexReduction;
// CHECK: fail_delay_index_reduction.mo:8:3: error[E0501]: index reduction must differentiate this equation, but delay() has no time derivative here: it reads the recorded history of its argument (MLS 3.7.4.2)
