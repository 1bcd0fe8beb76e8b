#!/usr/bin/python3
"""High-accuracy references of the ARGESIM C21 case-2 models (RLC circuit with diode), computed
independently of mocc: scipy's solve_ivp (DOP853, rtol 1e-12) on the states (i, uC) with the
diode current as an exact function of the locking voltage w = -(R2 i + uC), restarted at every
kink of that function (event location to machine precision by solve_ivp's root finder on the
dense output):
  shortcut      iD = max(w, 0)/R2                              (uD = 0 when conducting)
  Shockley      iD = Is expm1(uD/UT), uD + R2 Is expm1(uD/UT) = w, uD from Lambert's W:
                uD = (w + a) - UT W(a/UT exp((w + a)/UT)), a = R2 Is   (w > 0; iD = 0 else)
  interpolated  the piecewise linear inverse of RLCInterpolated.mo (n = 3, 5, 10), breakpoints
                wb[j] = ub[j] + R2 ib[j]
The explicit model (38) is mathematically the Shockley model. Each is solved at rtol 1e-12 and
1e-11; the script asserts that the key numbers agree to 1e-9 (relative, 1e-12 V / 1e-15 A
absolute) and writes the 1e-12 values to reference_rlc.csv (model, quantity, value) and two
periods of the Shockley and shortcut traces to reference_rlc_traces.csv.
Run by hand with Debian's /usr/bin/python3 (python3-scipy) when a model or parameter changes.
"""
import csv
import math
import os

import numpy as np
from scipy.integrate import solve_ivp
from scipy.special import lambertw

HERE = os.path.dirname(os.path.abspath(__file__))
R1, R2, L, C, IS, UT, U, F = 1e3, 20.0, 25.3e-6, 100e-9, 1e-8, 26e-3, 1.0, 0.15e6
T_END = 500e-6
UMAX = 0.04
N_EVENTS = 4  # the first events C and L reported (C1 is at t = 0+: w starts at 0 and grows)


def u0(t):
    return -U * math.sin(2 * math.pi * F * t)


def shockley_ud(w):
    """uD from uD + a expm1(uD/UT) = w, a = R2 Is (for any w: the analytic continuation)."""
    a = R2 * IS
    x = (w + a) / UT
    y = math.log(a / UT) + x  # W(e^y)
    if y < 600:
        wl = float(lambertw(math.exp(y)).real)
    else:  # W + ln W = y by Newton (only in rejected trial steps)
        wl = y - math.log(y)
        for _ in range(8):
            wl -= (wl + math.log(wl) - y) / (1 + 1 / wl)
    return (w + a) - UT * wl


def shockley_id(w):
    ud = shockley_ud(w)
    return IS * math.expm1(ud / UT) if ud < 300 * UT else (w - ud) / R2


def interp_tables(n):
    ub = [UMAX * j / (n - 1) for j in range(n)]
    ib = [IS * math.expm1(u / UT) for u in ub]
    wb = [u + R2 * i for u, i in zip(ub, ib)]
    return ub, ib, wb


def diode(kind):
    """(segments, iD(w), uD(w)): segments[s] = (lower, upper, iD_s) with iD_s(w) the diode
    current of segment s as an analytic function (also slightly outside the segment, where
    the integrator evaluates it before an event is located); s = 0 is the locking phase."""
    inf = math.inf
    if kind == "shortcut":
        segs = [(-inf, 0.0, lambda w: 0.0), (0.0, inf, lambda w: w / R2)]
        return segs, (lambda w: max(w, 0.0) / R2), (lambda w: min(w, 0.0))
    if kind == "shockley":
        segs = [(-inf, 0.0, lambda w: 0.0),
                (0.0, inf, shockley_id)]
        return segs, (lambda w: segs[1][2](w) if w > 0 else 0.0), (lambda w: shockley_ud(w) if w > 0 else w)
    n = int(kind[6:])
    ub, ib, wb = interp_tables(n)
    segs = [(-inf, 0.0, lambda w: 0.0)]
    for j in range(n - 1):
        def i_seg(w, j=j):  # uD linear in w on segment j, iD = (w - uD)/R2
            ud = ub[j] + (w - wb[j]) * (ub[j + 1] - ub[j]) / (wb[j + 1] - wb[j])
            return (w - ud) / R2
        segs.append((wb[j], wb[j + 1] if j < n - 2 else inf, i_seg))

    def seg_of(w):
        return max(k for k, sg in enumerate(segs) if w >= sg[0]) if w > 0 else 0
    return segs, (lambda w: segs[seg_of(w)][2](w)), (lambda w: w - R2 * segs[seg_of(w)][2](w))


def solve(kind, rtol, t_end=T_END, grid=()):
    segs, _, _ = diode(kind)
    # w(0) = 0 and w grows as t^2 (u0 < 0 drives i < 0): conducting from 0+, in segment 1
    t, x, s = 0.0, [0.0, 0.0], 1
    crossings = [(0.0, "C", 0.0)]
    samples = {}
    atol = [rtol * 1e-5, rtol * 1e-3]  # i ~ 1e-3 A, uC ~ 1e-2 V
    grid = sorted(grid)
    while t < t_end:
        lo, hi, i_seg = segs[s]

        def rhs(tt, xx):
            idd = i_seg(-(R2 * xx[0] + xx[1]))
            return [(u0(tt) - R1 * xx[0] - R2 * (xx[0] + idd) - xx[1]) / L, (xx[0] + idd) / C]

        def ev_lo(tt, xx):
            return -(R2 * xx[0] + xx[1]) - lo
        ev_lo.terminal, ev_lo.direction = True, -1

        def ev_hi(tt, xx):
            return -(R2 * xx[0] + xx[1]) - hi
        ev_hi.terminal, ev_hi.direction = True, 1
        events = [e for e, b in ((ev_lo, lo), (ev_hi, hi)) if math.isfinite(b)]
        sol = solve_ivp(rhs, (t, t_end), x, method="DOP853", rtol=rtol, atol=atol,
                        events=events, dense_output=True, max_step=2e-7)
        end = sol.t[-1]
        for g in grid:
            if t <= g <= end and g not in samples:
                samples[g] = list(sol.sol(g))
        x = list(sol.y[:, -1])
        if sol.status == 1:  # an event: into the neighbouring segment
            down = any(e is ev_lo and te.size for e, te in zip(events, sol.t_events))
            d = rhs(end, x)
            slope = abs(R2 * d[0] + d[1])  # |dw/dt| at the crossing
            s += -1 if down else 1
            if s == 0:
                crossings.append((end, "L", slope))
            elif s == 1 and down is False:
                crossings.append((end, "C", slope))
        t = end
    return crossings, samples


def key_numbers(kind, rtol):
    periods = [k / F for k in (1, 2)]
    dense = list(np.linspace(0, 2 / F, 801))
    crossings, s = solve(kind, rtol, grid=periods + [T_END] + dense)
    _, i_d, u_d = diode(kind)
    out = {}
    cs = [(t, sl) for t, e, sl in crossings if e == "C"]
    ls = [(t, sl) for t, e, sl in crossings if e == "L"]
    for m in range(1, N_EVENTS + 1):
        out[f"t_C{m + 1}"], out[f"slope_C{m + 1}"] = cs[m]
        out[f"t_L{m}"], out[f"slope_L{m}"] = ls[m - 1]
    out["events_C"] = len(cs)
    out["events_L"] = len(ls)
    for name, t in (("T1", periods[0]), ("T2", periods[1]), ("end", T_END)):
        out[f"i_{name}"], out[f"uC_{name}"] = s[t]
    ws = [-(R2 * s[t][0] + s[t][1]) for t in dense]
    out["max_uD_2T"] = max(u_d(w) for w in ws)  # on the grid of 800 intervals over 2 periods
    out["max_iD_2T"] = max(i_d(w) for w in ws)
    trace = [(t, s[t][0], s[t][1], u_d(w), i_d(w)) for t, w in zip(dense, ws)]
    return out, trace


def main():
    kinds = ["shortcut", "shockley", "interp3", "interp5", "interp10"]
    rows, traces = [], {}
    for kind in kinds:
        fine, trace = key_numbers(kind, 1e-12)
        coarse, _ = key_numbers(kind, 1e-11)
        for q, v in fine.items():
            scale = (1e-12 if q.startswith(("uC", "max_uD")) else 1e-15 if q.startswith(("i", "max_iD"))
                     else 1e-3 if q.startswith("slope") else 0)
            assert abs(v - coarse[q]) <= 1e-9 * abs(v) + scale + (1e-16 if q.startswith("t_") else 0), (kind, q, v, coarse[q])
            rows.append((kind, q, v))
        traces[kind] = trace
        print(kind, {q: fine[q] for q in ("t_L1", "t_C2", "events_C", "i_end", "uC_end", "max_uD_2T")})
    with open(os.path.join(HERE, "reference_rlc.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "quantity", "value"])
        for kind, q, v in rows:
            w.writerow([kind, q, repr(v) if isinstance(v, float) else v])
    with open(os.path.join(HERE, "reference_rlc_traces.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["time", "shortcut.i", "shortcut.uC", "shortcut.uD", "shortcut.iD",
                    "shockley.i", "shockley.uC", "shockley.uD", "shockley.iD"])
        for a, b in zip(traces["shortcut"], traces["shockley"]):
            w.writerow([repr(float(a[0]))] + [repr(float(v)) for v in a[1:] + b[1:]])


if __name__ == "__main__":
    main()
