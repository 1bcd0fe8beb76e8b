#!/usr/bin/python3
"""Independent reference for seed 000's filament pendulum (section 5.2, model (98), Table 6):
the event times and states at the switches, by scipy's solve_ivp (DOP853, rtol 1e-12,
atol 1e-12) with its own event location (brentq on the dense output, xtol ~ 4 eps).
It also computes, by central differences of the same computation, how much a perturbation of
the state at any time before an event moves that event (column `sensitivity`), which check.py
uses to turn mocc's integrator tolerance into a bound on the event times. Each phase
is integrated separately with only its own states, as the seed does (2 states on the filament,
4 in free flight), and restarted at the event with the seed's initialisations (96) and (97).

Pendulum (x1 = phi, x2 = omega):  phi' = omega, J omega' = m g L sin(phi) - c_p omega,
                                  F_a = -m g cos(phi) + m L omega^2; leaves when F_a falls to 0.
Free flight (x, vx, y, vy):       m vx' = -c_x vx, m vy' = -m g - c_y vy;
                                  caught when r = sqrt(x^2 + y^2) rises to L.
Release (96): x = L sin phi, y = L cos phi, vx = L omega cos phi, vy = -L omega sin phi.
Catch (97):   phi = pi + atan(x/y), omega = (y vx - x vy)/r^2 (inelastic: the radial velocity
              is lost).
Just after a release r - L = O(s^3) (F_a = 0 means gravity alone bends the path as much as the
filament did), so the catch event is only looked for once r < L - 1e-9 (the Modelica model's
arming threshold), and only as an upward crossing.

    /usr/bin/python3 pendulum_reference.py    (writes pendulum_reference.csv next to it)
"""
import csv
import math
import os

import numpy as np
from scipy.integrate import solve_ivp

L, G, CP, CX, CY, J, M = 1.0, 9.80665, 0.97, 0.95, 0.95, 0.75, 0.75
X0, Y0, OMEGA0 = 0.9, -0.43, 8.0
PHI0 = math.pi + math.atan(X0 / Y0)
STOP = 5.0
ARM = 1e-9
RTOL = ATOL = 1e-12


def pend(t, s):
    phi, om = s
    return [om, (M * G * L * math.sin(phi) - CP * om) / J]


def tension(t, s):
    return -M * G * math.cos(s[0]) + M * L * s[1] ** 2


tension.terminal, tension.direction = True, -1


def free(t, s):
    x, vx, y, vy = s
    return [vx, -CX * vx / M, vy, -G - CY * vy / M]


def radius(t, s):
    return math.hypot(s[0], s[2]) - L


radius.terminal, radius.direction = True, 1


def inside(t, s):
    return math.hypot(s[0], s[2]) - (L - ARM)


inside.terminal, inside.direction = True, -1


def simulate(t, mode, state, stop=STOP):
    """Events [(kind, time, phi, omega, x, vx, y, vy)] from (t, mode, state) to stop."""
    rows = []
    while t < stop:
        if mode == "pendulum":
            sol = solve_ivp(pend, (t, stop), state, method="DOP853", rtol=RTOL, atol=ATOL, events=tension)
            if sol.status != 1:
                break
            t, (phi, om) = sol.t_events[0][0], sol.y_events[0][0]
            state = [L * math.sin(phi), L * om * math.cos(phi), L * math.cos(phi), -L * om * math.sin(phi)]
            rows.append(("release", t, phi, om, *state))
            mode = "free"
        else:
            if math.hypot(state[0], state[2]) > L - ARM:
                # first get inside the circle by ARM (the arming), then look for the catch
                sol = solve_ivp(free, (t, stop), state, method="DOP853", rtol=RTOL, atol=ATOL, events=inside)
                if sol.status != 1:
                    break
                t, state = sol.t_events[0][0], list(sol.y_events[0][0])
            sol = solve_ivp(free, (t, stop), state, method="DOP853", rtol=RTOL, atol=ATOL, events=radius)
            if sol.status != 1:
                break
            t, (x, vx, y, vy) = sol.t_events[0][0], sol.y_events[0][0]
            r2 = x * x + y * y
            phi, om = math.pi + math.atan(x / y), (y * vx - x * vy) / r2
            rows.append(("catch", t, phi, om, x, vx, y, vy))
            state = [phi, om]
            mode = "pendulum"
    return rows


def sensitivities(rows, delta=1e-7):
    """K[i] = max over s of sum_j |d t_i / d x_j(s)|: how much a perturbation of the state at
    time s (s on a grid before event i) moves event i (i = 0 release, 1 catch), by central
    differences of simulate() (perturbation 1e-7, integration error 1e-12 -> ~1e-5 relative).
    check.py multiplies it with the allowed accumulated local error of mocc's integrator."""
    t_rel, t_cat = rows[0][1], rows[1][1]
    k = [0.0, 0.0]
    grid = [("pendulum", s) for s in np.arange(0.0, t_rel - 0.01, 0.02)] + \
           [("free", s) for s in np.arange(t_rel + 0.02, t_cat - 0.01, 0.02)]
    for mode, s in grid:
        if mode == "pendulum":
            sol = solve_ivp(pend, (0.0, s), [PHI0, OMEGA0], method="DOP853", rtol=RTOL, atol=ATOL) if s > 0 else None
            base = list(sol.y[:, -1]) if sol is not None else [PHI0, OMEGA0]
        else:
            r0 = rows[0]
            sol = solve_ivp(free, (t_rel, s), list(r0[4:8]), method="DOP853", rtol=RTOL, atol=ATOL)
            base = list(sol.y[:, -1])
        sums = [0.0, 0.0]
        for j in range(len(base)):
            times = []
            for sign in (1, -1):
                st = list(base)
                st[j] += sign * delta
                ev = simulate(s, mode, st, stop=t_cat + 0.5)
                times.append([e[1] for e in ev[:2]] if mode == "pendulum" else [math.nan, ev[0][1]])
            for i in range(2):
                d = abs(times[0][i] - times[1][i]) / (2 * delta)
                if not math.isnan(d):
                    sums[i] += d
        for i in range(2):
            k[i] = max(k[i], sums[i])
    return k


def main():
    rows = simulate(0.0, "pendulum", [PHI0, OMEGA0])
    k = sensitivities(rows)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pendulum_reference.csv")
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["event", "kind", "time", "phi", "omega", "x", "vx", "y", "vy", "sensitivity"])
        for i, r in enumerate(rows, 1):
            w.writerow([i, r[0]] + [repr(float(v)) for v in r[1:]] + [repr(k[i - 1]) if i <= 2 else "nan"])
    for r in rows:
        print(r[0], "%.15g" % r[1], " ".join("%.10g" % v for v in r[2:]))
    print("sensitivities (max_s sum_j |dt_e/dx_j(s)|): release %.4g s, catch %.4g s" % tuple(k))


if __name__ == "__main__":
    main()
