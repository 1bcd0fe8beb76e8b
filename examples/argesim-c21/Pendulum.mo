model Pendulum "ARGESIM C21 case 3: rotating pendulum with free-flight phase, maximal state space"
  // What: the rotating pendulum of ARGESIM benchmark C21, section 4 of its definition (seed 003,
  // ../../../shared/seeds/003_*.txt), as one model with the maximal state space (phi, w, x, vx,
  // y, vy) of section 4.2: the states of the phase that is not active are frozen (der = 0) and
  // the two structure-change events switch the phase with explicit reset maps.
  // Angle: as in eq. (39) and (41), phi is measured from the upward vertical (phi = 0: mass
  // straight above the pivot; phi = pi: hanging), so the mass is at x = l sin(phi),
  // y = l cos(phi). The tasks of section 4.3 speak of the angle from the hanging position
  // (amplitude pi/10, "zero crossing of the angle", "falling starts at phi = pi" = at the top):
  // that angle is theta = phi - pi.
  //   Swinging (39): phi'' = -(k/m) phi' + (g/l) sin(phi), with the rope force (41)
  //     F = -g m cos(phi) + m l phi'^2.
  //   Event F (45): F crosses zero downwards -> falling (42): x'' = -(k/m) x',
  //     y'' = -g - (k/m) y', from the position and velocity of the mass (reset map E^F).
  //   Event S (46): x^2 + y^2 - l^2 crosses zero upwards -> swinging with phi = atan2(x, y) and
  //     the tangential velocity kept, phi' = (y x' - x y')/l^2 (reset map E^S: the radial
  //     velocity is lost in the rope, an inelastic jerk).
  //   Output events: turning points (phi' = 0) with the amplitude |theta| (mod 2 pi); the first
  //     one whose amplitude does not exceed pi/10 ends the basic run (task "basic simulation").
  //   Energy supply (task "external energy supply", energy = true): at the first zero crossing
  //     of theta after that turning point, phi' := gamma phi' (a state-change event SE-X); the
  //     run then ends at the first turning point or at the end of the next flight phase.
  // Parameters (section 4.3): m = 1.5 kg, k = 0.9 kg/s, l = 1 m, g = 9.81 m/s2,
  // phi(0) = pi/4, phi'(0) = 15 1/s. The DAE formulation (47), (48) is PendulumDAE.mo.
  constant Real pi = 3.14159265358979323846;
  parameter Real m = 1.5 "mass in kg";
  parameter Real k = 0.9 "damping in kg/s";
  parameter Real l = 1 "rope length in m";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real phi0 = pi/4 "initial angle from the upward vertical";
  parameter Real w0 = 15 "initial angular velocity in 1/s";
  parameter Real limit = pi/10 "amplitude that ends the basic run";
  parameter Boolean energy = false "false: stop at the first amplitude <= limit; true: kick";
  parameter Real gamma = 1 "factor of the kick phi' := gamma phi'";
  parameter Real eps = 1e-10 "relative band of the rope-taut condition";
  Real phi(start = phi0, fixed = true) "angle from the upward vertical";
  Real w(start = w0, fixed = true) "angular velocity phi'";
  Real x(start = 0, fixed = true) "horizontal position in flight";
  Real vx(start = 0, fixed = true);
  Real y(start = 0, fixed = true) "vertical position in flight (up)";
  Real vy(start = 0, fixed = true);
  Real F "rope force (41) in N";
  Real travel "angle travelled since the kick, in the direction of the kick";
  Boolean swinging(start = true);
  Integer falls(start = 0) "events F";
  Integer swings(start = 0) "events S";
  Integer turns(start = 0) "turning points phi' = 0 while swinging";
  discrete Real amplitude(start = 0) "|theta| (mod 2 pi) at the last turning point";
  Boolean small(start = false) "a turning point with amplitude <= limit was reached";
  discrete Real center(start = pi) "the hanging position phi = pi + 2 pi n the pendulum swings about";
  discrete Real phiTurn(start = 0) "phi at that turning point";
  Boolean kicked(start = false);
  discrete Real tKick(start = -1) "time of the kick";
  discrete Real wKick(start = 0) "phi' before the kick";
  discrete Real phiKick(start = 0);
  discrete Real dirKick(start = 1) "sign of phi' at the kick";
  discrete Real tB1(start = -1) "first passage of the hanging position (before the first fall)";
  discrete Real wB1(start = 0) "phi' there";
  discrete Real tF1(start = -1) "first event F";
  discrete Real phiF1(start = 0) "phi there";
  discrete Real wF1(start = 0);
  discrete Real tS1(start = -1) "first event S";
  discrete Real phiS1(start = 0);
  discrete Real wS1(start = 0);
  discrete Real tF2(start = -1) "first event F after the kick";
  discrete Real travelF2(start = -1) "travel at that event";
  discrete Real tS2(start = -1) "the event S after it";
  discrete Real tTurn2(start = -1) "first turning point after the kick (no fall before it)";
  discrete Real travelEnd(start = -1) "travel at the first F or turning point after the kick";
equation
  F = -g*m*cos(phi) + m*l*w^2;
  travel = dirKick*(phi - phiKick);
  der(phi) = if swinging then w else 0;
  der(w) = if swinging then -(k/m)*w + (g/l)*sin(phi) else 0;
  der(x) = if swinging then 0 else vx;
  der(vx) = if swinging then 0 else -(k/m)*vx;
  der(y) = if swinging then 0 else vy;
  der(vy) = if swinging then 0 else -g - (k/m)*vy;
  // The falling phase starts on the circle (x^2 + y^2 = l^2 up to rounding) moving inwards, so
  // the rope-taut relation is tangent to zero at its start: the band eps (1e-10 of l^2, a delay
  // of about 1e-11 s at the radial speed of several m/s at 'S') keeps rounding from deciding it.
  when F < 0 and pre(swinging) then
    swinging = false;
    reinit(x, l*sin(phi));
    reinit(y, l*cos(phi));
    reinit(vx, l*cos(phi)*w);
    reinit(vy, -l*sin(phi)*w);
    falls = pre(falls) + 1;
    swings = pre(swings);
    tF1 = if pre(falls) == 0 then time else pre(tF1);
    phiF1 = if pre(falls) == 0 then phi else pre(phiF1);
    wF1 = if pre(falls) == 0 then w else pre(wF1);
    tS1 = pre(tS1);
    phiS1 = pre(phiS1);
    wS1 = pre(wS1);
    tF2 = if pre(kicked) and pre(tF2) < 0 then time else pre(tF2);
    travelF2 = if pre(kicked) and pre(tF2) < 0 then pre(dirKick)*(phi - pre(phiKick)) else pre(travelF2);
    tS2 = pre(tS2);
  elsewhen x*x + y*y > l*l*(1 + eps) and not pre(swinging) then
    swinging = true;
    reinit(phi, atan2(x, y));
    reinit(w, (y*vx - x*vy)/(l*l));
    falls = pre(falls);
    swings = pre(swings) + 1;
    tF1 = pre(tF1);
    phiF1 = pre(phiF1);
    wF1 = pre(wF1);
    // phi and w: the values after the reset (the reinit expressions)
    tS1 = if pre(swings) == 0 then time else pre(tS1);
    phiS1 = if pre(swings) == 0 then atan2(x, y) else pre(phiS1);
    wS1 = if pre(swings) == 0 then (y*vx - x*vy)/(l*l) else pre(wS1);
    tF2 = pre(tF2);
    travelF2 = pre(travelF2);
    tS2 = if pre(tF2) >= 0 and pre(tS2) < 0 then time else pre(tS2);
  end when;
  when phi > pi and falls == 0 then
    tB1 = time;
    wB1 = w;
  end when;
  // Turning points (w is frozen in flight, so they occur while swinging); the first with
  // amplitude <= limit sets `small`.
  when {w < 0, w > 0} then
    turns = pre(turns) + 1;
    amplitude = abs(mod(phi, 2*pi) - pi);
  end when;
  when turns > 0 and amplitude <= limit then
    small = true;
    phiTurn = phi;
    center = pi + 2*pi*floor(phi/(2*pi));
  end when;
  when small and not energy then
    terminate("the amplitude does not exceed the limit any longer");
  end when;
  // The kick: the first zero crossing of theta = phi - center after that turning point.
  when energy and small and (phi - center)*(phiTurn - center) < 0 then
    kicked = true;
    tKick = time;
    wKick = w;
    phiKick = phi;
    dirKick = if w >= 0 then 1 else -1;
    reinit(w, gamma*w);
  end when;
  when kicked and turns == pre(turns) + 1 and tF2 < 0 then
    tTurn2 = time;
  end when;
  when tF2 >= 0 or tTurn2 >= 0 then
    travelEnd = travel;
  end when;
  when tS2 >= 0 or tTurn2 >= 0 then
    terminate("end of the energy-supply run");
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end Pendulum;
