// ModelicaError raised by external C code (MLS 12.9.6): the run stops at the event of
// x > 0.5 with exit code 3, the C code's message and the time, keeping the rows before it.
model ExternalError
  function checked
    input Real x;
    input Real limit;
    output Real y;
  external "C" y = mocc_test_checked(x, limit) annotation(Library = "mocc_test_externals");
  end checked;
  Real x(start = 0, fixed = true);
  Real y = checked(x, 0.5);
equation
  der(x) = 1;
end ExternalError;
