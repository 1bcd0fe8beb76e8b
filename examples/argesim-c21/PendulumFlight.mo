model PendulumFlight "ARGESIM C21 case 3: the phase falling (free flight) of the rotating pendulum"
  // What: the free flight (42) of the rotating pendulum of ARGESIM C21 (seed 003,
  // ../../../shared/seeds/003_*.txt, section 4.1): m x'' = -k x', m y'' = -m g - k y', with
  // the event S (46): x^2 + y^2 - l^2 crosses zero upwards (the rope gets taut), where it
  // terminates. One part of the hybrid decomposition run by study_pendulum.py with
  // PendulumDAE.mo: the start values are the position and velocity at event F (--override).
  // The flight starts on the circle moving inwards, so x^2 + y^2 - l^2 is zero up to rounding
  // at its start: the band eps (1e-10 of l^2, about 1e-11 s at the radial speed of several m/s
  // at S) keeps rounding from deciding the relation there.
  // Parameters (section 4.3): m = 1.5 kg, k = 0.9 kg/s, l = 1 m, g = 9.81 m/s2.
  parameter Real m = 1.5 "mass in kg";
  parameter Real k = 0.9 "damping in kg/s";
  parameter Real l = 1 "rope length in m";
  parameter Real g = 9.81 "gravitational acceleration in m/s2";
  parameter Real eps = 1e-10 "relative band of the rope-taut condition";
  Real x(start = 0, fixed = true);
  Real y(start = 0, fixed = true);
  Real vx(start = 0, fixed = true);
  Real vy(start = 0, fixed = true);
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -k*vx;
  m*der(vy) = -m*g - k*vy;
  when x*x + y*y > l*l*(1 + eps) then
    terminate("event S: the rope is taut again");
  end when;
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end PendulumFlight;
