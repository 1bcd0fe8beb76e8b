#!/usr/bin/python3
"""The ctest checks of the seed-001 examples (registered by CMakeLists.txt, label `examples`).

    /usr/bin/python3 check.py [--mocc PATH] [--override NAME=VALUE ...] TEST
    TEST: relay_loop | relay_scope | twin_relays | sampled_loop | digital_filter | stiction_motor

Each test runs mocc on its model (into a temporary folder) and checks the key numbers against
closed forms (closed_forms.py) or, for the stiction motor, against the kept 30-digit reference
(motor_reference.py -> motor_reference_*.csv). Each tolerance is written next to its check with
its reason; they follow from the integrator tolerance TOL (the models' 1e-10, passed
explicitly) and the mathematics, never from what mocc printed. `--override` passes a parameter
change to the run, to see a check fail (e.g. --override delta=0.1001).

Conventions for the integration error. CVODE keeps every local error below TOL relative and
absolute (weights 1/(TOL |x| + TOL)). We allow N = 1000 such local errors to add up, so a
state's global error is at most N TOL (1 + |x|max) times the largest growth of the error by the
model's dynamics, kappa = max_t ||e^(A t)|| (1 for a contracting scalar lag; computed from the
model's matrices where there are several states). An event located on the numerical solution
moves by the error of its crossing function divided by the rate at which that function crosses
zero (from the closed form), plus the locator's bracket 100 eps (|t| + |h|).
"""
import csv
import math
import os
import sys

import numpy as np
from scipy.linalg import expm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms here, moccio in examples/
import closed_forms as cf  # noqa: E402
from moccio import Checks, check_main, run_model  # noqa: E402

TOL = 1e-10
N_LOCAL = 1000
EPS = 2.220446049250313e-16


def locator(t, h=1.0):
    return 100 * EPS * (abs(t) + h)


def kappa(A, horizon, n=2001):
    """max over [0, horizon] of the 2-norm of e^(A t): how much an error can grow."""
    return max(np.linalg.norm(expm(np.asarray(A) * t), 2) for t in np.linspace(0, horizon, n))


def run(args, tmp, model, extra=()):
    return run_model(args, tmp, HERE, model, TOL, extra, show_failure=False)


def ran(c, r, model, expect=0):
    ok = c.true("%s exits with %d" % (model, expect), r.code == expect and r.result is not None)
    if not ok:
        print(r.text)
    return ok


def compare_times(c, label, got, want, bounds, reason):
    c.true("%s: %d found, %d expected" % (label, len(got), len(want)), len(got) == len(want))
    worst, ok = 0.0, True
    for k, (a, b, bd) in enumerate(zip(got, want, bounds)):
        d = abs(a - b)
        worst = max(worst, d / bd)
        if d > bd:
            ok = False
            print("     %s %d: %.17g vs %.17g, diff %.3g > bound %.3g" % (label, k + 1, a, b, a - b, bd))
    c.true("%s: every time within its bound (worst %.3g of it; %s)" % (label, worst, reason), ok)


# ------------------------------------------------------------------------------------------
def test_relay_loop(args, tmp):
    c = Checks("seed001_relay_loop: Zhang 7.2.2, relay with hysteresis, switching times by logarithms")
    r = run(args, tmp, "RelayLoop.mo")
    if not ran(c, r, "RelayLoop.mo"):
        return c.finish()
    res = r.result
    ref = cf.relay_loop_switches()
    got = res.jumps("switches")
    # v = 10 xg; xg' = -50 xg + u contracts, so |dv| <= 10 N TOL (1 + |xg|max), |xg| <= 0.02.
    dv = 10 * N_LOCAL * TOL * 1.02
    # v crosses +-delta at the rate |v'| = |-50 level + 10 u| (u the square wave there) = 5.
    bounds = []
    for t, on in ref:
        u = -1.0 if math.floor(t / (math.pi / cf.RL_W)) % 2 == 0 else 1.0
        level = cf.RL_DELTA if on else -cf.RL_DELTA
        bounds.append(dv / abs(-50 * level + 10 * u) + locator(t))
    compare_times(c, "switch", [t for t, _ in got], [t for t, _ in ref], bounds,
                  "10 N TOL / |v'| + locator")
    c.true("the relay level after each switch", all((n % 2 == 1) == on for (_, n), (_, on) in zip(got, ref)),
           "switch n turns the relay on for odd n")
    # y = 100 z1 of H(s): its own integration error 100 N TOL (1 + |z|) kappa_H, plus the effect
    # of the switching errors: a switch late by dt changes yr by 2K for dt, which moves y by at
    # most 2K dt max|h| (h the impulse response of H); summed over the switches.
    times = [float(k) for k in range(1, 11)]
    exact = cf.relay_loop_output(times)
    k_h = kappa(cf.RL_AH, 10.0)
    h_max = max(abs(100 * expm(cf.RL_AH * t)[0] @ cf.RL_BH) for t in np.linspace(0, 10, 2001))
    bound = 100 * N_LOCAL * TOL * 1.01 * k_h + 2 * cf.RL_K * h_max * sum(bounds)
    worst = max(abs(res.at(t, "y") - y) for t, y in zip(times, exact))
    c.near("y at t = 1..10 s, worst deviation from the exact propagation", worst, 0.0, bound,
           "100 N TOL kappa_H + 2K max|h| * sum of the switch bounds")
    return c.finish()


def test_relay_scope(args, tmp):
    c = Checks("seed001_relay_scope: Zhang 8.3, relay with hysteresis around sin(t) (scopes u and y)")
    r = run(args, tmp, "RelayScope.mo")
    if not ran(c, r, "RelayScope.mo"):
        return c.finish()
    res = r.result
    ref = cf.relay_scope_switches()
    got = res.jumps("switches")
    # x1' = -x1 + sin t contracts: |dx1| <= N TOL (1 + 0.3); rate |x1'| = |sin t - level| there.
    bounds = [N_LOCAL * TOL * 1.3 / abs(math.sin(t) - (cf.RS_DELTA if on else -cf.RS_DELTA)) + locator(t)
              for t, on in ref]
    compare_times(c, "switch", [t for t, _ in got], [t for t, _ in ref], bounds, "N TOL (1 + |x1|) / |x1'|")
    times = [float(k) for k in range(1, 11)]
    exact = cf.relay_scope_output(times)
    # x2' = -3 x2 + u contracts: N TOL (1 + |x2|), |x2| <= 1/3; a switch late by dt moves x2 by at
    # most 2 dt; y = 7 x2 + u.
    bound = 7 * (N_LOCAL * TOL * 1.34 + 2 * sum(bounds))
    worst = max(abs(res.at(t, "y") - v[1]) for t, v in zip(times, exact))
    c.near("y at t = 1..10 s, worst deviation from the closed form", worst, 0.0, bound,
           "7 (N TOL (1 + |x2|) + 2 * sum of the switch bounds)")
    return c.finish()


def twin_bounds(count):
    """Bounds on the k-th crossing time: a crossing located with a position error eps = N TOL
    moves by eps/v_j (v_j the speed there, unit acceleration) and shifts every later crossing by
    at most (1 + 2e/(1 - e)) times that (the reset speed changes by e times the same amount)."""
    e = cf.TR_E
    v1 = math.sqrt(2 * cf.TR_X0)
    eps = N_LOCAL * TOL
    out, acc = [], 0.0
    for j in range(count):
        v = e ** j * v1
        acc += (1 + 2 * e / (1 - e)) * eps / v
        out.append(acc + locator(7.0))
    return out


def test_twin_relays(args, tmp):
    c = Checks("seed001_twin_relays: Zhang 4.4/8.1, twin relays with 0.8 reset (simultaneous, Zeno at 9 sqrt(0.5))")
    r = run(args, tmp, "TwinRelays.mo")
    if not ran(c, r, "TwinRelays.mo"):
        return c.finish()
    res = r.result
    j1, j2 = res.jumps("n1"), res.jumps("n2")
    ref = [t for t in cf.twin_relays_times(60) if t < 6.0]
    bounds = twin_bounds(len(ref))
    compare_times(c, "crossing of x1", [t for t, _ in j1], ref, bounds, "9 sum eps/v_j, eps = N TOL")
    c.true("the crossings of x3 are those of x1 (the same instants)",
           [t for t, _ in j1] == [t for t, _ in j2], "x3 = -x1 at all times: one event for both")
    worst = max(abs(a + b) for a, b in zip(res.column("x1"), res.column("x3")))
    c.near("max |x1 + x3| over the run", worst, 0.0, N_LOCAL * TOL, "mirror symmetry, at most N TOL")
    # Speed just after the j-th reset: e^j v1 (x2 alternates in sign); off by the crossing's
    # position error's effect on the speed (unit acceleration: the time bound) times e.
    ok, worst = True, 0.0
    for j, (t, _) in enumerate(j1, start=1):
        x2 = res.at(t, "x2", "right", tol=0.0)
        want = cf.twin_relays_speed_after(j)
        d = abs(abs(x2) - want)
        bd = bounds[j - 1] + N_LOCAL * TOL
        worst = max(worst, d / bd)
        ok &= d <= bd
    c.true("|x2| after each reset = 0.8^j sqrt(0.5) (worst %.3g of the crossing-time bound + N TOL)" % worst, ok)

    # Past the accumulation point: mocc must stop there (exit 3, Zeno). The crossings stay
    # meaningful while the apex v^2/2 exceeds eps = N TOL, i.e. down to v* = sqrt(2 eps); from
    # there at most 2 e v*/(1 - e) s remain to t_Z, and the crossings until then have drifted by
    # at most 9 eps/(v* (1 - e)) (the sum above); the detector stops within 1e-6 max(1, t) s of
    # its extrapolated accumulation point.
    r = run(args, tmp, "TwinRelays.mo", ["--stop-time", "10"])
    c.true("TwinRelays.mo to 10 s stops with exit code 3 (Zeno)", r.code == 3 and "Zeno" in r.text)
    end = r.stats.get("end_time", math.nan)
    e = cf.TR_E
    eps = N_LOCAL * TOL
    vstar = math.sqrt(2 * eps)
    tz = cf.twin_relays_zeno_time()
    below = 2 * e * vstar / (1 - e) + 9 * eps / (vstar * (1 - e))
    c.true("it stops at %.10g, within [t_Z - %.3g, t_Z + %.3g] of t_Z = 9 sqrt(0.5) = %.10g"
           % (end, below, 1e-6 * tz + 9 * eps / (vstar * (1 - e)), tz),
           tz - below <= end <= tz + 1e-6 * tz + 9 * eps / (vstar * (1 - e)))
    return c.finish()


def test_sampled_loop(args, tmp):
    c = Checks("seed001_sampled_loop: Zhang 7.2.3, closed loop with a 5th-order DTC sampled at 0.3 s")
    r = run(args, tmp, "SampledLoop.mo")
    if not ran(c, r, "SampledLoop.mo"):
        return c.finish()
    res = r.result
    ref = cf.sampled_loop()
    c.near("number of executions", res.column("samples")[-1], len(ref), 0, "t_k = 0.3 k <= 20")
    # A plant error of at most delta = N TOL (1 + |x|max) per period is propagated by the sampled
    # closed loop: its effect on any state is at most S delta, S = sum_n ||Acl^n (plant columns)||
    # over the 66 periods (Acl: exact discretisation with the controller; S from the matrices).
    ts, a = cf.SL_TS, cf.SL_A
    F = expm(np.array([[0.0, 0.0], [1.0, -1.0]]) * ts)
    Ma = np.zeros((3, 3))
    Ma[:2, :2] = [[0.0, 0.0], [1.0, -1.0]]
    Ma[0, 2] = 1.0
    G = expm(Ma * ts)[:2, 2]
    Acl = np.zeros((7, 7))
    Acl[:2, :2] = F
    Acl[:2, 2] = G
    Acl[2, 1] = -1.0
    Acl[2, 2:] = -np.array(a)
    Acl[3:, 2:6] = np.eye(4)
    S, P = 0.0, np.eye(7)
    for _ in range(len(ref) + 1):
        S += np.linalg.norm(P[:, :2], 2)
        P = Acl @ P
    xmax = max(max(abs(row[2]), abs(row[3])) for row in ref)
    bound = S * N_LOCAL * TOL * (1 + xmax)
    for name, col, side in (("x1", 2, "left"), ("x2", 3, "left"), ("yd", 5, "right")):
        worst = max(abs(res.at(row[1], name, side) - row[col]) for row in ref)
        c.near("%s at the 66 sampling instants, worst deviation from the exact discretisation" % name,
               worst, 0.0, bound, "S N TOL (1 + |x|max), S = %.3g" % S)
    return c.finish()


def test_digital_filter(args, tmp):
    c = Checks("seed001_digital_filter: Zhang 5.3, digital filter with and without zero-order hold")
    r = run(args, tmp, "DigitalFilter.mo")
    if not ran(c, r, "DigitalFilter.mo"):
        return c.finish()
    res = r.result
    ref = cf.digital_filter()
    c.true("40 executions (yd changes at most 40 times)", len(res.jumps("s1")) == len(ref),
           "t_k = 0.5 k <= 20; s1 changes at every execution")
    # x' and xn' do not depend on x, xn: no growth, N TOL (1 + |x|max) in all.
    for name, col in (("x", 2), ("xn", 3)):
        xmax = max(abs(row[col]) for row in ref)
        worst = max(abs(res.at(row[1], name, "left") - row[col]) for row in ref)
        c.near("%s at the execution instants, worst deviation from the closed form" % name, worst, 0.0,
               N_LOCAL * TOL * (1 + xmax), "N TOL (1 + |%s|max)" % name)
    # yd involves no integration: the filter recursion in double precision, rounding only (a few
    # ulp per step of a stable recursion with poles of modulus 0.78, 40 steps): 1e-12.
    worst = max(abs(res.at(row[1], "yd", "right") - row[4]) for row in ref)
    c.near("yd (held output) at the execution instants", worst, 0.0, 1e-12, "rounding of the recursion only")
    # With the hold, yd is constant between executions (the seed's point in section 5.3).
    t_col, yd_col = res.col["time"], res.col["yd"]
    ok = True
    for (k, tk, *_), nxt in zip(ref, ref[1:] + [(0, cf.DF_STOP + 1)]):
        vals = {row[yd_col] for row in res.rows if tk < row[t_col] < nxt[1]}
        ok &= len(vals) <= 1
    c.true("yd is held constant between the executions", ok)
    return c.finish()


def read_csv(name):
    with open(os.path.join(HERE, name), newline="") as f:
        return list(csv.DictReader(f))


def motor_parameters():
    RA, LA, KE, N, J1, B1, J2, B2 = 0.4, 0.02, 2.0, 10.0, 5.0, 2.0, 70.0, 80.0
    Jeq, Beq = J2 + N * N * J1, B2 + N * N * B1
    return np.array([[-RA / LA, -KE * N / LA], [KE * N / Jeq, -Beq / Jeq]])


def test_stiction_motor(args, tmp):
    c = Checks("seed001_stiction_motor: Zhang 8.2, DC motor with stiction and a 10 Hz compensator")
    r = run(args, tmp, "StictionMotor.mo")
    if not ran(c, r, "StictionMotor.mo"):
        return c.finish()
    res = r.result
    ref_ev = read_csv("motor_reference_events.csv")
    grid = read_csv("motor_reference_grid.csv")
    samples = read_csv("motor_reference_samples.csv")
    ymax = max(abs(float(g["y"])) for g in grid)
    imax = max(abs(float(g["ia"])) for g in grid)
    # Errors of (ia, y) grow by at most kappa = max ||e^(M t)|| of the moving dynamics (they are
    # restarted from the same state at the samples; the stuck dynamics contract).
    k_m = kappa(motor_parameters(), 3.0)
    err_i = N_LOCAL * TOL * (1 + imax) * k_m
    err_y = N_LOCAL * TOL * (1 + ymax) * k_m
    mode = res.jumps("mode")
    c.true("mode changes: %s, reference: %s" % ([int(m) for _, m in mode], [int(e["mode_after"]) for e in ref_ev]),
           [int(m) for _, m in mode] == [int(e["mode_after"]) for e in ref_ev])
    bounds = []
    for e in ref_ev:
        if e["kind"] == "breakaway":  # |Te| = KT N |ia| reaches B2C at the rate Te'
            bounds.append(20 * err_i / abs(float(e["rate"])) + locator(float(e["time"])))
        else:  # y reaches 0 at the rate y'
            bounds.append(err_y / abs(float(e["rate"])) + locator(float(e["time"])))
    compare_times(c, "mode change", [t for t, _ in mode], [float(e["time"]) for e in ref_ev], bounds,
                  "N TOL (1 + |state|max) kappa / rate")
    got_iv = cf.stuck_intervals([(t, int(m)) for t, m in mode], 30.0)
    ref_iv = cf.stuck_intervals([(float(e["time"]), int(e["mode_after"])) for e in ref_ev], 30.0)
    c.true("stuck intervals %s" % ", ".join("%.4f-%.4f" % iv for iv in got_iv), len(got_iv) == len(ref_iv))
    # y and ia on the reference's 0.01 s grid: the state error bound, plus the effect of the
    # mode-change time errors: a continuous state moves by the jump of its derivative at the
    # change times the time error (y' jumps by the stick rate at a stick and not at all at a
    # breakaway, where Te = B2C makes y' = 0 on both sides; ia' never jumps: y is continuous and
    # yd changes only at the samples), and that difference grows by at most kappa.
    from_events = k_m * max(abs(float(e["rate"])) * b for e, b in zip(ref_ev, bounds) if e["kind"] != "breakaway")
    t_col = res.col["time"]
    by_time = {}
    for row in res.rows:
        k = round(row[t_col] * 100)
        if abs(row[t_col] - k / 100) <= 1e-9:  # a row at a grid time (the first: the left limit)
            by_time.setdefault(k, row)
    for name, err in (("y", err_y), ("ia", err_i)):
        bound = err + from_events
        worst = 0.0
        for g in grid:
            row = by_time[int(round(float(g["time"]) * 100))]
            worst = max(worst, abs(row[res.col[name]] - float(g[name])))
        c.near("%s on the 0.01 s grid, worst deviation from the reference" % name, worst, 0.0, bound,
               "N TOL (1 + |%s|max) kappa + kappa x rate x event-time bound" % name)
    # The held voltage after each execution: yd = C xd + D e with e = r - y, so an error dy in y
    # moves yd by at most (|D| + |C| B/(1 - A)) dy = 7 dy.
    worst = 0.0
    for s in samples:
        t = float(s["time"])
        if t < 30.0:
            worst = max(worst, abs(res.at(t, "yd", "right") - float(s["yd"])))
    c.near("yd after each execution, worst deviation from the reference", worst, 0.0, 7 * (err_y + from_events),
           "7 x the bound of y")
    return c.finish()


def main():
    tests = {"relay_loop": test_relay_loop, "relay_scope": test_relay_scope, "twin_relays": test_twin_relays, "sampled_loop": test_sampled_loop, "digital_filter": test_digital_filter, "stiction_motor": test_stiction_motor}
    return check_main(__doc__.split("\n")[0], "seed001_", tests)


if __name__ == "__main__":
    sys.exit(main())
