#!/usr/bin/env python3
"""The Modelica Association's compliance suite counted by its usual rule, through `mocc run`:
a model with shouldPass = true passes when it simulates to its stop time without a failed
assertion (exit code 0); one with shouldPass = false passes when mocc rejects it, at
translation (exit code 1) or in its simulation (exit code 3). A crash, a hang (--timeout) or a
usage error is a failure either way.

  simulate_suite.py MOCC SUITE_DIR [--report FILE] [--passing FILE [--update]] [--jobs N]

Prints the count per top-level folder and writes the failures to the report. The gate is per
model: --passing names a file listing the tests that passed before (one path per line,
relative to ModelicaCompliance/); the run exits 1 when any of them fails now (a regression a
total could hide behind a new pass) or when any test crashed, and 77 when the suite is
missing. Tests that pass but are not listed are printed; --update rewrites the list with
every test that passes now, so the list only grows as the compiler does.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def find_tests(suite):
    tests = []
    root = suite / "ModelicaCompliance"
    for path in sorted(root.rglob("*.mo")):
        text = path.read_text(errors="replace")
        m = re.search(r"TestCase\s*\(\s*shouldPass\s*=\s*(true|false)", text)
        if not m:
            continue
        relative = path.relative_to(root)
        name = "ModelicaCompliance." + ".".join(relative.with_suffix("").parts)
        tests.append((relative, name, m.group(1) == "true"))
    return tests


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()
    return text.strip().splitlines()[-1] if text.strip() else ""


def run(test, mocc, suite, timeout):
    relative, name, should_pass = test
    with tempfile.TemporaryDirectory(prefix="mocc-compliance-") as scratch:
        command = [mocc, "run", str(suite / "ModelicaCompliance" / relative), "--class", name,
                   "--lib", str(suite), "--no-cache", "-o", str(Path(scratch) / "result.csv")]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                  cwd=scratch, errors="replace")
        except subprocess.TimeoutExpired:
            return test, False, f"still running after {timeout} s"
    code = done.returncode
    if code < 0:
        return test, False, f"crashed with signal {-code}"
    passed = code == 0 if should_pass else code in (1, 3)
    return test, passed, f"exit code {code}: " + first_error(done.stdout + done.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mocc")
    parser.add_argument("suite")
    parser.add_argument("--report", default="compliance_simulation_failures.txt")
    parser.add_argument("--passing", type=Path)
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    suite = Path(args.suite).resolve()
    if not (suite / "ModelicaCompliance").is_dir():
        print(f"compliance suite not found at {suite}; skipped")
        return 77
    tests = find_tests(suite)
    mocc = str(Path(args.mocc).resolve())
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(lambda t: run(t, mocc, suite, args.timeout), tests))
    folders = {}
    failures = []
    for (relative, _, should_pass), passed, detail in outcomes:
        counts = folders.setdefault(relative.parts[0], [0, 0])
        counts[1] += 1
        counts[0] += passed
        if not passed:
            failures.append(f"{relative} (shouldPass={'true' if should_pass else 'false'}): "
                            f"{detail}")
    passed = sum(1 for _, p, _ in outcomes if p)
    valid = [(t, p) for t, p, _ in outcomes if t[2]]
    valid_passed = sum(1 for _, p in valid if p)
    Path(args.report).write_text("\n".join(failures) + "\n")
    print(f"Modelica compliance suite (mocc run, the suite's rule): {passed} of {len(tests)} "
          f"tests pass ({valid_passed} of {len(valid)} valid models simulate to their stop "
          f"time, {passed - valid_passed} of {len(tests) - len(valid)} invalid models rejected)")
    for folder, (ok, total) in sorted(folders.items()):
        print(f"  {folder}: {ok} / {total}")
    print(f"failures are listed in {args.report}")
    failed = gate(args, {str(t[0]) for t, p, _ in outcomes if p})
    crashed = [f for f in failures if "crashed with signal" in f]
    if crashed:  # whatever the count: no input may crash mocc
        print("FAIL: crashed: " + "; ".join(crashed))
        return 1
    return 1 if failed else 0


def gate(args, passing_now):
    """Compares the passing tests with the recorded list; True when one of those fails now."""
    if args.passing is None:
        return False
    recorded = set()
    if args.passing.exists():
        recorded = {line.strip() for line in args.passing.read_text().splitlines()
                    if line.strip() and not line.startswith("#")}
    regressions = sorted(recorded - passing_now)
    new = sorted(passing_now - recorded)
    if args.update:
        header = "# Compliance tests that pass by the suite's rule (simulate_suite.py --update)\n"
        args.passing.write_text(header + "".join(f"{t}\n" for t in sorted(passing_now)))
        print(f"{args.passing}: {len(passing_now)} tests recorded")
        return False
    for test in new:
        print(f"passes now, not yet in {args.passing.name}: {test}")
    for test in regressions:
        print(f"FAIL: passed before, fails now: {test}")
    return bool(regressions)


if __name__ == "__main__":
    sys.exit(main())
