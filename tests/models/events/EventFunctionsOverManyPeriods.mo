// div, mod, rem, floor, ceil and integer of continuous-time arguments (MLS 3.7.1.1) over many
// periods, for negative and positive arguments, growing (x = t - 10) and falling (w = 10 - t),
// from t = 0 to 40: every value between events is the function of that row's argument
// (tests/models/events_models_test.cpp).
model EventFunctionsOverManyPeriods
  Real x(start = -10, fixed = true);
  Real w;
  Real remX = rem(x, 2);
  Real modX = mod(x, 3);
  Real divX = div(x, 3);
  Real floorX = floor(x / 2);
  Real remW = rem(w, 2);
  Real modW = mod(w, -3);
  Real ceilW = ceil(w - 0.5);
  Integer integerW = integer(w / 4);
equation
  der(x) = 1;
  w = 10 - time;
  annotation(experiment(StopTime = 40, Interval = 0.01));
end EventFunctionsOverManyPeriods;
