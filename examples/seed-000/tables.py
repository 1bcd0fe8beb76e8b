#!/usr/bin/python3
"""Tables of the seed-000 run: reads the result files that `run` wrote into RESULTS, compares
them with the closed forms (closed_forms.py), the scipy reference (pendulum_reference.csv) and
the numbers the seed prints (Tables 3, 4, 7, 8), writes each table as RESULTS/<name>.csv and
RESULTS/<name>.md, and the page PAGE_OUT from the template PAGE_IN, whose @table:NAME@ and
@value:NAME@ placeholders take the tables and numbers computed here.

    /usr/bin/python3 tables.py RESULTS PAGE_IN PAGE_OUT
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms, check here, moccio in examples/
import closed_forms as cf  # noqa: E402
from check import pendulum_kinds  # noqa: E402
from moccio import Tables, e, g, run_of  # noqa: E402

LOCATORS = ("solver", "bisection", "illinois", "brent", "newton", "henon", "trapezoid")


def main():
    res, page_in, page_out = sys.argv[1:4]
    T = Tables(res)
    exact = cf.ball_events()

    # ---- Section 5.1: the ball
    rc, s, r, ev = run_of(res, "ball")
    T.values["ball_summary"] = "exit %d, %d events, %d steps" % (rc, s["events"], s["steps"])
    T.values["ball_t1"] = g(cf.T1)
    T.values["ball_tc"] = "%.12g" % cf.TC
    T.values["ball_tf"] = "%.12g" % cf.TF
    rows, md = [], []
    for k in cf.SEED_T4_EVENTS:
        te = float(ev[k - 1]["time"])
        dy = r.at(te, "y", "left", tol=0.0) - cf.R
        rows.append((k, exact[k - 1][0], te, te - exact[k - 1][0], dy))
        md.append((str(k), g(exact[k - 1][0]), g(te), e(te - exact[k - 1][0]), e(dy)))
    T.values["ball_worst_dt"] = e(max(abs(float(x["time"]) - t) for x, (t, _) in zip(ev, exact)))
    T.add("ball_events", ["event", "t_e, closed form (s)", "t_e, mocc (s)", "difference (s)",
                          "y(t_e) - r, mocc (m)"], rows, md)

    # Table 3: the first event, the seed's methods and mocc's locators
    rows, md = [], []
    for label, te in cf.SEED_T3_TE:
        rows.append(("seed Table 3: " + label, te, te - cf.T1, math.nan))
        md.append(("seed Table 3: " + label, "[5.0325e-01, 5.0326e-01]" if math.isnan(te) else "%.6e" % te,
                   "-" if math.isnan(te) else e(te - cf.T1), "see Table 4"))
    for loc in LOCATORS:
        rc, s, rr, ee = run_of(res, "locators/ball_" + loc)
        te = float(ee[0]["time"])
        dy = rr.at(te, "y", "left", tol=0.0) - cf.R
        rows.append(("mocc, cvode 1e-10, locator " + loc, te, te - cf.T1, dy))
        md.append(("mocc, cvode 1e-10, locator " + loc, g(te), e(te - cf.T1), e(dy)))
    T.add("ball_first_event", ["method", "t_e (s)", "t_e - closed form (s)", "x1(t_e) - r (m)"], rows, md)

    # Table 4: |x1(t_e) - r| at the 1st, 5th, 10th and 20th event
    rows, md = [], []
    for label, vals in cf.SEED_T4:
        rows.append(["seed Table 4: " + label] + vals)
        md.append(["seed Table 4: " + label] + ["-" if math.isnan(v) else "%.6e" % v for v in vals])
    for loc in LOCATORS:
        rc, s, rr, ee = run_of(res, "locators/ball_" + loc)
        vals = []
        for k in cf.SEED_T4_EVENTS:
            vals.append(abs(rr.at(float(ee[k - 1]["time"]), "y", "left", tol=0.0) - cf.R) if len(ee) >= k else math.nan)
        rows.append(["mocc, locator " + loc] + vals)
        md.append(["mocc, locator " + loc] + [e(v) for v in vals])
    T.values["ball_worst_dy"] = e(max(v for row in rows if row[0].startswith("mocc") for v in row[1:]))
    T.add("ball_table4", ["method", "event 1", "event 5", "event 10", "event 20"], rows, md)

    # ---- Section 5.2: the pendulum
    with open(os.path.join(HERE, "pendulum_reference.csv"), newline="") as f:
        ref = list(csv.DictReader(f))
    rc, s, r, ev = run_of(res, "pendulum")
    T.values["pendulum_summary"] = "exit %d, %d events, %d steps" % (rc, s["events"], s["steps"])
    kinds = pendulum_kinds(ev)
    rows, md = [], []
    for want in ref:
        got = [x for x, k in zip(ev, kinds) if k == want["kind"]]
        te = float(got[0]["time"]) if got else math.nan
        tr = float(want["time"])
        if want["kind"] == "release":
            y1 = r.at(te, "Fa", "left", tol=0.0)
        else:
            y1 = r.at(te, "r", "left", tol=0.0) - 1.0
        phi = r.at(te, "phi", "right", tol=0.0)
        om = r.at(te, "omega", "right", tol=0.0)
        rows.append((want["kind"], tr, te, te - tr, y1, float(want["phi"]), phi, float(want["omega"]), om))
        md.append((want["kind"], g(tr), g(te), e(te - tr), e(y1), "%.12g" % float(want["phi"]), "%.12g" % phi,
                   "%.12g" % float(want["omega"]), "%.12g" % om))
    T.add("pendulum_events", ["event", "t_e, scipy (s)", "t_e, mocc (s)", "difference (s)",
                              "F_a(t_e) resp. r(t_e) - L, mocc", "phi after, scipy", "phi after, mocc",
                              "omega after, scipy", "omega after, mocc"], rows, md)
    T.values["pendulum_worst_dt"] = e(max(abs(row[3]) for row in rows))
    T.values["pendulum_release_ref"] = g(float(ref[0]["time"]))
    rows, md = [], []
    for loc in LOCATORS:
        rc, s, rr, ee = run_of(res, "locators/pendulum_" + loc)
        kk = pendulum_kinds(ee)
        rel = [x for x, k in zip(ee, kk) if k == "release"]
        cat = [x for x, k in zip(ee, kk) if k == "catch"]
        t1 = float(rel[0]["time"]) if rel else math.nan
        t2 = float(cat[0]["time"]) if cat else math.nan
        fa = abs(rr.at(t1, "Fa", "left", tol=0.0)) if rel else math.nan
        dr = abs(rr.at(t2, "r", "left", tol=0.0) - 1.0) if cat else math.nan
        rows.append((loc, rc, t1, fa, t2, dr))
        md.append((loc, str(rc), g(t1), e(fa), g(t2), e(dr)))
    T.add("pendulum_locators", ["mocc locator", "exit", "release t_e (s)", "abs(F_a(t_e))",
                                "catch t_e (s)", "abs(r(t_e) - L)"], rows, md)
    # ---- Section 5.3: the rotor-stator
    with open(os.path.join(HERE, "rotor_reference.csv"), newline="") as f:
        rref = list(csv.DictReader(f))
    rc, s, r, ev = run_of(res, "rotor")
    T.values["rotor_summary"] = "exit %d, %d events, %d steps" % (rc, s["events"], s["steps"])
    sw = r.jumps("qc")
    rows, md = [], []
    for (te, q), want in zip(sw, rref):
        tr = float(want["time"])
        d, fn = r.at(te, "d", "left", tol=0.0), r.at(te, "fn", "left", tol=0.0)
        rows.append((int(want["event"]), int(q), tr, te, te - tr, d, fn, float(want["d"]), float(want["fn"])))
        md.append((want["event"], "%d -> %d" % (1 - q, q), g(tr), g(te), e(te - tr), "%.4g" % d, "%.4g" % fn,
                   "%.4g" % float(want["d"]), "%.4g" % float(want["fn"])))
    T.values["rotor_worst_dt"] = e(max(abs(row[4]) for row in rows)) if rows else "-"
    T.values["rotor_switches"] = "%d (reference: %d)" % (len(sw), len(rref))
    T.values["rotor_vt_min"] = "%.6g" % min(r.column("vt"))
    T.add("rotor_switches", ["switch", "q_c", "t_e, scipy (iota)", "t_e, mocc (iota)", "difference",
                             "d(t_e), mocc (m)", "f_n(t_e), mocc (N)", "d, scipy (m)", "f_n, scipy (N)"], rows, md)
    rows, md = [], []
    for loc in LOCATORS:
        rc, s, rr, ee = run_of(res, "locators/rotor_" + loc)
        sw = rr.jumps("qc")
        first = sw[0][0] if sw else math.nan
        y2 = abs(rr.at(first, "d", "left", tol=0.0)) if sw else math.nan
        second = sw[1][0] if len(sw) > 1 else math.nan
        y1 = abs(rr.at(second, "fn", "left", tol=0.0)) if len(sw) > 1 else math.nan
        rows.append((loc, rc, len(sw), first, y2, second, y1))
        md.append((loc, str(rc), str(len(sw)), g(first), e(y2), g(second), e(y1)))
    T.add("rotor_locators", ["mocc locator", "exit", "q_c switches", "first contact (iota)", "abs(d(t_e)) (m)",
                             "first separation (iota)", "abs(f_n(t_e)) (N)"], rows, md)

    T.page(page_in, page_out)
    print("tables.py: %d tables in %s, page %s" % (len(T.tables), res, page_out))


if __name__ == "__main__":
    main()
