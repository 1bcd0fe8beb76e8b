#!/usr/bin/python3
"""The ctest checks of the structural-dynamic examples (issue 15; registered by CMakeLists.txt,
label `examples`).

    /usr/bin/python3 check.py [--mocc PATH] [--override NAME=VALUE ...] TEST
    TEST: diode | chattering

diode: IdealDiodeRectifier.mo, an ideal diode whose conducting (uD = 0) and blocking (iD = 0)
branches differ in structure, against its closed forms: while conducting uC = u0 = U0 sin(w t)
and iD = C u0' + u0/R, which falls through zero at w t1 = pi - atan(w R C) (+ k 2 pi); while
blocking uC = uC(t1) exp(-(t - t1)/(R C)), until uD = u0 - uC rises through zero at t2 (a root
found by bisection to 1e-15 s). Every period repeats the pattern (conducting, uC = u0 whatever
came before). Checked: the switching times, the two modes and the number of switches, uC at the
output points, and the cache: a second run loads both modes' models from the JIT cache.
chattering: ModeChatter.mo, whose switch selects the other branch at once: exit code 3 with a
message naming both branches, and the rows up to the switch kept.

The bounds follow from the integrator tolerance TOL and the closed forms, never from what mocc
printed: CVODE keeps every local error below TOL (|x| + 1); we allow N = 1000 of them to add
up (a run takes a few hundred steps; the blocking phase's solution decays, so none grows). A
switching time moves by the value error over the rate at which the crossing function passes
zero, plus the locator's bracket, 100 eps (|t| + |h|).
"""
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # moccio in examples/
from moccio import Checks, check_main, run_model  # noqa: E402

TOL = 1e-10
N_LOCAL = 1000
EPS = 2.220446049250313e-16
U0, F, R, C = 10.0, 50.0, 100.0, 1e-4  # the model's parameters
W, TAU, T = 2 * math.pi * F, R * C, 1 / F
STOP = 0.1


def u0(t):
    return U0 * math.sin(W * t)


def t_blocks(k):
    """The k-th end of conduction: iD = C u0' + u0/R = 0 after the peak."""
    return (math.pi - math.atan(W * TAU) + 2 * math.pi * k) / W


def blocking_uc(t, t1):
    return u0(t1) * math.exp(-(t - t1) / TAU)


def t_conducts(t1):
    """The end of the blocking that starts at t1: the first root of u0 - uC where it rises."""
    h = lambda t: u0(t) - blocking_uc(t, t1)  # noqa: E731
    grid = [t1 + T * i / 4000 for i in range(1, 4001)]
    a = next(t for t, nxt in zip(grid, grid[1:]) if h(t) < 0 <= h(nxt))
    b = a + T / 4000
    while b - a > 1e-16:
        m = 0.5 * (a + b)
        a, b = (m, b) if h(m) < 0 else (a, m)
    return 0.5 * (a + b)


def closed_form_switches():
    """(time, 'blocking' or 'conducting') of every switch after the start, up to STOP."""
    out = []
    k = 0
    while t_blocks(k) < STOP:
        t1 = t_blocks(k)
        out.append((t1, "blocking"))
        t2 = t_conducts(t1)
        if t2 < STOP:
            out.append((t2, "conducting"))
        k += 1
    return out


def closed_form_uc(t, switches):
    last_block = None
    for ts, what in switches:
        if ts > t:
            break
        last_block = ts if what == "blocking" else None
    return u0(t) if last_block is None else blocking_uc(t, last_block)


def test_diode(args, tmp):
    c = Checks("modes_diode: ideal diode rectifier, a model per mode (issue 15)")
    cache = os.path.join(tmp, "cache")
    r = run_model(args, tmp, HERE, "IdealDiodeRectifier.mo", TOL, ["--cache", cache])
    c.true("IdealDiodeRectifier.mo runs to its stop time", r.code == 0)
    if r.code != 0:
        return c.finish()
    switches = closed_form_switches()
    mode_rows = [e for e in r.events if e["kind"] == "mode"]
    # the start: uD = u0 - uC = 0 rises at t = 0+, so the run switches to conducting at once
    c.true("a switch to conducting at the start time", mode_rows and float(mode_rows[0]["time"]) == 0.0
           and "its else branch" in mode_rows[0]["expression"])
    got = mode_rows[1:]
    c.true("%d switches after the start, expected %d" % (len(got), len(switches)),
           len(got) == len(switches))
    m = re.search(r"modes: (\d+) used, (\d+) switches", r.text)
    c.true("the summary counts 2 modes and every switch",
           m and int(m.group(1)) == 2 and int(m.group(2)) == len(switches) + 1)
    value_error = N_LOCAL * TOL * (U0 + 1)  # uC's global error bound in the blocking phase
    for (want, what), row in zip(switches, got):
        t = float(row["time"])
        kind_ok = ("branch of not conducting" in row["expression"]) == (what == "blocking")
        c.true(f"the switch at {want:.6f} s goes to {what}", kind_ok)
        if what == "blocking":
            # iD = C u0' + uC/R with uC = u0 computed, not integrated: only rounding of iD
            # (terms of C U0 w ~ 0.3 A, 16 eps each) over its rate |C u0'' + u0'/R|
            rate = abs(-C * U0 * W * W * math.sin(W * want) + U0 * W * math.cos(W * want) / R)
            bound = 16 * EPS * C * U0 * W / rate + 100 * EPS * (want + T)
            reason = "rounding of iD over its rate, plus the locator's bracket"
        else:
            # uD = u0 - uC: uC's error over uD's rate |u0' - uC'| = |u0' + uC/(R C)|
            start = max(ts for ts, kind in switches if kind == "blocking" and ts < want)
            rate = abs(U0 * W * math.cos(W * want) + blocking_uc(want, start) / TAU)
            bound = value_error / rate + 100 * EPS * (want + T)
            reason = "uC's error over uD's rate, plus the locator's bracket"
        c.near(f"switch time ({what})", t, want, bound, reason)
    res = r.result
    worst = 0.0
    for row in res.rows:
        t = row[res.col["time"]]
        # near a switch the closed form's phase and mocc's may differ by the switching time's
        # bound; those rows say nothing more than the times above
        if any(abs(t - ts) < 1e-6 for ts, _ in switches):
            continue
        worst = max(worst, abs(row[res.col["uC"]] - closed_form_uc(t, switches)))
    c.near("uC at every row against the closed form (largest error)", worst, 0.0, value_error,
           "N local errors of TOL (|uC| + 1) in the blocking phases; exact while conducting")
    again = run_model(args, tmp, HERE, "IdealDiodeRectifier.mo", TOL, ["--cache", cache],
                      tag="_again")
    c.true("the second run loads the second mode from the JIT cache",
           again.code == 0 and "loaded from the JIT cache" in again.text)
    return c.finish()


def test_chattering(args, tmp):
    c = Checks("modes_chattering: a switch whose new mode selects the old one at once")
    r = run_model(args, tmp, HERE, "ModeChatter.mo", 1e-8, show_failure=False)
    c.true("exit code 3", r.code == 3)
    c.true("the message names the time and both branches",
           "the mode chatters at time 0.5" in r.text and "takes the branch of on" in r.text
           and "takes its else branch" in r.text)
    rows = r.result.rows if r.result else []
    c.true("the rows up to the switch are kept",
           rows and abs(rows[-1][r.result.col["time"]] - 0.5) < 1e-7)
    return c.finish()


if __name__ == "__main__":
    sys.exit(check_main(__doc__.splitlines()[0], "mocc-modes-",
                        {"diode": test_diode, "chattering": test_chattering}))
