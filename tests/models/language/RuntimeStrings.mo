// Strings computed during simulation (MLS 3.4, 3.7.4.5, 12.4): String variables are
// discrete-time (MLS 3.8.3), changed by when-clauses and by equations that read discrete
// values, compared (== and the lexical order), concatenated, converted with String() in every
// form, passed to and returned from functions, and shown in messages. n counts the samples at
// 0.25, 0.5, ...; each assert below checks a text against the one written by hand for that n,
// and the run ends by terminate() at n = 6, whose message the test checks.
model RuntimeStrings
  type Color = enumeration(red, green, blue);
  function repeat "a function with a String input, output and local computed at run time"
    input String text;
    input Integer n;
    output String repeated = "";
  protected
    String separator = "";
  algorithm
    for i in 1:n loop
      repeated := repeated + separator + text;
      separator := ",";
    end for;
  end repeat;
  Integer n(start = 0, fixed = true);
  String history(start = "");
  String s, label, name, listed;
  Color c;
equation
  when sample(0.25, 0.25) then
    n = pre(n) + 1;
    history = pre(history) + String(n);
  end when;
  c = if n < 2 then Color.red elseif n < 4 then Color.green else Color.blue;
  name = if n < 3 then "ann" else "bob";
  s = "n=" + String(n) + " c=" + String(c) + (if mod(n, 2) == 0 then " even" else " odd");
  label = String(n, minimumLength = 3, leftJustified = false) + "|" +
    String(n * 0.5, format = "6.2f") + "|" + String(n / 3, significantDigits = 3) + "|" +
    String(n > 2, minimumLength = 6) + "|";
  listed = repeat(name, n);
  assert(n <> 0 or s == "n=0 c=red even" and history == "", "at n = 0: " + s);
  assert(n <> 3 or history == "123", "history is " + history);
  assert(n <> 3 or s == "n=3 c=green odd", "s is " + s);
  assert(n <> 4 or label == "  4|  2.00|1.33|true  |", "label is [" + label + "]");
  assert(n <> 2 or label == "  2|  1.00|0.667|false |", "label is [" + label + "]");
  assert(n <> 3 or listed == "bob,bob,bob", "listed is " + listed);
  assert(n < 3 or name > "ann" and name >= "bob" and not name < "bob", "the order of " + name);
  assert(n >= 3 or name < "bob" and name <> "bob", "the order of " + name);
  when n == 6 then
    terminate("done with " + s + ", " + history + ", " + listed);
  end when;
  annotation(experiment(StopTime = 10));
end RuntimeStrings;
