// ARGESIM C21, case 1 (bouncing ball): parameter study of the Kelvin-Voigt contact in k and d.
//
// Source: C21 definition (SNE 26(2), 2016; ../../../shared/seeds/003_8797945dc09db84a.txt),
// section 2.3, "parameter studies": vary the stiffness k = 1e6 by a factor 100 at d = 500, then
// vary d (standard parameters otherwise). Five instances of KelvinVoigt.mo, simulated side by
// side (run with --lib <this folder>):
//   k = 1e4, 1e6, 1e8 N/m at d = 500 kg/s, and d = 50, 5000 kg/s at k = 1e6 N/m.
// The damping ratio of the contact oscillator is zeta = d/(2 sqrt(k)): 2.5, 0.25, 0.025 for
// the k series, 0.025, 2.5 for the d series. Without gravity the ratio of separation to impact
// speed depends on zeta alone, so k = 1e8 and d = 50 bounce alike (zeta = 0.025, many bounces
// until t_end), k = 1e4 and d = 5000 are both overdamped (zeta = 2.5), and the ball either does
// not leave the floor again (k = 1e4: the gravity force g exceeds what the slow spring returns)
// or leaves it once, slowly (d = 5000). The run script also sweeps a 5 x 5 grid of k and d for the
// first contact (the parameter plot of restitution over zeta).
model ParameterStudy "ARGESIM C21 Kelvin-Voigt ball: k = 1e4, 1e6, 1e8 at d = 500; d = 50, 5000 at k = 1e6"
  KelvinVoigt k1e4(k = 1e4, d = 500);
  KelvinVoigt k1e6(k = 1e6, d = 500) "the standard parameters";
  KelvinVoigt k1e8(k = 1e8, d = 500);
  KelvinVoigt d50(k = 1e6, d = 50);
  KelvinVoigt d5000(k = 1e6, d = 5000);
  annotation(experiment(StopTime = 30, Tolerance = 1e-10, Interval = 0.01));
end ParameterStudy;
