// Modelica.Utilities.Streams.print with texts computed during simulation: a function whose
// body is `external "C" ModelicaInternal_print(string, fileName)` shows its string on the log
// (fileName "") each time the statement runs, here once at the event where x = t passes 0.5,
// from a when-statement and from inside a function it calls. A String input of that function
// is known during translation and becomes part of the text; the String that an impure external
// function (C's getenv) returns is read when the statement runs.
model PrintMessages
  function print "as Modelica.Utilities.Streams.print"
    input String string = "";
    input String fileName = "" "empty: the log";
    external "C" ModelicaInternal_print(string, fileName);
  end print;
  impure function environment "C's getenv: a String an external function returns"
    input String name;
    output String value;
    external "C" value = getenv(name);
  end environment;
  function report
    input Real t;
    input String name;
  algorithm
    print("report " + name + " at t = " + String(t, significantDigits = 3) + " in " +
      environment("MOCC_PRINT_TEST"));
  end report;
  Real x(start = 0, fixed = true);
  Integer n(start = 0, fixed = true);
equation
  der(x) = 1;
algorithm
  when x > 0.5 then
    n := pre(n) + 1;
    print("event " + String(n) + ": x = " + String(x, format = "4.2f"), "");
    report(time, "crossing");
  end when;
  annotation(experiment(StopTime = 1));
end PrintMessages;
