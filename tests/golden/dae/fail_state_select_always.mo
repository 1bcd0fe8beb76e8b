// stateSelect = always: "Use it always as state" (MLS 4.8.7.1). v cannot be one: no derivative
// of it appears.
model StateSelectAlways
  Real v(stateSelect = StateSelect.always) = if time < 0.5 then 1.0 else 5.0;
end StateSelectAlways;
// CHECK: fail_state_select_always.mo:4:8: error[E0506]: 'v' has stateSelect = StateSelect.always, but it cannot be a state: no derivative of it appears in the equations (MLS 4.8.7.1)
