"""Closed forms of seed 000's spring-contact bouncing ball (section 5.1, model (74), Table 2),
and the numbers the seed prints (Tables 3 and 4), for check.py and tables.py.

Free flight is a parabola: the first contact begins at t1 = (v0 + vc)/g with the speed
vc = sqrt(v0^2 + 2 g (h0 - r)). In contact y - y_eq = delta cos(w s) - (vc/w) sin(w s),
s = t - t_contact, w = sqrt(k/m), y_eq = r - delta, delta = m g/k: y returns to r after
Tc = (2 pi - 2 phi)/w, phi = atan2(vc/w, delta), with speed vc upwards. Without damping every
contact and flight are alike (flight Tf = 2 vc/g), so the events are t1 + j P (contact begins)
and t1 + Tc + j P (contact ends), P = Tc + Tf. The energy
E = m v^2/2 + m g y + k (r - y)^2/2 [y <= r] is conserved. Double precision: each time below
is a few operations on numbers of size <= 20, so it is exact to ~1e-14 s.
(tests/models/events/karim_ball_reference.py confirms the same formulas in mpmath against a
Taylor-series integration.)
"""
import math

H0, V0, M, R, K, G = 5.0, -2.5, 200.0, 2.5, 1.0e4, 9.80665
STOP = 20.0

VC = math.sqrt(V0 ** 2 + 2 * G * (H0 - R))
T1 = (V0 + VC) / G
W = math.sqrt(K / M)
DELTA = M * G / K
PHI = math.atan2(VC / W, DELTA)
TC = (2 * math.pi - 2 * PHI) / W
TF = 2 * VC / G
PERIOD = TC + TF
Y_MAX = H0 + V0 ** 2 / (2 * G)            # apex of every flight
Y_MIN = R - DELTA - math.hypot(DELTA, VC / W)  # deepest point of every contact


def ball_events(stop=STOP):
    """[(time, direction)], direction -1 where contact begins (h falls through 0), +1 where it ends."""
    out, j = [], 0
    while True:
        begin, end = T1 + j * PERIOD, T1 + TC + j * PERIOD
        if begin > stop:
            return out
        out.append((begin, -1))
        if end <= stop:
            out.append((end, 1))
        j += 1


def ball_energy(y, v):
    return 0.5 * M * v * v + M * G * y + (0.5 * K * (R - y) ** 2 if y <= R else 0.0)


E0 = ball_energy(H0, V0)

# ---- what seed 000 prints (section 5.1.5)
# Table 3: the first event (free fall -> contact), t_e per method.
SEED_T3_TE = [("Euler, reformulated (Matlab, step 1e-5)", 5.032600e-01),
              ("trapezoidal + Newton (Matlab, step 1e-5)", 5.032575e-01),
              ("Henon (Matlab ODE45)", 5.032574e-01),
              ("Simulink ODE4, no zero crossing", math.nan),  # printed as [5.0325e-01, 5.0326e-01]
              ("adaptive (Matlab ODE45)", 5.032575e-01)]
# Table 4: |x1(t_e) - r| at the 1st, 5th, 10th and 20th event ('-': not reached).
SEED_T4 = [("Euler, reformulated", [0.0, 3.108624e-15, 8.881784e-16, 1.199040e-14]),
           ("trapezoidal + Newton", [0.0, 0.0, 0.0, 0.0]),
           ("Henon", [5.394569e-10, 3.033617e-10, 1.524347e-08, math.nan]),
           ("adaptive Matlab", [8.215650e-14, 4.138911e-13, 9.099387e-13, 1.498801e-12])]
SEED_T4_EVENTS = [1, 5, 10, 20]
