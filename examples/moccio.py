"""Running mocc, reading its result files, named checks (check.py) and the tables of the run
script (tables.py) of the seed studies (examples/seed-001, examples/seed-004), which import it
from here.

A result CSV has a header `time,<name>,...`, one row per output point and a pair of rows with
the same time at every event (left limit, then right limit); see README.md, "Results".
"""
import argparse
import csv
import math
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def default_mocc():
    return os.path.join(ROOT, "build", "mocc")


class Result:
    def __init__(self, path):
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        self.names = rows[0]
        self.col = {n: i for i, n in enumerate(self.names)}
        self.rows = [[float(v) for v in r] for r in rows[1:] if r]

    def column(self, name):
        c = self.col[name]
        return [r[c] for r in self.rows]

    def jumps(self, name):
        """(time, value after) wherever the column changes between consecutive rows of the same
        time (an event's left and right limits)."""
        c, t = self.col[name], self.col["time"]
        out = []
        for a, b in zip(self.rows, self.rows[1:]):
            if a[t] == b[t] and a[c] != b[c]:
                out.append((b[t], b[c]))
        return out

    def at(self, time, name, side="right", tol=1e-9):
        """The value at a row whose time is within tol of `time`: the last such row (right
        limit) or the first (left limit)."""
        c, t = self.col[name], self.col["time"]
        hits = [r for r in self.rows if abs(r[t] - time) <= tol]
        if not hits:
            raise KeyError("no row at t = %r" % time)
        return (hits[-1] if side == "right" else hits[0])[c]


def event_log(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class Run:
    """One `mocc run`: exit code, output text, parsed summary counters, result and event log."""

    def __init__(self, mocc, model, out_csv, args=(), event_log_path=None, timeout=120):
        cmd = [mocc, "run", model, "-o", out_csv] + list(args)
        if event_log_path:
            cmd += ["--event-log", event_log_path]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        self.cmd = cmd
        self.code = p.returncode
        self.text = p.stdout + p.stderr
        self.stats = summary(self.text)
        self.result = Result(out_csv) if os.path.exists(out_csv) else None
        self.events = event_log(event_log_path) if event_log_path and os.path.exists(event_log_path) else None


def run_model(args, tmp, folder, model, tolerance, extra=(), tag="", show_failure=True):
    """A check script's run of folder/model at `tolerance`, with the command line's --override
    options (args.override) and `extra`; result and event log into tmp/<model><tag>.csv."""
    name = os.path.splitext(model)[0] + tag
    opts = ["--tolerance", repr(tolerance)] + [o for ov in args.override for o in ("--override", ov)] \
        + list(extra)
    r = Run(args.mocc, os.path.join(folder, model), os.path.join(tmp, name + ".csv"), opts,
            os.path.join(tmp, name + ".events.csv"))
    if show_failure and r.code != 0:
        print(r.text)
    return r


def summary(text):
    """The counters of mocc's run summary (README.md): events, steps, f-evals, ..."""
    s = {}
    m = re.search(r"events: (\d+) \((\d+) state, (\d+) time\), event iterations: (\d+)", text)
    if m:
        s["events"], s["state_events"], s["time_events"], s["event_iterations"] = map(int, m.groups())
    m = re.search(r"region of concurrency: (\d+) more state events", text)
    s["concurrent_events"] = int(m.group(1)) if m else 0
    m = re.search(r"steps: (\d+), f-evals: (\d+), jacobians: (\d+), error-test failures: (\d+)", text)
    if m:
        s["steps"], s["f_evals"], s["jacobians"], s["error_test_failures"] = map(int, m.groups())
    m = re.search(r"simulated from \S+ to (\S+) with", text)
    if m:
        s["end_time"] = float(m.group(1))
    m = re.search(r"wall time: ([0-9.e-]+) s simulation", text)
    if m:
        s["wall_time"] = float(m.group(1))
    return s


class Checks:
    """Named checks with a stated tolerance and reason; prints one line per check."""

    def __init__(self, title):
        self.title = title
        self.failed = 0
        self.count = 0
        print("== " + title)

    def _report(self, ok, text):
        self.count += 1
        if not ok:
            self.failed += 1
        print(("ok   " if ok else "FAIL ") + text)

    def near(self, label, got, want, bound, reason):
        d = got - want
        ok = abs(d) <= bound
        self._report(ok, "%s: %.17g vs %.17g, diff %.3g, bound %.3g (%s)" % (label, got, want, d, bound, reason))
        return ok

    def true(self, label, cond, reason=""):
        self._report(bool(cond), "%s%s" % (label, " (%s)" % reason if reason else ""))
        return bool(cond)

    def finish(self):
        print("%s: %d checks, %d failed" % (self.title, self.count, self.failed))
        return 1 if self.failed else 0


# ---------------------------------------------------------------- tables of the run scripts
def g(v, digits=17):
    """A number as text: shortest round-trip form for floats, as is otherwise."""
    if isinstance(v, float):
        if math.isnan(v):
            return "-"
        return repr(v) if digits == 17 else "%.*g" % (digits, v)
    return str(v)


def e(v):
    """A deviation, in 3 significant digits."""
    return "0" if v == 0 else "%.3g" % v


class Tables:
    def __init__(self, res):
        self.res = res
        self.tables = {}
        self.values = {}

    def add(self, name, header, rows, md_rows=None):
        """Writes NAME.csv (full precision) and NAME.md (md_rows, or rows, as given)."""
        with open(os.path.join(self.res, name + ".csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header)
            for r in rows:
                w.writerow([g(v) for v in r])
        cell = lambda v: (v if isinstance(v, str) else g(v)).replace("|", "\\|")
        md = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
        for r in md_rows if md_rows is not None else rows:
            md.append("| " + " | ".join(cell(v) for v in r) + " |")
        text = "\n".join(md) + "\n"
        with open(os.path.join(self.res, name + ".md"), "w") as f:
            f.write(text)
        self.tables[name] = text

    def page(self, template, out):
        with open(template) as f:
            text = f.read()
        for k, v in self.tables.items():
            text = text.replace("@table:%s@" % k, v.rstrip("\n"))
        for k, v in self.values.items():
            text = text.replace("@value:%s@" % k, v)
        if "@table:" in text or "@value:" in text:
            missing = [w for w in text.split("@") if w.startswith(("table:", "value:"))]
            raise SystemExit("tables.py: unfilled placeholders in %s: %s" % (template, missing))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w") as f:
            f.write(text)


def run_of(res, name):
    with open(os.path.join(res, name + ".log")) as f:
        text = f.read()
    with open(os.path.join(res, name + ".rc")) as f:
        rc = int(f.read())
    r = Result(os.path.join(res, name + ".csv"))
    ev = [x for x in event_log(os.path.join(res, name + ".events.csv")) if x["kind"] != "terminal"]
    return rc, summary(text), r, ev


def check_main(description, prefix, tests, configure=None):
    """The command line of a study's check.py: --mocc, --override NAME=VALUE (repeatable), the
    options `configure(parser)` adds, and the name of one of `tests` (name -> function(args,
    tmp) returning the exit code), run in a temporary folder."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--mocc", default=default_mocc())
    parser.add_argument("--override", action="append", default=[])
    if configure:
        configure(parser)
    parser.add_argument("test", choices=list(tests))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        return tests[args.test](args, tmp)
