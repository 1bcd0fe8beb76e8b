"""Closed forms and exact discretisations for the seed-001 models (J. Zhang, MSc thesis, 2005).

Used by check.py (the ctest checks) and tables.py (the tables of the run script); run
`/usr/bin/python3 closed_forms.py` to print them. Needs numpy and scipy only.

Every function here follows the mathematics of its model, not a numerical integrator:
  relay_loop_*     RelayLoop.mo: between the edges of the square wave the relay input v is an
                   exponential, so each switching time is an edge plus a logarithm; the output of
                   the linear H(s) under the piecewise-constant relay output is propagated exactly
                   by matrix exponentials.
  relay_scope_*    RelayScope.mo: x1(t) = (sin t - cos t + e^-t)/2 in closed form; the switching
                   times are its roots at +-delta (bracketed on a 1e-3 s grid, refined by Brent's
                   method to 1e-15 s), and x2 is an exponential between them.
  twin_relays_*    TwinRelays.mo: each relay is a ball bouncing under unit gravity with
                   restitution e: t_1 = sqrt(2 x0), flights 2 e^j sqrt(2 x0), Zeno time
                   sqrt(2 x0) (1 + 2 e/(1 - e)).
  sampled_loop     SampledLoop.mo: the plant 1/(s (s + 1)) with a held input is integrated in
                   closed form over each sampling period (the exact discretisation).
  digital_filter   DigitalFilter.mo: the integrator of a held (or of s1 + sin t) input in closed
                   form.
All values are computed in double precision from formulas whose rounding error is a few ulps
(relative 1e-15 and below); the tests' tolerances are orders of magnitude larger.
"""
import math

import numpy as np
from scipy.linalg import expm
from scipy.optimize import brentq

# ---------------------------------------------------------------- RelayLoop.mo (section 7.2.2)
RL_DELTA, RL_K, RL_W, RL_STOP = 0.1, 1.0, 5.0, 10.0
# H(s) = 100/(s^3 + 26 s^2 + 125 s + 100), controllable canonical form, y = 100 z1.
RL_AH = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-100.0, -125.0, -26.0]])
RL_BH = np.array([0.0, 0.0, 1.0])


def relay_loop_switches(delta=RL_DELTA, w=RL_W, stop=RL_STOP):
    """Relay switching times [(t, on_after)] of RelayLoop.mo. v' = -50 v + 10 u (v = 10 xg),
    u = -1 on [0, pi/w), then alternating every pi/w; the relay starts off (-K), switches on when
    v rises through +delta and off when v falls through -delta. On a segment with input u,
    v(t) = 0.2 u + (v_s - 0.2 u) e^(-50 (t - t_s)), which reaches a level L after
    ln((v_s - 0.2 u)/(L - 0.2 u))/50."""
    half = math.pi / w
    t, v, u, on = 0.0, 0.0, -1.0, False
    out = []
    j = 1
    while t < stop:
        t_end = min(j * half, stop)
        vinf = 0.2 * u
        while True:
            level = -delta if on else delta
            ratio = (v - vinf) / (level - vinf) if level != vinf else -1.0
            if ratio > 1.0:  # the level lies between v and vinf
                tau = math.log(ratio) / 50.0
                if t + tau <= t_end:
                    t += tau
                    v = level
                    on = not on
                    out.append((t, on))
                    continue
            break
        v = vinf + (v - vinf) * math.exp(-50.0 * (t_end - t))
        t = t_end
        u = -u
        j += 1
    return out


def relay_loop_output(times, delta=RL_DELTA, w=RL_W, K=RL_K):
    """Exact y = 100 z1 of H(s) at the given times (right limits), the relay output being
    piecewise constant between the switching times."""
    sw = relay_loop_switches(delta, w, max(times) + 1.0)
    M = np.zeros((4, 4))
    M[:3, :3] = RL_AH
    M[:3, 3] = RL_BH
    z = np.zeros(3)
    t = 0.0
    level = -K
    marks = sorted([(ts, 0, on) for ts, on in sw] + [(tq, 1, None) for tq in times])
    out = {}
    for tm, kind, on in marks:
        if tm > t:
            E = expm(M * (tm - t))
            z = E[:3, :3] @ z + E[:3, 3] * level
            t = tm
        if kind == 0:
            level = K if on else -K
        else:
            out[tm] = 100.0 * z[0]
    return [out[tq] for tq in times]


# --------------------------------------------------------------- RelayScope.mo (section 8.3)
RS_DELTA, RS_STOP = 0.3, 10.0


def relay_scope_x1(t):
    return 0.5 * (math.sin(t) - math.cos(t) + math.exp(-t))


def relay_scope_switches(delta=RS_DELTA, stop=RS_STOP):
    """[(t, on_after)]: the relay (off, -1, at first) switches on where x1 rises through +delta
    and off where it falls through -delta."""
    out, on, h = [], False, 1e-3
    n = int(round(stop / h))
    for i in range(n):
        a, b = i * h, (i + 1) * h
        level = -delta if on else delta
        fa, fb = relay_scope_x1(a) - level, relay_scope_x1(b) - level
        rising = not on
        if (rising and fa < 0 <= fb) or (not rising and fa > 0 >= fb):
            t = brentq(lambda s: relay_scope_x1(s) - level, a, b, xtol=1e-15, rtol=1e-15)
            on = not on
            out.append((t, on))
    return out


def relay_scope_output(times, delta=RS_DELTA):
    """Exact x2 and y = 7 x2 + u at the given times (right limits): x2' = -3 x2 + u."""
    sw = relay_scope_switches(delta, max(times) + 1.0)
    marks = sorted([(ts, 0, on) for ts, on in sw] + [(tq, 1, None) for tq in times])
    x2, t, u, out = 0.0, 0.0, -1.0, {}
    for tm, kind, on in marks:
        x2 = u / 3 + (x2 - u / 3) * math.exp(-3 * (tm - t))
        t = tm
        if kind == 0:
            u = 1.0 if on else -1.0
        else:
            out[tm] = (x2, 7 * x2 + u)
    return [out[tq] for tq in times]


# ---------------------------------------------------- TwinRelays.mo (sections 4.4 and 8.1)
TR_X0, TR_E = 0.25, 0.8


def twin_relays_times(count, x0=TR_X0, e=TR_E):
    """Zero crossings of x1 (and of x3 = -x1): t_1 = sqrt(2 x0), then flights of 2 e^j v1,
    v1 = sqrt(2 x0) being the speed at the first crossing (unit acceleration)."""
    v1 = math.sqrt(2 * x0)
    t, out = v1, [v1]
    for j in range(1, count):
        t += 2 * e ** j * v1
        out.append(t)
    return out


def twin_relays_zeno_time(x0=TR_X0, e=TR_E):
    v1 = math.sqrt(2 * x0)
    return v1 * (1 + 2 * e / (1 - e))


def twin_relays_speed_after(j, x0=TR_X0, e=TR_E):
    """|x2| just after the j-th reset: e^j sqrt(2 x0)."""
    return e ** j * math.sqrt(2 * x0)


# ------------------------------------------------------------- SampledLoop.mo (section 7.2.3)
SL_TS, SL_A, SL_STEP, SL_STOP = 0.3, [0.7, -0.56, -0.478, 0.02, 0.0762], 1.0, 20.0


def sampled_loop(ts=SL_TS, a=SL_A, t_step=SL_STEP, stop=SL_STOP):
    """Values at each execution t_k = k ts <= stop: (k, t_k, x1, x2, e_k, yd_k) with x1, x2 the
    plant state at t_k and e_k, yd_k set there. Over a period with held yd the plant
    x1' = yd, x2' = -x2 + x1 gives x1(s) = x1 + yd s,
    x2(s) = (x1 - yd) + yd s + (x2 - x1 + yd) e^-s."""
    x1 = x2 = yd = 0.0
    xd = [0.0] * 5
    out = []
    k = 1
    t_prev = 0.0
    while k * ts <= stop + 1e-12:
        t = k * ts
        s = t - t_prev
        x1, x2 = x1 + yd * s, (x1 - yd) + yd * s + (x2 - x1 + yd) * math.exp(-s)
        e = (1.0 if t > t_step else 0.0) - x2
        yd = xd[0]
        xd = [-sum(ai * xi for ai, xi in zip(a, xd)) + e] + xd[:4]
        out.append((k, t, x1, x2, e, yd))
        t_prev = t
        k += 1
    return out


def sampled_loop_poles(ts=SL_TS, a=SL_A):
    """Eigenvalues of the sampled closed loop (plant exactly discretised, controller)."""
    # plant: z = (x1, x2), z+ = F z + G yd over ts
    F = expm(np.array([[0.0, 0.0], [1.0, -1.0]]) * ts)
    Maug = np.zeros((3, 3))
    Maug[:2, :2] = [[0.0, 0.0], [1.0, -1.0]]
    Maug[0, 2] = 1.0
    G = expm(Maug * ts)[:2, 2]
    # controller: xd+ = Ad xd + Bd e, yd = Cd xd, e = -x2
    Ad = np.zeros((5, 5))
    Ad[0, :] = -np.array(a)
    Ad[1:, :4] = np.eye(4)
    Bd = np.zeros(5)
    Bd[0] = 1.0
    Cd = np.zeros(5)
    Cd[0] = 1.0
    Acl = np.zeros((7, 7))
    Acl[:2, :2] = F
    Acl[:2, 2:] = np.outer(G, Cd)
    Acl[2:, :2] = np.outer(Bd, [0.0, -1.0])
    Acl[2:, 2:] = Ad
    return np.linalg.eigvals(Acl)


# ----------------------------------------------------------- DigitalFilter.mo (section 5.3)
DF_T, DF_B, DF_A, DF_STOP = 0.5, (1.0, -1.615, 0.4379), (-0.7207, 0.6065), 20.0


def digital_filter(T=DF_T, b=DF_B, a=DF_A, stop=DF_STOP):
    """Per execution t_k = k T <= stop: (k, t_k, x(t_k), xn(t_k), yd_k, s1 after). x integrates
    the held output (0 before the first execution); xn integrates s1 + b0 sin(t), s1 being the
    filter state after the last execution (0 before the first):
    xn(t) = xn(t_s) + s1 (t - t_s) + b0 (cos t_s - cos t)."""
    x = xn = 0.0
    yd = s1 = s2 = 0.0
    t_prev = 0.0
    out = []
    k = 1
    while k * T <= stop + 1e-12:
        t = k * T
        x += yd * (t - t_prev)
        xn += s1 * (t - t_prev) + b[0] * (math.cos(t_prev) - math.cos(t))
        uk = math.sin(t)
        yd = b[0] * uk + s1
        s1, s2 = b[1] * uk - a[0] * yd + s2, b[2] * uk - a[1] * yd
        out.append((k, t, x, xn, yd, s1))
        t_prev = t
        k += 1
    return out


if __name__ == "__main__":
    print("RelayLoop switches:", [round(t, 9) for t, _ in relay_loop_switches()])
    print("RelayScope switches:", [round(t, 9) for t, _ in relay_scope_switches()])
    print("TwinRelays first crossings:", [round(t, 9) for t in twin_relays_times(5)],
          "Zeno time", twin_relays_zeno_time())
    print("SampledLoop |poles|:", sorted(abs(p) for p in sampled_loop_poles()))
    print("SampledLoop last:", sampled_loop()[-1])
    print("DigitalFilter last:", digital_filter()[-1])


def stuck_intervals(events, stop):
    """[(start, end)] where mode is 0, from an event list [(time, mode_after)] starting stuck."""
    out, start = [], 0.0
    for t, m in events:
        if m == 0 and start is None:
            start = t
        elif m != 0 and start is not None:
            out.append((start, t))
            start = None
    if start is not None:
        out.append((start, stop))
    return out
