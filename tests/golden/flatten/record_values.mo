// The value of a record component replaces the defaults its fields have in their record
// classes (MLS 7.2, 12.6): `Base b = Sheet()` takes Sheet's defaults from its extends
// modifier, `Sheet d = Sheet(n = 2)` the constructor's argument. A modification of a field
// from outside the record component stays (m.mu = 7), and a record without a value keeps
// its class's defaults. As the MSL's FluxTubes give their flux tubes a material:
// `material = Material.SoftMagnetic.ElectricSheet.M350_50A()`.
model RecordValues
  record Base
    parameter Real mu = 1;
    parameter Real n = 1;
  end Base;
  record Sheet
    extends Base(mu = 1210, n = 14);
  end Sheet;
  model Tube
    parameter Base material = Base();
  end Tube;
  // A final field computed from the others is a protected variable of the constructor: its
  // binding sees the constructor's values (MLS 12.6).
  record Magnet
    parameter Real Bref = 1.2;
    parameter Real alpha = -0.001;
    parameter Real T = 20;
    final parameter Real B = Bref * (1 + alpha * (T - 20));
  end Magnet;
  record Ndfeb
    extends Magnet(Bref = 0.6, T = 120);
  end Ndfeb;
  parameter Base a = Base(mu = 5);
  parameter Base b = Sheet();
  parameter Sheet c;
  parameter Sheet d = Sheet(n = 2);
  parameter Base m(mu = 7) = Sheet();
  Tube t(material = Sheet());
  parameter Magnet g = Ndfeb();
end RecordValues;

// CHECK: class RecordValues
// CHECK-NEXT:   parameter Real a.mu = 5;
// CHECK-NEXT:   parameter Real a.n = 1;
// CHECK-NEXT:   parameter Real b.mu = 1210;
// CHECK-NEXT:   parameter Real b.n = 14;
// CHECK-NEXT:   parameter Real c.mu = 1210;
// CHECK-NEXT:   parameter Real c.n = 14;
// CHECK-NEXT:   parameter Real d.mu = 1210;
// CHECK-NEXT:   parameter Real d.n = 2;
// CHECK-NEXT:   parameter Real m.mu = 7;
// CHECK-NEXT:   parameter Real m.n = 14;
// CHECK-NEXT:   parameter Real t.material.mu = 1210;
// CHECK-NEXT:   parameter Real t.material.n = 14;
// CHECK-NEXT:   parameter Real g.Bref = 0.6;
// CHECK-NEXT:   parameter Real g.alpha = -0.001;
// CHECK-NEXT:   parameter Real g.T = 120;
// CHECK-NEXT:   parameter Real g.B = 0.6 * (1 + (-0.001) * (120 - 20));
// CHECK-NEXT: end RecordValues;
