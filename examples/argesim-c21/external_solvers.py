#!/usr/bin/python3
"""ARGESIM C21 case 1: the 100-bounce accuracy experiment with GNU Octave and Scilab beside mocc.

The comparison the seeds make with MATLAB, made with tools a reader can install (Debian's
`octave` and `scilab-cli`, both optional): the linear event-contact ball of HundredBounces.mo
(x0 = 10 m, v0 = 0, mu = 0.9, g = 9.81 m/s2, rest below the rebound speed 1e-4 m/s,
t_end = 30 s) solved by
  - mocc (HundredBounces.mo, as study.py runs it) with the solvers of --mocc-solvers;
  - Octave's ode45 with an Events function (octave/bounces.m): as Octave locates the event
    (linear interpolation between two steps), and with the crossing refined by Newton's method
    on ode45's own solution (what MATLAB's ode45 does on its interpolant);
  - Scilab's ode("root", ...) (LSODAR, octave/bounces.sce);
every one at RelTol = AbsTol = TOL for each TOL of --tolerances, each restarted at every bounce
with the reset v := -mu v. The bounce times are compared with the closed form, eq. (15) of the
C21 definition (c21lib.linear_bounce_times): dt_m = t_B,m - (simulated bounce m).

Writes DIR/external_solvers.csv (full precision), DIR/external_solvers.md (the table) and
DIR/external_solvers_dt.csv (dt_m of every run, for plots). A tool not on PATH is skipped with
a note in the table; the exit code is 0 then (the tools are optional), 1 if a run fails.

Usage: external_solvers.py MOCC [--out DIR] [--tolerances 1e-4,1e-6,1e-8,1e-10]
                           [--mocc-solvers cvode,cvode-adams,rk45,arkode-erk] [--jobs N]
Standard library only (/usr/bin/python3).
"""
import argparse
import concurrent.futures
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source folder
import c21lib as L  # noqa: E402

HERE = L.HERE
sys.path.insert(0, os.path.dirname(HERE))
import moccio  # noqa: E402  (examples/moccio.py: number formats of the tables)

G, MU, X0, VMIN = 9.81, 0.9, 10.0, 1e-4  # HundredBounces.mo
MAX_BOUNCES = 1000  # the external scripts stop at rest or t_end long before
OUTCOMES = {"rest": "rest", "count": "bounce count reached", "stop-time": "t_end",
            "through-floor": "fell through the floor"}


def fmt_tol(tol):
    """1e-06 -> 1e-6"""
    return ("%g" % tol if 1e-3 <= tol < 1e3 else "%.0e" % tol).replace("e-0", "e-")


def timed(cmd, timeout):
    start = time.time()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=timeout, cwd=tempfile.gettempdir())
    return proc, time.time() - start


# ---------------------------------------------------------------------------------------------
# One run each: a dict tool, solver, tol, outcome, times [bounce times], fevals, steps,
# runtime (the solver's loop or mocc's simulation), process (the whole command, start-up and
# compilation included)
def run_mocc(mocc, solver, tol, tmp):
    out = os.path.join(tmp, f"hb_{solver}_{tol}.csv")
    start = time.time()
    code, text = L.run_mocc(mocc, "HundredBounces.mo", out, "--solver", solver,
                            "--tolerance", tol, check=False)
    process = time.time() - start
    if code not in (0, 3):  # 3: Zeno stop, a result of the experiment (study.py accepts it too)
        raise RuntimeError(f"mocc {solver} at {tol} exited with {code}:\n{text}")
    res = L.Result(out)
    times = [t for t, _ in res.jumps("bounces")]
    info = L.summary_numbers(text)
    if code == 3:
        outcome = "Zeno stop (exit 3)"
    elif "rest point" in text:
        outcome = "Zeno, continued at rest"
    elif res.rows[-1][res.col["resting"]] == 1:
        outcome = "rest"
    else:
        outcome = "t_end"
    return dict(tool="mocc", solver=solver, tol=float(tol), outcome=outcome, times=times,
                fevals=info.get("f-evals"), steps=info.get("steps"),
                runtime=info.get("sim_wall"), process=process)


def parse_script_output(text):
    """The records of octave/bounces.m and bounces.sce (see their headers)."""
    times, end, stats, version = [], None, None, "?"
    for line in text.splitlines():
        f = line.strip().split(",")
        if f[0] == "tool" and len(f) >= 3:
            version = f[2]
        elif f[0] == "bounce" and len(f) == 4:
            if int(f[1]) != len(times) + 1:
                raise ValueError(f"bounce {f[1]} out of order")
            times.append(float(f[2]))
        elif f[0] == "end" and len(f) == 3:
            end = f[1]
        elif f[0] == "stats" and len(f) == 4:
            stats = (int(f[1]), int(f[2]), float(f[3]))
    if end is None or stats is None:
        raise ValueError("no end/stats record")
    return times, end, stats, version


def run_script(tool, solver, cmd, tol, timeout):
    proc, process = timed(cmd, timeout)
    try:
        times, end, (fevals, steps, runtime), version = parse_script_output(proc.stdout)
    except ValueError as err:
        raise RuntimeError(f"{' '.join(cmd)}: {err} (exit {proc.returncode}):\n"
                           f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return dict(tool=tool, solver=solver, tol=float(tol), outcome=OUTCOMES.get(end, end),
                times=times, fevals=fevals, steps=steps if steps >= 0 else None,
                runtime=runtime, process=process, version=version)


def octave_cmd(octave, tol, locate):
    return [octave, "--no-gui", "--norc", "--quiet", os.path.join(HERE, "octave", "bounces.m"),
            str(MAX_BOUNCES), tol, tol, locate]


def scilab_cmd(scilab, tol):
    return [scilab, "-nb", "-quit", "-f", os.path.join(HERE, "octave", "bounces.sce"),
            "-args", str(MAX_BOUNCES), tol, tol]


# ---------------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mocc")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--tolerances", default="1e-4,1e-6,1e-8,1e-10",
                    help="RelTol = AbsTol of every solver (comma-separated)")
    ap.add_argument("--mocc-solvers", default="cvode,cvode-adams,rk45,arkode-erk")
    ap.add_argument("--jobs", type=int, default=1,
                    help="runs in parallel (default 1: the runtimes are measured undisturbed)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per external run")
    args = ap.parse_args()
    t_start = time.time()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    tols = [t.strip() for t in args.tolerances.split(",") if t.strip()]
    solvers = [s.strip() for s in args.mocc_solvers.split(",") if s.strip()]
    if not os.access(args.mocc, os.X_OK):
        sys.exit(f"external_solvers.py: no mocc at {args.mocc}")

    notes, jobs = [], []
    octave, scilab = shutil.which("octave"), shutil.which("scilab-cli")
    if not octave:
        notes.append("octave is not on PATH: ode45 skipped (Debian: apt-get install octave).")
    if not scilab:
        notes.append("scilab-cli is not on PATH: ode(\"root\") skipped "
                     "(Debian: apt-get install scilab-cli).")
    for n in notes:
        print("external_solvers.py: " + n)

    with tempfile.TemporaryDirectory(prefix="c21_external_") as tmp:
        for tol in tols:
            for s in solvers:
                jobs.append(lambda s=s, tol=tol: run_mocc(args.mocc, s, tol, tmp))
            if octave:
                jobs.append(lambda tol=tol: run_script(
                    "octave", "ode45 (Octave's event location)", octave_cmd(octave, tol, "ode45"),
                    tol, args.timeout))
                jobs.append(lambda tol=tol: run_script(
                    "octave", "ode45 + Newton location", octave_cmd(octave, tol, "newton"),
                    tol, args.timeout))
            if scilab:
                jobs.append(lambda tol=tol: run_script(
                    "scilab", "ode(\"root\") (lsodar)", scilab_cmd(scilab, tol), tol, args.timeout))
        try:
            with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
                runs = list(pool.map(lambda job: job(), jobs))
        except (RuntimeError, subprocess.TimeoutExpired) as err:
            print(f"external_solvers.py: {err}", file=sys.stderr)
            return 1

    # ---- errors against eq. (15) --------------------------------------------------------------
    exact = [t for t, _ in L.linear_bounce_times(X0, G, MU, 0.0, MAX_BOUNCES)]
    n_rest, _ = L.rest_bounce([w for _, w in L.linear_bounce_times(X0, G, MU, 0.0, 200)], MU, VMIN)
    t_inf = L.linear_t_inf(X0, G, MU)
    header = ["tool", "solver", "TOL", "outcome", "bounces", "max abs dt_m m<=100 (s)",
              "max abs dt_m over the bounces found (s)", "dt_1 (s)", "dt_10 (s)", "dt_50 (s)",
              "dt_100 (s)", "last bounce (s)", "f-evals", "steps", "runtime (s)",
              "process (s)"]
    rows, md_rows, series, versions = [], [], {}, {}
    for r in runs:
        if "version" in r:
            versions[{"octave": "GNU Octave", "scilab": "Scilab"}[r["tool"]]] = r["version"]
        dts = [exact[m] - t for m, t in enumerate(r["times"][:len(exact)])]
        series[f"{r['tool']} {r['solver']} {r['tol']:g}"] = dts
        n = len(dts)
        first = [abs(d) for d in dts[:100]]
        pick = lambda m: dts[m - 1] if n >= m else ""  # noqa: E731
        max100 = max(first) if n >= 100 else ""
        maxfound = max(first) if first else ""
        rows.append([r["tool"], r["solver"], r["tol"], r["outcome"], n, max100, maxfound,
                     pick(1), pick(10), pick(50), pick(100),
                     r["times"][-1] if r["times"] else "", r["fevals"] or "", r["steps"] or "",
                     r["runtime"] if r["runtime"] is not None else "", r["process"]])
        md_rows.append([
            f"{r['tool']} {r['solver']}", fmt_tol(r["tol"]), r["outcome"], str(n),
            moccio.e(dts[0]) if n else "-",
            moccio.e(max100) if n >= 100 else (f"({moccio.e(maxfound)}, m <= {n})"
                                               if first else "-"),
            moccio.e(dts[99]) if n >= 100 else "-",
            str(r["fevals"]) if r["fevals"] else "-",
            "%.3g" % r["runtime"] if r["runtime"] is not None else "-",
            "%.2g" % r["process"]])
    with open(os.path.join(out, "external_solvers.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for r in rows:
            w.writerow([moccio.g(v) for v in r])
    md_header = ["tool / solver", "TOL", "outcome", "bounces", "dt_1 (s)",
                 "max abs dt_m, m <= 100 (s)",
                 "dt_100 (s)", "f-evals", "runtime (s)", "process (s)"]
    md = "\n".join(["| " + " | ".join(md_header) + " |", "|" + "---|" * len(md_header)] +
                   ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in md_rows])
    lines = [md.rstrip("\n"), ""]
    lines.append(
        f"Linear event-contact ball of HundredBounces.mo (C21 section 2.3), RelTol = AbsTol = TOL "
        f"for every solver, restarted at every bounce with v := -mu v. dt_m = t_B,m (eq. 15) - "
        f"simulated bounce time m; exact: {n_rest} bounces until the rest rule (rebound speed "
        f"below {VMIN:g} m/s), t_inf = {t_inf:.10g} s. bounces: number found before the rest, "
        f"t_end = 30 s, a Zeno stop or a fall through the floor; fewer than 100: the maximum "
        f"over those found, in parentheses. f-evals: right-hand-side evaluations (Octave, "
        f"Scilab: counted in the right-hand-side function, Newton location included). runtime: "
        f"mocc's simulation wall time, the loop over the bounces in Octave and Scilab "
        f"(interpreted); process: the whole command, start-up and mocc's compilation included. "
        f"mocc puts each event at the first point past the root, within 100 eps (|t| + |h|) "
        f"(README.md, 'What is supported').")
    if octave:
        lines.append("")
        lines.append(
            "Octave's ode45 locates an event by one linear interpolation of the event function "
            "between two accepted steps (scripts/ode/private/ode_event_handler.m), and does not "
            "stop at an event in the first step of a call; 'ode45 + Newton location' refines that "
            "estimate by Newton's method on ode45's own solution (same tolerances) and restarts on "
            "the floor, x = 0: the accuracy of the Dormand-Prince integration itself, as MATLAB's "
            "ode45 locates events on its interpolant.")
    if versions:
        lines.append("")
        lines.append("Versions: " + ", ".join(f"{k} {v}" for k, v in sorted(versions.items())) + ".")
    for n in notes:
        lines.append("")
        lines.append(n)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "external_solvers.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "external_solvers_dt.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        names = list(series)
        w.writerow(["bounce"] + names)
        for m in range(1, max((len(v) for v in series.values()), default=0) + 1):
            w.writerow([m] + [repr(series[k][m - 1]) if len(series[k]) >= m else ""
                              for k in names])
    print(text, end="")
    print(f"external_solvers.py: {len(runs)} runs in {time.time() - t_start:.1f} s; "
          f"tables in {out}/external_solvers.csv, .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
