// A function-call equation inside a when-equation (MLS 8.3.5.1: `() = f(...)`) calls the
// function for its effects when its branch is active: only the first active branch of a
// when/elsewhen (MLS 8.3.5), after the equations whose values it reads. Here the function
// prints (as Modelica.Utilities.Streams.print); the samples at 0.25 and 0.5 count up, the
// elsewhen at t = 0.6 adds 10, the sample at 0.75 counts again, and terminal() prints the last
// count: "sample 1", "sample 2", "late 12", "sample 13", "final 13".
model CallInWhenEquation
  function show "as Modelica.Utilities.Streams.print"
    input String string = "";
    input String fileName = "" "empty: the log";
    external "C" ModelicaInternal_print(string, fileName);
  end show;
  Integer n(start = 0, fixed = true);
equation
  when sample(0.25, 0.25) then
    show("sample " + String(n));
    n = pre(n) + 1;
  elsewhen time > 0.6 then
    n = pre(n) + 10;
    show("late " + String(n));
  end when;
  when terminal() then
    show("final " + String(n));
  end when;
  annotation(experiment(StopTime = 0.9));
end CallInWhenEquation;
