"""ARGESIM C21 case 2 (RLC circuit with diode): the experiments of the study, called by
study.py (standard library only). case2(...) adds its mocc runs to the study's Runner, writes
tables (results/rlc_*.csv, .md) and figures (results/rlc_*.png) and fills `values` for the
"Case 2" section of doc_template.md. The references are reference_rlc.py's CSV outputs."""
import bisect
import csv
import os

import c21lib as L

F = 0.15e6
T2 = 2 / F  # two source periods
N2 = 800  # output intervals over two periods (the grid of reference_rlc_traces.csv)
MODELS = [("shortcut", "RLCShortcut", "shortcut (ideal switch), (32), (33)"),
          ("shockley_u", "RLCShockleyU", "Shockley, algebraic state uD, (34), (35)"),
          ("shockley_i", "RLCShockleyI", "Shockley, algebraic state iD, (36)"),
          ("interp3", "RLCInterpolated3", "interpolated Shockley, 3 breakpoints, (37)"),
          ("interp5", "RLCInterpolated", "interpolated Shockley, 5 breakpoints, (37)"),
          ("interp10", "RLCInterpolated10", "interpolated Shockley, 10 breakpoints, (37)"),
          ("explicit", "RLCExplicit", "explicit Shockley, uD as state, (38)")]
REF_OF = {"shortcut": "shortcut", "shockley_u": "shockley", "shockley_i": "shockley",
          "interp3": "interp3", "interp5": "interp5", "interp10": "interp10",
          "explicit": "shockley"}
SOLVERS = ["cvode", "cvode-adams", "ida", "arkode-erk", "arkode-dirk", "rk45"]
FIXED = [("rk4", "5e-8"), ("rk4", "2e-8"), ("euler", "2e-8"), ("euler", "5e-9")]
RT_MODELS = ["shortcut", "interp5", "explicit"]


def reference():
    out = {}
    for row in L.read_csv("reference_rlc.csv"):
        out.setdefault(row["model"], {})[row["quantity"]] = float(row["value"])
    return out


def reference_traces():
    with open(os.path.join(L.HERE, "reference_rlc_traces.csv")) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) for r in rows] for k in rows[0]}


def value_at(res, name, t):
    """Column `name` at time t: linear interpolation between output rows (at an event time
    the right limit)."""
    times = res.column("time")
    k = bisect.bisect_right(times, t)
    if k == 0:
        return res.at(0, name)
    if k >= len(times) or times[k - 1] == t:
        return res.at(k - 1, name)
    a, b = k - 1, k
    s = (t - times[a]) / (times[b] - times[a])
    return res.at(a, name) + s * (res.at(b, name) - res.at(a, name))


def first_events(res):
    """(times of the events L (jumps of nL), times of the events C after C1)."""
    return [t for t, _ in res.jumps("nL")], [t for t, _ in res.jumps("nC")][1:]


def deviation(res, ref, key):
    """i, uC at t_end and the first L time against the reference of the model."""
    r = ref[key]
    ls, cs = first_events(res)
    return (abs(value_at(res, "uC", 500e-6) - r["uC_end"]),
            abs(value_at(res, "i", 500e-6) - r["i_end"]) if key else None,
            abs(ls[0] - r["t_L1"]) if ls else None)


def case2(runner, tables, values, out, gnuplot, fnum):
    ref = reference()
    trace = reference_traces()
    specs = []
    # (1) every model, standard parameters, 500 us, cvode at 1e-10 and 1e-12
    for tag, model, _ in MODELS:
        for tol in ("1e-10", "1e-12"):
            specs.append((f"rlc_{tag}_{tol}", model + ".mo", ["--tolerance", tol], (0,)))
        # two periods on the grid of the reference traces
        specs.append((f"rlc_{tag}_2T", model + ".mo",
                      ["--tolerance", "1e-12", "--stop-time", repr(T2),
                       "--interval", repr(T2 / N2)], (0,)))
    # (2) solvers for the shortcut and the Shockley models
    for tag in ("shortcut", "shockley_u"):
        model = dict((t, m) for t, m, _ in MODELS)[tag]
        for solver in SOLVERS:
            for tol in ("1e-6", "1e-10"):
                specs.append((f"rlcsolver_{tag}_{solver}_{tol}", model + ".mo",
                              ["--solver", solver, "--tolerance", tol], (0, 1, 3)))
    # (3) real time: fixed step
    for tag in RT_MODELS:
        model = dict((t, m) for t, m, _ in MODELS)[tag]
        for solver, step in FIXED:
            specs.append((f"rlcrt_{tag}_{solver}_{step}", model + ".mo",
                          ["--solver", solver, "--step", step, "--interval", "1e-7"], (0, 1, 3)))
    # (4) erratum: the printed frequency 0.15e-6 Hz
    for tag in ("shortcut", "shockley_u"):
        model = dict((t, m) for t, m, _ in MODELS)[tag]
        specs.append((f"rlc_{tag}_fprinted", model + ".mo", ["--override", "f=0.15e-6"], (0,)))
    runner.run_all(specs)
    R = runner.results

    # ---- table: models against their references ---------------------------------------------
    rows = []
    for tag, model, what in MODELS:
        res = runner.result(f"rlc_{tag}_1e-12")
        r = ref[REF_OF[tag]]
        ls, cs = first_events(res)
        info = R[f"rlc_{tag}_1e-12"]
        rows.append([model, what, int(res.rows[-1][res.col["nC"]]), ls[0], ls[0] - r["t_L1"],
                     value_at(res, "uC", 500e-6), value_at(res, "uC", 500e-6) - r["uC_end"],
                     value_at(res, "i", 500e-6) - r["i_end"], info.get("events"),
                     info.get("steps"), info.get("f-evals"), info["sim_wall"]])
    tables.write("rlc_models", ["model", "diode", "events C", "t_L1 (s)", "t_L1 - ref (s)",
                                "uC(500 us) (V)", "uC - ref (V)", "i - ref (A)", "events",
                                "steps", "f-evals", "sim wall (s)"], rows,
                 digits=[6, 6, 6, 10, 2, 10, 2, 2, 6, 6, 6, 2],
                 note="cvode, TOL 1e-12, standard parameters, 500 us; references: "
                      "reference_rlc.py (the explicit model against the Shockley reference). "
                      "events counts all events, also the breakpoints of the interpolation.")
    values["rlc_events_c"] = int(ref["shockley"]["events_C"])
    values["rlc_events_l"] = int(ref["shockley"]["events_L"])
    values["rlc_sc_tl1"] = ref["shortcut"]["t_L1"]
    values["rlc_sh_tl1"] = ref["shockley"]["t_L1"]
    values["rlc_sh_max_ud"] = ref["shockley"]["max_uD_2T"]
    values["rlc_sh_max_id"] = ref["shockley"]["max_iD_2T"]
    values["rlc_sc_max_id"] = ref["shortcut"]["max_iD_2T"]
    values["rlc_worst_dev_uc"] = max(abs(r[6]) for r in rows)
    values["rlc_worst_dev_t"] = max(abs(r[4]) for r in rows)

    # ---- solvers ------------------------------------------------------------------------------
    rows = []
    for tag in ("shortcut", "shockley_u"):
        for solver in SOLVERS:
            for tol in ("1e-6", "1e-10"):
                name = f"rlcsolver_{tag}_{solver}_{tol}"
                info = R[name]
                if info["code"] != 0:
                    rows.append([tag, solver, tol, f"exit {info['code']}", "", "", "", "", ""])
                    continue
                du, di, dt = deviation(runner.result(name), ref, REF_OF[tag])
                rows.append([tag, solver, tol, info.get("events"), info.get("steps"),
                             info.get("f-evals"), du, dt, info["sim_wall"]])
    tables.write("rlc_solvers", ["model", "solver", "TOL", "events", "steps", "f-evals",
                                 "|uC(500 us) - ref| (V)", "|t_L1 - ref| (s)", "sim wall (s)"],
                 rows, digits=[6, 6, 6, 6, 6, 6, 2, 2, 2],
                 note="Standard parameters, 500 us, output interval 1e-7 s.")
    sol = {(r[0], r[1], r[2]): r for r in rows}
    values["rlc_cvode_steps_sc"] = sol[("shortcut", "cvode", "1e-10")][4]
    values["rlc_erk_steps_sc"] = sol[("shortcut", "arkode-erk", "1e-10")][4]
    values["rlc_cvode6_dev"] = sol[("shockley_u", "cvode", "1e-6")][6]

    # ---- two periods: shortcut against Shockley, interpolations, uD against iD ---------------
    grid = trace["time"]
    runs2 = {tag: runner.result(f"rlc_{tag}_2T") for tag, _, _ in MODELS}
    with open(os.path.join(out, "rlc_2T.csv"), "w") as f:
        cols = ["i", "uC", "uD", "iD"]
        f.write("time," + ",".join(f"{t}.{c}" for t, _, _ in MODELS for c in cols) + "\n")
        for t in grid:
            f.write(repr(t) + "," + ",".join(repr(value_at(runs2[tag], c, t))
                                             for tag, _, _ in MODELS for c in cols) + "\n")
    base = "shockley_u"
    rows = []
    for tag, model, what in MODELS:
        dev = {c: max(abs(value_at(runs2[tag], c, t) - value_at(runs2[base], c, t))
                      for t in grid) for c in ("i", "uC", "uD", "iD")}
        peak = max(abs(value_at(runs2[base], "iD", t)) for t in grid)
        info = R[f"rlc_{tag}_2T"]
        rows.append([model, dev["i"], dev["uC"], dev["uD"], dev["iD"], dev["iD"] / peak,
                     info.get("events"), info.get("steps"), info["sim_wall"],
                     info["sim_wall"] / R[f"rlc_{base}_2T"]["sim_wall"]])
    tables.write("rlc_two_periods", ["model", "max |di| (A)", "max |duC| (V)", "max |duD| (V)",
                                     "max |diD| (A)", "max |diD| / max iD", "events", "steps",
                                     "sim wall (s)", "wall / Shockley uD"], rows,
                 digits=[6, 3, 3, 3, 3, 3, 6, 6, 2, 3],
                 note=f"Two source periods (0 to {T2:.4g} s), cvode TOL 1e-12, {N2 + 1} output "
                      "points; deviations from RLCShockleyU.mo on that grid.")
    byname = {r[0]: r for r in rows}
    values["rlc_2t_sc_di"] = byname["RLCShortcut"][1]
    values["rlc_2t_sc_duc"] = byname["RLCShortcut"][2]
    for n, m in ((3, "RLCInterpolated3"), (5, "RLCInterpolated"), (10, "RLCInterpolated10")):
        values[f"rlc_2t_i{n}_rel"] = byname[m][5]
        values[f"rlc_2t_i{n}_duc"] = byname[m][2]
    values["rlc_2t_ui_duc"] = byname["RLCShockleyI"][2]
    values["rlc_2t_ui_di"] = byname["RLCShockleyI"][1]
    # uD against iD over the whole horizon (both at 1e-12, and their references)
    ru, ri = runner.result("rlc_shockley_u_1e-12"), runner.result("rlc_shockley_i_1e-12")
    values["rlc_ui_duc_end"] = abs(value_at(ru, "uC", 500e-6) - value_at(ri, "uC", 500e-6))
    values["rlc_ui_newton_u"] = R["rlc_shockley_u_1e-12"]["text"].split("Newton")[0].split()[-1]
    values["rlc_ui_newton_i"] = R["rlc_shockley_i_1e-12"]["text"].split("Newton")[0].split()[-1]
    values["rlc_explicit_drift"] = max(abs(v) for v in runner.result("rlc_explicit_1e-12").column("drift"))
    values["rlc_explicit_drift10"] = max(abs(v) for v in runner.result("rlc_explicit_1e-10").column("drift"))

    # ---- real time ------------------------------------------------------------------------------
    rows = []
    for tag in RT_MODELS:
        model = dict((t, m) for t, m, _ in MODELS)[tag]
        for solver, step in FIXED:
            name = f"rlcrt_{tag}_{solver}_{step}"
            info = R[name]
            if info["code"] != 0:
                rows.append([model, solver, step, f"exit {info['code']}", "", "", "", ""])
                continue
            du, di, dt = deviation(runner.result(name), ref, REF_OF[tag])
            rows.append([model, solver, step, info.get("events"), info.get("steps"), du, dt,
                         info["sim_wall"]])
    tables.write("rlc_realtime", ["model", "solver", "step (s)", "events", "steps",
                                  "|uC(500 us) - ref| (V)", "|t_L1 - ref| (s)", "sim wall (s)"],
                 rows, digits=[6, 6, 6, 6, 6, 2, 2, 2],
                 note="Fixed-step solvers (--solver rk4/euler --step), standard parameters, "
                      "500 us; references: reference_rlc.py (explicit: the Shockley one).")
    rt = {(r[0], r[1], r[2]): r for r in rows}
    values["rlc_rt_rk4_sc"] = rt[("RLCShortcut", "rk4", "5e-8")][5]
    values["rlc_rt_rk4_ex"] = rt[("RLCExplicit", "rk4", "5e-8")][5]

    # ---- erratum ---------------------------------------------------------------------------------
    for tag in ("shortcut", "shockley_u"):
        res = runner.result(f"rlc_{tag}_fprinted")
        values[f"rlc_fp_{tag}_uc"] = max(abs(v) for v in res.column("uC"))
        values[f"rlc_fp_{tag}_events"] = R[f"rlc_{tag}_fprinted"].get("events")

    # ---- figures ----------------------------------------------------------------------------------
    names = [t for t, _, _ in MODELS]
    col = {f"{t}.{c}": 2 + 4 * k + j for k, t in enumerate(names)
           for j, c in enumerate(["i", "uC", "uD", "iD"])}
    gnuplot(out, "rlc_shortcut_shockley", f"""
set multiplot layout 3,1 title 'RLC circuit with diode, two source periods: shortcut against Shockley diode (cvode, TOL 1e-12)' noenhanced
set xlabel 'time (us)'
set ylabel 'i (mA)'
plot 'rlc_2T.csv' every ::1 using ($1*1e6):(${col['shortcut.i']}*1e3) with lines lw 2 title 'shortcut', '' every ::1 using ($1*1e6):(${col['shockley_u.i']}*1e3) with lines lw 2 title 'Shockley'
set ylabel 'uC (mV)'
plot 'rlc_2T.csv' every ::1 using ($1*1e6):(${col['shortcut.uC']}*1e3) with lines lw 2 title 'shortcut', '' every ::1 using ($1*1e6):(${col['shockley_u.uC']}*1e3) with lines lw 2 title 'Shockley'
set ylabel 'uD (mV)'
plot 'rlc_2T.csv' every ::1 using ($1*1e6):(${col['shortcut.uD']}*1e3) with lines lw 2 title 'shortcut', '' every ::1 using ($1*1e6):(${col['shockley_u.uD']}*1e3) with lines lw 2 title 'Shockley'
unset multiplot
""")
    gnuplot(out, "rlc_interpolated", f"""
set multiplot layout 2,1 title 'Interpolated Shockley diode (3, 5, 10 breakpoints) against Shockley, two periods' noenhanced
set xlabel 'time (us)'
set ylabel 'iD (nA)'
plot 'rlc_2T.csv' every ::1 using ($1*1e6):(${col['shockley_u.iD']}*1e9) with lines lw 2 title 'Shockley', '' every ::1 using ($1*1e6):(${col['interp3.iD']}*1e9) with lines title '3', '' every ::1 using ($1*1e6):(${col['interp5.iD']}*1e9) with lines title '5', '' every ::1 using ($1*1e6):(${col['interp10.iD']}*1e9) with lines title '10'
set ylabel 'iD - iD Shockley (nA)'
plot 'rlc_2T.csv' every ::1 using ($1*1e6):((${col['interp3.iD']}-${col['shockley_u.iD']})*1e9) with lines title '3', '' every ::1 using ($1*1e6):((${col['interp5.iD']}-${col['shockley_u.iD']})*1e9) with lines title '5', '' every ::1 using ($1*1e6):((${col['interp10.iD']}-${col['shockley_u.iD']})*1e9) with lines title '10'
unset multiplot
""")
    res = runner.result("rlc_shockley_u_1e-10")
    with open(os.path.join(out, "rlc_full.csv"), "w") as f:
        f.write("time,i,uC,uD,u0\n")
        for r in res.rows:
            f.write(",".join(repr(r[res.col[c]]) for c in ["time", "i", "uC", "uD", "u0"]) + "\n")
    gnuplot(out, "rlc_shockley_full", """
set multiplot layout 2,1 title 'RLC circuit with Shockley diode, standard parameters, 500 us (cvode, TOL 1e-10)' noenhanced
set xlabel 'time (us)'
set ylabel 'i (mA), u0 (V)'
plot 'rlc_full.csv' every ::1 using ($1*1e6):($2*1e3) with lines lw 2 title 'i (mA)', '' every ::1 using ($1*1e6):5 with lines title 'u0 (V)'
set ylabel 'voltage (mV)'
plot 'rlc_full.csv' every ::1 using ($1*1e6):($3*1e3) with lines lw 2 title 'uC', '' every ::1 using ($1*1e6):($4*1e3) with lines lw 2 title 'uD'
unset multiplot
""")
