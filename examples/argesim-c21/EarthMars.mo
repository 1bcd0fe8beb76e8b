// ARGESIM C21, case 1 (bouncing ball): the bouncing ball on Earth and on Mars.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.3, "bouncing ball on Mars": simulate 30 s with g_M = 3.69 m/s2 and
// beta_M = 2.3e-4 1/m instead of g = 9.81 m/s2 and beta = 0.002 1/m, and compare position and
// velocity. Run with --lib <this folder>.
//   earth, mars: the Kelvin-Voigt ball (KelvinVoigt.mo, standard k = 1e6, d = 500) - the
//                definition's experiment;
//   linearEarth, linearMars: the linear event-contact ball (EventContactRest.mo, beta = 0),
//                whose bounce times scale exactly with sqrt(g_E/g_M) = 1.6305 and its speeds
//                with sqrt(g_M/g_E) (eq. 15: t_B,m is proportional to sqrt(2 x0/g)), a closed-form
//                check of the planets' comparison. The rest rule's vmin (1e-3 m/s on Earth) is
//                scaled with the speeds, so that the whole motion scales (within 30 s the Mars
//                ball bounces 11 times: its t_inf is 1.63 x 27.13 = 44.2 s).
// Tolerance 1e-12: the linear balls' last flights are 5e-8 m high on Earth (EventContactRest.mo).
model EarthMars "ARGESIM C21 bouncing ball on Earth and on Mars"
  parameter Real gEarth = 9.81 "m/s2";
  parameter Real betaEarth = 0.002 "1/m";
  parameter Real gMars = 3.69 "m/s2";
  parameter Real betaMars = 2.3e-4 "1/m";
  KelvinVoigt earth(g = gEarth, beta = betaEarth);
  KelvinVoigt mars(g = gMars, beta = betaMars);
  EventContactRest linearEarth(g = gEarth, beta = 0);
  EventContactRest linearMars(g = gMars, beta = 0, vmin = 1e-3*sqrt(gMars/gEarth));
  annotation(experiment(StopTime = 30, Tolerance = 1e-12, Interval = 0.01));
end EarthMars;
