// Function calls as equations (MLS 12.4.7, "null equations"): made for their effects, here
// the asserts of the functions' bodies, checked wherever the model is evaluated; one inside a
// for-equation, one whose output is discarded. n = integer(4 t) reaches 3 at t = 0.75, where
// atMost(n, 2) fails; 2 x = 2 t stays below 2.5 until then.
model CallEquations
  function atMost "asserts u <= limit"
    input Real u;
    input Real limit;
  algorithm
    assert(u <= limit, "u = " + String(u) + " exceeds " + String(limit));
  end atMost;
  function checkedValue "asserts u >= 0 and returns u"
    input Real u;
    output Real y;
  algorithm
    assert(u >= 0, "u = " + String(u) + " is negative");
    y := u;
  end checkedValue;
  Real x(start = 0, fixed = true);
  Integer n = integer(4*time);
equation
  der(x) = 1;
  atMost(n, 2);
  for i in 1:2 loop
    atMost(i*x, 2.5);
  end for;
  checkedValue(x);
  annotation(experiment(StopTime = 1, Interval = 0.05));
end CallEquations;
