// The end of a sample instant is an edge (issue 18): sample() is true at its instants only
// (MLS 3.7.5), so y = sample(0.5, 1) is true during the event iteration at t = 0.5, 1.5, 2.5 and
// false again before the event instant ends. `elsewhen not y`, `when not y`, edge(), change()
// and pre() see that second edge at the same time, as other Modelica tools do.
model SampleInstantEnds
  Boolean y = sample(0.5, 1);
  Integer rising(start = 0, fixed = true) "incremented by the when-branch on y";
  Integer falling(start = 0, fixed = true) "incremented by the elsewhen-branch on not y";
  Integer ends(start = 0, fixed = true) "when not y";
  Integer edges(start = 0, fixed = true) "when edge(y)";
  Integer changes(start = 0, fixed = true) "when change(y): both edges";
  Integer afterTrue(start = 0, fixed = true) "when pre(y) and not y: the end, once";
  discrete Real sampledTime(start = -1, fixed = true) "time of the last instant, read at its end";
equation
  when y then
    rising = pre(rising) + 1;
    falling = pre(falling);
  elsewhen not y then
    rising = pre(rising);
    falling = pre(falling) + 1;
  end when;
  when not y then
    ends = pre(ends) + 1;
  end when;
  when edge(y) then
    edges = pre(edges) + 1;
  end when;
  when change(y) then
    changes = pre(changes) + 1;
  end when;
  when pre(y) and not y then
    afterTrue = pre(afterTrue) + 1;
    sampledTime = time;
  end when;
  annotation(experiment(StopTime = 3, Interval = 0.01));
end SampleInstantEnds;
