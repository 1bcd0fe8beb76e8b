#!/usr/bin/env python3
"""Reference solution of Pendulum.mo from the angle formulation, computed independently of mocc.

theta is the angle from the downward vertical: x = L sin(theta), y = -L cos(theta), and
theta'' = -(g/L) sin(theta) with theta(0) = pi/2 (horizontal), theta'(0) = 0. Integrated with
DOP853 at rtol = atol = 1e-13, whose error at t = 5 is far below the 1e-6 the test allows
(checked by halving the tolerances: the values agree to better than 1e-11).
Writes pendulum_reference.csv: time, x, y, vx, vy at the test's check times.
Run with Debian's /usr/bin/python3 (python3-scipy).
"""
import csv
import math
import os

from scipy.integrate import solve_ivp

L, g = 1.0, 9.81
times = [0.5 * k for k in range(1, 11)]


def rhs(t, state):
    theta, omega = state
    return [omega, -(g / L) * math.sin(theta)]


def solve(tol):
    return solve_ivp(rhs, (0.0, times[-1]), [math.pi / 2, 0.0], method="DOP853",
                     rtol=tol, atol=tol, t_eval=times, dense_output=False)


def main():
    fine, finer = solve(1e-13), solve(5e-14)
    assert max(abs(a - b) for a, b in zip(fine.y[0], finer.y[0])) < 1e-11
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pendulum_reference.csv")
    with open(path, "w", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["time", "x", "y", "vx", "vy"])
        for t, theta, omega in zip(fine.t, fine.y[0], fine.y[1]):
            writer.writerow([repr(t), repr(L * math.sin(theta)), repr(-L * math.cos(theta)),
                             repr(L * math.cos(theta) * omega), repr(L * math.sin(theta) * omega)])


if __name__ == "__main__":
    main()
