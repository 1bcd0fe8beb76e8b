// relations freezes each event-generating relation: x < 0.5 becomes a crossing located as a
// root of x - 0.5, and time >= 1 a scheduled time event (MLS 8.5).
// ARGS: --print-after relations
model Relations
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  y = if x < 0.5 then 1 else 0;
  when time >= 1 then
    reinit(x, 1);
  end when;
end Relations;
// CHECK-LABEL: --- after relations ---
// CHECK: y = if $rel0(x < 0.5) then 1 else 0
// CHECK-NEXT: $whenCondition1 = $rel1(time >= 1)
// CHECK: relations:
// CHECK-NEXT: $rel0 state-event x < 0.5  // {{.*}}relations.mo:9:3
// CHECK-NEXT: $rel1 time-event time >= 1  // {{.*}}relations.mo:10:8
// CHECK: events: 2 (1 state, 1 time)
