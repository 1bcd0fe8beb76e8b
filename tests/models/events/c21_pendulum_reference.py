#!/usr/bin/env python3
"""Reference switching times of the ARGESIM C21 rotating pendulum with free-flight phase
(seed 003, section 4; C21Pendulum.mo).

Phase swinging (39): phi'' = -(k/m) phi' + (g/l) sin(phi), phi measured from the upward
vertical (so the mass is at x = l sin(phi), y = l cos(phi)); rope force (41)
F = -g m cos(phi) + m l phi'^2. Event 'F' (45): F crosses zero downwards -> phase falling (42):
x'' = -(k/m) x', y'' = -g - (k/m) y', starting from the position and velocity of the mass.
Event 'S' (46): x^2 + y^2 - l^2 crosses zero upwards -> swinging again with
phi = atan2(x, y) and the tangential velocity kept, phi' = (y x' - x y')/l^2 (the radial
velocity is lost in the rope). Parameters of the basic simulation run: m = 1.5 kg,
k = 0.9 kg/s, l = 1 m, g = 9.81 m/s2, phi(0) = pi/4, phi'(0) = 15 1/s. Output event: the
turning points (phi' = 0) of the swinging after the free flight, with the amplitude
|phi mod 2 pi - pi| about the hanging position, until the first one whose amplitude does not
exceed pi/10 (the "simulate until the maximal oscillation does not exceed pi/10" task).

Method: each phase is integrated with mpmath's Taylor-series ODE solver (odefun) at 30
significant digits, whose local error is kept at the working precision; every event is
bracketed by a scan of the dense solution with step 1e-3 s and located with findroot (Anderson's
bracketing method) on the exact switching function to 1e-25. Over these 8 s of smooth phases
the propagated error stays below 1e-20 (checked by rerunning at 40 digits: the event times agree
to better than 1e-20 s, asserted below), so the 17 printed digits are exact for doubles.

Run from this folder: python3 c21_pendulum_reference.py (writes c21_pendulum_reference.csv;
about three minutes).
"""
import csv

from mpmath import mp, mpf, sin, cos, atan2, pi, odefun, findroot, fabs, floor


def run(dps):
    mp.dps = dps
    m, k, l, g = mpf("1.5"), mpf("0.9"), mpf(1), mpf("9.81")
    c = k / m
    step = mpf("0.001")
    events = []  # (kind, time, a, b): kind 1 falling (phi mod 2 pi, phi'), 2 swinging
    #             (phi, phi'), 3 turning point (amplitude, phi)

    def locate(f, sol_f, t0):
        """First sign change of f(sol(t)) after t0 (scan), located by findroot."""
        a = t0
        fa = f(sol_f(a))
        while True:
            b = a + step
            fb = f(sol_f(b))
            if fa * fb < 0:
                return findroot(lambda s: f(sol_f(s)), (a, b), solver="anderson",
                                tol=mpf(10) ** (-2 * dps + 5))
            a, fa = b, fb

    # Phase 1: swinging from phi(0) = pi/4, phi'(0) = 15.
    swing = odefun(lambda t, u: [u[1], -c * u[1] + g / l * sin(u[0])], 0, [pi / 4, mpf(15)])
    force = lambda u: -g * m * cos(u[0]) + m * l * u[1] ** 2
    tF = locate(force, swing, mpf(0))
    phi, w = swing(tF)
    events.append((1, tF, phi - 2 * pi * floor(phi / (2 * pi)), w))

    # Phase 2: falling from the position and velocity of the mass.
    x0, y0 = l * sin(phi), l * cos(phi)
    vx0, vy0 = l * cos(phi) * w, -l * sin(phi) * w
    fall = odefun(lambda t, u: [u[1], -c * u[1], u[3], -g - c * u[3]], tF, [x0, vx0, y0, vy0])
    slack = lambda u: u[0] ** 2 + u[2] ** 2 - l**2
    # x^2 + y^2 - l^2 starts at zero and decreases (the rope is slack): scan from tF + step.
    tS = locate(slack, fall, tF + step)
    x, vx, y, vy = fall(tS)
    phi, w = atan2(x, y), (y * vx - x * vy) / l**2
    events.append((2, tS, phi, w))

    # Phase 3: swinging, turning points until the amplitude does not exceed pi/10.
    swing = odefun(lambda t, u: [u[1], -c * u[1] + g / l * sin(u[0])], tS, [phi, w])
    t = tS
    while True:
        tT = locate(lambda u: u[1], swing, t + step)
        # The rope stays taut: F > 0 between the events (checked on the scan grid).
        s = t + step
        while s < tT:
            assert force(swing(s)) > 0
            s += step
        phi_t = swing(tT)[0]
        amplitude = fabs(phi_t - 2 * pi * floor(phi_t / (2 * pi)) - pi)
        events.append((3, tT, amplitude, phi_t))
        t = tT
        if amplitude <= pi / 10:
            return events


ref = run(30)
check = run(40)
for (k1, t1, _, _), (k2, t2, _, _) in zip(ref, check):
    assert k1 == k2 and fabs(t1 - t2) < mpf("1e-20"), (t1, t2)
assert len(ref) == len(check)

mp.dps = 40
with open("c21_pendulum_reference.csv", "w", newline="") as f:
    out = csv.writer(f, lineterminator="\n")
    # kind 1: rope goes slack (a = phi mod 2 pi, b = phi'); kind 2: rope taut again (a = phi
    # in (-pi, pi], b = phi'); kind 3: turning point (a = amplitude about the hanging position,
    # b = phi).
    out.writerow(["kind", "time", "a", "b"])
    for kind, t, a, b in check:
        out.writerow([kind] + [mp.nstr(v, 17, strip_zeros=False) for v in (t, a, b)])
