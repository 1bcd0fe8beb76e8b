// integer() and floor() of arguments that jump at time events onto integers (MLS 3.7.1.1:
// at an event they are the integer part of the argument's value there). u steps up by one
// onto 4 at t = 0.5, w steps down onto 2 at t = 0.75; neither is a located crossing, so the
// frozen floors must move onto the new integers rather than wait for a crossing that never
// comes.
model IntegerOfAJump
  Real u = if time >= 0.5 then 4 else 3;
  Real w = if time >= 0.75 then 2 else 4;
  Integer k = integer(u);
  Real f = floor(w);
  annotation(experiment(StartTime = 0, StopTime = 1, Interval = 0.01));
end IntegerOfAJump;
