// Sizes that come from the values of function inputs (MLS 12.4.4): a three-phase system
// whose orientation angles, space-phasor transformation and coefficient count are computed by
// functions during translation.
package FunctionSizes
  constant Real pi = 3.14159265358979323846;

  function orientation "The m angles 2*pi*(k - 1)/m"
    input Integer m;
    output Real phi[m];
  algorithm
    for k in 1:m loop
      phi[k] := 2 * pi * (k - 1) / m;
    end for;
  end orientation;

  function spacePhasor "Protected sizes from an input's size and a call on it"
    input Real x[:];
    output Real y[2];
  protected
    parameter Integer m = size(x, 1);
    parameter Real phi[m] = orientation(m);
    parameter Real T[2, m] = 2 / m * {cos(phi), sin(phi)};
  algorithm
    y := T * x;
  end spacePhasor;

  function oddCount "The number of odd numbers in 1..n, ceil(n/2)"
    input Integer n;
    output Integer k = 0;
  algorithm
    for i in 1:n loop
      if mod(i, 2) == 1 then
        k := k + 1;
      end if;
    end for;
  end oddCount;

  function odds "The odd numbers in 1..n: a size given by a call on an input"
    input Integer n;
    output Integer c[oddCount(n)];
  algorithm
    for i in 1:size(c, 1) loop
      c[i] := 2 * i - 1;
    end for;
  end odds;

  function halving "Recursive on the input value, like MSL's symmetricOrientation"
    input Integer m;
    output Real w[m];
  algorithm
    if m == 1 then
      w[1] := 1;
    else
      w[1:div(m, 2)] := halving(div(m, 2));
      w[div(m, 2) + 1:m] := 2 * ones(m - div(m, 2));
    end if;
  end halving;

  model ThreePhase
    parameter Integer m = 3;
    parameter Real phi[m] = orientation(m);
    parameter Integer n = oddCount(7) "4, from a function during translation";
    Integer c[n] = odds(7);
    Real w[4] = halving(4);
    Real x[m] = {cos(time - phi[k]) for k in 1:m} "balanced three-phase signals";
    Real y[2] = spacePhasor(x) "(cos t, sin t)";
    Real z(start = 0, fixed = true) "sin t";
  equation
    der(z) = y[1];
    annotation (experiment(StartTime = 0, StopTime = 2, Tolerance = 1e-8, Interval = 0.01));
  end ThreePhase;
end FunctionSizes;
