#!/usr/bin/python3
"""Tables of the seed-004 run: reads the result files that `run` wrote into RESULTS, compares
them with the closed forms (closed_forms.py) and the forms the seed prints, writes each table as
RESULTS/<name>.csv and RESULTS/<name>.md, a grid of the closed forms for the figures
(RESULTS/closed_forms.csv), and the page PAGE_OUT from the template PAGE_IN, whose @table:NAME@
and @value:NAME@ placeholders take the tables and numbers computed here.

    /usr/bin/python3 tables.py RESULTS PAGE_IN PAGE_OUT
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms here, moccio in examples/
import closed_forms as cf  # noqa: E402
from moccio import Tables, e, g, run_of  # noqa: E402


def max_dev(r, name, exact, t_from=0.0, t_to=math.inf, rel=False):
    """Largest |r.name - exact(t)| over the rows with t_from < t < t_to (away from events)."""
    t_col, c = r.col["time"], r.col[name]
    worst = 0.0
    for row in r.rows:
        t = row[t_col]
        if t_from < t < t_to:
            d = abs(row[c] - exact(t))
            if rel:
                d /= max(1.0, abs(exact(t)))
            worst = max(worst, d)
    return worst


def main():
    res, page_in, page_out = sys.argv[1:4]
    T = Tables(res)

    # Closed forms on a grid, for the figures.
    with open(os.path.join(res, "closed_forms.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        names = ["saturation_x", "saturation_y", "heaviside_x", "heaviside_y", "signum_x",
                 "signum_y", "seed_heaviside_x", "seed_signum_x"]
        w.writerow(["time"] + names)
        for k in range(0, 401):
            t = k / 100
            w.writerow([g(t)] + [g(getattr(cf, n)(t)) for n in names])

    # ---- Example 2.19 / 2.25: the saturation
    rows, md = [], []
    for name, label in (("saturation", "state event x <= p1 (Saturation.mo)"),
                        ("saturation_by_time", "time form e^t - t - 1 <= p1 (SaturationByTime.mo)")):
        rc, s, r, ev = run_of(res, name)
        te = float(ev[0]["time"]) if ev else math.nan
        y_left = r.at(te, "y", "left", tol=0.0)
        y_after = [row[r.col["y"]] for row in r.rows if row[r.col["time"]] > te]
        sat_exact = all(v == cf.P2 for v in y_after)
        dx = max_dev(r, "x", cf.saturation_x, rel=True)
        rows.append((label, len(ev), te, te - cf.T_STAR, y_left - cf.P2, sat_exact, dx, s["steps"]))
        md.append((label, str(len(ev)), g(te), e(te - cf.T_STAR), e(y_left - cf.P2),
                   "yes" if sat_exact else "no", e(dx), str(s["steps"])))
        T.values[name + "_te"] = g(te)
        T.values[name + "_err"] = e(te - cf.T_STAR)
    T.add("saturation_event",
          ["condition", "events", "t_e (s)", "t_e - 3 (s)", "y(t_e-) - p2", "y = p2 exactly after t_e",
           "max rel. error of x", "steps"], rows, md)

    rows, md = [], []
    for tol in ("1e-4", "1e-6", "1e-8", "1e-10", "1e-12"):
        _, s1, _, ev1 = run_of(res, "sweep/saturation_tol" + tol)
        _, s2, _, ev2 = run_of(res, "sweep/saturation_by_time_tol" + tol)
        t1, t2 = float(ev1[0]["time"]), float(ev2[0]["time"])
        rows.append((float(tol), t1, abs(t1 - 3), t2, abs(t2 - 3), s1["steps"], s2["steps"]))
        md.append((tol, g(t1), e(abs(t1 - 3)), g(t2), e(abs(t2 - 3)), str(s1["steps"]), str(s2["steps"])))
    T.add("saturation_tolerance",
          ["tolerance", "t_e, state event", "abs(t_e - 3)", "t_e, time form", "abs(t_e - 3), time form",
           "steps, state event", "steps, time form"], rows, md)

    rows, md = [], []
    for solver in ("cvode", "cvode-adams", "ida", "arkode-erk", "arkode-dirk", "rk45"):
        rc, s, r, ev = run_of(res, "solvers/saturation_" + solver)
        te = float(ev[0]["time"]) if ev else math.nan
        dx = max_dev(r, "x", cf.saturation_x, rel=True)
        rows.append((solver, rc, te, te - 3, dx, s["steps"], s["f_evals"]))
        md.append((solver, str(rc), g(te), e(te - 3), e(dx), str(s["steps"]), str(s["f_evals"])))
    T.add("saturation_solvers",
          ["solver", "exit", "t_e (s)", "t_e - 3 (s)", "max rel. error of x", "steps", "f-evals"], rows, md)

    # ---- Example 2.20: Heaviside and signum
    points = ((1.0, "right"), (2.0, "left"), (2.0, "right"), (3.0, "right"), (4.0, "right"))
    for name, xf, yf, sxf, syf in (("heaviside", cf.heaviside_x, cf.heaviside_y, cf.seed_heaviside_x,
                                    cf.seed_heaviside_y),
                                   ("signum", cf.signum_x, cf.signum_y, cf.seed_signum_x, cf.seed_signum_y)):
        rc, s, r, ev = run_of(res, name)
        rows, md = [], []
        for t, side in points:
            label = "2-" if (t == 2 and side == "left") else ("2+" if t == 2 else "%g" % t)
            xm, ym = r.at(t, "x", side), r.at(t, "y", side)
            xe, ye = xf(t, side), yf(t, side)
            xs, ys = sxf(t, side), syf(t, side)
            rows.append((label, xm, xe, xm - xe, xs, ym, ye, ym - ye, ys))
            md.append((label, "%.12g" % xm, "%.12g" % xe, e(xm - xe), "%.6g" % xs,
                       "%.12g" % ym, "%.12g" % ye, e(ym - ye), "%.6g" % ys))
        T.add(name + "_values",
              ["t", "x (mocc)", "x (closed form)", "difference", "x (seed, as printed)",
               "y (mocc)", "y (closed form)", "difference", "y (seed, as printed)"], rows, md)
        T.values[name + "_event"] = ", ".join("%s at t = %s" % (x["kind"], x["time"]) for x in ev)

    rows, md = [], []
    for name, label in (("heaviside", "HeavisideSwitch.mo (time event)"),
                        ("signum", "SignumSwitch.mo (time event)"),
                        ("signum_builtin", "SignumBuiltin.mo (sign(), no event)")):
        rc, s, r, ev = run_of(res, name)
        xf = cf.heaviside_x if name == "heaviside" else cf.signum_x
        dx = max_dev(r, "x", xf, rel=True)
        x4 = r.at(4.0, "x")
        rows.append((label, s["events"], s["time_events"], s["steps"], s["f_evals"],
                     s["error_test_failures"], x4 - xf(4.0), dx))
        md.append((label, str(s["events"]), str(s["time_events"]), str(s["steps"]), str(s["f_evals"]),
                   str(s["error_test_failures"]), e(x4 - xf(4.0)), e(dx)))
    T.add("switch_work",
          ["model", "events", "time events", "steps", "f-evals", "error-test failures",
           "x(4) - closed form", "max rel. error of x"], rows, md)

    T.page(page_in, page_out)
    print("tables.py: %d tables in %s, page %s" % (len(T.tables), res, page_out))


if __name__ == "__main__":
    main()
