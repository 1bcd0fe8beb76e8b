#!/usr/bin/env python3
"""Tests of the ARGESIM C21 case-1 study (registered by CMakeLists.txt; standard library only).

Usage: check.py TEST MOCC    with TEST one of the functions named test_* below (without the
prefix). Each test simulates its model(s) with mocc into a temporary folder and checks the key
numbers against closed forms of the C21 definition or against the high-accuracy references of
reference.py. Every tolerance is stated next to its check with its reason; the bounds are those
of c21lib.py, derived from the integrator tolerance TOL, never from a result. Exit code 0: all
checks passed; 1: a check failed (each failure is printed).
"""
import concurrent.futures
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source folder
import c21lib as L  # noqa: E402

G, MU, X0, BETA = 9.81, 0.9, 10.0, 0.002
G_MARS, BETA_MARS = 3.69, 2.3e-4


def bounces(res, prefix=""):
    """[(m, time, landing speed, index of the right-limit row)] from the bounce counter."""
    out = []
    for t, i in res.jumps(prefix + "bounces"):
        out.append((int(res.at(i, prefix + "bounces")), t, abs(res.at(i - 1, prefix + "v")), i))
    return out


def linear_flights(x0, g, mu, v0, count):
    """Landing speeds and flight heights of the linear ball (inputs of the bounds)."""
    times = L.linear_bounce_times(x0, g, mu, v0, count)
    speeds = [w for _, w in times]
    heights = [x0 + max(v0, 0.0) ** 2 / (2 * g)] + [(mu * w) ** 2 / (2 * g) for w in speeds]
    return [t for t, _ in times], speeds, heights


def speed_bounds(speeds, heights, g, mu, tol, stop_time, K):
    """Bound on the error of the landing speed w_m: a position error d_j of flight j changes
    the landing speed by g d_j/w (energy), the location error tau adds g tau, and each flight
    adds K local errors TOL (1 + w) to v; an error of the rebound speed reappears (reflected,
    times mu <= 1) as the same error of the next landing speed (the flight is symmetric)."""
    tau = L.location_tolerance(stop_time, stop_time)
    out, total = [], 0.0
    for j, w in enumerate(speeds):
        d = K * tol * (1 + heights[j])
        total = mu * total + g * d / w + g * tau + K * tol * (1 + w)
        out.append(total)
    return out


# ---------------------------------------------------------------------------------------------
def test_event_contact(mocc, tmp, c):
    """EventContact.mo (no stop rule): bounce times against eq. (15) / reference.py; mocc stops
    with exit code 3 at the accumulation (Zeno), before t_inf; with --zeno continue the ball
    falls through the floor as a free fall from the accumulation point."""
    tol = 1e-10
    t_inf = L.linear_t_inf(X0, G, MU)
    scal = L.reference_scalars()
    for beta, label in [(0.0, "linear"), (BETA, "drag")]:
        out = os.path.join(tmp, f"ec_{label}.csv")
        code, text = L.run_mocc(mocc, "EventContact.mo", out, "--override", f"beta={beta}",
                                check=False)
        c.true(code == 3 and "Zeno behaviour" in text,
               f"{label}: expected the Zeno stop (exit 3), got {code}:\n{text}")
        res = L.Result(out)
        b = bounces(res)
        if beta == 0:
            exact, speeds, heights = linear_flights(X0, G, MU, 0.0, 300)
            K, t_acc = 10, t_inf  # parabolas: only the order-1 restart steps err (c21lib)
        else:
            ref = L.reference_drag_bounces()  # 140 bounces, more than any run can resolve
            exact = [r["time"] for r in ref]
            speeds = [r["landing_speed"] for r in ref]
            heights = [X0] + [r["apex_height"] for r in ref]
            K, t_acc = 100, scal["t_inf_drag"]  # drag: every step errs (c21lib)
        bound = L.bounce_time_bounds(speeds, heights, G, MU, tol, 30, K)
        # every flight whose apex is a hundred times its position error K TOL (1 + h) or more
        # is resolved: those bounces must all come before the stop
        resolved = sum(1 for h in heights[1:] if h > 100 * K * tol)
        c.true(len(b) >= resolved, f"{label}: only {len(b)} bounces before the stop, "
                                   f"{resolved} flights are resolved at TOL {tol}")
        for (m, t, _, _), t_ex, bd in zip(b, exact, bound):
            c.near(t, t_ex, bd, f"{label} bounce {m} time")
        # the run stops at its last event, which cannot be later than t_inf (no solution
        # exists beyond it) by more than the bound of that bounce
        stop = res.rows[-1][0]
        c.true(stop <= t_acc + bound[len(b) - 1],
               f"{label}: stopped at {stop!r}, after t_inf = {t_acc!r}")
    # --zeno continue: after the accumulation nothing holds the ball: from (x, v) ~ (0, 0) at
    # t_s (its last event) it falls freely, x(30) = x_s + v_s (30 - t_s) - g/2 (30 - t_s)^2.
    out = os.path.join(tmp, "ec_continue.csv")
    L.run_mocc(mocc, "EventContact.mo", out, "--override", "beta=0", "--zeno", "continue")
    res = L.Result(out)
    b = bounces(res)
    i = b[-1][3]
    t_s, x_s, v_s = res.rows[i][0], res.at(i, "x"), res.at(i, "v")
    c.true(abs(t_s - t_inf) < 1e-3, f"continue: last bounce at {t_s!r}, t_inf = {t_inf!r}")
    tau = 30 - t_s
    expected = x_s + v_s * tau - G / 2 * tau * tau
    # free fall is a parabola: BDF integrates it exactly after its order-1 start, 10 local
    # errors of TOL (1 + |x|) with |x| <= 41 m
    c.near(res.rows[-1][res.col["x"]], expected, 10 * tol * (1 + 41),
           "continue: x(30) after the fall through the floor")


def test_rest(mocc, tmp, c):
    """EventContactRest.mo: the ball rests at the bounce where the rebound speed first falls
    below vmin (closed form / reference.py), at the right time, with the right t_inf estimate,
    and nothing happens after."""
    tol, vmin = 1e-12, 1e-3
    scal = L.reference_scalars()
    for beta, label in [(0.0, "linear"), (BETA, "drag")]:
        out = os.path.join(tmp, f"rest_{label}.csv")
        L.run_mocc(mocc, "EventContactRest.mo", out, "--override", f"beta={beta}")
        res = L.Result(out)
        b = bounces(res)
        if beta == 0:
            exact, speeds, heights = linear_flights(X0, G, MU, 0.0, 200)
            K, t_inf = 10, L.linear_t_inf(X0, G, MU)
        else:
            ref = L.reference_drag_bounces()
            exact = [r["time"] for r in ref]
            speeds = [r["landing_speed"] for r in ref]
            heights = [X0] + [r["apex_height"] for r in ref]
            K, t_inf = 100, scal["t_inf_drag"]
        n, margin = L.rest_bounce(speeds, MU, vmin)
        tb = L.bounce_time_bounds(speeds, heights, G, MU, tol, 30, K)
        sb = speed_bounds(speeds, heights, G, MU, tol, 30, K)
        # the rule's decisions are robust: every rebound speed is at least `margin` (relative)
        # away from vmin, more than the bound of its error (mu times the landing speed's)
        c.true(margin * vmin > MU * sb[n - 1],
               f"{label}: rest rule margin {margin:.3g} too small for speed errors {sb[n - 1]:.3g}")
        c.true(len(b) == n, f"{label}: {len(b)} bounces, expected {n} (closed form / reference)")
        for (m, t, w, _), t_ex, bd, w_ex, sbd in zip(b, exact, tb, speeds, sb):
            c.near(t, t_ex, bd, f"{label} bounce {m} time")
            c.near(w, w_ex, sbd, f"{label} bounce {m} landing speed")
        last = b[-1]
        i = last[3]
        c.true(res.at(i, "v") == 0 and res.at(i, "resting") == 1,
               f"{label}: the last bounce does not stop the ball")
        for row in res.rows[i:]:
            if row[0] > last[1]:
                c.true(row[res.col["v"]] == 0 and row[res.col["x"]] == res.at(i, "x"),
                       f"{label}: the ball moves after resting (t = {row[0]})")
        # resting on the floor: the located landing is below it by at most the position
        # error of the last flight plus w tau
        tau = L.location_tolerance(30, 30)
        c.true(abs(res.at(i, "x")) <= K * tol * (1 + heights[n - 1]) + speeds[n - 1] * tau,
               f"{label}: rests at x = {res.at(i, 'x')!r}")
        c.true(res.rows[-1][0] == 30, f"{label}: the run ends at {res.rows[-1][0]}")
        c.true(res.event_times()[-1] == last[1], f"{label}: events after the ball rests")
        # tInf at the last bounce: t_m + 2 mu w_m/(g (1 - mu)). For beta = 0 it is eq. (16)
        # exactly; with drag the true tail is shorter by the relative drag effect
        # beta w^2/g of the remaining flights.
        t_est = res.column("tInf")[-1]
        carry = 2 * MU / (G * (1 - MU))
        model = 0.0 if beta == 0 else carry * speeds[n - 1] * beta * speeds[n - 1] ** 2 / G
        c.near(t_est, t_inf, tb[n - 1] + carry * sb[n - 1] + model,
               f"{label}: t_inf estimate tInf")


def test_hundred_bounces(mocc, tmp, c):
    """HundredBounces.mo: the first 100 bounce times against eq. (15) with cvode (TOL 1e-12,
    the model's), rk45 and ida (TOL 1e-10), and the model's own output dt."""
    exact, speeds, heights = linear_flights(X0, G, MU, 0.0, 200)
    for solver, tol in [("cvode", 1e-12), ("rk45", 1e-10), ("ida", 1e-10)]:
        out = os.path.join(tmp, f"hb_{solver}.csv")
        L.run_mocc(mocc, "HundredBounces.mo", out, "--solver", solver, "--tolerance", str(tol))
        res = L.Result(out)
        b = bounces(res)
        n, margin = L.rest_bounce(speeds, MU, 1e-4)
        c.true(n == 113, f"closed form: rest at bounce {n}")
        c.true(len(b) >= 100, f"{solver}: only {len(b)} bounces")
        bound = L.bounce_time_bounds(speeds, heights, G, MU, tol, 30, 10)
        for (m, t, _, i) in b[:100]:
            c.near(t, exact[m - 1], bound[m - 1], f"{solver} bounce {m} time (eq. 15)")
            # the model's output trace: tExact is eq. (15) evaluated in the model (rounding:
            # a few eps of 30 s), dt = tExact - time
            c.near(res.at(i, "tExact"), exact[m - 1], 1e-13, f"{solver} tExact of bounce {m}")
            c.near(res.at(i, "dt"), exact[m - 1] - t, 1e-13, f"{solver} dt of bounce {m}")


def test_compensation(mocc, tmp, c):
    """Compensation.mo: delta* and the linear ball's bounces against the closed forms, the
    drag ball against reference.py; no initial velocity brings t_inf down to the drag's."""
    tol = 1e-12
    scal = L.reference_scalars()
    out = os.path.join(tmp, "comp.csv")
    L.run_mocc(mocc, "Compensation.mo", out)
    res = L.Result(out)
    delta = res.rows[0][res.col["linear.v"]]
    c.near(delta, scal["delta_compensation"], 4 * L.EPS * abs(delta), "delta* = linear.v(0)")
    # the statement of the doc: t_inf(delta) >= t_inf(delta*) > t_inf of the drag ball
    c.true(scal["t_inf_linear_compensated"] > scal["t_inf_drag"] + 1.0,
           "t_inf(delta*) is not above the drag ball's t_inf")
    bl = bounces(res, "linear.")
    exact, speeds, heights = linear_flights(X0, G, MU, delta, 200)
    n, _ = L.rest_bounce(speeds, MU, 1e-3)
    c.true(len(bl) == n, f"linear: {len(bl)} bounces, expected {n}")
    bound = L.bounce_time_bounds(speeds, heights, G, MU, tol, 30, 10)
    for (m, t, _, _), t_ex, bd in zip(bl, exact, bound):
        c.near(t, t_ex, bd, f"linear (v0 = delta*) bounce {m}")
    sb = speed_bounds(speeds, heights, G, MU, tol, 30, 10)
    c.near(res.column("linear.tInf")[-1], scal["t_inf_linear_compensated"],
           bound[n - 1] + 2 * MU / (G * (1 - MU)) * sb[n - 1], "linear tInf = t_inf(delta*)")
    bd_ = bounces(res, "drag.")
    ref = L.reference_drag_bounces()
    bound = L.bounce_time_bounds([r["landing_speed"] for r in ref],
                                 [X0] + [r["apex_height"] for r in ref], G, MU, tol, 30, 100)
    c.true(len(bd_) == L.rest_bounce([r["landing_speed"] for r in ref], MU, 1e-3)[0],
           f"drag: {len(bd_)} bounces")
    for (m, t, _, _), r, bd in zip(bd_, ref, bound):
        c.near(t, r["time"], bd, f"drag bounce {m}")


def check_kv(c, res, prefix, case, g, k, d, tol):
    ref = L.reference_kv(case)
    sim = L.first_w_per_contact(L.kv_events(res, prefix))
    bounds = L.kv_bounds(ref, g, k, d, tol, 30)
    c.extend(L.compare_kv(sim, ref, bounds, case), 1 + 2 * len(ref))
    return sim, ref


def test_kelvin_voigt(mocc, tmp, c):
    """KelvinVoigt.mo, standard parameters: every event C, F, M and the first W of each
    contact against reference.py; y = 0 in contact; the ball ends at rest at x = -g/k."""
    tol, k, d = 1e-10, 1e6, 500
    out = os.path.join(tmp, "kv.csv")
    L.run_mocc(mocc, "KelvinVoigt.mo", out)
    res = L.Result(out)
    sim, ref = check_kv(c, res, "", "earth", G, k, d, tol)
    c.true(sum(e["kind"] == "C" for e in sim) == 10, "10 contacts")
    # in contact y = x + w stays at its value at C, 0 (w := -x): up to the integration error
    # of x and w, K = 300 local errors of TOL (1 + |s|) each (c21lib.kv_bounds)
    iy, ic = res.col["y"], res.col["contact"]
    worst = max(abs(r[iy]) for r in res.rows if r[ic] == 1)
    c.true(worst <= 2 * 300 * tol * 1.1, f"|y| in contact up to {worst:.3g}")
    # at rest: x = -g/k, v = 0, up to the same integration error
    last = res.rows[-1]
    c.near(last[res.col["x"]], -G / k, 300 * tol, "x at 30 s (rest at -g/k)")
    c.near(last[res.col["v"]], 0.0, 300 * tol, "v at 30 s")
    c.true(last[ic] == 1, "in contact at 30 s")


def test_parameter_study(mocc, tmp, c):
    """ParameterStudy.mo: the five instances against reference.py, event by event."""
    tol = 1e-10
    out = os.path.join(tmp, "study.csv")
    L.run_mocc(mocc, "ParameterStudy.mo", out)
    res = L.Result(out)
    for name, case, k, d in [("k1e4", "k1e4", 1e4, 500), ("k1e6", "earth", 1e6, 500),
                             ("k1e8", "k1e8", 1e8, 500), ("d50", "d50", 1e6, 50),
                             ("d5000", "d5000", 1e6, 5000)]:
        check_kv(c, res, name + ".", case, G, k, d, tol)
    # k = 1e4 never leaves the floor: it ends at -g/k (300 local errors, as above)
    c.near(res.rows[-1][res.col["k1e4.x"]], -G / 1e4, 300 * tol * (1 + 1e-3), "k1e4 rest")


def test_earth_mars(mocc, tmp, c):
    """EarthMars.mo: the Kelvin-Voigt ball on Earth and Mars against reference.py (its first
    contact is the closed-form drag fall acosh(exp(beta x0))/sqrt(g beta)); the linear balls'
    bounce times against eq. (15) on each planet and their exact ratio sqrt(g_E/g_M)."""
    tol = 1e-12
    scal = L.reference_scalars()
    out = os.path.join(tmp, "em.csv")
    L.run_mocc(mocc, "EarthMars.mo", out)
    res = L.Result(out)
    sim_e, _ = check_kv(c, res, "earth.", "earth", G, 1e6, 500, tol)
    sim_m, _ = check_kv(c, res, "mars.", "mars", G_MARS, 1e6, 500, tol)
    # the first fall (no deformation yet): one flight, located to tau, K = 300 local errors
    for sim, key, g in [(sim_e, "first_fall_earth_drag", G), (sim_m, "first_fall_mars_drag", G_MARS)]:
        w = math.sqrt(2 * g * X0)
        c.near(sim[0]["t"], scal[key], 300 * tol * (1 + X0) / w + L.location_tolerance(30, 30),
               f"{key}")
    ratio = math.sqrt(G / G_MARS)
    be, bm = bounces(res, "linearEarth."), bounces(res, "linearMars.")
    ex_e, sp_e, h_e = linear_flights(X0, G, MU, 0.0, 200)
    ex_m, sp_m, h_m = linear_flights(X0, G_MARS, MU, 0.0, 200)
    # the four balls share one integrator: every event of any of them restarts it at order 1,
    # so flight j of a linear ball gets K = 10 (1 + events of the run inside it) (c21lib)
    events = res.event_times()

    def per_flight_k(times):
        ks, start = [], 0.0
        for t in times:
            ks.append(10 * (1 + sum(1 for e in events if start < e < t)))
            start = t
        return ks
    bnd_e = L.bounce_time_bounds(sp_e, h_e, G, MU, tol, 30, per_flight_k(ex_e))
    bnd_m = L.bounce_time_bounds(sp_m, h_m, G_MARS, MU, tol, 30, per_flight_k(ex_m))
    n_m = sum(1 for t in ex_m if t < 30)
    c.true(len(bm) == n_m, f"Mars: {len(bm)} bounces before 30 s, expected {n_m}")
    for (m, t, _, _), t_ex, bd in zip(bm, ex_m, bnd_m):
        c.near(t, t_ex, bd, f"Mars linear bounce {m}")
    for (m, t, _, _), t_ex, bd in zip(be, ex_e, bnd_e):
        c.near(t, t_ex, bd, f"Earth linear bounce {m}")
    for (m, tm, _, _), (_, te, _, _) in zip(bm, be):
        # the scaling: t_M = t_E sqrt(g_E/g_M), up to both bounds
        c.near(tm, te * ratio, bnd_m[m - 1] + ratio * bnd_e[m - 1], f"bounce {m}: Mars/Earth")
    t_inf_m = L.linear_t_inf(X0, G_MARS, MU)
    c.near(t_inf_m, L.linear_t_inf(X0, G, MU) * ratio, 1e-12 * t_inf_m, "t_inf scales")
    # the t_inf estimate of the Mars ball at its last bounce (eq. 16 at every bounce)
    sb = speed_bounds(sp_m, h_m, G_MARS, MU, tol, 30, max(per_flight_k(ex_m)[:n_m]))
    c.near(res.column("linearMars.tInf")[-1], t_inf_m,
           bnd_m[n_m - 1] + 2 * MU / (G_MARS * (1 - MU)) * sb[n_m - 1], "Mars tInf")


def test_restitution_grid(mocc, tmp, c):
    """The first contact of KelvinVoigt.mo on the 5 x 5 grid of k and d: the times of C, W, F
    and the restitution e_1 = v_F/|v_C| against reference.py."""
    tol = 1e-10
    K = 300
    grid = L.read_csv("reference_restitution.csv")

    def simulate(r):
        k, d = float(r["k"]), float(r["d"])
        out = os.path.join(tmp, f"grid_{k:g}_{d:g}.csv")
        L.run_mocc(mocc, "KelvinVoigt.mo", out, "--override", f"k={k:g}", "--override",
                   f"d={d:g}", "--stop-time", "1.6")
        return out
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        outs = list(pool.map(simulate, grid))
    for r, out in zip(grid, outs):
        k, d = float(r["k"]), float(r["d"])
        res = L.Result(out)
        sim = L.first_w_per_contact(L.kv_events(res))
        label = f"k = {k:g}, d = {d:g}"
        ref = [dict(kind="C", t=float(r["t_C1"]), x=0.0, v=float(r["v_C1"]), w=0.0),
               dict(kind="W", t=float(r["t_W1"]), x=-float(r["w_W1"]), v=0.0, w=float(r["w_W1"]))]
        if r["t_F1"]:
            ref.append(dict(kind="F", t=float(r["t_F1"]), x=float(r["x_F1"]), v=float(r["v_F1"]),
                            w=-float(r["x_F1"])))
        sim = [e for e in sim if e["kind"] in "CWF"][:len(ref)]
        bounds = L.kv_bounds(ref, G, k, d, tol, 30, K)
        c.extend(L.compare_kv(sim, ref, bounds, label), 1 + 2 * len(ref))
        if r["t_F1"] and len(sim) == 3:
            vc, vf = float(r["v_C1"]), float(r["v_F1"])
            # speed errors: K local errors TOL (1 + |v|) in the fall and in the contact each
            dv = 2 * K * tol * (1 + abs(vc))
            e_sim = sim[2]["v"] / -sim[0]["v"]
            c.near(e_sim, float(r["e"]), (dv + float(r["e"]) * dv) / abs(vc), f"{label}: e_1")
        elif not r["t_F1"]:
            c.true(not any(e["kind"] == "F" for e in L.kv_events(res)),
                   f"{label}: separates, the reference does not")


def main():
    return L.check_main(globals(), "check.py", "argesim-c21-")


if __name__ == "__main__":
    sys.exit(main())
