"""Shared helpers of the ARGESIM C21 case-1 study (study.py) and its tests (check.py).

Standard library only (the CI's python3 may have nothing else). Contents:
  - running mocc and reading its result CSV (rows; events as pairs of rows with equal times);
  - the closed forms of the linear event-contact ball (C21 definition, eq. 15 and 16);
  - the references written by reference.py;
  - extracting the events of a Kelvin-Voigt ball from a result, and the error bounds the tests
    use, each derived from the integrator tolerance (see the comments at each bound).
"""
import csv
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EPS = 2.220446049250313e-16


# ---------------------------------------------------------------------------------------------
# Running mocc and reading results
def run_mocc(mocc, model, out_csv, *options, lib=True, check=True):
    """`mocc run MODEL -o OUT options...`; returns (exit code, stdout + stderr)."""
    cmd = [mocc, "run", os.path.join(HERE, model), "-o", out_csv]
    if lib:
        cmd += ["--lib", HERE]
    cmd += list(options)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}")
    return proc.returncode, proc.stdout


def summary_numbers(text):
    """steps, f-evals and the simulation wall time from mocc's summary."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("steps:"):
            for part in line.split(","):
                key, value = part.split(":")
                out[key.strip()] = int(value)
        if line.startswith("wall time:"):
            out["sim_wall"] = float(line.split()[2])
        if line.startswith("events:"):
            out["events"] = int(line.split()[1])
    return out


class Result:
    """A mocc result CSV: header and rows of floats."""

    def __init__(self, path):
        with open(path) as f:
            reader = csv.reader(f)
            self.header = next(reader)
            self.rows = [[float(v) for v in row] for row in reader]
        self.col = {name: i for i, name in enumerate(self.header)}

    def column(self, name):
        i = self.col[name]
        return [r[i] for r in self.rows]

    def jumps(self, name):
        """Changes of a discrete column: (time, index of the right-limit row). A change between
        rows of different times (not at an event) raises."""
        c = self.col[name]
        out = []
        for i in range(1, len(self.rows)):
            if self.rows[i][c] != self.rows[i - 1][c]:
                if self.rows[i][0] != self.rows[i - 1][0]:
                    raise AssertionError(f"{name} changes at t = {self.rows[i][0]} without event")
                out.append((self.rows[i][0], i))
        return out

    def event_times(self):
        """The instants of the events: times of rows that repeat (left and right limits)."""
        out = []
        for i in range(1, len(self.rows)):
            if self.rows[i][0] == self.rows[i - 1][0] and (not out or out[-1] != self.rows[i][0]):
                out.append(self.rows[i][0])
        return out

    def at(self, i, name):
        return self.rows[i][self.col[name]]


# ---------------------------------------------------------------------------------------------
# Closed forms of the linear event-contact ball (C21 definition, section 2.1)
def linear_bounce_times(x0, g, mu, v0, count):
    """Bounce m = 1..count of the linear ball (11) started at x0 with velocity v0 (upwards
    positive): the first landing at (v0 + w)/g with w = sqrt(v0^2 + 2 g x0), the flights
    2 mu^j w/g (eq. 14, 15). Returns [(t_m, landing speed w_m)]."""
    w = math.sqrt(v0 * v0 + 2 * g * x0)
    t = (v0 + w) / g
    out = []
    for m in range(1, count + 1):
        out.append((t, w))
        t += 2 * mu * w / g
        w *= mu
    return out


def linear_t_inf(x0, g, mu, v0=0.0):
    """Accumulation time of the linear ball: eq. (16) for v0 = 0."""
    w = math.sqrt(v0 * v0 + 2 * g * x0)
    return (v0 + w) / g + 2 * mu * w / (g * (1 - mu))


def rest_bounce(speeds, mu, vmin):
    """The bounce at which a ball with landing speeds `speeds` (bounce 1, 2, ...) comes to rest
    under the rule mu w < vmin, and the margin of the rule: the smallest relative distance of
    mu w from vmin over the bounces up to it."""
    margin = 1.0
    for m, w in enumerate(speeds, start=1):
        margin = min(margin, abs(mu * w - vmin) / vmin)
        if mu * w < vmin:
            return m, margin
    raise ValueError("no rest within the given bounces")


# ---------------------------------------------------------------------------------------------
# References written by reference.py
def read_csv(name):
    with open(os.path.join(HERE, name)) as f:
        return list(csv.DictReader(f))


def reference_scalars():
    return {r["name"]: float(r["value"]) for r in read_csv("reference_scalars.csv")}


def reference_drag_bounces():
    return [{k: float(v) for k, v in r.items()} for r in read_csv("reference_drag_bounces.csv")]


def reference_kv(case):
    return [dict(kind=r["kind"], t=float(r["time"]), x=float(r["x"]), v=float(r["v"]),
                 w=float(r["w"])) for r in read_csv("reference_kelvin_voigt.csv")
            if r["case"] == case]


# ---------------------------------------------------------------------------------------------
# Events of a Kelvin-Voigt ball in a result (columns prefix + contact, contacts, apex, wmax)
def kv_events(res, prefix=""):
    """The events C, F, M, W of one ball, in time order, as dicts kind, t, x, v, w (x, v, w the
    left limits, i.e. the located state before the event's resets)."""
    p = prefix
    c_contact, c_count = res.col[p + "contact"], res.col[p + "contacts"]
    c_apex, c_wmax = res.col[p + "apex"], res.col[p + "wmax"]
    out = []
    for i in range(1, len(res.rows)):
        left, right = res.rows[i - 1], res.rows[i]
        if left[0] != right[0]:
            continue
        state = dict(t=right[0], x=left[res.col[p + "x"]], v=left[res.col[p + "v"]],
                     w=left[res.col[p + "w"]])
        if right[c_count] > left[c_count]:
            out.append(dict(kind="C", **state))
        if left[c_contact] == 1 and right[c_contact] == 0:
            out.append(dict(kind="F", **state))
        if right[c_apex] != left[c_apex]:
            out.append(dict(kind="M", **state, value=right[c_apex]))
        if right[c_wmax] != left[c_wmax]:
            out.append(dict(kind="W", **state, value=right[c_wmax]))
    return out


def first_w_per_contact(events):
    """Only the first W of each contact (in the last, endless contact the damped oscillation
    has a W at every period, down to rounding): the largest deformation of each contact."""
    out, seen = [], False
    for e in events:
        if e["kind"] == "C":
            seen = False
        if e["kind"] == "W":
            if seen:
                continue
            seen = True
        out.append(e)
    return out


# ---------------------------------------------------------------------------------------------
# Error bounds. Each is a bound on the deviation of a simulated quantity from the exact one
# that follows from the integrator tolerance TOL (relative and absolute, CVODE's error test
# keeps each step's local error below about TOL (1 + |state|)) and the mathematics of the
# model; none is taken from a simulation result.
def location_tolerance(t, hmax):
    """Event location: CVODE's root finder brackets a root to 100 eps (|t| + |h|)."""
    return 100 * EPS * (abs(t) + abs(hmax))


def bounce_time_bounds(speeds, heights, g, mu, tol, stop_time, K):
    """Bound on the error of bounce m (1-based) of an event-contact ball, for landing speeds
    speeds[m-1] and flight heights heights[j] (flight 0 is the fall from x0, flight j ends with
    bounce j + 1), at tolerance tol, with K local errors per flight. (The bound of
    tests/models/events_models_test.cpp, bounceTimeBound.)
     - a position error dx makes the landing dx/w early or late and its speed wrong by g dx/w;
     - a landing speed error dv is reflected (times mu) into the next flight, which changes by
       2 mu dv/g and lands with the same speed error: all later bounces move by at most
       sum_k 2 mu^k dv/g <= 2 mu/(1 - mu) dv/g;
     - the landing is located up to tau late: the ball is below the floor by w tau (the next
       landing moves by tau/mu) and its speed too large by g tau.
    Flight j contributes (1 + c)(d_j/w_j + tau) + tau/mu + c K TOL (1 + w_j)/g with
    c = 2 mu/(1 - mu), d_j = K TOL (1 + heights[j]). The flights of the linear model are
    parabolas, which BDF of order >= 2 integrates exactly: only the order-1 steps after each
    restart err, K = 10. With air resistance every step errs; an order-5 BDF step at TOL on a
    solution of time scale 1/sqrt(g beta) = 7 s is about TOL^(1/6) 7 s (0.07 s at 1e-12), some
    35 per flight of 2.5 s: K = 100. K may be a list (one K per flight): in a model with other
    event sources every event restarts the integrator at order 1, so a flight with n events of
    others in it gets K = 10 (1 + n)."""
    carry = 2 * mu / (1 - mu)
    tau = location_tolerance(stop_time, stop_time)
    bounds, total = [], 0.0
    for j, w in enumerate(speeds):
        Kj = K[j] if isinstance(K, list) else K
        d = Kj * tol * (1 + heights[j])
        total += (1 + carry) * (d / w + tau) + tau / mu + carry * Kj * tol * (1 + w) / g
        bounds.append(total)
    return bounds


def kv_bounds(ref, g, k, d, tol, stop_time, K=300):
    """Bounds on the errors of the Kelvin-Voigt ball's events (time; x at C, F; the apex height
    at M; w at W), propagated through the phases of the reference `ref`:
      - each phase (flight or contact) adds K local errors of at most TOL (1 + |s|) to each
        state s: K = 300 steps a phase. A priori: the contact is 0.43 periods of an oscillator
        of 1000 rad/s (standard k), an order-5 BDF step resolves about TOL^(1/6) = 0.02 rad at
        1e-10, some 130 steps; a flight starts with the deformation decaying at k/d = 2000/s
        (stiff, BDF steps through it) and is otherwise smooth (as the drag ball, < 100 steps).
      - flight: a launch speed error dv moves the landing by at most 2 dv/g (the flight time of
        a ball thrown at v is 2v/g without drag and shorter with it); a position error dx moves
        it by dx/|v_C| and adds g dx/|v_C| to the landing speed; the apex moves by dv/g in time
        and by |v_F| dv/g + dx in height.
      - contact: f_c = -k x - d v is wrong by k dx + d dv, so F moves by that over the slope
        |df_c/dt| = |k v_F - d g| at F; the separation speed is at most as wrong as the impact
        speed (the contact is a damped, contracting oscillator: restitution < 1); W (v = 0, where
        v' = -g - k x) moves by dv/|g + k x_W|, and w there is wrong by dx.
      - every event is located to tau = 100 eps (t + t_end)."""
    tau = location_tolerance(stop_time, stop_time)
    et, ev, ex = 0.0, 0.0, 0.0  # accumulated errors of time, velocity, position
    bounds = []
    phase_start = None  # index of the event that started the current phase
    v_launch, h_max = 0.0, ref[0]["x"] if ref else 0.0
    x_scale = 10.0  # x0: the first flight starts at 10 m
    for i, e in enumerate(ref):
        kind = e["kind"]
        if kind == "M":
            h = e["x"]
            bounds.append((et + ev / g + tau, ex + K * tol * (1 + abs(h)) + abs(v_launch) * ev / g))
            continue
        if kind == "C":
            # end of a flight: its local errors
            lx = K * tol * (1 + x_scale)
            lv = K * tol * (1 + max(abs(v_launch), abs(e["v"])))
            vc = abs(e["v"])
            et += 2 * ev / g + (ex + lx) / vc + tau
            ev += lv + g * (ex + lx) / vc
            ex += lx
            bounds.append((et, ex))
            v_impact = vc
            continue
        if kind == "W":
            lx = K * tol * (1 + abs(e["w"]))
            lv = K * tol * (1 + v_impact)
            bounds.append((et + (ev + lv) / abs(g + k * e["x"]) + tau, ex + lx))
            continue
        if kind == "F":
            lx = K * tol * (1 + 0.1)  # |x| < 0.1 m in every contact
            lv = K * tol * (1 + v_impact)
            slope = abs(k * e["v"] - d * g)
            et += (k * (ex + lx) + d * (ev + lv)) / slope + tau
            ev += lv + g * tau
            ex += lx
            bounds.append((et, ex))
            v_launch = e["v"]
            # the next flight reaches at most the apex of a throw at v_launch
            x_scale = max(1e-3, v_launch ** 2 / (2 * g))
            continue
        raise ValueError(kind)
    return bounds


def compare_kv(sim, ref, bounds, label):
    """Check the simulated events of one ball against the reference, event by event, within
    the bounds. Returns a list of failure messages (empty if all pass)."""
    failures = []
    if [e["kind"] for e in sim] != [e["kind"] for e in ref]:
        failures.append(f"{label}: event sequence {''.join(e['kind'] for e in sim)} "
                        f"!= reference {''.join(e['kind'] for e in ref)}")
        n = min(len(sim), len(ref))
        sim, ref, bounds = sim[:n], ref[:n], bounds[:n]
    for n, (s, r, (bt, bx)) in enumerate(zip(sim, ref, bounds), start=1):
        if s["kind"] != r["kind"]:
            break
        if abs(s["t"] - r["t"]) > bt:
            failures.append(f"{label}: event {n} ({r['kind']}) at t = {s['t']!r}, reference "
                            f"{r['t']!r}: |dt| = {abs(s['t'] - r['t']):.3g} > bound {bt:.3g}")
        if r["kind"] in "CF":
            if abs(s["x"] - r["x"]) > bx:
                failures.append(f"{label}: event {n} ({r['kind']}) x = {s['x']!r}, reference "
                                f"{r['x']!r}: |dx| = {abs(s['x'] - r['x']):.3g} > {bx:.3g}")
        if r["kind"] == "M":
            if abs(s["value"] - r["x"]) > bx:
                failures.append(f"{label}: apex {n} = {s['value']!r}, reference {r['x']!r}: "
                                f"|dx| = {abs(s['value'] - r['x']):.3g} > {bx:.3g}")
        if r["kind"] == "W":
            if abs(s["value"] - r["w"]) > bx:
                failures.append(f"{label}: largest deformation {n} = {s['value']!r}, reference "
                                f"{r['w']!r}: |dw| = {abs(s['value'] - r['w']):.3g} > {bx:.3g}")
    return failures


class Checks:
    """Named checks of one test (check.py, check_rlc.py): failures with their messages."""

    def __init__(self):
        self.failures, self.count = [], 0

    def true(self, cond, message):
        self.count += 1
        if not cond:
            self.failures.append(message)

    def near(self, value, expected, tol, what):
        self.true(abs(value - expected) <= tol,
                  f"{what}: {value!r}, expected {expected!r} +- {tol:.3g} "
                  f"(off by {abs(value - expected):.3g})")

    def extend(self, messages, count=1):
        """Failures of `count` checks made elsewhere."""
        self.count += count
        self.failures.extend(messages)


def check_main(namespace, script, prefix, *extra):
    """The command line of the check scripts, `SCRIPT TEST MOCC`: runs test_TEST of `namespace`
    (a script's globals()) as test(mocc, tmp, checks, *extra) in a temporary folder, prints the
    failures and returns the exit code."""
    tests = [n[5:] for n in namespace if n.startswith("test_")]
    if len(sys.argv) != 3 or sys.argv[1] not in tests:
        print(f"usage: {script} {{{'|'.join(tests)}}} MOCC", file=sys.stderr)
        return 2
    test, mocc = namespace["test_" + sys.argv[1]], os.path.abspath(sys.argv[2])
    c = Checks()
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        test(mocc, tmp, c, *extra)
    for f in c.failures[:50]:
        print("FAIL:", f)
    if len(c.failures) > 50:
        print(f"... and {len(c.failures) - 50} more failures")
    print(f"{sys.argv[1]}: {c.count} checks, {len(c.failures)} failed")
    return 1 if c.failures else 0
