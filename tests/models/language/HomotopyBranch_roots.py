#!/usr/bin/python3
"""Independent reference for HomotopyBranch.mo and the HomotopyBranch tests: the three real
roots of x^3 - x - 0.1, bracketed by the sign changes of the cubic and located with Brent's
method (SciPy), beside the closed form the test uses (Viete's trigonometric solution)."""
import math

from scipy.optimize import brentq


def cubic(x):
    return x**3 - x - 0.1


def trigonometric_roots():
    # t^3 + p t + q = 0 with p = -1, q = -0.1
    p, q = -1.0, -0.1
    r = 2 * math.sqrt(-p / 3)
    phi = math.acos(3 * q / (2 * p) * math.sqrt(-3 / p)) / 3
    return sorted(r * math.cos(phi - 2 * math.pi * k / 3) for k in range(3))


if __name__ == "__main__":
    brackets = [(-2.0, -0.5), (-0.5, 0.5), (0.5, 2.0)]
    for (a, b), closed in zip(brackets, trigonometric_roots()):
        root = brentq(cubic, a, b, xtol=1e-15, rtol=1e-15)
        print(f"brent {root:.17g}  closed form {closed:.17g}  difference {root - closed:.3g}")
