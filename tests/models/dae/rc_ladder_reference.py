#!/usr/bin/env python3
"""Reference solution of RCLadderLoop.mo by nodal analysis and the matrix exponential.

Node n1 has no capacitor, so its potential solves (V - v1)/R1 = v1/R2 + (v1 - v2)/R3, i.e.
v1 = (V/R1 + v2/R3) / (1/R1 + 1/R2 + 1/R3). With the capacitor voltages v2 (c1) and v3 (c2)
as states the circuit is the linear ODE x' = A x + b, solved exactly as
x(t) = expm(A t) (x0 + A^-1 b) - A^-1 b with x0 = 0. The only error is rounding (~1e-15).
Writes rc_ladder_reference.csv: time, c1.v, c2.v, r1.i at the test's check times.
Run with Debian's /usr/bin/python3 (python3-scipy).
"""
import csv
import os

import numpy as np
from scipy.linalg import expm

V, R1, R2, R3, C1, R4, R5, C2 = 1.0, 1.0, 2.0, 3.0, 0.5, 4.0, 5.0, 0.25
G = 1 / R1 + 1 / R2 + 1 / R3  # v1 = (V/R1 + v2/R3) / G

# C1 v2' = (v1 - v2)/R3 - (v2 - v3)/R4 ;  C2 v3' = (v2 - v3)/R4 - v3/R5
A = np.array([[((1 / R3) / G - 1) / (R3 * C1) - 1 / (R4 * C1), 1 / (R4 * C1)],
              [1 / (R4 * C2), -1 / (R4 * C2) - 1 / (R5 * C2)]])
b = np.array([(V / R1) / G / (R3 * C1), 0.0])


def state(t):
    shift = np.linalg.solve(A, b)
    return expm(A * t) @ shift - shift


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rc_ladder_reference.csv")
    with open(path, "w", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["time", "c1.v", "c2.v", "r1.i"])
        for k in range(1, 11):
            t = 0.5 * k
            v2, v3 = state(t)
            v1 = (V / R1 + v2 / R3) / G
            writer.writerow([repr(t), repr(float(v2)), repr(float(v3)), repr((V - v1) / R1)])


if __name__ == "__main__":
    main()
