#!/usr/bin/env python3
"""MSL coverage: runs every example of the Modelica Standard Library that has a reference result
(../shared/msl/references) through `mocc compare --reference`, with the settings of its
creation.txt, and writes a Markdown report (docs/msl-coverage.md by default).

Each example ends in one of these states (the exit codes of `mocc compare`):
  verified    simulated, every signal of comparisonSignals.txt inside the reference's tube (0)
  outside     simulated to the stop time, some signal leaves the tube (4)
  sim-failed  translated, the simulation stopped with an error (3)
  rejected    not translated: a model error (1) or a usage error (2)
  timeout     still running after --timeout seconds
  crash       ended by a signal: always a bug of mocc
`translated` counts verified + outside + sim-failed (+ timeouts after translation is unknown,
so they are not counted); `simulated` counts verified + outside.

Each example that leaves its tube also says whether it stays inside at the points where both
curves have data (the reference's rows and the result's event instants, `mocc compare`'s
"at the reference's rows"): references thinned further than the tube is wide leave only chords
between their rows elsewhere. That is reported, not counted as verified.

With --check, the run fails (exit 1) when fewer examples are verified than the number in
tools/msl_verified_minimum.txt (the ratchet: raise it as coverage grows, never lower it), when
an example crashed, or when an example whose known cause is tagged [thinned] leaves the tube at
the reference's rows too.
"""

import argparse
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_MSL = REPO.parent / "shared" / "msl"
MINIMUM_FILE = REPO / "tools" / "msl_verified_minimum.txt"
KNOWN_CAUSES_FILE = REPO / "tools" / "msl_known_causes.txt"

# The packages issue 12 targets (95 % of their examples verified).
IN_SCOPE = (
    "Modelica.Blocks", "Modelica.Electrical.Analog", "Modelica.Electrical.Digital",
    "Modelica.Electrical.Spice3", "Modelica.Electrical.Machines",
    "Modelica.Electrical.PowerConverters", "Modelica.Electrical.Polyphase",
    "Modelica.Electrical.QuasiStatic", "Modelica.Electrical.Batteries",
    "Modelica.Mechanics.Rotational", "Modelica.Mechanics.Translational",
    "Modelica.Thermal.HeatTransfer", "Modelica.Magnetic", "Modelica.ComplexBlocks",
    "Modelica.Math")


def read_creation(path):
    """modelName, StartTime, StopTime, Interval, Tolerance of a creation.txt."""
    settings = {}
    for line in path.read_text(errors="replace").splitlines():
        m = re.match(r'\s*(modelName|StartTime|StopTime|Interval|Tolerance)\s*=\s*"?([^"/\s]+)"?',
                     line)
        if m and m.group(1) not in settings:
            settings[m.group(1)] = m.group(2)
    return settings


def package_of(model):
    """The domain an example belongs to: its package path up to `Examples`, at most three
    names (Modelica.Electrical.Analog.Examples.ChuaCircuit -> Modelica.Electrical.Analog)."""
    parts = model.split(".")
    kept = []
    for part in parts[:-1]:
        if part == "Examples" or len(kept) == 3:
            break
        kept.append(part)
    return ".".join(kept)


def in_scope(package):
    return any(package == p or package.startswith(p + ".") for p in IN_SCOPE)


def find_examples(msl, pattern):
    examples = []
    for creation in sorted((msl / "references").rglob("creation.txt")):
        directory = creation.parent
        settings = read_creation(creation)
        name = settings.get("modelName")
        if not name or (pattern and not re.search(pattern, name)):
            continue
        csv = directory / (directory.name + ".csv")
        examples.append({"model": name, "settings": settings, "csv": csv,
                         "signals": directory / "comparisonSignals.txt"})
    return examples


def strip_library_path(text):
    """Paths into the library relative to it, whatever folder it was read from."""
    return re.sub(r"\S*ModelicaStandardLibrary-4\.0\.0/", "", text)


def first_error(text):
    """The first line that says what went wrong, without the file's absolute prefix."""
    for line in text.splitlines():
        if re.search(r"error(\[E\d{4}\])?:", line):  # a diagnostic carries its code
            return strip_library_path(line).strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""


def run_example(example, mocc, library, timeout, solver=""):
    s = example["settings"]
    with tempfile.TemporaryDirectory(prefix="mocc-msl-") as scratch:
        report = Path(scratch) / "compare.json"
        command = [mocc, "compare", example["model"], "--lib", str(library), "--no-cache",
                   "--reference", str(example["csv"]), "--signals", str(example["signals"]),
                   "--start-time", s.get("StartTime", "0"), "--stop-time", s.get("StopTime", "1"),
                   "--tolerance", s.get("Tolerance", "1e-6"), "--json", str(report)]
        if "Interval" in s:
            command += ["--interval", s["Interval"]]
        if solver:
            command += ["--solvers", solver]
        begin = time.monotonic()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                  cwd=scratch, errors="replace")
        except subprocess.TimeoutExpired:
            return {**example, "state": "timeout", "wall": timeout,
                    "detail": f"still running after {timeout} s"}
        wall = time.monotonic() - begin
        output = done.stdout + done.stderr
        result = {**example, "wall": wall, "exit": done.returncode}
        details = read_json(report)
        if details:
            result["compile"] = details.get("compile_seconds")
            runs = details.get("runs", [])
            if runs:
                result["simulate"] = runs[0].get("wall_seconds")
                result["tube"] = runs[0].get("tube", [])
                result["failure"] = runs[0].get("failure", "")
        result["failure"] = strip_library_path(result.get("failure", ""))
        if done.returncode < 0:
            result.update(state="crash", detail=f"signal {-done.returncode}: " + first_error(output))
        elif done.returncode == 0:
            result.update(state="verified", detail="")
        elif done.returncode == 4:
            result.update(state="outside", detail=worst_signal(result.get("tube", [])))
        elif done.returncode == 3:
            result.update(state="sim-failed", detail=result.get("failure") or first_error(output))
        else:
            result.update(state="rejected", detail=first_error(output))
        return result


def read_json(path):
    """The report of `mocc compare --json`; None when it was not (completely) written."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def inside_at_rows(tube):
    """Every signal stays inside the tube at the points where both curves have data: the
    reference's rows and the result's own event instants (mocc compare's `passed_at_rows`)."""
    return bool(tube) and all(v.get("passed_at_rows") for v in tube)


def worst_at_rows(tube):
    values = [v.get("worst_excursion_at_rows") for v in tube]
    return max((float("inf") if x is None else x for x in values), default=0.0)


def worst_signal(tube):
    failing = [v for v in tube if not v["passed"]]
    if not failing:
        return ""
    missing = [v["signal"] for v in failing if not v["in_result"]]
    if missing:
        return "not in the result: " + ", ".join(missing[:3]) + (" ..." if len(missing) > 3 else "")
    worst = max(failing, key=lambda v: v["worst_excursion"] if v["worst_excursion"] is not None
                else float("inf"))
    excursion = worst["worst_excursion"]
    size = "inf" if excursion is None else f"{excursion:.3g}"
    return f"{worst['signal']}: {size} tube units out at t = {worst['worst_time']:.6g}" \
        f" ({len(failing)} of {len(tube)} signals out)"


THINNED_TAG = "[thinned]"


def known_causes():
    """example -> why it leaves its tube, from tools/msl_known_causes.txt."""
    causes = {}
    if KNOWN_CAUSES_FILE.exists():
        for line in KNOWN_CAUSES_FILE.read_text().splitlines():
            if line.strip() and not line.startswith("#") and ": " in line:
                name, cause = line.split(": ", 1)
                causes[name.strip()] = cause.strip()
    return causes


def thinned_claims_broken(results):
    """Examples whose known cause says the reference is thinned (THINNED_TAG) although the
    result leaves the tube at the reference's own rows too: the claim no longer holds."""
    causes = known_causes()
    broken = []
    for r in results:
        cause = causes.get(r["model"], "")
        if cause.startswith(THINNED_TAG) and r["state"] != "verified" and \
                not (r["state"] == "outside" and inside_at_rows(r.get("tube", []))):
            broken.append(r["model"])
    return broken


def median(values):
    values = [v for v in values if v is not None]
    return f"{statistics.median(values):.2f}" if values else "-"


def markdown(results, elapsed, jobs):
    packages = {}
    for r in results:
        packages.setdefault(package_of(r["model"]), []).append(r)
    total = {k: sum(1 for r in results if r["state"] in v) for k, v in STATE_GROUPS.items()}
    scoped = [r for r in results if in_scope(package_of(r["model"]))]
    scoped_verified = sum(1 for r in scoped if r["state"] == "verified")
    at_rows = [r for r in results if r["state"] == "outside" and inside_at_rows(r.get("tube", []))]
    scoped_at_rows = sum(1 for r in at_rows if in_scope(package_of(r["model"])))
    lines = [
        "# MSL 4.0.0 coverage",
        "",
        "Generated by `tools/msl_coverage.py` (do not edit by hand): every example of the Modelica "
        "Standard Library 4.0.0 that has a reference result in ../shared/msl/references, run with "
        "the settings of its creation.txt through `mocc compare --reference` and checked against "
        "the reference's tube (csv-compare's method, tolerance 2e-3) on the signals of its "
        "comparisonSignals.txt. An example that simulates but leaves its tube carries its cause "
        "where it is known (tools/msl_known_causes.txt).",
        "",
        f"**{total['verified']} of {len(results)} verified**; {total['translated']} translated, "
        f"{total['simulated']} simulated to the stop time, {total['crash']} crashed. "
        f"In the packages of issue 12: {scoped_verified} of {len(scoped)} verified "
        f"({100.0 * scoped_verified / max(len(scoped), 1):.0f} %). "
        f"Run time {elapsed:.0f} s with {jobs} jobs.",
        "",
        f"Of the examples that leave their tube, {len(at_rows)} ({scoped_at_rows} in the packages "
        "of issue 12) stay inside it at every point where both curves have data: the reference's "
        "rows and the result's own event instants (`mocc compare`'s column \"at the reference's "
        "rows\"). Their references are thinned so far (rows more than the tube's width apart) "
        "that the tube follows chords between rows, which the reference tool's curve left; they "
        "are not counted as verified. Where the cause is tagged " + THINNED_TAG + ", `--check` "
        "fails once the result leaves the tube at the reference's rows too.",
        "",
        "| package | examples | translated | simulated | verified | median compile [s] | "
        "median simulation [s] |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name in sorted(packages):
        rs = packages[name]
        count = lambda group: sum(1 for r in rs if r["state"] in STATE_GROUPS[group])
        lines.append(f"| {name} | {len(rs)} | {count('translated')} | {count('simulated')} | "
                     f"{count('verified')} | {median(r.get('compile') for r in rs)} | "
                     f"{median(r.get('simulate') for r in rs)} |")
    lines += ["", "## Examples not verified", "",
              "| example | state | first error or worst signal |", "|---|---|---|"]
    causes = known_causes()
    for r in sorted(results, key=lambda r: r["model"]):
        if r["state"] == "verified":
            continue
        detail = r["detail"].replace("|", "\\|").replace("\n", " ")
        if len(detail) > 220:
            detail = detail[:217] + "..."
        if r["state"] == "outside":
            tube = r.get("tube", [])
            verdict = "inside" if inside_at_rows(tube) else "outside"
            detail += f" (at the reference's rows: {verdict}, worst {worst_at_rows(tube):.3g})"
        if r["model"] in causes:
            cause = causes[r["model"]]
            if cause.startswith(THINNED_TAG):
                cause = cause[len(THINNED_TAG):].strip()
            detail += " **Cause:** " + cause
        lines.append(f"| {r['model']} | {r['state']} | {detail} |")
    return "\n".join(lines) + "\n"


STATE_GROUPS = {
    "verified": {"verified"},
    "simulated": {"verified", "outside"},
    "translated": {"verified", "outside", "sim-failed"},
    "crash": {"crash"},
}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mocc", default=str(REPO / "build" / "mocc"))
    parser.add_argument("--msl", default=str(DEFAULT_MSL),
                        help="the folder with ModelicaStandardLibrary-4.0.0 and references")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds per example (the Spice3 models take ~30 s of LLVM at -O2)")
    parser.add_argument("--filter", default="", help="only examples whose name matches")
    parser.add_argument("--output", default=str(REPO / "docs" / "msl-coverage.md"))
    parser.add_argument("--solver", default="",
                        help="the integrator (mocc compare --solvers); default: mocc's")
    parser.add_argument("--require-all", action="store_true",
                        help="fail unless every example run is verified")
    parser.add_argument("--require-at-rows", action="store_true",
                        help="fail unless every example run is verified or stays inside its "
                             "tube at the reference's rows")
    parser.add_argument("--check", action="store_true",
                        help="fail when fewer examples are verified than the ratchet says, or "
                             "when any example crashed")
    args = parser.parse_args()

    msl = Path(args.msl)
    library = msl / "ModelicaStandardLibrary-4.0.0"
    if not library.is_dir():
        print(f"msl_coverage: error: no MSL at {library}", file=sys.stderr)
        return 2
    examples = find_examples(msl, args.filter)
    begin = time.monotonic()
    results = []
    mocc = str(Path(args.mocc).resolve())
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_example, e, mocc, library, args.timeout, args.solver)
                   for e in examples]
        for future in concurrent.futures.as_completed(futures):
            r = future.result()
            results.append(r)
            print(f"[{len(results)}/{len(examples)}] {r['state']:<10} {r['model']}",
                  flush=True)
    elapsed = time.monotonic() - begin
    Path(args.output).write_text(markdown(results, elapsed, args.jobs))
    verified = sum(1 for r in results if r["state"] == "verified")
    crashes = [r["model"] for r in results if r["state"] == "crash"]
    print(f"msl_coverage: {verified} of {len(results)} verified, {len(crashes)} crashed; "
          f"report {args.output}")
    if args.require_all and verified < len(results):
        print("msl_coverage: error: not verified: " +
              ", ".join(r["model"] for r in results if r["state"] != "verified"), file=sys.stderr)
        return 1
    if args.require_at_rows:
        missed = [r["model"] for r in results if r["state"] != "verified" and
                  not (r["state"] == "outside" and inside_at_rows(r.get("tube", [])))]
        if missed:
            print("msl_coverage: error: outside at the reference's rows: " + ", ".join(missed),
                  file=sys.stderr)
            return 1
    if args.check:
        minimum = int(MINIMUM_FILE.read_text().split()[0])
        if verified < minimum:
            print(f"msl_coverage: error: {verified} verified, fewer than the {minimum} of "
                  f"{MINIMUM_FILE.name}", file=sys.stderr)
            return 1
        if crashes:
            print("msl_coverage: error: crashed: " + ", ".join(crashes), file=sys.stderr)
            return 1
        broken = thinned_claims_broken(results)
        if broken:
            print("msl_coverage: error: said to leave the tube only between a thinned "
                  "reference's rows (" + THINNED_TAG + " in " + KNOWN_CAUSES_FILE.name +
                  "), but outside at its rows too: " + ", ".join(broken), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
