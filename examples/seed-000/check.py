#!/usr/bin/python3
"""The ctest checks of the seed-000 examples (registered by CMakeLists.txt, label `examples`).

    /usr/bin/python3 check.py [--mocc PATH] [--override NAME=VALUE ...] TEST
    TEST: ball | ball_locators | pendulum | pendulum_natural | rotor

Each test runs mocc on its model (into a temporary folder) and checks the key numbers against
the closed forms of closed_forms.py (ball) or the independent scipy computation kept in this
folder (pendulum_reference.py -> pendulum_reference.csv, rotor_reference.py ->
rotor_reference.csv). Each tolerance is written next to its
check with its reason; they follow from the integrator tolerance TOL (the models' 1e-10, passed
explicitly) and the mathematics, never from what mocc printed. `--override` passes a parameter
change to every run, to see a check fail (e.g. --override k=1.001e4).

Conventions for the integration error (as in ../seed-004/check.py). CVODE keeps every local
error below TOL relative and absolute (weights 1/(TOL |x| + TOL)). We allow N_LOCAL such local
errors to add up (a 20-s run of the ball takes a few thousand steps; we allow 10000).
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms here, moccio in examples/
import closed_forms as cf  # noqa: E402
from moccio import Checks, check_main, run_model  # noqa: E402

TOL = 1e-10
N_LOCAL = 10000  # local errors allowed to accumulate (see above)
EPS = 2.220446049250313e-16


def run(args, tmp, model, extra=(), tag=""):
    return run_model(args, tmp, HERE, model, TOL, extra, tag)


# ---------------------------------------------------------------- the ball (section 5.1)
# Global error of (y, v): at most N_LOCAL local errors of TOL (1 + |y|) <= TOL (1 + Y_MAX) and
# TOL (1 + |v|) <= TOL (1 + V_MAX). The orbit is neutrally stable (undamped), so errors are not
# amplified exponentially, but an error dv of the speed changes every later period by
# dP/dvc dv: over the <= 10 periods of the run the event times drift by <= 10 |dP/dvc| dv.
V_MAX = math.sqrt(cf.VC ** 2 + (cf.M * cf.G) ** 2 / (cf.K * cf.M))  # fastest in contact (at y_eq)
DY = N_LOCAL * TOL * (1 + cf.Y_MAX)
DV = N_LOCAL * TOL * (1 + V_MAX)


def dP_dvc():
    """|dP/dvc| by a central difference of the closed form (vc enters Tf = 2vc/g and phi)."""
    def period(vc):
        return (2 * math.pi - 2 * math.atan2(vc / cf.W, cf.DELTA)) / cf.W + 2 * vc / cf.G
    h = 1e-6
    return abs(period(cf.VC + h) - period(cf.VC - h)) / (2 * h)


BOUND_T = DY / cf.VC + 10 * dP_dvc() * DV  # event time: position error / crossing speed + drift
# The located crossing: the locator brackets the root of y - r on the solver's interpolant to
# 100 eps (|t| + |h|) (h <= 1 s; see ../seed-004/check.py), so y(t_e) - r <= that times the
# speed |v| <= V_MAX, plus the rounding of y ~ 5 (4 ulp).
BOUND_Y_AT_EVENT = 100 * EPS * (cf.STOP + 1) * V_MAX + 4 * EPS * cf.Y_MAX


def ball_checks(c, r, label):
    ev = [e for e in r.events if e["kind"] != "terminal"]
    exact = cf.ball_events()
    c.true("%s: %d events, all state events (closed form: %d in 0..20 s)" % (label, len(ev), len(exact)),
           len(ev) == len(exact) and all(e["kind"] == "state" for e in ev),
           "every flight and contact alike, period %.6g s" % cf.PERIOD)
    n = min(len(ev), len(exact))
    worst_t = worst_y = 0.0
    ok_t = ok_y = ok_dir = True
    res = r.result
    for i in range(n):
        te = float(ev[i]["time"])
        ok_dir &= int(ev[i]["direction"]) == exact[i][1]
        dt = abs(te - exact[i][0])
        ok_t &= dt <= BOUND_T
        worst_t = max(worst_t, dt)
        dy = abs(res.at(te, "y", "left", tol=0.0) - cf.R)
        ok_y &= dy <= BOUND_Y_AT_EVENT
        worst_y = max(worst_y, dy)
    c.true("%s: directions alternate, contact begins first" % label, ok_dir and n > 0)
    c.true("%s: every event time within %.3g s of the closed form (worst %.3g s)" % (label, BOUND_T, worst_t),
           ok_t and n > 0, "position error / crossing speed + 10 periods of drift dP/dvc dv")
    c.true("%s: |y(t_e) - r| <= %.3g m at every event (worst %.3g m)" % (label, BOUND_Y_AT_EVENT, worst_y),
           ok_y and n > 0, "locator bracket times speed, plus rounding of y")
    return ev


def test_ball(args, tmp):
    c = Checks("seed000_ball: Karim's undamped spring-contact ball (section 5.1, Table 2) against its closed form")
    r = run(args, tmp, "SpringBall.mo")
    c.true("SpringBall.mo runs to its stop time", r.code == 0 and r.stats.get("end_time") == cf.STOP)
    if r.code != 0:
        return c.finish()
    ev = ball_checks(c, r, "cvode")
    if ev:
        c.near("first event (seed Table 3: 5.032575e-01)", float(ev[0]["time"]), cf.T1, BOUND_T,
               "as for every event")
    # Energy on every row: dE <= m |v| dv + |m g + k (y - r)| dy with the global errors above.
    res = r.result
    ty, tv = res.col["y"], res.col["v"]
    bound_e = cf.M * V_MAX * DV + (cf.M * cf.G + cf.K * (cf.R - cf.Y_MIN)) * DY
    worst = max(abs(cf.ball_energy(row[ty], row[tv]) - cf.E0) for row in res.rows)
    c.true("energy conserved on every row: max |E - E0| = %.3g J <= %.3g J" % (worst, bound_e),
           worst <= bound_e, "m |v| dv + |m g + k (y - r)| dy")
    ys = res.column("y")
    c.near("apex of the flights h0 + v0^2/(2g)", max(ys), cf.Y_MAX, DY + 0.5 * cf.G * 0.005 ** 2 * 1.01,
           "global error of y, plus the apex falling between output rows 0.01 s apart: g (0.005)^2/2")
    return c.finish()


def test_ball_locators(args, tmp):
    c = Checks("seed000_ball_locators: the ball with mocc's event locators (section 5.1, Table 4)")
    for loc in ("bisection", "illinois", "brent", "newton", "henon", "trapezoid"):
        r = run(args, tmp, "SpringBall.mo", ["--event-locator", loc], tag="_" + loc)
        c.true("%s: runs to its stop time" % loc, r.code == 0)
        if r.code == 0:
            ball_checks(c, r, loc)
    return c.finish()


# ---------------------------------------------------------------- the pendulum (section 5.2)
def pendulum_reference():
    with open(os.path.join(HERE, "pendulum_reference.csv"), newline="") as f:
        return [dict(r, **{k: float(r[k]) for k in r if k not in ("event", "kind")}) for r in csv.DictReader(f)]


# State magnitudes of the pendulum run: |phi| <= 2 pi, |omega| <= omega0 = 8, |x|, |y| <= 1,
# |vx|, |vy| <= L omega0 = 8; CVODE's local error weight is TOL (1 + |state|) <= 9 TOL.
P_STATE = 8.0
P_N_LOCAL = 1000  # local errors allowed to accumulate in a 5-s run (a few hundred steps)
P_STOP = 5.0
P_L, P_M, P_G, P_J, P_CP = 1.0, 0.75, 9.80665, 0.75, 0.97


def pendulum_kinds(events):
    """release / arm / catch from the event log's guard expression."""
    kinds = []
    for e in events:
        x = e["expression"].replace(" ", "")
        kinds.append("release" if x.startswith("Fa<") else "catch" if x.startswith("r>") else
                     "arm" if "epsArm" in x else "?")
    return kinds


def test_pendulum(args, tmp):
    return check_pendulum(args, tmp, "FilamentPendulum.mo", Checks(
        "seed000_pendulum: Karim's filament pendulum (section 5.2, Table 6) against scipy (pendulum_reference.csv)"))


def test_pendulum_natural(args, tmp):
    """The same system with its variable structure (FilamentPendulumNatural.mo, issue 15): the
    same reference, the same bounds (its states are the maximal model's, only not all at
    once), and the two switches of structure."""
    c = Checks("seed000_pendulum_natural: the filament pendulum with 2 <-> 4 states, a model per mode, against the same reference")
    r = check_pendulum(args, tmp, "FilamentPendulumNatural.mo", c, finish=False)
    if r is not None:
        c.true("the summary counts 2 modes and 2 switches (release, catch)",
               "modes: 2 used, 2 switches" in r.text)
    return c.finish()


def check_pendulum(args, tmp, model, c, finish=True):
    """Checks a filament-pendulum model; with finish, returns the exit code, else the run (None
    when it failed)."""
    ref = pendulum_reference()
    r = run(args, tmp, model)
    c.true(model + " runs to its stop time", r.code == 0 and r.stats.get("end_time") == P_STOP)
    if r.code != 0:
        return c.finish() if finish else None
    ev = [e for e in r.events if e["kind"] not in ("terminal", "mode")]
    kinds = pendulum_kinds(ev)
    c.true("events: release, arm, catch (got %s)" % ", ".join(kinds), kinds == ["release", "arm", "catch"],
           "the reference has one release and one catch in 0..5 s; the damped pendulum then stays taut")
    res = r.result
    for want in ref:
        got = [e for e, k in zip(ev, kinds) if k == want["kind"]]
        if not got:
            c.true("a %s event" % want["kind"], False)
            continue
        te = float(got[0]["time"])
        # Linearised propagation of the integrator's error: at most P_N_LOCAL local errors of
        # TOL (1 + |state|) <= 9 TOL each, times the largest sensitivity of this event time to
        # a perturbation of the state at any earlier time (computed by pendulum_reference.py),
        # plus the reference's own error (rtol 1e-12 -> < 1e-10 s, well inside).
        bound = P_N_LOCAL * TOL * (1 + P_STATE) * want["sensitivity"] + 1e-10
        c.near("%s time (reference)" % want["kind"], te, want["time"], bound,
               "N local errors x sensitivity %.3g s" % want["sensitivity"])
        if want["kind"] == "release":
            phi, om = want["phi"], want["omega"]
            # F_a' from (100): the rate at which the guard crosses 0
            dfa = P_M * P_G * math.sin(phi) * om + 2 * P_M * P_L * om / P_J * (P_M * P_G * P_L * math.sin(phi) - P_CP * om)
            fa = res.at(te, "Fa", "left", tol=0.0)
            b = 100 * EPS * (2 * P_STOP) * abs(dfa) + 8 * EPS * P_M * (P_G + P_L * P_STATE ** 2)
            c.near("F_a(t_e) at the release (seed Table 7/8: 4.4e-16 .. 3.1e-8)", fa, 0.0, b,
                   "locator bracket 100 eps (|t| + |h|) x |F_a'| = %.3g, plus rounding of F_a" % abs(dfa))
        else:
            vr = (want["x"] * want["vx"] + want["y"] * want["vy"]) / P_L
            rr = res.at(te, "r", "left", tol=0.0)
            b = 100 * EPS * (2 * P_STOP) * abs(vr) + 4 * EPS * P_L
            c.near("r(t_e) - L at the catch (seed Table 8: 0 .. 2.9e-12)", rr - P_L, 0.0, b,
                   "locator bracket x radial speed %.3g, plus rounding of r" % abs(vr))
    # After the catch the filament stays taut: F_a > 0 on every row.
    t_col, fa_col, free_col = res.col["time"], res.col["Fa"], res.col["free"]
    tc = ref[-1]["time"]
    after = [row for row in res.rows if row[t_col] > tc + 1e-6]
    c.true("after the catch: pendulum structure and F_a > 0 on every row (%d rows)" % len(after),
           after and all(row[free_col] == 0 and row[fa_col] > 0 for row in after))
    return c.finish() if finish else r


# ---------------------------------------------------------------- the rotor-stator (section 5.3)
R_STATE = 10.0  # |state| <= 10: positions per clearance ~1, their rates per revolution <= 2 pi
R_N_LOCAL = 2000  # local errors allowed to accumulate in 2 revolutions (~1500 steps)
R_STOP = 2.0
R_C, R_KH, R_CH, R_OMEGA = 0.024, 100000.0, 7.0, 101.0


def rotor_reference():
    with open(os.path.join(HERE, "rotor_reference.csv"), newline="") as f:
        return [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]


def test_rotor(args, tmp):
    c = Checks("seed000_rotor: Karim's rotor-stator contact (section 5.3, Table 10) against scipy (rotor_reference.csv)")
    ref = rotor_reference()
    r = run(args, tmp, "RotorStator.mo")
    c.true("RotorStator.mo runs to its stop time", r.code == 0 and r.stats.get("end_time") == R_STOP)
    if r.code != 0:
        return c.finish()
    res = r.result
    sw = res.jumps("qc")
    c.true("%d switches of q_c (reference: %d), alternating from contact" % (len(sw), len(ref)),
           len(sw) == len(ref) and all(int(q) == int(w["qc_after"]) for (_, q), w in zip(sw, ref)),
           "the compound guards (140) on the reference trajectory")
    # d' <= c |D'| <= c R_STATE per revolution; f_n' <= k_h c R_STATE + c_h omega/(2 pi) c |D''|,
    # |D''| <= Ar^2 |state| + forcing ~ 400 R_STATE: a priori rates of the two guard functions.
    dd = R_C * R_STATE
    dfn = R_KH * R_C * R_STATE + R_CH * R_OMEGA / (2 * math.pi) * R_C * 400 * R_STATE
    bracket = 100 * EPS * (2 * R_STOP)  # the locator's bracket 100 eps (|t| + |h|), h <= stop
    for (te, q), want in zip(sw, ref):
        # N local errors of TOL (1 + |state|) times the sensitivity of this switching time to a
        # perturbation of the state at an earlier switch (rotor_reference.py), plus the
        # reference's own error (rtol 1e-12, < 1e-9 here).
        bound = R_N_LOCAL * TOL * (1 + R_STATE) * want["sensitivity"] + 1e-9
        c.near("switch %d (q_c -> %d) time" % (want["event"], q), te, want["time"], bound,
               "N local errors x sensitivity %.3g" % want["sensitivity"])
        d = res.at(te, "d", "left", tol=0.0)
        fn = res.at(te, "fn", "left", tol=0.0)
        if q == 1:
            c.near("  contact begins at d = 0 (f_n = %.3g > 0 already)" % fn, d, 0.0,
                   bracket * dd + 4 * EPS * R_C * 2, "locator bracket x |d'|, plus rounding")
            c.true("  f_n > 0 there, as in the reference (%.3g)" % want["fn"], fn > 0 and want["fn"] > 0)
        else:
            c.near("  contact ends at f_n = 0 (d = %.3g m > 0 still)" % d, fn, 0.0,
                   bracket * dfn + 8 * EPS * R_KH * R_C * 2, "locator bracket x |f_n'|, plus rounding")
            c.true("  d > 0 there, as in the reference (%.3g m): the f_n <= 0 branch of (140) ends it" % want["d"],
                   d > 0 and want["d"] > 0)
    qt, vt = res.column("qt"), res.column("vt")
    c.true("q_t = 1 held on every row, v_t > 0 (min %.6g m/s)" % min(vt), all(v == 1 for v in qt) and min(vt) > 0,
           "v_t ~ omega Dr/2 = 101 m/s never reaches 0")
    return c.finish()


def main():
    tests = {"ball": test_ball, "ball_locators": test_ball_locators, "pendulum": test_pendulum,
             "pendulum_natural": test_pendulum_natural, "rotor": test_rotor}
    return check_main(__doc__.split("\n")[0], "seed000_", tests)


if __name__ == "__main__":
    sys.exit(main())
