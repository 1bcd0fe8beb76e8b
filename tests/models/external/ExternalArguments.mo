// Every argument kind of the external function interface (MLS 12.9.1.1), called in the C
// library of Resources/C-Sources (built by mocc from there, MLS 12.9.4), in the explicit and in
// the default call form. The values are checked in tests/models/external_models_test.cpp.
model ExternalArguments
  type Level = enumeration(low, mid, high);

  function affine
    input Real x;
    input Integer k;
    output Real y;
  external "C" y = mocc_test_affine(x, k)
    annotation(Include = "#include \"mocc_test_externals.h\"", Library = "mocc_test_externals");
  end affine;

  function negate
    input Boolean b;
    output Boolean notB;
  external "C" notB = mocc_test_negate(b) annotation(Library = "mocc_test_externals");
  end negate;

  function nextLevel
    input Level level;
    output Level next;
  external "C" next = mocc_test_next_level(level) annotation(Library = "mocc_test_externals");
  end nextLevel;

  function stringLength
    input String text;
    output Real n;
  external "C" n = mocc_test_string_length(text) annotation(Library = "mocc_test_externals");
  end stringLength;

  function sizeTimes
    input Real a[:];
    input Real x;
    output Real y;
  external "C" y = mocc_test_size_times(size(a, 1), x)
    annotation(Library = "mocc_test_externals");
  end sizeTimes;

  function mocc_test_weighted_sum "the default call form: the array, then its size"
    input Real a[:];
    output Real sum;
  external "C" annotation(Library = "mocc_test_externals");
  end mocc_test_weighted_sum;

  function rowSums
    input Real m[:, :];
    output Real sums[size(m, 1)];
  external "C" mocc_test_row_sums(m, size(m, 1), size(m, 2), sums)
    annotation(Library = "mocc_test_externals");
  end rowSums;

  function integerOps
    input Integer a[:];
    output Integer doubled[size(a, 1)];
    output Integer sum;
  external "C" mocc_test_integer_ops(a, size(a, 1), doubled, sum)
    annotation(Library = "mocc_test_externals");
  end integerOps;

  function flags
    input Boolean f[:];
    output Boolean any;
    output Boolean inverted[size(f, 1)];
  external "C" mocc_test_flags(f, size(f, 1), any, inverted)
    annotation(Library = "mocc_test_externals");
  end flags;

  function increment
    input Real x;
    output Real y = x;
  external "C" mocc_test_increment(y) annotation(Library = "mocc_test_externals");
  end increment;

  function twice "C code of the Include annotation itself"
    input Real x;
    output Real y;
  external "C" y = mocc_test_twice(x)
    annotation(Include = "double mocc_test_twice(double x) { return 2.0 * x; }");
  end twice;

  parameter Integer k = 3;
  Real affineValue = affine(time, k);
  Boolean negated = negate(time > 0.5);
  Level next = nextLevel(if time > 0.5 then Level.high else Level.mid);
  Real length = stringLength("mocc");
  Real scaled = sizeTimes({1, 2, 3, 4}, time);
  Real weighted = mocc_test_weighted_sum({time, 2 * time, 3});
  Real sums[2] = rowSums([1, 2, 3; 10 * time, 20, 30]);
  Integer doubled[3];
  Integer sum;
  Boolean any;
  Boolean inverted[2];
  Real incremented = increment(time);
  Real twiceValue = twice(time + 1);
equation
  (doubled, sum) = integerOps({1, -2, integer(10 * time)});
  (any, inverted) = flags({time > 0.25, false});
end ExternalArguments;
