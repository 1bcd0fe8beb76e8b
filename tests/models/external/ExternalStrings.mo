// Strings computed during simulation through external functions (MLS 12.9.1.1): a String
// input that changes at events, an array of Strings, a String result and a String output
// through a pointer, all from the C library of Resources/C-Sources. n counts the samples at
// 0.25, 0.5, ...; tests/models/external_models_test.cpp checks `length` against the lengths
// of the texts written by hand, and the asserts check the texts themselves.
model ExternalStrings
  function join
    input String parts[:];
    input String separator;
    output String joined;
  external "C" joined = mocc_test_join(parts, size(parts, 1), separator)
    annotation(Include = "#include \"mocc_test_externals.h\"", Library = "mocc_test_externals");
  end join;

  function upper
    input String text;
    output String upperCase;
  external "C" mocc_test_upper(text, upperCase) annotation(Library = "mocc_test_externals");
  end upper;

  function stringLength
    input String text;
    output Real n;
  external "C" n = mocc_test_string_length(text) annotation(Library = "mocc_test_externals");
  end stringLength;

  Integer n(start = 0, fixed = true);
  String word = if n < 2 then "ab" else "xyz";
  String joined = join({word, String(n), "c"}, "-");
  String shouted = upper(joined);
  Real length = stringLength(shouted);
equation
  when sample(0.25, 0.25) then
    n = pre(n) + 1;
  end when;
  assert(n <> 1 or shouted == "AB-1-C", "n = 1: " + shouted);
  assert(n <> 3 or joined == "xyz-3-c" and shouted == "XYZ-3-C", "n = 3: " + shouted);
  annotation(experiment(StopTime = 1));
end ExternalStrings;
