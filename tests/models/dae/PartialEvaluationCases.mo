// Three nodes c*der(v) + v/R = sin(time) whose capacitances functions compute (partial
// evaluation of calls at translation, dae::partialCallValue):
// - c1 sums C0*k*v over a for-loop with a constant range: 0 for C0 = 0 whatever v is, so v1
//   is algebraic, v1 = R sin(time);
// - c3 calls a function that calls another with C0 = 0: 0 through the nested call, v3 likewise;
// - c2 is C1 or 2*C1 depending on the sign of v2: not constant, so v2 stays a state.
model PartialEvaluationCases
  function summed
    input Real c0;
    input Real v;
    output Real c;
  algorithm
    c := 0;
    for k in 1:3 loop
      c := c + c0*k*v;
    end for;
  end summed;
  function exponential
    input Real c0;
    input Real v;
    output Real c;
  algorithm
    c := c0*exp(v);
  end exponential;
  function symmetric
    input Real c0;
    input Real v;
    output Real c;
  algorithm
    c := exponential(c0, v) + exponential(c0, -v);
  end symmetric;
  function stepped
    input Real c0;
    input Real v;
    output Real c;
  algorithm
    if v < 0 then
      c := c0;
    else
      c := 2*c0;
    end if;
  end stepped;
  parameter Real C0 = 0;
  parameter Real C1 = 1e-3;
  parameter Real R = 2;
  Real v1(start = 0), v2(start = 0, fixed = true), v3(start = 0);
equation
  summed(C0, v1)*der(v1) + v1/R = sin(time);
  stepped(C1, v2)*der(v2) + v2/R = sin(time);
  symmetric(C0, v3)*der(v3) + v3/R = sin(time);
  annotation(experiment(StopTime = 1, Interval = 0.1));
end PartialEvaluationCases;
