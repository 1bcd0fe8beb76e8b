model ComputedAssert "an assert whose message shows values computed at run time"
  type Mode = enumeration(off, low, high);
  discrete Real x(start = 0.25, fixed = true);
  discrete Integer n(start = 0, fixed = true);
  discrete Boolean b(start = false, fixed = true);
  discrete Mode mode(start = Mode.off, fixed = true);
equation
  when time >= 0.5 then
    x = 1.5;
    n = 3;
    b = true;
    mode = Mode.high;
  end when;
  assert(x < 1, "x = " + String(x) + ", n = " + String(n) + ", b = " + String(b) + ", mode = " +
    String(mode) + ", |" + String(x, format = "6.2f") + "|" + String(n, minimumLength = 3) + "|");
  annotation(experiment(StopTime = 1, Interval = 0.1));
end ComputedAssert;
