"""ARGESIM C21 case 3 (rotating pendulum with free-flight phase): the runs, the hybrid
decomposition driver of the DAE formulation, the energy-supply search and the error bounds,
shared by study.py (case3(...): tables results/pendulum_*.csv, .md, figure
results/pendulum.png, values of the "Case 3" section of doc_template.md) and check_pendulum.py
(the tests). Standard library only; the reference is reference_pendulum.py's CSV output.

Models: Pendulum.mo (maximal state space, events F and S with reset maps, the kick);
PendulumDAE.mo (the swinging as the index-3 DAE (47), (48)) and PendulumFlight.mo (42), run
alternately by dae_run() (hybrid decomposition). Angles: phi from the upward vertical (eq. 39,
41); theta = phi - pi from the hanging position (the tasks); `travel` = the angle turned since
the kick in its direction.
"""
import concurrent.futures
import csv
import math
import os
import tempfile

import c21lib as L

PI = math.pi
M, K, LEN, G = 1.5, 0.9, 1.0, 9.81
PHI0, W0 = PI / 4, 15.0
TOL = 1e-10
SEARCH_RTOL = 1e-10  # relative bracket width at which the continuous searches stop
BISECT_RTOL = 1e-8  # the same for the bisection on the rotation count
# goals of the energy-supply task: (key, description, kind, target travel at the next fall)
GOALS = [("i", "(i) the same movement as before", "illinois", None),
         ("ii", "(ii) the next falling phase starts at theta = pi", "illinois", PI),
         ("iii", "(iii) two rotations: smallest gamma", "bisect", 4 * PI),
         ("iii_upper", "(iii) two rotations: largest gamma (three from here)", "bisect", 6 * PI)]


def reference():
    return {r["quantity"]: float(r["value"]) for r in L.read_csv("reference_pendulum.csv")}


def last(res):
    return {name: res.rows[-1][i] for name, i in res.col.items()}


def run(mocc, tmp, name, model, overrides=(), options=()):
    """mocc run MODEL (cvode unless options say otherwise) -> (Result, summary numbers)."""
    args = list(options)
    extra = os.environ.get("C21_PENDULUM_OVERRIDE")  # check_pendulum.py: make the tests fail
    if extra and model.startswith("Pendulum"):
        args += ["--override", extra]
    for k, v in overrides:
        args += ["--override", f"{k}={v!r}" if isinstance(v, float) else f"{k}={v}"]
    out = os.path.join(tmp, name + ".csv")
    _, text = L.run_mocc(mocc, model, out, *args)
    return L.Result(out), dict(L.summary_numbers(text), text=text)


# ---------------------------------------------------------------------------------------------
# Maximal state space (Pendulum.mo)
def msss_basic(mocc, tmp, tol=TOL, interval=0.1, name="msss_basic"):
    """The basic run: first passage of the hanging position, F1, S1, turning points, end."""
    res, info = run(mocc, tmp, name, "Pendulum.mo",
                    options=["--tolerance", repr(tol), "--interval", repr(interval)])
    f = last(res)
    out = {k: f[k] for k in ["tB1", "wB1", "tF1", "phiF1", "wF1", "tS1", "phiS1", "wS1"]}
    out["flights"] = int(f["falls"])
    out["tEnd"], out["ampEnd"] = f["time"], f["amplitude"]
    out["turns"] = [(t, res.at(i, "amplitude")) for t, i in res.jumps("turns")]
    out["info"], out["result"] = info, res
    return out


def natural_basic(mocc, tmp, tol=TOL, interval=0.1):
    """The basic run of the natural DAE form (PendulumNatural.mo: the constraint only while the
    rope is taut; mocc compiles a model per mode and switches at F and S), as msss_basic."""
    res, info = run(mocc, tmp, "natural_basic", "PendulumNatural.mo",
                    options=["--tolerance", repr(tol), "--interval", repr(interval)])
    f = last(res)
    out = {k: f[k] for k in ["tF1", "phiF1", "wF1", "tS1", "phiS1", "wS1"]}
    out["flights"] = int(f["falls"])
    out["tEnd"], out["ampEnd"] = f["time"], f["amplitude"]
    out["turns"] = [(t, res.at(i, "amplitude")) for t, i in res.jumps("turns")]
    out["info"], out["result"] = info, res
    return out


def msss_energy(mocc, tmp, gamma, tol=TOL, interval=0.1, name="msss_energy"):
    """The energy-supply run with factor gamma: the last row (tKick, wKick, tF2, travelF2, tS2,
    tTurn2, travelEnd, ...)."""
    res, info = run(mocc, tmp, name, "Pendulum.mo", [("energy", "true"), ("gamma", gamma)],
                    ["--tolerance", repr(tol), "--interval", repr(interval)])
    f = last(res)
    f["info"], f["result"] = info, res
    return f


# ---------------------------------------------------------------------------------------------
# DAE formulation by hybrid decomposition (PendulumDAE.mo <-> PendulumFlight.mo)
def reset_S(x, vx, y, vy):
    """E^S (46): back on the circle with the tangential velocity, phi' = (y x' - x y')/l^2."""
    phi = math.atan2(x, y)
    w = (y * vx - x * vy) / (LEN * LEN)
    return (LEN * math.sin(phi), LEN * math.cos(phi) * w, LEN * math.cos(phi),
            -LEN * math.sin(phi) * w), phi, w


def dae_run(mocc, tmp, tol=TOL, interval=0.1, stop_at=1, start=None, max_runs=20, tag="dae"):
    """Runs PendulumDAE.mo until it terminates: at F (reason 1) PendulumFlight.mo takes over
    from the same position and velocity (E^F is the identity in Cartesian coordinates) until
    S, then PendulumDAE.mo again from the state after E^S, ... until reason 2 (basic run:
    small amplitude) or 3 (zero of theta after it, stop_at = 2). start = (t, (x, vx, y, vy)).
    Returns the events [(kind, t, phi or theta, phi')], the turning points, the segments
    (Results) and the number of mocc runs."""
    if start is None:
        p = PHI0
        start = (0.0, (LEN * math.sin(p), LEN * math.cos(p) * W0, LEN * math.cos(p),
                       -LEN * math.sin(p) * W0))
    t, (x, vx, y, vy) = start
    events, turns, segments, runs, steps = [], [], [], 0, 0
    small0, x_turn = "false", 0.0
    opts = ["--tolerance", repr(tol), "--interval", repr(interval), "--stop-time", "40"]
    while runs < max_runs:
        ov = [("x0", x), ("vx0", vx), ("y0", y), ("vy0", vy), ("stopAt", stop_at)]
        res, info = run(mocc, tmp, f"{tag}_{runs}", "PendulumDAE.mo", ov,
                        opts + ["--start-time", repr(t)])
        runs += 1
        steps += info.get("steps", 0)
        segments.append(("swing", res))
        turns += [(tt, res.at(i, "amplitude")) for tt, i in res.jumps("turns")]
        f = last(res)
        t, x, vx, y, vy = f["time"], f["x"], f["vx"], f["y"], f["vy"]
        reason = int(f["reason"])
        if reason != 1:
            events.append(("end" if reason == 2 else "theta0", t, f["theta"], f["w"]))
            return dict(events=events, turns=turns, segments=segments, runs=runs, steps=steps,
                        state=(t, (x, vx, y, vy)))
        events.append(("F", t, math.atan2(x, y), (y * vx - x * vy) / LEN ** 2))
        res, info = run(mocc, tmp, f"{tag}_{runs}", "PendulumFlight.mo",
                        [("x", x), ("vx", vx), ("y", y), ("vy", vy)],
                        opts + ["--start-time", repr(t)])
        runs += 1
        steps += info.get("steps", 0)
        segments.append(("flight", res))
        f = last(res)
        t = f["time"]
        (x, vx, y, vy), phi, w = reset_S(f["x"], f["vx"], f["y"], f["vy"])
        events.append(("S", t, phi, w))
    raise RuntimeError("dae_run: too many phases")


def dae_basic(mocc, tmp, tol=TOL, interval=0.1):
    d = dae_run(mocc, tmp, tol, interval)
    ev = d["events"]
    fs = [e for e in ev if e[0] == "F"]
    ss = [e for e in ev if e[0] == "S"]
    out = dict(tF1=fs[0][1], phiF1=fs[0][2], wF1=fs[0][3], tS1=ss[0][1], phiS1=ss[0][2],
               wS1=ss[0][3], flights=len(fs), tEnd=ev[-1][1], ampEnd=abs(ev[-1][2]),
               turns=d["turns"], runs=d["runs"], steps=d["steps"], segments=d["segments"])
    return out


def dae_energy(mocc, tmp, gamma, tol=TOL, interval=0.1):
    """The DAE formulation with the kick: to the zero of theta after the small amplitude
    (stopAt = 2), phi' := gamma phi' there (the driver scales the velocity), then on to the
    next event F and the flight after it (stopAt = 0: only F ends a swinging run)."""
    d = dae_run(mocc, tmp, tol, interval, stop_at=2, tag="daeK")
    t, (x, vx, y, vy) = d["state"]
    tK, wK = t, d["events"][-1][3]
    # stopAt = 0 never ends a swinging run except at F: run swing + flight once by hand
    ov = [("x0", x), ("vx0", gamma * vx), ("y0", y), ("vy0", gamma * vy), ("stopAt", 0)]
    opts = ["--tolerance", repr(tol), "--interval", repr(interval), "--stop-time", "40",
            "--start-time", repr(t)]
    res, _ = run(mocc, tmp, "daeE_swing", "PendulumDAE.mo", ov, opts)
    f = last(res)
    tF2 = f["time"]
    # travel since the kick: the unwrapped angle, summed from theta's increments
    th = res.column("theta")
    travel = 0.0
    for a, b in zip(th, th[1:]):
        d_ = b - a
        travel += d_ - 2 * PI * round(d_ / (2 * PI))
    direction = 1.0 if wK > 0 else -1.0
    res2, _ = run(mocc, tmp, "daeE_flight", "PendulumFlight.mo",
                  [("x", f["x"]), ("vx", f["vx"]), ("y", f["y"]), ("vy", f["vy"])],
                  ["--tolerance", repr(tol), "--interval", repr(interval), "--stop-time", "40",
                   "--start-time", repr(tF2)])
    return dict(tK=tK, wK=wK, tF2=tF2, travelF2=direction * travel, tS2=last(res2)["time"],
                reason=int(f["reason"]), runs=d["runs"] + 2)


# ---------------------------------------------------------------------------------------------
# The energy-supply search: mocc called repeatedly, gamma by Illinois (regula falsi) or bisection
def goal_function(mocc, tmp, target, log):
    """f(gamma) = travel at the next fall (or at the first turning point, if the rope stays
    taut) minus the target; every evaluation is one mocc run, logged as (gamma, travel)."""
    def f(gamma):
        r = msss_energy(mocc, tmp, gamma, name=f"search_{len(log)}")
        log.append((gamma, r["travelEnd"], r["tF2"]))
        return r["travelEnd"] - target
    return f


def bracket(f, lo=1.0, hi=2.0):
    """Doubling from [1, 2] until f changes sign (f(1) < 0: the kick of 1 changes nothing)."""
    f_lo, f_hi = f(lo), f(hi)
    assert f_lo < 0
    while f_hi < 0:
        lo, f_lo, hi = hi, f_hi, 2 * hi
        f_hi = f(hi)
    return lo, f_lo, hi, f_hi


def illinois(f, a, fa, b, fb, rtol):
    while abs(b - a) > rtol * abs(b):
        c = b - fb * (b - a) / (fb - fa)
        fc = f(c)
        if fc == 0:
            return c
        if (fc > 0) == (fb > 0):
            fa *= 0.5  # Illinois: halve the retained end's value
        else:
            a, fa = b, fb
        b, fb = c, fc
    return b if abs(fb) < abs(fa) else a


def bisect(f, a, fa, b, fb, rtol):
    while abs(b - a) > rtol * abs(b):
        c = 0.5 * (a + b)
        fc = f(c)
        if (fc > 0) == (fb > 0):
            b, fb = c, fc
        else:
            a, fa = c, fc
    return 0.5 * (a + b)


def search(mocc, goal, s1, tmp_root=None):
    """gamma for one goal: (gamma, number of mocc runs, log). s1 = travel of the basic run
    from the first passage of the hanging position to F1 (goal (i))."""
    key, _, kind, target = [g for g in GOALS if g[0] == goal][0]
    target = s1 if target is None else target
    log = []
    with tempfile.TemporaryDirectory(prefix=f"c21pend_{goal}_", dir=tmp_root) as tmp:
        f = goal_function(mocc, tmp, target, log)
        a, fa, b, fb = bracket(f)
        if kind == "illinois":
            gamma = illinois(f, a, fa, b, fb, SEARCH_RTOL)
        else:
            gamma = bisect(f, a, fa, b, fb, BISECT_RTOL)
    return gamma, len(log), log


def search_all(mocc, s1, jobs=4):
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futs = {g[0]: pool.submit(search, mocc, g[0], s1) for g in GOALS}
        return {k: v.result() for k, v in futs.items()}


# ---------------------------------------------------------------------------------------------
# Error bounds of the tests (check_pendulum.py), from TOL and the reference's sensitivities
def local_error_sum(t_end, tol=TOL, n=6, size=20.0, omega=15.0 + math.sqrt(G / LEN)):
    """A bound of the sum of the local errors (in the state's max norm) over a run to t_end:
    CVODE keeps the weighted RMS norm of each step's local error below 1 (weights
    TOL (|u| + 1)), so each component errs by at most sqrt(n) TOL (size + 1), with size
    bounding |u| (|phi| <= 19 rad, |phi'| <= 15 1/s, |v| <= 15 m/s). Steps: a step of order
    <= 5 at TOL on a solution of angular rate omega (<= |phi'| + sqrt(g/l)) is about
    TOL^(1/6)/omega, so with a margin of 3 the run takes at most 3 omega t_end TOL^(-1/6)
    steps (restarts at events make the steps smaller, not more frequent, than this bound)."""
    steps = 3 * omega * t_end * tol ** (-1 / 6)
    return steps * math.sqrt(n) * tol * (size + 1)


def bound(ref, quantity, t_end, n=6, tol=TOL):
    """|q_mocc - q_ref| <= kappa_q (sum of local errors) + the reference's own error: a
    local error is a perturbation of the state, and kappa_q = max |dq/du| (reference) maps it
    to q; the reference's error is its convergence number (rtol 1e-12 against 1e-11)."""
    return ref["kappa_" + quantity] * local_error_sum(t_end, tol, n) + ref["convergence_time"]


def gamma_bounds(ref, tol=TOL):
    """Bounds of the gammas found by the search with Pendulum.mo at TOL:
    (i), (ii): the goal function is travel(gamma) - target; mocc's error in it, kappa_travel
    times the local error sum (and for (i) also that of the target phiF1 - pi, taken from
    mocc's basic run), divided by its slope in gamma; plus the search's bracket width.
    (iii): the threshold is where the minimum of the rope force after the top crosses zero:
    mocc's error in that minimum (kappa_Fmin times the local error sum) plus the depth of a dip
    of F below zero that falls between two steps and is not seen (F'' h^2/8 at the minimum,
    with h <= 3 TOL^(1/6)/omega the a-priori step), divided by the slope dFmin/dgamma."""
    t_end = 12.0  # the energy runs end before 12 s
    e = local_error_sum(t_end, tol)
    out = {}
    out["i"] = (ref["kappa_travelF2_i"] + ref["kappa_phiF1"]) * e / ref["slope_i"] \
        + SEARCH_RTOL * ref["gamma_i"] + ref["convergence_gamma"]
    out["ii"] = ref["kappa_travelF2_ii"] * e / ref["slope_ii"] \
        + SEARCH_RTOL * ref["gamma_ii"] + ref["convergence_gamma"]
    for key in ["iii", "iii_upper"]:
        omega = ref["w_min_" + key] + math.sqrt(G / LEN)
        h = 3 * tol ** (1 / 6) / omega
        dip = ref["Fdd_min_" + key] * h * h / 8
        out[key] = (ref["kappa_Fmin_" + key] * e + dip) / ref["slope_" + key] \
            + BISECT_RTOL * ref["gamma_" + key] + ref["convergence_gamma"]
    # the ratio |wB1/wK| from the basic energy run
    r = ref["gamma_i_ratio"]
    out["i_ratio"] = r * (ref["kappa_wB1"] / abs(ref["wB1"]) + ref["kappa_wK"] / abs(ref["wK"])) \
        * local_error_sum(ref["tK"], tol)
    return out


# ---------------------------------------------------------------------------------------------
# The study: tables, figure, values for doc_template.md
SOLVERS = ["cvode", "cvode-adams", "ida", "arkode-erk", "arkode-dirk", "rk45"]


def case3(runner, tables, values, out, gnuplot, fnum):
    ref = reference()
    tmp = os.path.join(runner.dir, "pendulum")
    os.makedirs(tmp, exist_ok=True)
    mocc = runner.mocc
    # (1) solvers and tolerances up to the start of the second swinging phase (task 3)
    specs = []
    for solver in SOLVERS:
        for tol in ("1e-6", "1e-10"):
            specs.append((f"pendsolver_{solver}_{tol}", "Pendulum.mo",
                          ["--solver", solver, "--tolerance", tol, "--stop-time", "2.7",
                           "--interval", "0.1"], (0, 1, 3)))
    runner.run_all(specs)
    # (2) the basic run, both formulations; fine output for the figure
    b = msss_basic(mocc, tmp, interval=0.005)
    d = dae_basic(mocc, tmp, interval=0.005)
    rows = []
    for label, key, digits in [("first passage of the hanging position (s)", "tB1", 12),
                               ("event F1: rope slack (s)", "tF1", 12),
                               ("phi at F1 (rad, mod 2 pi)", "phiF1", 12),
                               ("phi' at F1 (1/s)", "wF1", 12),
                               ("event S1: rope taut (s)", "tS1", 12),
                               ("phi after S1 (rad)", "phiS1", 12),
                               ("phi' after S1 (1/s)", "wS1", 12),
                               ("flight phases", "flights", 0),
                               ("end: amplitude <= pi/10 (s)", "tEnd", 12),
                               ("amplitude there (rad)", "ampEnd", 12)]:
        r_ = ref.get(key)
        mv, dv = b.get(key), d.get(key)
        if key == "phiF1":
            r_, mv, dv = (v % (2 * PI) for v in (r_, mv, dv))
        if key == "ampEnd":
            r_ = ref["turn%d_amplitude" % int(ref["turns"])]
        if key == "tB1":
            dv = None
        rows.append([label, r_, mv, (mv - r_) if r_ is not None else None, dv,
                     (dv - r_) if dv is not None and r_ is not None else None])
    tables.write("pendulum_basic", ["quantity", "reference", "Pendulum.mo (max. state space)",
                                    "difference", "DAE, hybrid decomposition", "difference"],
                 rows, digits=[6, 14, 14, 3, 14, 3],
                 note=f"cvode, TOL {TOL:g}. Reference: reference_pendulum.py (DOP853, rtol "
                      f"1e-12). The DAE formulation: {d['runs']} mocc runs (PendulumDAE.mo, "
                      f"PendulumFlight.mo, PendulumDAE.mo) with {d['steps']} steps in all; "
                      f"Pendulum.mo: one run, {b['info'].get('steps')} steps.")
    rows = []
    for i, (t, amp) in enumerate(b["turns"], 1):
        dt = d["turns"][i - 1][0] if i <= len(d["turns"]) else None
        rows.append([i, ref[f"turn{i}_t"], t, t - ref[f"turn{i}_t"], dt,
                     (dt - ref[f"turn{i}_t"]) if dt is not None else None,
                     ref[f"turn{i}_amplitude"], amp, "yes" if amp <= PI / 10 else "no"])
    tables.write("pendulum_turns", ["turning point", "reference t (s)", "Pendulum.mo t (s)",
                                    "difference", "DAE t (s)", "difference",
                                    "reference amplitude (rad)", "mocc amplitude (rad)",
                                    "<= pi/10"], rows, digits=[2, 12, 12, 3, 12, 3, 10, 10, 3],
                 note="Turning points (phi' = 0) of the swinging after S1, with the amplitude "
                      "|theta| (output events); the basic run ends at the first one whose "
                      f"amplitude does not exceed pi/10 = {PI / 10:.10f}.")
    values.update(pend_tF1=ref["tF1"], pend_tS1=ref["tS1"], pend_tEnd=ref["tEnd"],
                  pend_flight=ref["tS1"] - ref["tF1"], pend_turns=int(ref["turns"]),
                  pend_ampEnd=ref["turn%d_amplitude" % int(ref["turns"])],
                  pend_dev_msss=max(abs(r[3]) for r in rows),
                  pend_dae_runs=d["runs"], pend_msss_steps=b["info"].get("steps"),
                  pend_dae_steps=d["steps"],
                  pend_dev_formulations=max(abs(b[k] - d[k]) for k in ["tF1", "tS1", "tEnd"]),
                  pend_phiF1_deg=math.degrees(2 * PI - ref["phiF1"] % (2 * PI)),
                  pend_rot1=(ref["phiF1"] - PHI0) / (2 * PI))
    # (3) solvers table
    rows = []
    for solver in SOLVERS:
        for tol in ("1e-6", "1e-10"):
            name = f"pendsolver_{solver}_{tol}"
            info = runner.results[name]
            if info["code"] != 0:
                rows.append([solver, tol, f"exit {info['code']}", None, None, None, None, None])
                continue
            f = last(runner.result(name))
            ok = int(f["falls"]) == 1 and int(f["swings"]) == 1
            rows.append([solver, tol, "yes" if ok else "no", f["tF1"] - ref["tF1"],
                         f["tS1"] - ref["tS1"], f["wS1"] - ref["wS1"], info.get("steps"),
                         info.get("f-evals")])
    tables.write("pendulum_solvers", ["solver", "TOL", "F1 and S1 found", "tF1 - ref (s)",
                                      "tS1 - ref (s)", "phi'(S1) - ref (1/s)", "steps",
                                      "f-evals"], rows, digits=[6, 6, 6, 3, 3, 3, 6, 6],
                 note="Pendulum.mo from t = 0 to 2.7 s (just after the start of the second "
                      "swinging phase), every solver of mocc at two tolerances; the event "
                      "locator is the solver's own (default).")
    values["pend_solver_worst_1e10"] = max(abs(r[3]) for r in rows
                                           if r[1] == "1e-10" and r[3] is not None)
    values["pend_solver_worst_1e6"] = max(abs(r[3]) for r in rows
                                          if r[1] == "1e-6" and r[3] is not None)
    # (4) the energy-supply search
    s1 = b["phiF1"] - PI
    found = search_all(mocc, s1)
    e1 = msss_energy(mocc, tmp, 1.0, name="energy_gamma1")
    ratio = abs(b["wB1"] / e1["wKick"])
    gb = gamma_bounds(ref)
    rows = []
    finals = {}
    for key, what, kind, _ in GOALS:
        gamma, n, log = found[key]
        rows.append([what, ref["gamma_" + key], gamma, gamma - ref["gamma_" + key], gb[key], n])
        finals[key] = msss_energy(mocc, tmp, gamma * (1 + 1e-7), interval=0.005,
                                  name=f"energy_{key}")
    rows.append(["(i) as the ratio |wB1/wK| of the basic run", ref["gamma_i_ratio"], ratio,
                 ratio - ref["gamma_i_ratio"], gb["i_ratio"], 2])
    tables.write("pendulum_gamma", ["goal", "reference gamma", "mocc gamma", "difference",
                                    "bound (tests)", "mocc runs"], rows,
                 digits=[6, 12, 12, 3, 3, 4],
                 note=f"study_pendulum.py calls mocc (Pendulum.mo, energy = true, cvode, TOL "
                      f"{TOL:g}) repeatedly: doubling gamma from [1, 2] to a sign change of "
                      "travel(gamma) - target, then Illinois (regula falsi) for (i) and (ii), "
                      "bisection for (iii), where travel jumps at the threshold. The kick is at "
                      f"t = {ref['tK']:.6f} s, phi' = {ref['wK']:.6f} 1/s before it.")
    values.update(pend_tK=ref["tK"], pend_wK=ref["wK"], pend_wB1=ref["wB1"],
                  pend_g_i=found["i"][0], pend_g_ii=found["ii"][0], pend_g_iii=found["iii"][0],
                  pend_g_iii_up=found["iii_upper"][0],
                  pend_search_runs=sum(v[1] for v in found.values()),
                  pend_g_dev=max(abs(r[3]) for r in rows),
                  pend_g_bound_ratio=min(r[4] / max(abs(r[3]), 1e-300) for r in rows))
    rows = []
    for key, what, _, _ in GOALS[:3]:
        f = finals[key]
        rows.append([what, found[key][0], f["tF2"], ref[f"gamma_{key}_tF2"], f["travelF2"],
                     ref[f"gamma_{key}_travelF2"], f["travelF2"] / PI, f["tS2"],
                     ref[f"gamma_{key}_tS2"]])
    tables.write("pendulum_kicked", ["goal", "gamma", "tF2 (s)", "reference", "travel at F2",
                                     "reference", "travel / pi", "tS2 (s)", "reference"], rows,
                 digits=[6, 10, 10, 10, 10, 10, 6, 10, 10],
                 note="The runs with the gammas found (times 1 + 1e-7, just above the "
                      "threshold of (iii)): the next fall F2 (time, angle turned since the kick) "
                      "and the end of its flight S2; the references at gamma (1 + 1e-9). For "
                      "(i) the fall and the flight repeat those of the basic run after its first "
                      f"passage of the hanging position: tF1 - tB1 = {ref['tF1'] - ref['tB1']:.8f} "
                      f"s, flight {ref['tS1'] - ref['tF1']:.8f} s.")
    # (5) the DAE formulation with the kick of goal (ii) (the driver scales the velocity)
    de = dae_energy(mocc, tmp, found["ii"][0])
    values.update(pend_dae_tF2=de["tF2"], pend_dae_travelF2=de["travelF2"],
                  pend_dae_tK=de["tK"], pend_dae_runs_energy=de["runs"])
    # (6) figure: basic run (both formulations) and the kicked runs
    path = os.path.join(out, "pendulum_basic_xy.csv")
    res = b["result"]
    with open(path, "w") as fh:
        fh.write("time,theta,xm,ym,F,swinging\n")
        for r in res.rows:
            g = lambda n: r[res.col[n]]
            sw = g("swinging") > 0.5
            xm = LEN * math.sin(g("phi")) if sw else g("x")
            ym = LEN * math.cos(g("phi")) if sw else g("y")
            th = math.atan2(-xm, -ym)
            fh.write(f"{g('time')!r},{th!r},{xm!r},{ym!r},{g('F')!r},{int(sw)}\n")
    with open(os.path.join(out, "pendulum_dae_xy.csv"), "w") as fh:
        fh.write("time,theta,xm,ym\n")
        for kind, r_ in d["segments"]:
            for r in r_.rows:
                xm, ym = r[r_.col["x"]], r[r_.col["y"]]
                fh.write(f"{r[0]!r},{math.atan2(-xm, -ym)!r},{xm!r},{ym!r}\n")
            fh.write("\n")
    for key in ["i", "ii", "iii"]:
        r_ = finals[key]["result"]
        with open(os.path.join(out, f"pendulum_kick_{key}.csv"), "w") as fh:
            # travel from the mass's position (continuous through the flight and the reset S2)
            fh.write("time,travel,xm,ym\n")
            ang = None
            for r in r_.rows:
                g = lambda n: r[r_.col[n]]
                if g("kicked") < 0.5:
                    continue
                sw = g("swinging") > 0.5
                xm = LEN * math.sin(g("phi")) if sw else g("x")
                ym = LEN * math.cos(g("phi")) if sw else g("y")
                a = math.atan2(xm, ym)
                if ang is None:
                    ang = g("phiKick")
                ang += (a - ang) - 2 * PI * round((a - ang) / (2 * PI))
                travel = g("dirKick") * (ang - g("phiKick"))
                fh.write(f"{g('time') - ref['tK']!r},{travel / PI!r},{xm!r},{ym!r}\n")
    gnuplot(out, "pendulum", """
set multiplot layout 2,2 title 'ARGESIM C21 case 3: rotating pendulum with free-flight phase (m = 1.5, k = 0.9, l = 1, phi(0) = pi/4, phi''(0) = 15)' noenhanced
set xlabel 'time (s)'; set ylabel 'theta = phi - pi (rad, wrapped)'
plot 'pendulum_basic_xy.csv' every ::1 using 1:2 with lines lw 2 title 'Pendulum.mo (maximal state space)', \\
     'pendulum_dae_xy.csv' every ::1 using 1:2 with points pt 7 ps 0.3 title 'DAE, hybrid decomposition', \\
     pi/10 with lines dt 2 lc rgb 'gray' title 'pi/10', -pi/10 with lines dt 2 lc rgb 'gray' notitle
set size ratio -1; set xlabel 'x (m)'; set ylabel 'y (m)'; set key bottom left
plot 'pendulum_basic_xy.csv' every ::1 using 3:(($6 > 0.5) ? $4 : 1/0) with lines lw 1.5 lc rgb 'black' title 'basic run: swinging', \\
     'pendulum_basic_xy.csv' every ::1 using 3:(($6 < 0.5) ? $4 : 1/0) with lines lw 2.5 lc rgb 'red' title 'flight'
set size noratio; set key top right; set xlabel 'time (s)'; set ylabel 'rope force F (N)'
plot 'pendulum_basic_xy.csv' every ::1 using 1:(($6 > 0.5) ? $5 : 1/0) with lines lw 1.5 title 'F (41) while swinging', 0 with lines lc rgb 'gray' notitle
set xlabel 'time since the kick (s)'; set ylabel 'angle turned since the kick / pi'; set key left top
plot 'pendulum_kick_i.csv' every ::1 using 1:2 with lines lw 2 title 'gamma (i): same movement', \\
     'pendulum_kick_ii.csv' every ::1 using 1:2 with lines lw 2 title 'gamma (ii): falls at the top', \\
     'pendulum_kick_iii.csv' every ::1 using 1:2 with lines lw 2 title 'gamma (iii): two rotations'
unset multiplot
""")
