// A record parameter given by a derived record's constructor takes that record's defaults
// (MLS 7.2, 12.6), as the MSL's flux tubes take their material: x decays with the rate
// material.mu / 1000 = 1.21 of Sheet, not the 0.001 of Base's default.
model RecordMaterial
  record Base
    parameter Real mu = 1;
  end Base;
  record Sheet
    extends Base(mu = 1210);
  end Sheet;
  model Tube
    parameter Base material = Base();
    Real x(start = 1, fixed = true);
  equation
    der(x) = -material.mu / 1000 * x;
  end Tube;
  Tube tube(material = Sheet());
  annotation(experiment(StopTime = 2, Interval = 0.1, Tolerance = 1e-10));
end RecordMaterial;
