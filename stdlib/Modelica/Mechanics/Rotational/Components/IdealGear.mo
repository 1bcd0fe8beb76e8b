within Modelica.Mechanics.Rotational.Components;
model IdealGear "Ideal gear without inertia: flange_a.phi = ratio*flange_b.phi (relative to the support)"
  extends Interfaces.PartialElementaryTwoFlangesAndSupport2;
  parameter Real ratio(start=1) "Transmission ratio (flange_a.phi/flange_b.phi)";
  SI.Angle phi_a "Angle between left shaft flange and support";
  SI.Angle phi_b "Angle between right shaft flange and support";
equation
  phi_a = flange_a.phi - phi_support;
  phi_b = flange_b.phi - phi_support;
  phi_a = ratio*phi_b;
  // Power balance without losses: tau_a*w_a + tau_b*w_b = 0 with w_a = ratio*w_b
  0 = ratio*flange_a.tau + flange_b.tau;
end IdealGear;
