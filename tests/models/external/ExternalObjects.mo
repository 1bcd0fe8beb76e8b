// ExternalObjects (MLS 12.9.7): two counters of the C library in Resources/C-Sources, each
// constructed once by bind() and destroyed once when the run ends, the second (which depends
// on a parameter computed from the first) after the first is constructed. The test counts the
// calls through the log file named by MOCC_TEST_COUNTER_LOG; with --override stopAt=0.5 the
// run fails at t = 0.5 and the objects are destroyed all the same.
model ExternalObjects
  class Counter
    extends ExternalObject;
    function constructor
      input Real start;
      output Counter counter;
    external "C" counter = mocc_test_counter_new(start)
      annotation(Library = "mocc_test_externals");
    end constructor;
    function destructor
      input Counter counter;
    external "C" mocc_test_counter_free(counter) annotation(Library = "mocc_test_externals");
    end destructor;
  end Counter;

  function value
    input Counter counter;
    input Real t;
    output Real y;
  external "C" y = mocc_test_counter_value(counter, t)
    annotation(Library = "mocc_test_externals");
  end value;

  parameter Real start = 10;
  parameter Counter first = Counter(start);
  parameter Real second_start = value(first, 5);
  parameter Counter second = Counter(second_start);
  Real y1 = value(first, time);
  Real y2 = value(second, time);
  parameter Real stopAt = 2;
equation
  assert(time < stopAt, "stopped at stopAt");
end ExternalObjects;
