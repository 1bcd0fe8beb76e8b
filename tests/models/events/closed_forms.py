#!/usr/bin/env python3
"""Closed-form event times of the event test models in this folder.

Run from this folder: python3 closed_forms.py. Writes one CSV per model:

  c21_bouncing_ball_reference.csv  C21BouncingBall.mo (ARGESIM C21, seed 003, eq. 15)
  relay_hysteresis_reference.csv   RelayHysteresis.mo (first-order lag, exponential segments)
  zeno_ball_reference.csv          ZenoBall.mo (bounce times and the Zeno time, eq. 15/16)
  zeno_tanks_reference.csv         ZenoTanks.mo (switch times and the Zeno time)
  sticking_ball_reference.csv      StickingBall.mo (bounce times)
  symmetric_walls_reference.csv    SymmetricWalls.mo (wall hits of a harmonic relative motion)

Method: every formula below is exact for the piecewise smooth solution of the model (free
flight is a parabola, a lag segment an exponential, a tank level a line, the relative motion of
two masses on a spring a cosine). It is evaluated in mpmath at 40 significant digits and
printed with 17, so every value is the correctly rounded double of the exact event time (the
error is below 1e-30 relative, far below anything a test can resolve).
"""
import csv

from mpmath import mp, mpf, sqrt, log, cos, sin, acos, atan2, pi

mp.dps = 40


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow([mp.nstr(v, 17, strip_zeros=False) if not isinstance(v, int) else v
                        for v in row])


def bounce_times(x0, g, mu, count):
    """Seed 003, eq. (15): t_m = sqrt(2 x0/g) (-1 + 2 sum_{i<m} mu^i) for a ball dropped from
    rest at height x0 with restitution mu. Also returns the landing speed w_m = mu^(m-1)
    sqrt(2 g x0) and the apex height after bounce m, mu^(2m) x0."""
    t1 = sqrt(2 * x0 / g)
    rows = []
    s = mpf(0)
    for m in range(1, count + 1):
        s += mu ** (m - 1)
        rows.append((m, t1 * (-1 + 2 * s), mu ** (m - 1) * sqrt(2 * g * x0), mu ** (2 * m) * x0))
    return rows


# C21 bouncing ball, event contact, linear model (11): x0 = 10, v0 = 0, mu = 0.9, g = 9.81. The
# stop rule (event 'M', hmin = 5e-9 m) ends bouncing at the first apex below hmin: the apex after
# bounce 102 (mu^204 x0 = 4.63e-9 m; after bounce 101 it is 5.72e-9 m). The ball then lands once
# more (bounce 103) and rests.
x0, g, mu = mpf(10), mpf("9.81"), mpf("0.9")
rows = bounce_times(x0, g, mu, 103)
write("c21_bouncing_ball_reference.csv", ["bounce", "time", "landing_speed", "apex_after"], rows)
hmin = mpf("5e-9")
first_low = next(m for m, _, _, apex in rows if apex < hmin)
assert first_low == 102, first_low

# Zeno ball: the same ball without a stop rule; t_inf = sqrt(2 x0/g) (1+mu)/(1-mu) (eq. 16).
rows = bounce_times(x0, g, mu, 400)
t_inf = sqrt(2 * x0 / g) * (1 + mu) / (1 - mu)
write("zeno_ball_reference.csv", ["bounce", "time", "landing_speed", "apex_after"],
      [(0, t_inf, 0, 0)] + [r for r in rows if t_inf - r[1] > mpf("1e-9")])

# Sticking ball: x0 = 1, e = 0.8, g = 9.81, position reset to exactly 0 at every bounce, so
# every flight is again the exact parabola; bounces before the stop time 3 s.
rows = [r for r in bounce_times(mpf(1), g, mpf("0.8"), 40) if r[1] < 3]
write("sticking_ball_reference.csv", ["bounce", "time", "landing_speed", "apex_after"], rows)

# Relay with hysteresis (thermostat): T y' = u - y, u = Uon while heating else Uoff; heating
# stops when y rises through r + b and restarts when y falls through r - b. On a segment
# y(t) = u + (y_s - u) exp(-(t - t_s)/T), so the time from y_s to the level y_e is
# T ln((u - y_s)/(u - y_e)).
T, Uon, Uoff, r, b, y0, stop = mpf(1), mpf(3), mpf(0), mpf(1), mpf("0.2"), mpf(0), mpf(10)
t, y, heating, rows, n = mpf(0), y0, True, [], 0
while True:
    u, level = (Uon, r + b) if heating else (Uoff, r - b)
    t += T * log((u - y) / (u - level))
    if t > stop:
        break
    n += 1
    heating = not heating
    y = level
    rows.append((n, t, level, 1 if heating else 0))
write("relay_hysteresis_reference.csv", ["switch", "time", "y", "heating_after"], rows)

# Zeno tanks (twin relays): x1' = w*[fill1] - v1, x2' = w*[not fill1] - v2, the inflow switched
# to tank 2 when x2 falls through r2 and to tank 1 when x1 falls through r1. Levels are linear in
# time; the total volume above the thresholds falls at v1 + v2 - w > 0 and reaches zero at the
# Zeno time t_Z = (x1(0) + x2(0) - r1 - r2)/(v1 + v2 - w).
w, v1, v2, r1, r2 = mpf("0.75"), mpf("0.5"), mpf("0.5"), mpf("0.25"), mpf("0.25")
x1, x2, fill1, t = mpf(1), mpf(1), True, mpf(0)
t_zeno = (x1 + x2 - r1 - r2) / (v1 + v2 - w)
rows = [(0, t_zeno, 0, 0)]
for n in range(1, 200):
    if fill1:  # x2 falls at v2 until r2
        d = (x2 - r2) / v2
        x1, x2 = x1 + (w - v1) * d, r2
    else:
        d = (x1 - r1) / v1
        x1, x2 = r1, x2 + (w - v2) * d
    t += d
    fill1 = not fill1
    if t_zeno - t < mpf("1e-12"):
        break
    rows.append((n, t, x1, x2))
write("zeno_tanks_reference.csv", ["switch", "time", "x1", "x2"], rows)

# Symmetric walls: two masses m joined by a spring (stiffness k, rest length d0), released at
# rest at -a and +a, walls at -L and +L, restitution e. By symmetry x2 = -x1 = s/2 with
# s'' = -(2k/m)(s - d0): s - d0 = R cos(W tau + phi) on each arc. From s = 2a at rest the first
# hit is at cos(W t) = (d0 - 2L)/(d0 - 2a); an arc that starts at the walls (s = 2L) with
# s' = -sigma returns to them after tau = (2 pi - 2 phi)/W with speed sigma, where
# R cos(phi) = 2L - d0, R W sin(phi) = sigma; the hit leaves e*sigma.
k, m, d0, a, L, e = mpf(4), mpf(1), mpf(2), mpf("0.25"), mpf("0.8"), mpf("0.5")
W = sqrt(2 * k / m)
t = acos((d0 - 2 * L) / (d0 - 2 * a)) / W
sigma = (d0 - 2 * a) * W * sin(W * t)  # s' at the first hit
rows = []
for n in range(1, 5):
    rows.append((n, t, sigma / 2))  # speed of each mass: s'/2
    sigma *= e
    phi = atan2(sigma / W, 2 * L - d0)
    t += (2 * pi - 2 * phi) / W
write("symmetric_walls_reference.csv", ["hit", "time", "speed_before"], rows)
