#!/usr/bin/python3
"""Tables of the seed-001 run: reads the result files that `run` wrote into RESULTS, compares
them with the closed forms (closed_forms.py), the kept reference of the stiction motor
(motor_reference_*.csv) and the numbers the seed prints, writes each table as
RESULTS/<name>.csv and RESULTS/<name>.md, and the page PAGE_OUT from the template PAGE_IN, whose
@table:NAME@ and @value:NAME@ placeholders take the tables and numbers computed here.

    /usr/bin/python3 tables.py RESULTS PAGE_IN PAGE_OUT
"""
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # closed_forms here, moccio in examples/
import closed_forms as cf  # noqa: E402
from moccio import Tables, e, run_of  # noqa: E402


def f6(v):
    return "%.10g" % v


def switch_table(T, name, got, ref):
    rows, md = [], []
    for n, ((tg, _), (tr, on)) in enumerate(zip(got, ref), start=1):
        rows.append((n, "+1" if on else "-1", tg, tr, tg - tr))
        md.append((str(n), "+1" if on else "-1", f6(tg), f6(tr), e(tg - tr)))
    T.add(name, ["switch", "relay after", "t (mocc)", "t (closed form)", "difference (s)"], rows, md)
    T.values[name + "_count"] = "%d (closed form: %d)" % (len(got), len(ref))
    T.values[name + "_max"] = e(max(abs(a[0] - b[0]) for a, b in zip(got, ref))) if got and ref else "-"


def read_ref(name):
    with open(os.path.join(HERE, name), newline="") as f:
        return list(csv.DictReader(f))


def main():
    res, page_in, page_out = sys.argv[1:4]
    T = Tables(res)

    # ---- Relay with hysteresis (7.2.2)
    rc, s, r, ev = run_of(res, "relay_loop")
    switch_table(T, "relay_loop_switches", r.jumps("switches"), cf.relay_loop_switches())
    times = [float(k) for k in range(1, 11)]
    exact = cf.relay_loop_output(times)
    rows = [(t, r.at(t, "y"), y, r.at(t, "y") - y) for t, y in zip(times, exact)]
    T.add("relay_loop_output", ["t", "y (mocc)", "y (exact propagation)", "difference"], rows,
          [("%g" % t, f6(a), f6(b), e(d)) for t, a, b, d in rows])

    # ---- Relay in the system with scopes (8.3)
    rc, s, r, ev = run_of(res, "relay_scope")
    switch_table(T, "relay_scope_switches", r.jumps("switches"), cf.relay_scope_switches())
    exact = cf.relay_scope_output(times)
    rows = [(t, r.at(t, "u"), r.at(t, "y"), v[1], r.at(t, "y") - v[1]) for t, v in zip(times, exact)]
    T.add("relay_scope_output", ["t", "u (mocc)", "y (mocc)", "y (closed form)", "difference"], rows,
          [("%g" % t, "%g" % u, f6(a), f6(b), e(d)) for t, u, a, b, d in rows])

    # ---- Twin relays (4.4, 8.1)
    rc, s, r, ev = run_of(res, "twin_relays")
    j1, j3 = r.jumps("n1"), r.jumps("n2")
    ref = [t for t in cf.twin_relays_times(60) if t < 6.0]
    rows, md = [], []
    for j, ((t1, _), (t3, _), tr) in enumerate(zip(j1, j3, ref), start=1):
        x2 = r.at(t1, "x2", "right", tol=0.0)
        rows.append((j, t1, t3, tr, t1 - tr, x2, cf.twin_relays_speed_after(j)))
        md.append((str(j), f6(t1), "same" if t3 == t1 else f6(t3), f6(tr), e(t1 - tr), f6(x2),
                   f6(cf.twin_relays_speed_after(j))))
    T.add("twin_relays_crossings",
          ["crossing", "x1 = 0 at (mocc)", "x3 = 0 at (mocc)", "closed form", "difference (s)",
           "x2 after the reset (mocc)", "abs(x2) closed form 0.8^j sqrt(0.5)"], rows, md)
    T.values["twin_events"] = str(s["events"])
    tz = cf.twin_relays_zeno_time()
    T.values["twin_zeno"] = f6(tz)
    rows, md = [], []
    for tol in ("1e-6", "1e-8", "1e-10", "1e-12"):
        rc, s, r, ev = run_of(res, "twin_zeno_tol" + tol)
        end = s.get("end_time", math.nan)
        n = len(r.jumps("n1"))
        rows.append((float(tol), rc, end, end - tz, n))
        md.append((tol, str(rc), f6(end), e(end - tz), str(n)))
    T.add("twin_relays_zeno", ["tolerance", "exit code", "stopped at (s)", "minus t_Z = 9 sqrt(0.5)",
                               "crossings of x1 before"], rows, md)

    # ---- Closed loop with a DTC (7.2.3)
    rc, s, r, ev = run_of(res, "sampled_loop")
    ref = cf.sampled_loop()
    rows, md = [], []
    worst = {"x1": 0.0, "x2": 0.0, "yd": 0.0}
    for k, t, x1, x2, err, yd in ref:
        got = {"x1": r.at(t, "x1", "left"), "x2": r.at(t, "x2", "left"), "yd": r.at(t, "yd")}
        for n, v in (("x1", x1), ("x2", x2), ("yd", yd)):
            worst[n] = max(worst[n], abs(got[n] - v))
        if k % 6 == 0 or k in (1, 2, 3, 4, 5):
            rows.append((k, t, got["x2"], x2, got["x2"] - x2, got["yd"], yd, got["yd"] - yd))
            md.append((str(k), "%g" % t, f6(got["x2"]), f6(x2), e(got["x2"] - x2), f6(got["yd"]), f6(yd),
                       e(got["yd"] - yd)))
    T.add("sampled_loop_samples",
          ["k", "t_k", "x2 (mocc)", "x2 (exact discretisation)", "difference", "yd (mocc)",
           "yd (exact)", "difference"], rows, md)
    T.values["sampled_loop_worst"] = ", ".join("%s %s" % (n, e(v)) for n, v in worst.items())
    T.values["sampled_loop_samples"] = str(int(r.column("samples")[-1]))
    poles = sorted(abs(p) for p in cf.sampled_loop_poles())
    T.values["sampled_loop_pole"] = "%.4f" % poles[-1]

    # ---- Digital filter with/without ZOH (5.3)
    rc, s, r, ev = run_of(res, "digital_filter")
    ref = cf.digital_filter()
    rows, md = [], []
    wx = wn = 0.0
    for k, t, x, xn, yd, s1 in ref:
        gx, gn = r.at(t, "x", "left"), r.at(t, "xn", "left")
        wx, wn = max(wx, abs(gx - x)), max(wn, abs(gn - xn))
        if k % 4 == 0:
            rows.append((k, t, r.at(t, "yd"), yd, gx, x, gn, xn))
            md.append((str(k), "%g" % t, f6(r.at(t, "yd")), f6(yd), f6(gx), f6(x), f6(gn), f6(xn)))
    T.add("digital_filter_samples",
          ["k", "t_k", "yd (mocc)", "yd (closed form)", "x with hold (mocc)", "x (closed form)",
           "xn without hold (mocc)", "xn (closed form)"], rows, md)
    T.values["filter_worst"] = "x %s, xn %s" % (e(wx), e(wn))

    # ---- DC motor with stiction (8.2)
    ref_ev = read_ref("motor_reference_events.csv")
    ref_grid = read_ref("motor_reference_grid.csv")
    ref_iv = cf.stuck_intervals([(float(x["time"]), int(x["mode_after"])) for x in ref_ev], 30.0)
    seed_iv = [(0.0, 0.94), (9.4, 10.92), (19.4, 20.92), (29.4, 30.0)]
    rc, s, r, ev = run_of(res, "stiction_motor")
    got_iv = cf.stuck_intervals([(t, int(m)) for t, m in r.jumps("mode")], 30.0)
    rows, md = [], []
    seed_dev = 0.0
    for (a, b), (c, d), (p, q) in zip(seed_iv, got_iv, ref_iv):
        rows.append((a, b, c, d, p, q))
        md.append(("%g - %g" % (a, b), "%.6f - %.6f" % (c, d), "%.3g, %.3g" % (c - a, d - b),
                   "%.6f - %.6f" % (p, q), "%s, %s" % (e(c - p), e(d - q))))
        seed_dev = max(seed_dev, abs(c - a), abs(d - b))
    T.add("stiction_stuck_intervals",
          ["seed (section 8.2, 'about')", "mocc", "mocc - seed (start, end)", "reference (motor_reference.py)",
           "mocc - reference (start, end)"], rows, md)
    T.values["stuck_count"] = "%d (seed: %d, reference: %d)" % (len(got_iv), len(seed_iv), len(ref_iv))
    T.values["stuck_seed_dev"] = "%.2g" % seed_dev
    rows, md = [], []
    for (t, m), x in zip(r.jumps("mode"), ref_ev):
        rows.append((t, int(m), float(x["time"]), x["kind"], t - float(x["time"]), float(x["Te"])))
        md.append((f6(t), "%d" % m, f6(float(x["time"])), x["kind"], e(t - float(x["time"])), "%.6g" % float(x["Te"])))
    T.add("stiction_events", ["t (mocc)", "mode after", "t (reference)", "kind", "difference (s)",
                              "Te there (reference)"], rows, md)

    def worst_y(r):
        by = {}
        for row in r.rows:
            k = round(row[r.col["time"]] * 100)
            if abs(row[r.col["time"]] - k / 100) <= 1e-9:
                by.setdefault(k, row[r.col["y"]])
        return max(abs(by[int(round(float(x["time"]) * 100))] - float(x["y"])) for x in ref_grid)

    rows, md = [], []
    for name, solver, tol in (("stiction_motor", "cvode", "1e-10"), ("stiction_motor_tol1e-6", "cvode", "1e-6"),
                              ("stiction_motor_rk45", "rk45", "1e-10"), ("stiction_motor_rk45_tol1e-6", "rk45", "1e-6")):
        rc, s, r, ev = run_of(res, name)
        modes = r.jumps("mode")
        rows.append((solver, float(tol), rc, len(modes), s["steps"], s["f_evals"], s["events"], len(r.rows),
                     s["wall_time"], worst_y(r)))
        md.append((solver, tol, str(rc), str(len(modes)), str(s["steps"]), str(s["f_evals"]), str(s["events"]),
                   str(len(r.rows)), "%.3g" % s["wall_time"], e(worst_y(r))))
    T.add("stiction_work",
          ["solver", "tolerance", "exit", "mode changes", "steps", "f-evals", "events (incl. samples)",
           "result rows", "simulation wall time (s)", "max abs(y - reference) on the 0.01 s grid"], rows, md)

    # Work of every model (the default runs).
    rows, md = [], []
    for name, model in (("relay_loop", "RelayLoop.mo"), ("relay_scope", "RelayScope.mo"),
                        ("twin_relays", "TwinRelays.mo"), ("sampled_loop", "SampledLoop.mo"),
                        ("digital_filter", "DigitalFilter.mo"), ("stiction_motor", "StictionMotor.mo")):
        rc, s, r, ev = run_of(res, name)
        rows.append((model, rc, s["state_events"], s["time_events"], s["steps"], s["f_evals"], s["wall_time"]))
        md.append((model, str(rc), str(s["state_events"]), str(s["time_events"]), str(s["steps"]),
                   str(s["f_evals"]), "%.3g" % s["wall_time"]))
    T.add("work", ["model", "exit", "state events", "time events", "steps", "f-evals", "simulation wall time (s)"],
          rows, md)

    T.page(page_in, page_out)
    print("tables.py: %d tables in %s, page %s" % (len(T.tables), res, page_out))


if __name__ == "__main__":
    main()
