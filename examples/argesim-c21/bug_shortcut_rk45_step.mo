// mocc defect reproducer (ARGESIM C21 case 2): the shortcut diode model RLCShortcut.mo with the
// runtime's Dormand-Prince solver at tolerance 1e-10:
//   build/mocc run examples/argesim-c21/bug_shortcut_rk45_step.mo --lib examples/argesim-c21 \
//     --solver rk45 --tolerance 1e-10 -o out.csv
// Expected: the run completes with 149 events, like cvode, cvode-adams, ida, arkode-erk and
// arkode-dirk at 1e-6 and 1e-10 and rk45 at 1e-6 (the right-hand side is continuous across the
// phase change: at w = -(R2 i + uC) = 0 both phases give the same derivatives).
// Observed (with StopTime 100e-6 or 500e-6; with 10e-6 the step sequence differs and it passes):
// exit 3 at the first event L, t = 3.35862854000500e-06 s (the reference
// reference_rlc.csv has t_L1 = 3.358628540035193e-06 s): "rk45: the step size fell to 3.6e-20
// at time 3.3586285400050027e-06, below what can advance time".
model bug_shortcut_rk45_step "RLCShortcut.mo: rk45 at tolerance 1e-10 stalls at the first event L"
  extends RLCShortcut;
  annotation(experiment(StopTime = 100e-6, Tolerance = 1e-10, Interval = 1e-7));
end bug_shortcut_rk45_step;
