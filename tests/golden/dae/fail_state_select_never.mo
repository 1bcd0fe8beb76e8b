// stateSelect = never: "Do not use as state at all" (MLS 4.8.7.1). x must be a state: der(x)
// appears and no equation determines x.
model StateSelectNever
  Real x(stateSelect = StateSelect.never);
equation
  der(x) = time;
end StateSelectNever;
// CHECK: fail_state_select_never.mo:4:8: error[E0506]: 'x' has stateSelect = StateSelect.never, but it must be a state: its derivative appears and no equation reads it (MLS 4.8.7.1)
