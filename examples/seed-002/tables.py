#!/usr/bin/python3
"""Tables of the seed-002 run: reads the result files that `run` wrote into RESULTS, compares
them with the closed forms and the numbers the seed prints (closed_forms.py: Tables 3.1, 3.2,
5.5), writes each table as RESULTS/<name>.csv and RESULTS/<name>.md, and the page PAGE_OUT from
the template PAGE_IN, whose @table:NAME@ and @value:NAME@ placeholders take the tables and
numbers computed here.

    /usr/bin/python3 tables.py RESULTS PAGE_IN PAGE_OUT
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms, check here, moccio in examples/
import closed_forms as cf  # noqa: E402
from check import up_crossings  # noqa: E402
from moccio import Tables, e, g, run_of  # noqa: E402


def delta_e(r):
    es = r.column("E")
    return max(es) - min(es)


def main():
    res, page_in, page_out = sys.argv[1:4]
    T = Tables(res)
    T.values["E0"] = g(cf.E0)
    T.values["period"] = "%.12g" % cf.period(cf.THETA0, cf.OMEGA0)
    T.values["small_period"] = "%.12g" % cf.SMALL_PERIOD

    # ---- Tables 3.1 and 3.2: fixed steps
    for f, seed, tab in (("ODE", cf.SEED_T31, "3.1"), ("DAE", cf.SEED_T32, "3.2")):
        rows, md = [], []
        for h in cf.SEED_STEPS:
            rc, s, r, ev = run_of(res, "pendulum/%s_rk4_%s" % (f, h))
            de = delta_e(r) if rc == 0 else math.nan
            rows.append([h] + list(seed[h]) + [de, s.get("f_evals", -1), rc])
            md.append([g(h)] + ["%.1e" % v for v in seed[h]] + [e(de), str(s.get("f_evals", "-")), str(rc)])
        T.add("pendulum_%s_fixed" % f.lower(),
              ["h (s)", "seed Table %s: RK-3" % tab, "seed: RK-5", "seed: RK-8",
               "mocc rk4: Delta E (J)", "mocc rk4: f-evals", "mocc exit"], rows, md)

    # ---- adaptive solvers
    rows, md = [], []
    for f, solvers in (("ODE", ("rk45", "cvode")), ("DAE", ("rk45", "cvode", "ida"))):
        for sv in solvers:
            for tol in ("1e-6", "1e-8", "1e-10"):
                rc, s, r, ev = run_of(res, "pendulum/%s_%s_%s" % (f, sv, tol))
                de = delta_e(r) if rc == 0 else math.nan
                ups = up_crossings(r) if rc == 0 else []
                per = (ups[-1] - ups[0]) / (len(ups) - 1) - cf.period(cf.THETA0, cf.OMEGA0) \
                    if len(ups) > 1 else math.nan
                rows.append((f, sv, float(tol), de, per, s.get("steps", -1), s.get("f_evals", -1), rc))
                md.append((f, sv, tol, e(de), e(per), str(s.get("steps", "-")), str(s.get("f_evals", "-")),
                           str(rc)))
    T.add("pendulum_adaptive", ["formulation", "solver", "tolerance", "Delta E (J)",
                                "mean period - closed form (s)", "steps", "f-evals", "exit"], rows, md)
    rc, s, ro, ev = run_of(res, "pendulum/ODE_cvode_1e-10")
    rc2, s2, rd, ev2 = run_of(res, "pendulum/DAE_cvode_1e-10")
    T.values["ode_dae_theta"] = e(max(abs(a - b) for a, b in zip(ro.column("theta"), rd.column("theta"))))
    worst = 0.0
    for row in rd.rows:
        th = row[rd.col["theta"]]
        worst = max(worst, abs(row[rd.col["xg"]] - cf.L / 2 * math.cos(th)),
                    abs(row[rd.col["yg"]] - cf.L / 2 * math.sin(th)))
    T.values["dae_constraint"] = e(worst)

    # ---- Table 5.5: the balls
    rows, md = [], []
    for label, nev, nrhs, nacc, nrej in cf.SEED_T55:
        rows.append(("seed Table 5.5: " + label, "", nev if nev is not None else math.nan, nrhs, nacc, nrej, ""))
        md.append(("seed Table 5.5: " + label, "1e-3", "-" if nev is None else "{:,}".format(nev),
                   "{:,}".format(nrhs), "{:,}".format(nacc), "{:,}".format(nrej), "-"))
    for name in ("rk45_1e-3", "arkode-erk_1e-3", "cvode_1e-3", "cvode-adams_1e-3", "rk45_1e-10", "cvode_1e-10",
                 "rk45_roc_1e-3", "cvode_roc_1e-3", "rk45_roc_1e-10", "cvode_roc_1e-10"):
        sv, tol = name.rsplit("_", 1)
        label = "mocc " + sv.replace("_roc", ", with ROC")
        rc, s, r, ev = run_of(res, "balls/" + name)
        vals = [s.get(k, -1) for k in ("events", "f_evals", "steps", "error_test_failures")]
        rows.append([label, tol] + vals + [rc])
        md.append([label, tol] + ["{:,}".format(v) for v in vals] + [str(rc)])
    T.add("balls", ["method", "tolerance", "N_ev", "N_rhs (f-evals)", "N_acc (steps)",
                    "N_rej (error-test failures)", "exit"], rows, md)
    rc, s, r, ev = run_of(res, "balls/rk45_1e-3")
    T.values["balls_rk45"] = "%d events, %d f-evals" % (s["events"], s["f_evals"])
    t = [float(x["time"]) for x in ev]
    first = [x for x in ev if x["expression"] == "y[1] < 0"]
    T.values["balls_group_spread"] = e(float([x for x in ev if x["expression"] == "y[100] < 0"][0]["time"])
                                       - float(first[0]["time"]))
    gaps = [b - a for a, b in zip(t[:99], t[1:100])]
    T.values["balls_gap"] = "%s .. %s" % (e(min(gaps)), e(max(gaps)))

    rc, s, r, ev = run_of(res, "balls/rk45_roc_1e-3")
    T.values["balls_roc_rk45"] = "%d restarts, %d f-evals" % (s["events"], s["f_evals"])
    T.values["balls_roc_inside"] = "{:,}".format(s["concurrent_events"])
    T.page(page_in, page_out)
    print("tables.py: wrote", page_out)


if __name__ == "__main__":
    main()
