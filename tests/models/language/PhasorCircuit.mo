// A series R-L circuit in the phasor domain, built as the MSL's QuasiStatic library builds
// it: an operator record for complex numbers (MLS 14), pins with an overdetermined reference
// angle (MLS 9.4) whose connection graph has one loop, a source that is its root, a ground
// that is a potential root, and two-pins that join their pins' references by
// Connections.branch. The source's frequency rises, f = f0 (1 + t), so the current
// I = V / (R + j omega L) with omega = der(gamma) = 2 pi f0 (1 + t) changes in time.
package PhasorLib
  operator record Cx "a complex number"
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        import PhasorLib.Cx;
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
      end fromReal;
    end 'constructor';
    encapsulated operator function '0' "a flow operator record needs it (MLS 9.2)"
      import PhasorLib.Cx;
      output Cx zero;
    algorithm
      zero := Cx(0);
    end '0';
    encapsulated operator function '+'
      import PhasorLib.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re + b.re, a.im + b.im);
    end '+';
    encapsulated operator '-'
      function negate
        import PhasorLib.Cx;
        input Cx a;
        output Cx c;
      algorithm
        c := Cx(-a.re, -a.im);
      end negate;
      function subtract
        import PhasorLib.Cx;
        input Cx a;
        input Cx b;
        output Cx c;
      algorithm
        c := Cx(a.re - b.re, a.im - b.im);
      end subtract;
    end '-';
    encapsulated operator function '*'
      import PhasorLib.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re);
    end '*';
    encapsulated operator function '/'
      import PhasorLib.Cx;
      input Cx a;
      input Cx b;
      output Cx c;
    protected
      Real d = b.re^2 + b.im^2;
    algorithm
      c := Cx((a.re*b.re + a.im*b.im)/d, (a.im*b.re - a.re*b.im)/d);
    end '/';
  end Cx;

  operator record Voltage = Cx(re(unit = "V"), im(unit = "V"));
  operator record Current = Cx(re(unit = "A"), im(unit = "A"));

  record Reference "the reference angle of the phasors"
    Real gamma;
    function equalityConstraint
      input Reference reference1;
      input Reference reference2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Reference;

  connector Pin
    Voltage v;
    flow Current i;
    Reference reference;
  end Pin;

  partial model TwoPin
    Pin p, n;
    Voltage v;
    Current i;
    Real omega;
  equation
    Connections.branch(p.reference, n.reference);
    p.reference.gamma = n.reference.gamma;
    omega = der(p.reference.gamma);
    v = p.v - n.v;
    i = p.i;
    p.i + n.i = Cx(0);
  end TwoPin;

  model Resistor
    extends TwoPin;
    parameter Real R = 2;
  equation
    v = R*i;
  end Resistor;

  model Inductor
    extends TwoPin;
    parameter Real L = 0.01;
  equation
    v = Cx(0, omega*L)*i;
  end Inductor;

  model Source
    extends TwoPin;
    parameter Real V = 10;
    parameter Real f0 = 50;
    constant Real pi = 3.14159265358979323846;
  equation
    Connections.root(p.reference);
    p.reference.gamma = 2*pi*f0*(time + time^2/2);
    v = -(-Cx(V));
  end Source;

  model Ground
    Pin p;
  equation
    Connections.potentialRoot(p.reference, 256);
    if Connections.isRoot(p.reference) then
      p.reference.gamma = 0;
    end if;
    p.v = Cx(0);
  end Ground;

end PhasorLib;

model PhasorCircuit
  import PhasorLib.*;
  Source source;
  Resistor resistor;
  Inductor inductor;
  Ground ground;
  Real magnitude = sqrt(inductor.i.re^2 + inductor.i.im^2);
equation
  connect(source.p, resistor.p);
  connect(resistor.n, inductor.p);
  connect(inductor.n, source.n);
  connect(source.n, ground.p);
  annotation(experiment(StopTime = 1));
end PhasorCircuit;
