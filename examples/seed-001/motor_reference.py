#!/usr/bin/env python3
"""Independent reference for StictionMotor.mo (seed 001, section 8.2): the piecewise exact
solution, evaluated with 30 significant digits.

Run from this folder with a python3 that has mpmath (Debian: python3-mpmath):
    python3 motor_reference.py
It writes
    motor_reference_events.csv   every mode change: time, kind, mode after, Te there, and the rate
                                 at which its crossing function passes zero (Te' in N m/s at a
                                 breakaway, y' in rad/s^2 just before a stick or reversal)
    motor_reference_samples.csv  every compensator execution t_k = k T: ia, y (left values), e, yd
    motor_reference_grid.csv     ia, y and mode every 0.01 s (right limits at the grid times)

Method. Between two events the plant is linear with constant inputs: the held voltage yd and,
while moving, the friction torque B2C*mode. The reference r(t) enters only at the sampling
instants. So on each piece
  moving (mode = +-1): s = (ia, y), s' = M s + b, s(t) = s* + P diag(e^(lambda t)) P^-1 (s0 - s*)
      with the real eigenvalues lambda1,2 of the 2x2 matrix M and s* = -M^-1 b;
  stuck (mode = 0): y = 0, ia(t) = yd/RA + (ia0 - yd/RA) e^(-RA t/LA).
Events inside a piece:
  stuck -> moving where |Te| = KT N |ia| reaches B2C: a logarithm;
  moving -> stuck or reversing where y reaches zero: y(t) = y* + c1 e^(l1 t) + c2 e^(l2 t) has
      one critical point at most (closed form); on each monotone part the root is bracketed and
      refined by bisection to 1e-28 s. There the motor sticks if |Te| < B2C, else it reverses.
Nothing here uses mocc or a numerical integrator; the only errors are mpmath's 30-digit
rounding and the 1e-28 s bisection width, far below what any test can resolve. Every CSV
value is printed with 17 significant digits.
"""
import csv

from mpmath import mp, mpf, exp, log, sin, sqrt, pi

mp.dps = 30

# Parameters of Appendix F (see StictionMotor.mo).
J1, B1, KE, RA, LA, J2, B2, N = mpf(5), mpf(2), mpf(2), mpf("0.4"), mpf("0.02"), mpf(70), mpf(80), mpf(10)
KT = KE
Jeq, Beq = J2 + N * N * J1, B2 + N * N * B1
B2C = mpf(1500)
T = mpf("0.1")
A, B, C, D = mpf("0.1"), mpf(1), mpf("-2.7"), mpf(4)
T0, E0 = mpf("0.2"), mpf(100)
STOP = mpf(30)
ITH = B2C / (KT * N)  # current at which |Te| = B2C (75 A)

# Moving dynamics: s' = M s + b(mode, yd).
m11, m12, m21, m22 = -RA / LA, -KE * N / LA, KT * N / Jeq, -Beq / Jeq
tr, det = m11 + m22, m11 * m22 - m12 * m21
disc = tr * tr - 4 * det
assert disc > 0  # real distinct eigenvalues
L1, L2 = (tr + sqrt(disc)) / 2, (tr - sqrt(disc)) / 2
# Eigenvectors (m12, lambda - m11).
P = [[m12, m12], [L1 - m11, L2 - m11]]
detP = P[0][0] * P[1][1] - P[0][1] * P[1][0]
Pinv = [[P[1][1] / detP, -P[0][1] / detP], [-P[1][0] / detP, P[0][0] / detP]]


def ref(t):
    return mpf(0) if t < T0 else E0 * sin(pi * (t - T0) / 10)


def moving_coeffs(s0, mode, yd):
    """s(t) = s* + P diag(e^(L t)) k: returns s*, k."""
    b = (yd / LA, -B2C * mode / Jeq)
    # s* = -M^-1 b
    sx = (-(m22 * b[0] - m12 * b[1]) / det, -(-m21 * b[0] + m11 * b[1]) / det)
    d = (s0[0] - sx[0], s0[1] - sx[1])
    k = (Pinv[0][0] * d[0] + Pinv[0][1] * d[1], Pinv[1][0] * d[0] + Pinv[1][1] * d[1])
    return sx, k


def moving_state(sx, k, t):
    e1, e2 = exp(L1 * t), exp(L2 * t)
    return (sx[0] + P[0][0] * k[0] * e1 + P[0][1] * k[1] * e2,
            sx[1] + P[1][0] * k[0] * e1 + P[1][1] * k[1] * e2)


def stuck_current(i0, yd, t):
    return yd / RA + (i0 - yd / RA) * exp(-RA * t / LA)


def first_speed_zero(sx, k, h):
    """First t in (0, h] where y(t) = y* + c1 e^(L1 t) + c2 e^(L2 t) = 0, or None."""
    c1, c2 = P[1][0] * k[0], P[1][1] * k[1]
    f = lambda t: sx[1] + c1 * exp(L1 * t) + c2 * exp(L2 * t)
    cuts = [mpf(0)]
    if c1 != 0 and c2 != 0:
        q = -c2 * L2 / (c1 * L1)
        if q > 0:
            tc = log(q) / (L1 - L2)
            if 0 < tc < h:
                cuts.append(tc)
    cuts.append(h)
    tiny = mpf(10) ** -25
    for a, bnd in zip(cuts, cuts[1:]):
        fa, fb = f(a), f(bnd)
        if abs(fa) <= tiny:
            continue  # monotone part starting at zero: it cannot return to zero
        if fb == 0 or (fa > 0) != (fb > 0):
            lo, hi = a, bnd
            while hi - lo > mpf(10) ** -28:
                mid = (lo + hi) / 2
                if (f(mid) > 0) == (fa > 0):
                    lo = mid
                else:
                    hi = mid
            return hi
    return None


def simulate():
    t, ia, y, mode = mpf(0), mpf(0), mpf(0), 0
    xd, yd = mpf(0), mpf(0)
    k = 1
    events, samples, pieces = [], [], []
    while t < STOP:
        t_next = min(k * T, STOP)
        h = t_next - t
        t_ev = None
        if mode == 0:
            i_inf = yd / RA
            for target, new_mode in ((ITH, 1), (-ITH, -1)):
                # crossing of ia = target strictly inside (0, h]
                num, den = ia - i_inf, target - i_inf
                if den != 0 and num / den > 1:
                    tau = LA / RA * log(num / den)
                    if 0 < tau <= h and (t_ev is None or tau < t_ev):
                        t_ev, ev_mode = tau, new_mode
            pieces.append((t, mode, (ia, y), yd, None))
            if t_ev is not None:
                ia = stuck_current(ia, yd, t_ev)
                ia = ITH if ev_mode == 1 else -ITH  # exact at the crossing
                t = t + t_ev
                mode = ev_mode
                # Te' at the crossing, the rate at which |Te| passes B2C
                events.append((t, "breakaway", mode, KT * N * ia, KT * N * (yd - RA * ia) / LA))
                continue
            ia = stuck_current(ia, yd, h)
        else:
            sx, kk = moving_coeffs((ia, y), mode, yd)
            pieces.append((t, mode, (ia, y), yd, (sx, kk)))
            t_ev = first_speed_zero(sx, kk, h)
            if t_ev is not None:
                ia, _ = moving_state(sx, kk, t_ev)
                y = mpf(0)
                t = t + t_ev
                te = KT * N * ia
                old = mode
                mode = 0 if abs(te) < B2C else -old
                # y' just before the zero, the rate at which the crossing function passes zero
                rate = (te - B2C * old) / Jeq
                events.append((t, "stick" if mode == 0 else "reversal", mode, te, rate))
                continue
            ia, y = moving_state(sx, kk, h)
        t = t_next
        if t >= STOP and k * T > STOP:
            break
        if k * T <= STOP:
            e = ref(t) - y
            samples.append((k, t, ia, y, e, C * xd + D * e))
            yd = C * xd + D * e
            xd = A * xd + B * e
            k += 1
    pieces.append((STOP, None, None, None, None))
    return events, samples, pieces


def state_at(pieces, tq):
    """Right limit of (ia, y, mode) at tq."""
    for (t0, mode, s0, yd, co), nxt in zip(pieces, pieces[1:]):
        if t0 <= tq < nxt[0] or (nxt[1] is None and tq == nxt[0]):
            if mode == 0:
                return stuck_current(s0[0], yd, tq - t0), mpf(0), mode
            sx, kk = co
            i, w = moving_state(sx, kk, tq - t0)
            return i, w, mode
    raise ValueError(tq)


def fmt(v):
    return v if isinstance(v, (int, str)) else mp.nstr(v, 17, strip_zeros=False)


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow([fmt(v) for v in row])


if __name__ == "__main__":
    events, samples, pieces = simulate()
    write("motor_reference_events.csv", ["time", "kind", "mode_after", "Te", "rate"], events)
    write("motor_reference_samples.csv", ["k", "time", "ia", "y", "e", "yd"], samples)
    grid = []
    for n in range(0, 3001):
        tq = mpf(n) / 100
        i, w, mode = state_at(pieces, tq)
        grid.append((tq, i, w, mode))
    write("motor_reference_grid.csv", ["time", "ia", "y", "mode"], grid)
    for ev in events:
        print(fmt(ev[0]), ev[1], ev[2])
