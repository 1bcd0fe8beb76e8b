within Library.Examples;
encapsulated partial package P "package"
  import SI = Modelica.Units.SI "alias";
  import Modelica.Math.*;
  import Modelica.Constants.*;
  import Modelica.Blocks.{Sources, Math};
  import A.B;
  operator record Complex
    Real re, im;
    encapsulated operator '+'
      function add
        input Complex a, b;
        output Complex c;
      algorithm
        c := Complex(a.re + b.re, a.im + b.im);
      end add;
    end '+';
    operator function '-'
      input Complex a;
      output Complex c = Complex(-a.re, -a.im);
    end '-';
  end Complex;
  expandable connector Bus
  end Bus;
  connector Pin
    flow Real i;
    Real v;
    stream Real h_outflow;
  end Pin;
  type Voltage = Real(unit = "V", quantity = "ElectricPotential") "volts";
  type Inputs = input Real[3];
  type E = enumeration(a "first" annotation(x = 1), 'b c', d) "enum" annotation(y = 2);
  type Open = enumeration(:);
  record R
    extends Base;
    Integer n = 1;
    Boolean b = true;
    String s = "x\n\"q\"\\";
  end R;
  block B
    parameter Real k(min = 0, max = 10, start = 1, fixed = true) = 2 "gain" annotation(Evaluate = true);
    constant Integer n = 3;
    discrete output Real y;
    input Real u if k > 0 "conditional";
    Real x[n, 2](each start = 0, each fixed = false), z[:] = {1, 2, 3}, w = if u > 0 then u elseif u < -1 then -u else 0;
    replaceable model M = Base constrainedby Iface(p = 1) "choice" annotation(choicesAllMatching = true);
    replaceable Real r = 1 constrainedby Real "r";
    redeclare final inner outer replaceable package L = Lib;
    outer Bus bus;
    Pkg p(redeclare model Q = R(n = 2), redeclare each Real v[2] = {1, 2} "v", redeclare replaceable package L = Lib constrainedby Base, replaceable S s constrainedby T, final x(start = 1) = 2 "x", y = break, z := 3);
  protected
    Real a[2, 2] = [1, 2; 3, 4], b[2] = {sum(a[i, j] for j in 1:2) for i in 1:2};
    final parameter Real c = .P.k;
  public
    Real d = -x[1, 1]^2 + 2*x[end, 1] - (1 - k)/(2*k) + k .* 2 ./ 3 .^ 4 .- 1 .+ (.-2);
    Boolean e = not d < 1 and d <= 2 or d > 3 and d >= 4 or d == 5 or d <> 6;
  initial equation
    x = zeros(n, 2);
  equation
    der(x[:, 1]) = -k*x[:, 1] "ode" annotation(a = 1);
    (a, b) = f(x);
    1:2 = 3:4;
    connect(bus.a, p.b[1]);
    for i in 1:n, j loop
      x[i, j] = i*j;
    end for;
    if k > 1 then
      y = 1;
    elseif k < 0 then
      y = 2;
      z = 3;
    else
      y = 3;
    end if;
    when sample(0, 0.1) then
      reinit(x[1, 1], 0);
    elsewhen initial() then
      terminate("done");
    end when;
    assert(k >= 0, "k must not be negative", level = AssertionLevel.warning);
  initial algorithm
    r := 0;
  algorithm
    (a, , b) := g(x, function h(p = 1));
    (c) := g(x);
    print("text");
    for i in 1:3 loop
      while i > 0 loop
        break;
      end while;
      if i == 2 then
        return;
      end if;
    end for;
    when d > 0 then
      y := pre(y) + 1;
    elsewhen d < 0 then
      y := 0;
    end when;
    annotation(Documentation(info = "<html></html>"), experiment(StopTime = 1, Interval = 1e-3));
  end B;
  model extends Base(k = 3) "extended"
    extends Other(break x, break connect(a, b), y = 2) annotation(Placement());
  end Base;
  pure function pf "pure"
    input Real u;
    output Real y;
    external "C" y = pf_impl(u, size(u, 1)) annotation(Library = "m", Include = "#include \"m.h\"");
    annotation(derivative = dpf);
  end pf;
  impure function nf
    external;
  end nf;
  function nf2
    external "C";
  end nf2;
  function nf3
    input Real x;
    external "FORTRAN 77" nf3_impl(x);
  end nf3;
  function df = der(pf, u) "derivative";
  function partialApp
    input Real x;
    output Real y = quad(function pf(), 0, x);
  end partialApp;
  class C
  end C;
  final model F
  end F;
  annotation(version = "1.0");
end P;
