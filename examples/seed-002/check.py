#!/usr/bin/python3
"""The ctest checks of the seed-002 examples (registered by CMakeLists.txt, label `examples`).

    /usr/bin/python3 check.py [--mocc PATH] [--tolerance TOL] [--override NAME=VALUE ...] TEST
    TEST: pendulum_ode | pendulum_dae | balls | balls_roc

Each test runs mocc on its model (into a temporary folder) and checks the key numbers against
the closed forms of closed_forms.py (pendulum: conserved energy, exact period, small-amplitude
period) or the independent scipy computation kept here (balls_reference.py ->
balls_reference.csv). Each tolerance is written next to its check with its reason; they follow
from the integrator tolerance TOL = 1e-10 and the mathematics, never from what mocc printed.
To see a check fail: `--override g=9.82` (the period moves by 5e-4 relative) or
`--tolerance 1e-5` (mocc runs looser than the bounds assume).

Conventions for the integration error (as in ../seed-000/check.py): CVODE keeps every local
error below TOL relative and absolute (weights 1/(TOL |x| + TOL)); we allow N_LOCAL = 10000
such local errors to add up (the runs take a few thousand steps).
"""
import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms here, moccio in examples/
import closed_forms as cf  # noqa: E402
from moccio import Checks, check_main, run_model  # noqa: E402

TOL = 1e-10
N_LOCAL = 10000
EPS = 2.220446049250313e-16


def run(args, tmp, model, extra=(), tag=""):
    return run_model(args, tmp, HERE, model, args.tolerance, extra, tag)


# ---------------------------------------------------------------- the pendulum (section 3.5)
# Global errors of theta and omega: N_LOCAL local errors of TOL (1 + |x|).
DTHETA = N_LOCAL * TOL * (1 + cf.THETA_MAX)
DOMEGA = N_LOCAL * TOL * (1 + cf.OMEGA_MAX)
# Energy: dE <= |dE/dtheta| dtheta + |dE/domega| domega, dE/dtheta = m g (l/2) sin(theta),
# dE/domega = I_O omega; plus the rounding of E ~ 160 J (8 ulp).
BOUND_E = cf.M * cf.G * cf.L / 2 * math.sin(cf.THETA_MAX) * DTHETA + cf.I_O * cf.OMEGA_MAX * DOMEGA \
    + 8 * EPS * abs(cf.E0)


def up_crossings(res):
    """Times where theta crosses 0 upwards: one Newton step t_a - theta_a/omega_a from the row
    nearer the crossing. Its error is |theta''| dt^2/(2 |omega|) with theta'' = -W2 sin(theta),
    |theta_a| <= |omega| dt: at most W2 dt^3/2 for dt <= half the output interval."""
    th, om = res.column("theta"), res.column("omega")
    ts = res.column("time")
    out = []
    for i in range(len(ts) - 1):
        if th[i] < 0 <= th[i + 1] and ts[i + 1] > ts[i]:
            j = i if -th[i] < th[i + 1] else i + 1
            out.append(ts[j] - th[j] / om[j])
    return out


def crossing_error(interval):
    return cf.W2 * (interval / 2) ** 3 / 2


def pendulum_checks(c, r, label):
    res = r.result
    # 1. energy on every row
    es = res.column("E")
    drift = max(es) - min(es)
    c.near("%s: E(0) (seed: |E(0)| = 159.93 J)" % label, es[0], cf.E0, 8 * EPS * abs(cf.E0),
           "initial state exact; rounding of E")
    c.true("%s: Delta E = max E - min E = %.3g J <= %.3g J" % (label, drift, 2 * BOUND_E),
           drift <= 2 * BOUND_E, "two rows each off by |dE/dtheta| dtheta + |dE/domega| domega")
    # 2. the period from consecutive upward crossings of theta = 0
    ups = up_crossings(res)
    t_exact = cf.period(cf.THETA0, cf.OMEGA0)
    c.true("%s: %d upward crossings in 0..5 s (exact period %.6g s: 3)" % (label, len(ups), t_exact),
           len(ups) == 3)
    bound_p = 2 * (DTHETA / cf.OMEGA_MAX + crossing_error(0.001))
    for a, b in zip(ups, ups[1:]):
        c.near("%s: period (elliptic closed form 4 K(sin(theta_max/2))/w_n)" % label, b - a, t_exact, bound_p,
               "two crossings, each off by dtheta/|omega| and the Newton step's W2 dt^3/2")
    return ups


def test_pendulum(args, tmp, model):
    dae = model == "PendulumDAE.mo"
    c = Checks("seed002_pendulum_%s: Compere's compound pendulum (section 3.5, Table %s) as %s"
               % ("dae" if dae else "ode", "3.2" if dae else "3.1",
                  "an index-3 DAE" if dae else "an ODE"))
    r = run(args, tmp, model)
    c.true("%s runs to t = 5 s" % model, r.code == 0 and r.stats.get("end_time") == cf.STOP)
    if r.code != 0:
        return c.finish()
    ups = pendulum_checks(c, r, "cvode")
    if dae:
        res = r.result
        worst = 0.0
        for row in res.rows:
            th = row[res.col["theta"]]
            worst = max(worst, abs(row[res.col["xg"]] - cf.L / 2 * math.cos(th)),
                        abs(row[res.col["yg"]] - cf.L / 2 * math.sin(th)))
        c.true("constraints (3.32) on every row: max residual %.3g m <= TOL = %.3g m" % (worst, TOL),
               worst <= TOL, "index reduction keeps the position constraints as equations solved at "
               "every point: no drift-off, whose size would be ~N_LOCAL TOL")
        # the same trajectory as the ODE (seed section 3.5.3: indistinguishable)
        ro = run(args, tmp, "PendulumODE.mo")
        if ro.code == 0:
            th_o, th_d = ro.result.column("theta"), res.column("theta")
            d = max(abs(a - b) for a, b in zip(th_o, th_d))
            c.true("theta(t) of DAE and ODE agree on every row: %.3g rad <= %.3g rad" % (d, 2 * DTHETA),
                   len(th_o) == len(th_d) and d <= 2 * DTHETA, "each within the global error dtheta")
    else:
        # the small-amplitude period 2 pi sqrt(2 l/(3 g)) (seed Fig. 3.5: w_n = sqrt(3 g/2 l))
        th0 = 0.01
        # (through the parameters theta0, omega0, which both forms start from)
        rs = run(args, tmp, model, ["--override", "theta0=%r" % th0, "--override", "omega0=0"], "_small")
        ups = up_crossings(rs.result) if rs.code == 0 else []
        c.true("small amplitude (theta0 = 0.01 rad, omega0 = 0): 3 upward crossings", len(ups) == 3)
        # errors: crossing speed w_n theta0; the amplitude correction of the period theta0^2/16
        bound = 2 * (DTHETA / (cf.W * th0) + crossing_error(0.001)) \
            + cf.SMALL_PERIOD * (th0 ** 2 / 16) * 1.01
        for a, b in zip(ups, ups[1:]):
            c.near("small-amplitude period 2 pi/w_n", b - a, cf.SMALL_PERIOD, bound,
                   "crossings off by dtheta/(w_n theta0) + W2 dt^3/2 each, plus the amplitude "
                   "correction T theta0^2/16 (1% margin on that series term)")
    return c.finish()


# ---------------------------------------------------------------- the 100 balls (section 5.3.3)
def load_reference():
    import csv
    with open(os.path.join(HERE, "balls_reference.csv"), newline="") as f:
        return list(csv.DictReader(f))


H0, DH, G, STOP, N = 1.0, 1e-9, 9.81, 3.7, 100


def test_balls(args, tmp):
    c = Checks("seed002_balls: Compere's 100 bouncing balls (section 5.3.3, Table 5.5)")
    ref = load_reference()
    # (1) at the seed's tolerance 1e-3 (N_ev of Table 5.5): the count of switches is structural.
    # Every ball has 12 switches in 0..3.7 s: the reference's 12th is at 3.4847 s, its 13th at
    # 3.8201 s, both far (> 0.1 s) from the stop time compared with any timing error.
    r3 = run(argparse.Namespace(**dict(vars(args), tolerance=1e-3)), tmp, "BouncingBalls.mo", tag="_1e-3")
    c.true("tolerance 1e-3: runs to 3.7 s", r3.code == 0 and r3.stats.get("end_time") == STOP)
    ev3 = [e for e in (r3.events or []) if e["kind"] != "terminal"]
    c.true("tolerance 1e-3: N_ev = %d state events = 12 switches x 100 balls = 1200 (seed Table 5.5, no ROC: "
           "1200)" % len(ev3), len(ev3) == 1200 and all(e["kind"] == "state" for e in ev3),
           "one event per crossing without a region of concurrency")
    # (2) at TOL = 1e-10: every ball's switches, and those of balls 1 and 100 against the reference.
    r = run(args, tmp, "BouncingBalls.mo")
    c.true("tolerance %g: runs to 3.7 s" % args.tolerance, r.code == 0 and r.stats.get("end_time") == STOP)
    ev = [e for e in (r.events or []) if e["kind"] != "terminal"]
    per = {}
    for e in ev:
        per.setdefault(e["expression"], []).append(e)
    ok = len(per) == N and all(len(v) == 12 and [int(x["direction"]) for x in v] == [-1, 1] * 6
                               for v in per.values())
    c.true("every ball: 12 switches, contact beginning (direction -1) and ending (+1) alternately", ok)
    # Ordering within each group of 100: ball i + 1 starts 1e-9 m higher, so it switches
    # ~2.26e-10 s after ball i at every switch (all balls alike up to that shift).
    groups_ok = len(ev) == 1200 and all(
        [x["expression"] for x in ev[100 * k:100 * (k + 1)]] == ["y[%d] < 0" % (i + 1) for i in range(N)]
        for k in range(12))
    c.true("each of the 12 groups holds the 100 balls once, in the order of their heights", groups_ok)
    # Event times against the reference. Global errors DY = N_LOCAL TOL (1 + h0) and
    # DV = N_LOCAL TOL (1 + v_max); a switch is off by DY/|v| (|v| the reference's crossing
    # speed), and a speed error dv shifts every later flight by 2 dv/g: 6 flights at most.
    dy = N_LOCAL * TOL * (1 + H0)
    dv = N_LOCAL * TOL * (1 + math.sqrt(2 * G * H0))
    for ball in (1, 100):
        mine = [float(x["time"]) for x in per.get("y[%d] < 0" % ball, [])]
        rr = [x for x in ref if int(x["ball"]) == ball][:12]
        worst, ok = 0.0, len(mine) == 12
        bound_w = 0.0
        for i, x in enumerate(rr[:len(mine)]):
            b = dy / abs(float(x["v"])) + 6 * 2 * dv / G
            d = abs(mine[i] - float(x["time"]))
            ok &= d <= b
            worst = max(worst, d)
            bound_w = max(bound_w, b)
        c.true("ball %d: 12 switch times within the bound of the scipy DOP853 reference (worst %.3g s, "
               "bound <= %.3g s)" % (ball, worst, bound_w), ok,
               "DY/|v| at the switch + 6 flights x 2 DV/g")
    # The spacing of ball 1 and ball 100 at the first contact: 99 dh / sqrt(2 g h0) (seed: events
    # ~2.26e-10 s apart).
    if len(per) == N:
        t1 = float(per["y[1] < 0"][0]["time"])
        t100 = float(per["y[100] < 0"][0]["time"])
        want = math.sqrt(2 * (H0 + 99 * DH) / G) - math.sqrt(2 * H0 / G)
        c.near("first contact of ball 100 minus ball 1 (closed form sqrt(2 h/g) difference)", t100 - t1, want,
               2 * dy / math.sqrt(2 * G * H0),
               "two crossings, each off by DY/|v|; free fall is exact for any Runge-Kutta/BDF "
               "polynomial, but we do not rely on it")
    return c.finish()


# Compere's region of concurrency with the seed's tolerances (section 5.3.3).
EPS_C, EPS_ROC = 1e-7, 1e-6
M, K, D = 1.0, 1e4, 10.0  # BouncingBalls.mo's mass, contact stiffness and damping


def test_balls_roc(args, tmp):
    c = Checks("seed002_balls_roc: the 100 balls with the region of concurrency (eps_c = 1e-7 s, "
               "eps_ROC = 1e-6 m)")
    ref = load_reference()
    r = run(args, tmp, "BouncingBalls.mo", ["--concurrency-window", repr(EPS_C),
                                            "--concurrency-amplitude", repr(EPS_ROC)], "_roc")
    c.true("tolerance %g: runs to 3.7 s" % args.tolerance, r.code == 0 and r.stats.get("end_time") == STOP)
    rows = [e for e in (r.events or []) if e["kind"] == "state"]
    per = {}
    for e in rows:
        per.setdefault(e["expression"], []).append(e)
    c.true("every ball: 12 switches, contact beginning and ending alternately (no crossing lost in a group)",
           len(per) == N and all([int(x["direction"]) for x in v] == [-1, 1] * 6 for v in per.values()))
    # Integrator restarts (N_ev, the seed's count) and the crossings handled inside their steps.
    stops, inside = r.stats.get("state_events", 0), r.stats.get("concurrent_events", 0)
    c.true("N_ev = %d restarts for %d crossings (seed Table 5.5 with ROC: 18)" % (stops, stops + inside),
           stops + inside == 12 * N == len(rows))
    # The first contacts of the 100 balls are 99 dh / sqrt(2 g h0) = 2.2e-8 s < eps_c apart, and
    # ball 1 is then 99 dh = 9.9e-8 m < eps_ROC deep: they make one group, 99 of them inside.
    c.true("crossings handled inside another's step: %d >= 99 (the first contacts' group alone)" % inside,
           inside >= N - 1, "spread 2.2e-8 s < eps_c and depth 9.9e-8 m < eps_ROC (closed form)")
    # Switch times of balls 1 and 100 against the reference: the bound of test_balls, plus for
    # the k-th switch what the k - 1 earlier ones inside a region may have cost: each ball goes
    # on with the old force law up to eps_c past its switch until the restart, which changes its
    # speed by at most the force it missed, (K eps_c v + D v) eps_c / M, and lengthens each of
    # the (at most 6) later flights by twice that over g; and a state it reaches up to eps_c late.
    dy = N_LOCAL * TOL * (1 + H0)
    dv = N_LOCAL * TOL * (1 + math.sqrt(2 * G * H0))
    v_max = math.sqrt(2 * G * H0)
    missed_dv = (K * EPS_C * v_max + D * v_max) * EPS_C / M
    for ball in (1, 100):
        mine = [float(x["time"]) for x in per.get("y[%d] < 0" % ball, [])]
        rr = [x for x in ref if int(x["ball"]) == ball][:12]
        ok, worst, bound_w = len(mine) == 12, 0.0, 0.0
        for k, x in enumerate(rr[:len(mine)]):
            b = dy / abs(float(x["v"])) + 6 * 2 * dv / G + k * (EPS_C + 6 * 2 * missed_dv / G)
            d = abs(mine[k] - float(x["time"]))
            ok &= d <= b
            worst, bound_w = max(worst, d), max(bound_w, b)
        c.true("ball %d: 12 switch times within the bound of the scipy reference (worst %.3g s, "
               "bound <= %.3g s)" % (ball, worst, bound_w), ok,
               "the integration error as in seed002_balls, plus eps_c and the missed force per earlier switch")
    return c.finish()


def main():
    def tolerance(parser):
        parser.add_argument("--tolerance", type=float, default=TOL,
                            help="mocc's tolerance (the bounds assume 1e-10; change it to see "
                                 "checks fail)")

    tests = {"pendulum_ode": lambda args, tmp: test_pendulum(args, tmp, "PendulumODE.mo"),
             "pendulum_dae": lambda args, tmp: test_pendulum(args, tmp, "PendulumDAE.mo"),
             "balls": test_balls,
             "balls_roc": test_balls_roc}
    return check_main(__doc__.split("\n")[0], "seed002_", tests, tolerance)


if __name__ == "__main__":
    sys.exit(main())
