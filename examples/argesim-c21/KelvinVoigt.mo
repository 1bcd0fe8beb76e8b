// ARGESIM C21, case 1 (bouncing ball): the dynamic-contact model with a Kelvin-Voigt
// spring-damper, in maximal state space form.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.2. States: x, the height of the bottom of the undeformed ball (negative while the
// ball is compressed), its velocity v, and the deformation w; y = x + w (18) is the gap between
// the deformed ball and the floor.
//   flight (17):  x' = v, v' = -g - beta v^2 sign(v) (written v abs(v)), w' = -(k/d) w
//   contact (21): x' = v, v' = -g + f_c, w' = -v, with the (mass-normalised) contact force
//                 f_c = -k x - d v (20); (21) as printed has no air resistance
// All three states are integrated in both phases (maximal state space); the Boolean `contact`
// selects the right-hand sides (a function change event SE-F). Events:
//   'C' Contact (19): in flight, y falls through 0        -> contact = true
//   'F' Fly restart (22): in contact, f_c falls through 0  -> contact = false
//   'M' Maximal height (23): in flight, v falls through 0  -> apex = x (output trace, SE-O)
//   'W' largest deformation: in contact, v rises through 0 -> wmax = w (output trace, SE-O)
//
// Well-posed switching. In contact w' = -x' keeps y at the value it had at C, up to rounding,
// and at F (f_c = 0) the flight starts with y' = v - (k/d) w = 0 as well: so at separation y is
// zero only up to rounding, and a contact condition that asks only `y < 0` may hold right after
// F and switch the contact straight back on. Two measures make both switches well posed:
//   - each switch is guarded by the phase it ends (`not pre(contact) and y < 0`,
//     `pre(contact) and f_c < 0`): a relation can only switch the phase it belongs to, and in the
//     other phase it neither switches anything nor (mocc's crossing guards) generates events;
//   - both switches set w := -x, so that y = 0 holds exactly (not up to rounding) at C and F.
//     After F, y'' = -g - beta v^2 + (k/d) v > 0 whenever the separation speed v exceeds about
//     g d/k (0.0049 m/s for the standard parameters; reference.py checks it at every separation
//     of every case studied), so y leaves 0 upwards and `y < 0` is false until the ball really
//     lands. (Were y'' < 0 at a separation, the ball would come straight back; C and F would
//     then chatter, and mocc would stop with a Zeno or event-iteration error rather than go on.)
// After the 10th contact the ball no longer separates (f_c stays positive): it oscillates into
// the rest position x = -g/k, which ends the accumulation of bounces without any extra rule.
//
// Parameters (section 2.3, "standard parameters"): x0 = 10 m, v0 = 0, k = 1e6 N/m, d = 500 kg/s
// (per unit mass, as f_c is normalised), g = 9.81 m/s2, beta = 0.002 1/m; t_end = 30 s.
model KelvinVoigt "ARGESIM C21 bouncing ball with Kelvin-Voigt continuous contact (eq. 17-23)"
  parameter Real x0 = 10 "initial height in m";
  parameter Real v0 = 0 "initial velocity in m/s";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real beta = 0.002 "air resistance coefficient in 1/m";
  parameter Real k = 1e6 "spring constant (per unit mass) in N/m/kg";
  parameter Real d = 500 "damping constant (per unit mass) in 1/s";
  Real x(start = x0, fixed = true) "height of the bottom of the undeformed ball in m";
  Real v(start = v0, fixed = true) "velocity in m/s";
  Real w(start = 0, fixed = true) "deformation in m";
  Real y "gap between deformed ball and floor in m, eq. (18)";
  Real fc "contact force per unit mass in m/s2 if in contact, eq. (20)";
  Real F "contact force per unit mass in m/s2 (zero in flight)";
  Boolean contact(start = false, fixed = true) "contact phase";
  Integer contacts(start = 0, fixed = true) "number of events C";
  discrete Real apex(start = x0, fixed = true) "x at the last event M in m";
  discrete Real wmax(start = 0, fixed = true) "w at the last largest deformation in m";
equation
  y = x + w;
  fc = -k*x - d*v;
  F = if contact then fc else 0;
  der(x) = v;
  der(v) = if contact then -g + fc else -g - beta*v*abs(v);
  der(w) = if contact then -v else -k/d*w;
  when not pre(contact) and y < 0 then
    // event 'C' (19)
    contact = true;
    contacts = pre(contacts) + 1;
    reinit(w, -x);
  elsewhen pre(contact) and fc < 0 then
    // event 'F' (22)
    contact = false;
    contacts = pre(contacts);
    reinit(w, -x);
  end when;
  when not contact and v < 0 then
    // event 'M' (23)
    apex = x;
  end when;
  when contact and v > 0 then
    wmax = w;
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end KelvinVoigt;
