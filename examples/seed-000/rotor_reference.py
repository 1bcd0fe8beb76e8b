#!/usr/bin/python3
"""Independent reference for seed 000's rotor-stator contact (section 5.3, dimensionless model
(127)-(128) with the guards (140), Table 10, initial conditions as in RotorStator.mo: all at
rest at the centres): the switching times of q_c by scipy's solve_ivp (DOP853, rtol = atol =
1e-12) with its own event location, each phase (contact, no contact) integrated separately.

The compound guards are one continuous event function each: the contact begins where
min(d, f_n) rises through 0 ((f_n > 0) and (d >= 0) becomes true) and ends where min(d, f_n)
falls through 0 ((f_n <= 0) or (d < 0) becomes true). v_t stays near omega Dr/2 = 101 m/s, so
q_t = 1 throughout (asserted on every step). The contact angle is atan2(Y_rs, X_rs), as in the
model. Also written: the sensitivity of each switching time to a perturbation of the state at
the start of the run and at each earlier switch (central differences, perturbation 1e-7),
which check.py uses to turn mocc's tolerance into a bound.

    /usr/bin/python3 rotor_reference.py    (writes rotor_reference.csv next to it)
"""
import csv
import math
import os

from scipy.integrate import solve_ivp

x0, y0, Dr, e, c = 0.0239, 0.000001, 2.0, 0.00999, 0.024
mr, ms, cr, kr, cs, ks, ch, kh, omega, mu = 8.0, 20.0, 150.0, 800000.0, 20000.0, 700000.0, 7.0, 100000.0, 101.0, 0.002
mbar = mr * ms / (mr + ms)
Omr, Oms, Omh = math.sqrt(kr / mr), math.sqrt(ks / ms), math.sqrt(kh / mbar)
eta = omega / Omr
Ar, As, Ah = 2 * math.pi / eta, 2 * math.pi / eta * Oms / Omr, 2 * math.pi / eta * Omh / Omr
zr, zs, zh = cr / (2 * math.sqrt(kr * mr)), cs / (2 * math.sqrt(ks * ms)), ch / (2 * math.sqrt(kh * mbar))
E, X0, Y0 = e / c, x0 / c, y0 / c
STOP = 2.0
RTOL = ATOL = 1e-12


def algebraic(s):
    Xr, VXr, Yr, VYr, Xs, VXs, Ys, VYs = s
    Xrs, Yrs = Xr - (Xs + X0), Yr - (Ys + Y0)
    R = math.hypot(Xrs, Yrs)
    phi = math.atan2(Yrs, Xrs)
    Dp = (VXr - VXs) * math.cos(phi) + (VYr - VYs) * math.sin(phi)
    d = c * (R - 1)
    fn = kh * d + ch * omega / (2 * math.pi) * c * Dp
    vt = omega * Dr / 2 + c * omega / (2 * math.pi) * (-(VXr - VXs) * math.sin(phi) + (VYr - VYs) * math.cos(phi))
    return R, phi, Dp, d, fn, vt


def rhs(qc):
    def f(t, s):
        Xr, VXr, Yr, VYr, Xs, VXs, Ys, VYs = s
        R, phi, Dp, d, fn, vt = algebraic(s)
        assert vt > 0
        F = qc * (Ah ** 2 * (R - 1) + 2 * zh * Ah * Dp)
        fx, fy = F * (-math.cos(phi) + mu * math.sin(phi)), F * (-math.sin(phi) - mu * math.cos(phi))
        return [VXr, -(2 * zr * Ar * VXr + Ar ** 2 * Xr) + (2 * math.pi) ** 2 * E * math.cos(2 * math.pi * t) + fx,
                VYr, -(2 * zr * Ar * VYr + Ar ** 2 * Yr) + (2 * math.pi) ** 2 * E * math.sin(2 * math.pi * t) + fy,
                VXs, -(2 * zs * As * VXs + As ** 2 * Xs) - fx,
                VYs, -(2 * zs * As * VYs + As ** 2 * Ys) - fy]
    return f


def guard(t, s):
    _, _, _, d, fn, _ = algebraic(s)
    return min(d, fn)


def on(t, s):
    return guard(t, s)


def off(t, s):
    return guard(t, s)


on.terminal, on.direction = True, 1
off.terminal, off.direction = True, -1


def simulate(t, qc, state, stop=STOP):
    """[(time, qc after, state at the switch)] from (t, qc, state) to stop."""
    rows = []
    while t < stop:
        sol = solve_ivp(rhs(qc), (t, stop), state, method="DOP853", rtol=RTOL, atol=ATOL,
                        events=off if qc else on)
        if sol.status != 1:
            break
        t, state = sol.t_events[0][0], list(sol.y_events[0][0])
        qc = 1 - qc
        rows.append((t, qc, state))
    return rows


def sensitivities(rows, delta=1e-7):
    """K[i] = max over the restart points s (0 and every switch before i) of
    sum_j |d t_i / d x_j(s)|, by central differences of simulate()."""
    starts = [(0.0, 0, [0.0] * 8)] + [(t, q, s) for t, q, s in rows]
    k = [0.0] * len(rows)
    for n, (s0, q0, st0) in enumerate(starts):
        sums = [0.0] * len(rows)
        for j in range(8):
            times = []
            for sign in (1, -1):
                st = list(st0)
                st[j] += sign * delta
                times.append([r[0] for r in simulate(s0, q0, st)])
            for i in range(n, len(rows)):
                a, b = times[0][i - n:i - n + 1], times[1][i - n:i - n + 1]
                if a and b:
                    sums[i] += abs(a[0] - b[0]) / (2 * delta)
        for i in range(len(rows)):
            k[i] = max(k[i], sums[i])
    return k


def main():
    rows = simulate(0.0, 0, [0.0] * 8)
    k = sensitivities(rows)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rotor_reference.csv")
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["event", "time", "qc_after", "Xr", "VXr", "Yr", "VYr", "Xs", "VXs", "Ys", "VYs", "d", "fn", "vt",
                    "sensitivity"])
        for i, (t, q, s) in enumerate(rows):
            R, phi, Dp, d, fn, vt = algebraic(s)
            w.writerow([i + 1, repr(t), q] + [repr(float(v)) for v in s] + [repr(d), repr(fn), repr(vt), repr(k[i])])
            print("%d %.15g qc->%d d=%.3g fn=%.3g vt=%.6g K=%.3g" % (i + 1, t, q, d, fn, vt, k[i]))


if __name__ == "__main__":
    main()
