// External functions run during translation when their arguments are constants (mocc keeps
// Strings in translation only): a String result of C code, a size computed by C code, and a
// String compared in a condition. Checked in tests/models/external_models_test.cpp.
model TranslationTimeCalls
  function greeting
    input String name;
    output String text;
  external "C" text = mocc_test_greeting(name) annotation(Library = "mocc_test_externals");
  end greeting;
  function stringLength
    input String text;
    output Real n;
  external "C" n = mocc_test_string_length(text) annotation(Library = "mocc_test_externals");
  end stringLength;
  function count
    input String text;
    output Integer n;
  external "C" n = strlen(text);
  end count;
  parameter String hello = greeting("mocc") "Hello, mocc";
  parameter Integer n = count(hello) "11";
  Real x[n](each start = 1, each fixed = true);
  Real length = stringLength(hello);
  Real branch = if hello == "Hello, mocc" then 1 else 2;
equation
  der(x) = -x;
end TranslationTimeCalls;
