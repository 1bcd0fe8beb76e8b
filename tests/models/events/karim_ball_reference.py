#!/usr/bin/env python3
"""Exact contact times of Karim's spring-contact bouncing ball (seed 000, section 5.1, Table 2).

Model (74): y' = v; v' = -g while y > r (free flight), v' = (-k (y - r) - m g)/m while y <= r
(contact), with h0 = y(0) = 5 m, v0 = -2.5 m/s, m = 200 kg, r = 2.5 m, k = 1e4 N/m,
g = 9.80665 m/s2. Events are the crossings of h = y - r (contact begins, contact ends).

Method: closed form. Free flight is a parabola: the first contact begins at
t1 = (v0 + sqrt(v0^2 + 2 g (h0 - r)))/g with speed vc = sqrt(v0^2 + 2 g (h0 - r)). In contact
y - y_eq = delta cos(w s) - (vc/w) sin(w s), s = t - t_contact, with w = sqrt(k/m),
y_eq = r - m g/k and delta = m g/k, i.e. R cos(w s + phi) with phi = atan2(vc/w, delta); y returns
to r at w s = 2 pi - 2 phi, with speed vc upwards (the system has no damping, so every contact and
flight are the same): contact time Tc = (2 pi - 2 phi)/w, flight time Tf = 2 vc/g, and the events
are t1 + j (Tc + Tf) (contact begins) and t1 + Tc + j (Tc + Tf) (contact ends).

Evaluated in mpmath at 40 digits (error < 1e-30). As an independent check of the formulas, the
script also integrates both phases with mpmath's Taylor-series ODE solver (odefun, working
precision 30 digits) and locates every crossing with findroot; the two agree to better than
1e-20 s (asserted), so the CSV is exact to double precision.

Run from this folder: python3 karim_ball_reference.py (writes karim_ball_reference.csv).
"""
import csv

from mpmath import mp, mpf, sqrt, atan2, pi, odefun, findroot

mp.dps = 40
h0, v0, m, r, k, g = mpf(5), mpf("-2.5"), mpf(200), mpf("2.5"), mpf("1e4"), mpf("9.80665")
stop = mpf(10)

vc = sqrt(v0**2 + 2 * g * (h0 - r))
t1 = (v0 + vc) / g
w = sqrt(k / m)
delta = m * g / k
phi = atan2(vc / w, delta)
Tc = (2 * pi - 2 * phi) / w
Tf = 2 * vc / g
exact = []
j = 0
while True:
    begin, end = t1 + j * (Tc + Tf), t1 + Tc + j * (Tc + Tf)
    if begin > stop:
        break
    exact.append((begin, 1, -vc))
    if end <= stop:
        exact.append((end, 0, vc))
    j += 1

# Independent check: integrate the phases numerically and locate the crossings.
mp.dps = 30
t, y, v, contact = mpf(0), h0, v0, False
numeric = []
while len(numeric) < len(exact):
    if contact:
        rhs = lambda s, u: [u[1], (-k * (u[0] - r) - m * g) / m]
    else:
        rhs = lambda s, u: [u[1], -g]
    sol = odefun(rhs, t, [y, v])
    # Bracket the next crossing of y = r by a scan (both phases last at least 0.4 s).
    a = t + mpf("0.05")
    while (sol(a + mpf("0.05"))[0] - r) * (sol(a)[0] - r) > 0:
        a += mpf("0.05")
    te = findroot(lambda s: sol(s)[0] - r, (a, a + mpf("0.05")), solver="anderson")
    y, v = r, sol(te)[1]
    t, contact = te, not contact
    numeric.append(te)
for (te, _, _), tn in zip(exact, numeric):
    assert abs(te - tn) < mpf("1e-20"), (te, tn)

mp.dps = 40
with open("karim_ball_reference.csv", "w", newline="") as f:
    out = csv.writer(f, lineterminator="\n")
    out.writerow(["event", "time", "contact_after", "v"])
    for n, (te, contact_after, vel) in enumerate(exact, 1):
        out.writerow([n, mp.nstr(te, 17, strip_zeros=False), contact_after,
                      mp.nstr(vel, 17, strip_zeros=False)])
