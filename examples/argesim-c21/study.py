#!/usr/bin/python3
"""ARGESIM C21 cases 1 (bouncing ball), 2 (RLC circuit with diode, study_rlc.py) and 3 (rotating
pendulum with free-flight phase, study_pendulum.py): runs every experiment with mocc and writes the tables
(CSV and Markdown) and figures (PNG through gnuplot) into results/, and docs/argesim-c21.md
from doc_template.md. Called by ./run; standard library only.

Usage: study.py MOCC [--out DIR] [--doc FILE | --no-doc] [--jobs N] [--keep-runs]
"""
import argparse
import concurrent.futures
import csv
import math
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source folder
import c21lib as L  # noqa: E402
import study_pendulum  # noqa: E402
import study_rlc  # noqa: E402

HERE = L.HERE
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

G, MU, X0 = 9.81, 0.9, 10.0
BETA = 0.002
G_MARS, BETA_MARS = 3.69, 2.3e-4
T_ZOOM = 1.43  # before the first contact at 1.4326 s
# KelvinVoigt.mo and variants of its switching conditions (written into results/variants/)
FORMULATIONS = [("kv", "guards and w := -x (KelvinVoigt.mo)"),
                ("kv_noreset", "guards, no reset of w"),
                ("kv_noguard", "w := -x, no guards"),
                ("kv_neither", "neither (when y < 0 ... elsewhen fc < 0)")]
SOLVERS = ["cvode", "cvode-adams", "ida", "arkode-erk", "arkode-dirk", "rk45"]


# ---------------------------------------------------------------------------------------------
# Formatting and output
def fnum(x, digits=6):
    """A number for a table: fixed or scientific, `digits` significant digits."""
    if x is None or x == "":
        return "-"
    if isinstance(x, str):
        return x
    if isinstance(x, int):
        return str(x)
    if x == 0:
        return "0"
    if 1e-3 <= abs(x) < 1e5:
        return f"{x:.{digits}g}"
    return f"{x:.{max(1, digits - 1)}e}".replace("e-0", "e-").replace("e+0", "e+")


class Tables:
    def __init__(self, out):
        self.out = out
        self.md = {}

    def write(self, name, header, rows, digits=None, note=None):
        """results/NAME.csv (full precision) and NAME.md (formatted)."""
        with open(os.path.join(self.out, name + ".csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header)
            for r in rows:
                w.writerow([repr(v) if isinstance(v, float) else v for v in r])
        digits = digits or [6] * len(header)
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for r in rows:
            lines.append("| " + " | ".join(fnum(v, d) for v, d in zip(r, digits)) + " |")
        text = "\n".join(lines) + "\n"
        if note:
            text += "\n" + note + "\n"
        with open(os.path.join(self.out, name + ".md"), "w") as f:
            f.write(text)
        self.md[name] = text


def gnuplot(out, name, script):
    """Write results/NAME.gp and render results/NAME.png with gnuplot (if installed)."""
    path = os.path.join(out, name + ".gp")
    with open(path, "w") as f:
        f.write("set terminal pngcairo size 1200,700 enhanced font 'sans,11'\n")
        f.write(f"set output '{name}.png'\nset datafile separator ','\nset grid\n")
        f.write("set key noenhanced\n")
        f.write(script)
    if shutil.which("gnuplot"):
        subprocess.run(["gnuplot", name + ".gp"], cwd=out, check=True)


# ---------------------------------------------------------------------------------------------
class Runner:
    """Runs mocc jobs in parallel; each job writes results/runs/NAME.csv."""

    def __init__(self, mocc, out, jobs):
        self.mocc, self.dir, self.jobs = mocc, os.path.join(out, "runs"), jobs
        os.makedirs(self.dir, exist_ok=True)
        self.results = {}

    def path(self, name):
        return os.path.join(self.dir, name + ".csv")

    def run_all(self, specs):
        """specs: [(name, model, [options], expected exit codes)]"""
        def one(spec):
            name, model, options, codes = spec
            start = time.time()
            code, text = L.run_mocc(self.mocc, model, self.path(name), *options, check=False)
            if code not in codes:
                raise RuntimeError(f"run {name} ({model} {' '.join(options)}) exited with {code}, "
                                   f"expected {codes}:\n{text}")
            return name, dict(code=code, text=text, wall=time.time() - start,
                              **L.summary_numbers(text))
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            for name, info in pool.map(one, specs):
                self.results[name] = info

    def result(self, name):
        return L.Result(self.path(name))


def bounce_times(res, prefix=""):
    """[(m, time, landing speed)] from the jumps of the bounce counter."""
    out = []
    for t, i in res.jumps(prefix + "bounces"):
        out.append((int(res.at(i, prefix + "bounces")), t, abs(res.at(i - 1, prefix + "v"))))
    return out


def zeno_message(text):
    m = re.search(r"Zeno behaviour at time ([0-9.eE+-]+).*?toward time ([0-9.eE+-]+)", text)
    return (float(m.group(1)), float(m.group(2))) if m else (None, None)


# ---------------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mocc")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "argesim-c21.md"))
    ap.add_argument("--no-doc", action="store_true")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--keep-runs", action="store_true", help="keep the result CSVs of all runs")
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    t_start = time.time()
    runner = Runner(os.path.abspath(args.mocc), out, args.jobs)
    tables = Tables(out)
    values = {}
    scal = L.reference_scalars()
    ref_drag = L.reference_drag_bounces()
    t_inf_lin = L.linear_t_inf(X0, G, MU)

    # ---- variants of the Kelvin-Voigt switching conditions ----------------------------------
    with open(os.path.join(HERE, "KelvinVoigt.mo")) as f:
        kv_text = f.read()
    guard_c, guard_f = "when not pre(contact) and y < 0 then", "elsewhen pre(contact) and fc < 0 then"
    reset = "    reinit(w, -x);\n"
    assert kv_text.count(guard_c) == 1 and kv_text.count(guard_f) == 1 and kv_text.count(reset) == 2
    variants = {
        "kv_noreset": kv_text.replace(reset, ""),
        "kv_noguard": kv_text.replace(guard_c, "when y < 0 then").replace(guard_f, "elsewhen fc < 0 then"),
        "kv_neither": kv_text.replace(reset, "").replace(guard_c, "when y < 0 then")
                             .replace(guard_f, "elsewhen fc < 0 then"),
    }
    os.makedirs(os.path.join(out, "variants"), exist_ok=True)
    variant_specs = []
    for name, text in variants.items():
        path = os.path.join(out, "variants", name + ".mo")
        with open(path, "w") as f:
            f.write(f"// generated by study.py from KelvinVoigt.mo: {dict(FORMULATIONS)[name]}\n")
            f.write(text.replace("model KelvinVoigt", f"model {name}")
                        .replace("end KelvinVoigt;", f"end {name};"))
        variant_specs.append((name, path, [], (0, 1, 3)))

    # ---- all runs -----------------------------------------------------------------------------
    specs = [
        ("ec_linear", "EventContact.mo", ["--override", "beta=0"], (3,)),
        ("ec_drag", "EventContact.mo", [], (3,)),
        ("ec_linear_tol12", "EventContact.mo", ["--override", "beta=0", "--tolerance", "1e-12"], (3,)),
        ("ec_drag_tol12", "EventContact.mo", ["--tolerance", "1e-12"], (3,)),
        ("ec_linear_continue", "EventContact.mo",
         ["--override", "beta=0", "--zeno", "continue", "--interval", "0.001"], (0,)),
        ("rest_linear", "EventContactRest.mo", ["--override", "beta=0"], (0,)),
        ("rest_drag", "EventContactRest.mo", [], (0,)),
        ("compensation", "Compensation.mo", [], (0,)),
        ("kv", "KelvinVoigt.mo", [], (0,)),
        ("kv_fine", "KelvinVoigt.mo", ["--stop-time", "3.0", "--interval", "5e-5"], (0,)),
        ("study", "ParameterStudy.mo", [], (0,)),
        ("fall", "KelvinVoigt.mo", ["--stop-time", repr(T_ZOOM)], (0,)),
        ("earth_mars", "EarthMars.mo", [], (0,)),
    ]
    for s in SOLVERS:
        for tol in ["1e-6", "1e-8", "1e-10", "1e-12"]:
            specs.append((f"hb_{s}_{tol}", "HundredBounces.mo",
                          ["--solver", s, "--tolerance", tol], (0, 3)))
        for tol in ["1e-6", "1e-8", "1e-10"]:
            specs.append((f"kvs_{s}_{tol}", "KelvinVoigt.mo", ["--solver", s, "--tolerance", tol],
                          (0, 3)))
    grid = [r for r in L.read_csv("reference_restitution.csv")]
    for r in grid:
        k, d = float(r["k"]), float(r["d"])
        specs.append((f"grid_{k:g}_{d:g}", "KelvinVoigt.mo",
                      ["--override", f"k={k:g}", "--override", f"d={d:g}", "--stop-time", "1.6"],
                      (0,)))
    # the slowest first, so that the pool stays busy
    specs += variant_specs
    specs.sort(key=lambda s: 0 if ("arkode-erk" in s[0] or "rk45" in s[0]) else 1)
    runner.run_all(specs)
    # restarts for the zoom on the first contacts of the parameter study (after "fall")
    fall = runner.result("fall")
    x_z, v_z = fall.rows[-1][fall.col["x"]], fall.rows[-1][fall.col["v"]]
    assert fall.rows[-1][0] == T_ZOOM and fall.rows[-1][fall.col["contacts"]] == 0
    runner.run_all([(f"zoom_{name}", "KelvinVoigt.mo",
                     ["--override", f"k={k:g}", "--override", f"d={d:g}", "--override", f"x0={x_z!r}",
                      "--override", f"v0={v_z!r}", "--start-time", repr(T_ZOOM), "--stop-time",
                      repr(T_ZOOM + 0.12), "--interval", "1e-5"], (0,))
                    for name, k, d in [("k1e4", 1e4, 500), ("k1e6", 1e6, 500), ("k1e8", 1e8, 500),
                                       ("d50", 1e6, 50), ("d5000", 1e6, 5000)]])

    # ---- 1. simulation until the last bounce, scattering ----------------------------------
    rows = []
    for name, label, beta, tol in [("ec_linear", "EventContact", 0, 1e-10),
                                   ("ec_linear_tol12", "EventContact", 0, 1e-12),
                                   ("ec_drag", "EventContact", BETA, 1e-10),
                                   ("ec_drag_tol12", "EventContact", BETA, 1e-12)]:
        info = runner.results[name]
        res = runner.result(name)
        b = bounce_times(res)
        stop, toward = zeno_message(info["text"])
        exact = t_inf_lin if beta == 0 else scal["t_inf_drag"]
        rows.append([label, beta, tol, "Zeno stop (exit 3)", info["events"], b[-1][0], b[-1][1],
                     toward, exact, toward - exact])
    for name, beta in [("rest_linear", 0), ("rest_drag", BETA)]:
        info = runner.results[name]
        res = runner.result(name)
        b = bounce_times(res)
        t_est = res.column("tInf")[-1]
        exact = t_inf_lin if beta == 0 else scal["t_inf_drag"]
        rows.append(["EventContactRest", beta, 1e-12, "rests (exit 0)", info["events"], b[-1][0],
                     b[-1][1], t_est, exact, t_est - exact])
        values[f"rest_{'linear' if beta == 0 else 'drag'}_bounces"] = b[-1][0]
        values[f"rest_{'linear' if beta == 0 else 'drag'}_tlast"] = b[-1][1]
        values[f"rest_{'linear' if beta == 0 else 'drag'}_tinf"] = t_est
    tables.write("last_bounce",
                 ["model", "beta (1/m)", "TOL", "outcome", "events", "bounces", "last bounce (s)",
                  "t_inf from the run (s)", "t_inf exact (s)", "difference (s)"], rows,
                 digits=[6, 3, 2, 6, 6, 6, 12, 12, 12, 3],
                 note="t_inf from the run: for EventContact the accumulation point mocc "
                      "extrapolates when it stops; for EventContactRest the output tInf at the "
                      "last bounce. Exact: eq. (16) for beta = 0, reference.py for beta = 0.002.")
    values["t_inf_linear"] = t_inf_lin
    values["t_inf_drag"] = scal["t_inf_drag"]
    values["ec_linear_stop"] = zeno_message(runner.results["ec_linear"]["text"])[0]
    values["ec_linear_toward"] = zeno_message(runner.results["ec_linear"]["text"])[1]
    values["ec_linear_tol12_toward"] = zeno_message(runner.results["ec_linear_tol12"]["text"])[1]
    values["ec_drag_tol12_toward"] = zeno_message(runner.results["ec_drag_tol12"]["text"])[1]
    values["ec_linear_bounces"] = bounce_times(runner.result("ec_linear"))[-1][0]
    values["ec_linear_tol12_bounces"] = bounce_times(runner.result("ec_linear_tol12"))[-1][0]

    # figure: scattering (straightforward, --zeno continue) and the rest rule
    res = runner.result("ec_linear_continue")
    with open(os.path.join(out, "scattering.csv"), "w") as f:
        f.write("time,x_straightforward\n")
        for r in res.rows:
            if 26.9 <= r[0] <= 27.4:
                f.write(f"{r[0]!r},{r[res.col['x']]!r}\n")
    res_rest = runner.result("rest_linear")
    with open(os.path.join(out, "rest.csv"), "w") as f:
        f.write("time,x_rest\n")
        for r in res_rest.rows:
            if 26.9 <= r[0] <= 27.4:
                f.write(f"{r[0]!r},{r[res_rest.col['x']]!r}\n")
    values["scatter_x_end"] = res.rows[-1][res.col["x"]]
    gnuplot(out, "scattering", f"""
set title 'Linear event-contact ball near t_inf = {t_inf_lin:.6f} s' noenhanced
set xlabel 'time (s)'; set ylabel 'x (m)'
set arrow from {t_inf_lin},graph 0 to {t_inf_lin},graph 1 nohead dt 2
plot 'scattering.csv' every ::1 using 1:2 with lines lw 2 title 'EventContact, --zeno continue (falls through the floor)', \\
     'rest.csv' every ::1 using 1:2 with lines lw 2 title 'EventContactRest (rests below vmin = 1e-3 m/s)'
""")
    res_d = runner.result("rest_drag")
    with open(os.path.join(out, "last_bounce_x.csv"), "w") as f:
        f.write("time,x_linear,x_drag\n")
        for a, b in zip(res_rest.rows, res_d.rows):
            if a[0] == b[0]:
                f.write(f"{a[0]!r},{a[res_rest.col['x']]!r},{b[res_d.col['x']]!r}\n")
    gnuplot(out, "last_bounce", """
set title 'Event-contact ball with the rest rule: linear and with air resistance' noenhanced
set xlabel 'time (s)'; set ylabel 'x (m)'
plot 'last_bounce_x.csv' every ::1 using 1:2 with lines lw 2 title 'beta = 0', \\
     'last_bounce_x.csv' every ::1 using 1:3 with lines lw 2 title 'beta = 0.002 1/m'
""")

    # ---- 2. accuracy over the first 100 bounces ------------------------------------------------
    exact = L.linear_bounce_times(X0, G, MU, 0.0, 200)
    rows, series = [], {}
    for s in SOLVERS:
        for tol in ["1e-6", "1e-8", "1e-10", "1e-12"]:
            name = f"hb_{s}_{tol}"
            info = runner.results[name]
            res = runner.result(name)
            b = bounce_times(res)
            dts = [exact[m - 1][0] - t for m, t, _ in b]
            series[name] = dts
            first100 = [abs(x) for x in dts[:100]]
            outcome = "Zeno stop (exit 3)" if info["code"] == 3 else (
                "Zeno, continued at rest" if "rest point" in info["text"] else "ok")
            pick = lambda m: dts[m - 1] if len(dts) >= m else None
            rows.append([s, float(tol), outcome, len(b), pick(1), pick(10), pick(50), pick(100),
                         max(first100) if len(dts) >= 100 else None, info.get("steps"),
                         info.get("f-evals")])
    tables.write("hundred_bounces",
                 ["solver", "TOL", "outcome", "bounces", "dt_1 (s)", "dt_10 (s)", "dt_50 (s)",
                  "dt_100 (s)", "max abs dt_m, m <= 100 (s)", "steps", "f-evals"], rows,
                 digits=[6, 1, 6, 6, 3, 3, 3, 3, 3, 6, 6],
                 note="dt_m = t_B,m (eq. 15) - simulated bounce time m; HundredBounces.mo "
                      "(rest below the rebound speed 1e-4 m/s: 113 bounces when exact). '-': "
                      "the run had fewer bounces.")
    with open(os.path.join(out, "hundred_bounces_dt.csv"), "w") as f:
        names = sorted(series)
        f.write("bounce," + ",".join(names) + "\n")
        for m in range(1, 114):
            f.write(str(m) + "," + ",".join(
                repr(abs(series[n][m - 1])) if len(series[n]) >= m else "" for n in names) + "\n")
    names = sorted(series)
    col = {n: i + 2 for i, n in enumerate(names)}
    plot_tol = ", \\\n     ".join(
        f"'hundred_bounces_dt.csv' every ::1 using 1:{col[f'hb_cvode_{t}']} with linespoints pt 7 ps 0.5 title 'cvode, TOL {t}'"
        for t in ["1e-6", "1e-8", "1e-10", "1e-12"])
    plot_sol = ", \\\n     ".join(
        f"'hundred_bounces_dt.csv' every ::1 using 1:{col[f'hb_{s}_1e-10']} with linespoints pt 7 ps 0.5 title '{s}'"
        for s in SOLVERS)
    gnuplot(out, "hundred_bounces", f"""
set multiplot layout 1,2 title 'Bounce-time deviation |t_B,m - simulated| of the linear model (eq. 15)' noenhanced
set logscale y; set format y '10^{{%L}}'; set xlabel 'bounce m'; set ylabel '|dt_m| (s)'
set key left top
set title 'cvode at four tolerances' noenhanced
plot {plot_tol}
set title 'six solvers at TOL = 1e-10' noenhanced
plot {plot_sol}
unset multiplot
""")
    values["hb_cvode12_dt100"] = series["hb_cvode_1e-12"][99]
    values["rk_dt100_max"] = max(abs(series[f"hb_{s}_{t}"][99]) for s in
                                 ["arkode-erk", "arkode-dirk", "rk45"]
                                 for t in ["1e-6", "1e-8", "1e-10", "1e-12"])
    values["apex_100"] = MU ** 200 * X0  # closed form: the apex after bounce 100
    values["hb_cvode12_bounces"] = len(series["hb_cvode_1e-12"])

    # ---- 3. compensation by an initial velocity -------------------------------------------------
    res = runner.result("compensation")
    bd = bounce_times(res, "drag.")
    bl = bounce_times(res, "linear.")
    b0 = bounce_times(runner.result("rest_linear"))
    delta = res.rows[0][res.col["linear.v"]]
    values["delta"] = delta
    values["comp_tinf_linear"] = res.column("linear.tInf")[-1]
    values["comp_tinf_drag"] = res.column("drag.tInf")[-1]
    values["comp_gain"] = runner.result("rest_linear").column("tInf")[-1] - values["comp_tinf_linear"]
    values["comp_deficit"] = values["comp_tinf_linear"] - values["comp_tinf_drag"]
    rows = []
    n = min(len(bd), len(bl), len(b0))
    for m in [1, 2, 3, 5, 10, 20, 30, 50, n]:
        rows.append([m, bd[m - 1][1], b0[m - 1][1], bl[m - 1][1], b0[m - 1][1] - bd[m - 1][1],
                     bl[m - 1][1] - bd[m - 1][1]])
    tables.write("compensation",
                 ["bounce m", "drag (s)", "linear, v0 = 0 (s)", "linear, v0 = delta* (s)",
                  "linear(0) - drag (s)", "linear(delta*) - drag (s)"], rows,
                 digits=[6, 9, 9, 9, 4, 4],
                 note=f"delta* = {delta:.6f} m/s (Compensation.mo; the initial velocity that "
                      "minimises the linear ball's t_inf). All times from the runs.")
    with open(os.path.join(out, "compensation_dt.csv"), "w") as f:
        f.write("bounce,lin0_minus_drag,lindelta_minus_drag\n")
        for m in range(1, n + 1):
            f.write(f"{m},{b0[m - 1][1] - bd[m - 1][1]!r},{bl[m - 1][1] - bd[m - 1][1]!r}\n")
    gnuplot(out, "compensation", f"""
set title 'Linear minus drag bounce times: no initial velocity compensates the drag' noenhanced
set xlabel 'bounce m'; set ylabel 't_linear - t_drag (s)'; set key right bottom
plot 'compensation_dt.csv' every ::1 using 1:2 with linespoints pt 7 ps 0.6 title 'v0 = 0', \\
     'compensation_dt.csv' every ::1 using 1:3 with linespoints pt 7 ps 0.6 title 'v0 = delta* = {delta:.4f} m/s'
""")

    # ---- 4. Kelvin-Voigt ball, standard parameters ---------------------------------------------
    res = runner.result("kv")
    ev = L.first_w_per_contact(L.kv_events(res))
    ref = L.reference_kv("earth")
    rows = []
    contact = None
    for i, e in enumerate(ev):
        if e["kind"] == "C":
            contact = dict(j=len(rows) + 1, tC=e["t"], vC=e["v"])
        elif e["kind"] == "W" and contact is not None and "tW" not in contact:
            contact.update(tW=e["t"], wmax=e["value"])
        elif e["kind"] == "F":
            contact.update(tF=e["t"], vF=e["v"])
        elif e["kind"] == "M":
            contact.update(tM=e["t"], apex=e["value"])
            rows.append(contact)
            contact = None
    if contact is not None:
        rows.append(contact)
    table = []
    for c in rows:
        table.append([c["j"], c["tC"], c["vC"], c.get("tW"), c.get("wmax"), c.get("tF"),
                      c.get("vF"), (c["vF"] / -c["vC"]) if "vF" in c else None,
                      (c["tF"] - c["tC"]) if "tF" in c else None, c.get("tM"), c.get("apex")])
    bounds = L.kv_bounds(ref, G, 1e6, 500, 1e-10, 30)
    dev_t = max(abs(s["t"] - r["t"]) for s, r in zip(ev, ref))
    worst = max(abs(s["t"] - r["t"]) / b[0] for s, r, b in zip(ev, ref, bounds))
    tables.write("kelvin_voigt_contacts",
                 ["contact j", "t_C (s)", "v at C (m/s)", "t_W (s)", "w_max (m)", "t_F (s)",
                  "v at F (m/s)", "e_j", "duration (s)", "t_M (s)", "apex x (m)"], table,
                 digits=[6, 10, 6, 10, 5, 10, 6, 5, 5, 10, 5],
                 note=f"KelvinVoigt.mo, standard parameters, cvode, TOL 1e-10: {len(ev)} events C, "
                      f"W, F, M as the reference ({len(ref)}); largest |event time - reference| "
                      f"{dev_t:.2e} s. e_j = v_F/|v_C|; the apex is the one after contact j; the "
                      f"last contact does not end (the ball rests at x = -g/k).")
    values["kv_contacts"] = sum(1 for e in ev if e["kind"] == "C")
    values["kv_dev_t"] = dev_t
    values["kv_worst_ratio"] = worst
    values["kv_x_end"] = res.rows[-1][res.col["x"]]
    values["kv_last_F"] = [e["t"] for e in ev if e["kind"] == "F"][-1]
    values["kv_last_C"] = [e["t"] for e in ev if e["kind"] == "C"][-1]
    values["kv_e1"] = table[0][7]
    values["kv_duration1"] = table[0][8]

    with open(os.path.join(out, "kv_overview.csv"), "w") as f:
        f.write("time,x,y,w,v,F\n")
        for r in res.rows:
            if r[0] <= 5:
                f.write(",".join(repr(r[res.col[c]]) for c in ["time", "x", "y", "w", "v", "F"]) + "\n")
    gnuplot(out, "kv_overview", """
set multiplot layout 2,1 title 'Kelvin-Voigt ball, standard parameters' noenhanced
set xlabel 'time (s)'; set ylabel 'm'
plot 'kv_overview.csv' every ::1 using 1:2 with lines lw 2 title 'x', 'kv_overview.csv' every ::1 using 1:3 with lines lw 1 title 'y = x + w'
set ylabel 'm/s'
plot 'kv_overview.csv' every ::1 using 1:5 with lines lw 2 title 'v'
unset multiplot
""")
    # the three windows of the contact-phase investigation
    fine = runner.result("kv_fine")
    evf = L.first_w_per_contact(L.kv_events(fine))
    tC = [e["t"] for e in evf if e["kind"] == "C"]
    tF = [e["t"] for e in evf if e["kind"] == "F"]
    windows = [("kv_contact1", "first contact", tC[0], tF[0]),
               ("kv_flight2", "second flight", tF[0], tC[1]),
               ("kv_contact2", "second contact", tC[1], tF[1])]
    for name, title, a, b in windows:
        eps = (b - a) / 10
        lo, hi = a - eps, b + eps
        with open(os.path.join(out, name + ".csv"), "w") as f:
            f.write("time_ms,x_mm,w_mm,y_mm,v,F\n")
            for r in fine.rows:
                if lo <= r[0] <= hi:
                    f.write(f"{(r[0] - a) * 1e3!r},{r[fine.col['x']] * 1e3!r},"
                            f"{r[fine.col['w']] * 1e3!r},{r[fine.col['y']] * 1e3!r},"
                            f"{r[fine.col['v']]!r},{r[fine.col['F']]!r}\n")
        gnuplot(out, name, f"""
set multiplot layout 3,1 title 'Kelvin-Voigt ball, {title}: [{a:.6f} - eps, {b:.6f} + eps] s, eps = {eps:.3g} s' noenhanced
set xlabel 'time - {a:.6f} s (ms)'
set ylabel 'mm'
plot '{name}.csv' every ::1 using 1:2 with lines lw 2 title 'x', '' every ::1 using 1:3 with lines lw 2 title 'w', '' every ::1 using 1:4 with lines lw 2 title 'y = x + w'
set ylabel 'm/s'
plot '{name}.csv' every ::1 using 1:5 with lines lw 2 title 'v'
set ylabel 'm/s^2'
plot '{name}.csv' every ::1 using 1:6 with lines lw 2 title 'contact force F (per unit mass)'
unset multiplot
""")
    values["eps1"] = (tF[0] - tC[0]) / 10

    # ---- 5. Kelvin-Voigt ball: solvers and tolerances ------------------------------------------
    rows = []
    ref_cfm = [r for r in ref if r["kind"] in "CFM"]
    for s in SOLVERS:
        for tol in ["1e-6", "1e-8", "1e-10"]:
            name = f"kvs_{s}_{tol}"
            info = runner.results[name]
            r_ = runner.result(name)
            allev = L.kv_events(r_)
            cfm = [e for e in allev if e["kind"] in "CFM"]
            same = [e["kind"] for e in cfm] == [e["kind"] for e in ref_cfm]
            dev = max(abs(a["t"] - b["t"]) for a, b in zip(cfm, ref_cfm)) if same else None
            rows.append([s, float(tol), "ok" if info["code"] == 0 else f"exit {info['code']}",
                         "yes" if same else "no", dev, sum(1 for e in allev if e["kind"] == "W"),
                         info.get("events"), info.get("steps"), info.get("f-evals")])
    values["erk_w_events"] = rows[[r[0] for r in rows].index("arkode-erk") + 2][5]
    values["cvode_w_events"] = rows[2][5]
    values["kv_dev_1e6"] = max(r[4] for r in rows if r[1] == 1e-6 and r[4] is not None)
    values["kv_dev_1e10"] = max(r[4] for r in rows if r[1] == 1e-10 and r[4] is not None)
    tables.write("kelvin_voigt_solvers",
                 ["solver", "TOL", "outcome", "C, F, M as reference", "max abs dt of C, F, M (s)",
                  "W events", "events", "steps", "f-evals"], rows,
                 digits=[6, 1, 6, 6, 3, 6, 6, 6, 6],
                 note="KelvinVoigt.mo, standard parameters, 30 s. The reference has "
                      f"{len(ref_cfm)} events C, F, M and 10 contacts (10 first W). W: events "
                      "'largest deformation', one per rising zero of v in contact.")

    # ---- 5b. switching conditions: the model and three ill-posed variants ----------------------
    rows = []
    for name, label in FORMULATIONS:
        info = runner.results[name]
        r_ = runner.result(name)
        sim = L.first_w_per_contact(L.kv_events(r_))
        seq_ok = [e["kind"] for e in sim] == [e["kind"] for e in ref]
        fails = L.compare_kv(sim, ref, L.kv_bounds(ref, G, 1e6, 500, 1e-10, 30), name)
        msg = ""
        if info["code"] != 0:
            m = re.search(r"simulation failed: (.*?)(;|$)", info["text"], re.M)
            msg = m.group(1) if m else f"exit {info['code']}"
        if name == "kv_noreset":
            values["noreset_fail_t"] = r_.rows[-1][0]
        if name == "kv_noguard":
            values["noguard_contacts"] = int(r_.rows[-1][r_.col["contacts"]])
        rows.append([label, "ok" if info["code"] == 0 else f"exit {info['code']}: {msg}",
                     r_.rows[-1][0], int(r_.rows[-1][r_.col["contacts"]]),
                     "yes" if (seq_ok and not fails and info["code"] == 0) else "no"])
    tables.write("kelvin_voigt_formulations",
                 ["switching conditions", "outcome", "simulated to (s)", "contacts counted",
                  "events as the reference"], rows, digits=[6, 6, 8, 6, 6],
                 note="KelvinVoigt.mo (first row) and variants written by the study "
                      "(results/variants/): without the guards pre(contact) / not pre(contact), "
                      "without the resets w := -x, without both. Reference: 10 contacts.")

    # ---- 6. parameter study in k and d ----------------------------------------------------------
    res = runner.result("study")
    inst = [("k1e4", 1e4, 500, "k1e4"), ("k1e6", 1e6, 500, "earth"), ("k1e8", 1e8, 500, "k1e8"),
            ("d50", 1e6, 50, "d50"), ("d5000", 1e6, 5000, "d5000")]
    rows = []
    for name, k, d, refname in inst:
        ev = L.first_w_per_contact(L.kv_events(res, name + "."))
        cs = [e for e in ev if e["kind"] == "C"]
        fs = [e for e in ev if e["kind"] == "F"]
        ws = [e for e in ev if e["kind"] == "W"]
        ms = [e for e in ev if e["kind"] == "M"]
        refev = L.reference_kv(refname)
        dev = max(abs(a["t"] - b["t"]) for a, b in zip(ev, refev))
        rows.append([name, k, d, d / (2 * math.sqrt(k)), len(cs),
                     (fs[0]["v"] / -cs[0]["v"]) if fs else 0.0,
                     (fs[0]["t"] - cs[0]["t"]) if fs else None, ws[0]["value"],
                     ms[0]["value"] if ms else None, fs[-1]["t"] if fs else None,
                     res.rows[-1][res.col[name + ".contact"]] == 1 and "in contact" or "flying",
                     res.rows[-1][res.col[name + ".x"]], -G / k, dev])
    tables.write("parameter_study",
                 ["instance", "k (N/m)", "d (kg/s)", "zeta", "contacts in 30 s", "e_1",
                  "first contact (s)", "w_max,1 (m)", "first apex (m)", "last separation (s)",
                  "at 30 s", "x at 30 s (m)", "-g/k (m)", "max abs dt vs reference (s)"], rows,
                 digits=[6, 3, 4, 4, 6, 5, 4, 4, 5, 8, 6, 5, 5, 3],
                 note="ParameterStudy.mo (cvode, TOL 1e-10); zeta = d/(2 sqrt(k)). '-': no "
                      "separation. The last column compares every event with reference.py.")
    for r in rows:
        values[f"ps_{r[0]}_contacts"] = r[4]
        values[f"ps_{r[0]}_e1"] = r[5]
    with open(os.path.join(out, "parameter_study_x.csv"), "w") as f:
        f.write("time," + ",".join(n for n, *_ in inst) + "\n")
        for r in res.rows:
            f.write(repr(r[0]) + "," + ",".join(repr(r[res.col[n + ".x"]]) for n, *_ in inst) + "\n")
    # the first contact of each instance, finely resolved: the first fall does not depend on k
    # and d, so each instance restarts from the state of the run "fall" at T_ZOOM (before the
    # first contact) with its k and d and a fine output interval
    zoom = {}
    for name, k, d, _ in inst:
        r_ = runner.result(f"zoom_{name}")
        zoom[name] = [(row[0], row[r_.col["x"]]) for row in r_.rows]
    t_c1 = L.reference_kv("earth")[0]["t"]
    for name, *_ in inst:
        with open(os.path.join(out, f"parameter_study_zoom_{name}.csv"), "w") as f:
            f.write(f"time_ms,{name}\n")
            for t, x in zoom[name]:
                f.write(f"{(t - T_ZOOM) * 1e3!r},{x * 1e3!r}\n")
    zoom_plot = ", ".join(f"'parameter_study_zoom_{n}.csv' every ::1 using 1:2 with lines lw 1.5 title '{n}'"
                          for n, *_ in inst)
    gnuplot(out, "parameter_study", f"""
set multiplot layout 2,1 title 'Kelvin-Voigt ball: k = 1e4, 1e6, 1e8 at d = 500; d = 50, 5000 at k = 1e6' noenhanced
set xlabel 'time (s)'; set ylabel 'x (m)'; set key outside right top
plot for [i=2:6] 'parameter_study_x.csv' every ::1 using 1:i with lines lw 1.5 title columnheader(i)
set xlabel 'time - {T_ZOOM} s (ms)'; set ylabel 'x (mm)'; set yrange [-30:30]
plot {zoom_plot}
unset multiplot
""")
    # the k x d grid of the first contact
    rows, pts = [], []
    for r in grid:
        k, d = float(r["k"]), float(r["d"])
        ev = L.kv_events(runner.result(f"grid_{k:g}_{d:g}"))
        cs = [e for e in ev if e["kind"] == "C"]
        fs = [e for e in ev if e["kind"] == "F"]
        e_sim = fs[0]["v"] / -cs[0]["v"] if fs else 0.0
        e_ref = float(r["e"])
        rows.append([k, d, float(r["zeta"]), e_sim, e_ref, e_sim - e_ref, float(r["e0"])])
        pts.append((float(r["zeta"]), e_sim, float(r["e0"])))
    tables.write("restitution_grid",
                 ["k (N/m)", "d (kg/s)", "zeta", "e_1 (mocc)", "e_1 (reference)", "difference",
                  "e0(zeta), no gravity"], rows, digits=[3, 4, 4, 6, 6, 3, 6],
                 note="First contact of KelvinVoigt.mo on a grid of k and d (--override, "
                      "stop 1.6 s): e_1 = separation speed / impact speed (0: the ball does not "
                      "leave the floor). e0 is the same ratio without gravity, a function of "
                      "zeta alone (reference.py).")
    pts.sort()
    with open(os.path.join(out, "restitution.csv"), "w") as f:
        f.write("zeta,e_mocc,e0\n")
        for z, e, e0 in pts:
            f.write(f"{z!r},{e!r},{e0!r}\n")
    gnuplot(out, "restitution", """
set title 'Restitution of the first contact over the damping ratio zeta = d/(2 sqrt(k))' noenhanced
set logscale x; set xlabel 'zeta'; set ylabel 'e_1 = v_F / |v_C|'
plot 'restitution.csv' every ::1 using 1:3 with linespoints lw 1 pt 6 title 'without gravity: e0(zeta) (reference.py)', \\
     'restitution.csv' every ::1 using 1:2 with points pt 7 ps 1.2 title 'mocc, 25 pairs (k, d)'
""")

    # ---- 7. Earth and Mars -----------------------------------------------------------------------
    res = runner.result("earth_mars")
    rows = []
    evs = {}
    for p in ["earth", "mars"]:
        evs[p] = L.first_w_per_contact(L.kv_events(res, p + "."))
    def kv_facts(ev):
        cs = [e for e in ev if e["kind"] == "C"]
        fs = [e for e in ev if e["kind"] == "F"]
        ms = [e for e in ev if e["kind"] == "M"]
        return dict(t_c1=cs[0]["t"], v_c1=cs[0]["v"], contacts=len(cs),
                    e1=fs[0]["v"] / -cs[0]["v"], apex1=ms[0]["value"], t_m1=ms[0]["t"],
                    last_f=fs[-1]["t"], last_c=cs[-1]["t"])
    fe, fm = kv_facts(evs["earth"]), kv_facts(evs["mars"])
    labels = [("first contact t_C1 (s)", "t_c1"), ("impact speed at C1 (m/s)", "v_c1"),
              ("restitution e_1", "e1"), ("first apex time (s)", "t_m1"),
              ("first apex x (m)", "apex1"), ("contacts", "contacts"),
              ("last separation (s)", "last_f"), ("last contact, for good (s)", "last_c")]
    for label, key in labels:
        a, b = fe[key], fm[key]
        rows.append(["Kelvin-Voigt", label, a, b, b / a if a else None])
    be = bounce_times(res, "linearEarth.")
    bm = bounce_times(res, "linearMars.")
    for m in [1, 2, 5, len(bm)]:
        rows.append(["linear event contact", f"bounce {m} (s)", be[m - 1][1], bm[m - 1][1],
                     bm[m - 1][1] / be[m - 1][1]])
    rows.append(["linear event contact", "t_inf estimate tInf (s)",
                 res.column("linearEarth.tInf")[-1], res.column("linearMars.tInf")[-1],
                 res.column("linearMars.tInf")[-1] / res.column("linearEarth.tInf")[-1]])
    tables.write("earth_mars", ["model", "quantity", "Earth", "Mars", "Mars/Earth"], rows,
                 digits=[6, 6, 8, 8, 6],
                 note=f"EarthMars.mo (cvode, TOL 1e-12). Earth g = {G}, beta = {BETA}; Mars "
                      f"g = {G_MARS}, beta = {BETA_MARS}. The linear balls scale exactly: "
                      f"sqrt(g_E/g_M) = {math.sqrt(G / G_MARS):.6f}.")
    values["mars_ratio"] = math.sqrt(G / G_MARS)
    values["mars_contacts"] = fm["contacts"]
    values["earth_contacts"] = fe["contacts"]
    values["mars_last_c"] = fm["last_c"]
    values["earth_last_c"] = fe["last_c"]
    values["mars_t_c1"] = fm["t_c1"]
    values["mars_e1"] = fm["e1"]
    values["drag_rel_earth"] = BETA * fe["v_c1"] ** 2 / G
    values["drag_rel_mars"] = BETA_MARS * fm["v_c1"] ** 2 / G_MARS
    with open(os.path.join(out, "earth_mars_xv.csv"), "w") as f:
        f.write("time,x_earth,x_mars,v_earth,v_mars\n")
        for r in res.rows:
            f.write(",".join(repr(r[res.col[c]]) for c in
                             ["time", "earth.x", "mars.x", "earth.v", "mars.v"]) + "\n")
    gnuplot(out, "earth_mars", """
set multiplot layout 2,1 title 'Kelvin-Voigt ball on Earth (g = 9.81, beta = 0.002) and on Mars (g = 3.69, beta = 2.3e-4)' noenhanced
set xlabel 'time (s)'; set xrange [0:10]
set ylabel 'x (m)'
plot 'earth_mars_xv.csv' every ::1 using 1:2 with lines lw 2 title 'Earth', '' every ::1 using 1:3 with lines lw 2 title 'Mars'
set ylabel 'v (m/s)'
plot 'earth_mars_xv.csv' every ::1 using 1:4 with lines lw 2 title 'Earth', '' every ::1 using 1:5 with lines lw 2 title 'Mars'
unset multiplot
""")

    # ---- case 2: RLC circuit with diode (study_rlc.py) -------------------------------------------
    study_rlc.case2(runner, tables, values, out, gnuplot, fnum)

    # ---- case 3: rotating pendulum with free-flight phase (study_pendulum.py) -----------------
    study_pendulum.case3(runner, tables, values, out, gnuplot, fnum)

    # ---- case 1 with GNU Octave and Scilab beside mocc, where installed (external_solvers.py) --
    external = subprocess.run([sys.executable, os.path.join(HERE, "external_solvers.py"),
                               os.path.abspath(args.mocc), "--out", out],
                              capture_output=True, text=True)
    if external.returncode != 0:
        raise RuntimeError("external_solvers.py failed:\n" + external.stdout + external.stderr)
    with open(os.path.join(out, "external_solvers.md")) as f:
        tables.md["external_solvers"] = f.read()

    # ---- clean up the large run files, keep the summaries ---------------------------------------
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["run", "exit", "events", "steps", "f-evals", "wall (s)"])
        for name in sorted(runner.results):
            i = runner.results[name]
            w.writerow([name, i["code"], i.get("events"), i.get("steps"), i.get("f-evals"),
                        f"{i['wall']:.3f}"])
    if not args.keep_runs:
        shutil.rmtree(runner.dir)
    elapsed = time.time() - t_start
    print(f"argesim-c21: {len(runner.results)} mocc runs, tables and figures in {out} "
          f"({elapsed:.1f} s)")

    if not args.no_doc:
        write_doc(args.doc, tables, values)
        print(f"argesim-c21: wrote {args.doc}")


def write_doc(path, tables, values):
    with open(os.path.join(HERE, "doc_template.md")) as f:
        text = f.read()

    def table(m):
        return tables.md[m.group(1)].rstrip("\n")

    def value(m):
        name, spec = m.group(1), m.group(2)
        v = values[name]
        if spec:
            return format(v, spec)
        return fnum(v)
    text = re.sub(r"\{\{table:([a-z0-9_]+)\}\}", table, text)
    text = re.sub(r"\{\{v:([a-zA-Z0-9_]+)(?::([^}]*))?\}\}", value, text)
    missing = re.findall(r"\{\{[^}]*\}\}", text)
    if missing:
        raise RuntimeError(f"unresolved placeholders in doc_template.md: {missing}")
    header = ("<!-- Generated by examples/argesim-c21/run from examples/argesim-c21/"
              "doc_template.md: edit the template, not this file. -->\n")
    with open(path, "w") as f:
        f.write(header + text)


if __name__ == "__main__":
    sys.exit(main())
