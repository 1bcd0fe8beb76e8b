"""Closed forms of the seed-004 models (H. Koerner, dissertation, TU Wien 2015, examples 2.19,
2.20, 2.25 and 2.26), and the forms the seed prints where they differ.

Used by check.py (the ctest checks) and tables.py (the run script's tables). Every function is
the exact solution of its model, evaluated in double precision (relative error a few 1e-16).

Saturation (example 2.19): x' = x + t, x(0) = 0 -> x = e^t - t - 1; y = x - t = e^t - 2 t - 1
    until x reaches p1 = e^3 - 4 at t* = 3 exactly, then y = p2 = e^3 - 7.
Heaviside (example 2.20, f = H(t - 2)): x' = 2 t - 1 -> x = t^2 - t + 1 (x(2) = 3), y = 2 t - 1 for
    t <= 2; x' = x + 2 t - 1 from x(2) = 3 -> x = 8 e^(t-2) - 2 t - 1, y = x + g = 8 e^(t-2) - 2.
Signum (example 2.20, f = sign(t - 2)): x' = -x + 2 t - 1, x(0) = 1 -> x = 4 e^-t + 2 t - 3,
    y = -x + g = 2 - 4 e^-t for t < 2; x(2) = 1 + 4 e^-2; then x' = x + 2 t - 1 ->
    x = (6 + 4 e^-2) e^(t-2) - 2 t - 1, y = (6 + 4 e^-2) e^(t-2) - 2. At t = 2 exactly f = 0 and
    y(2) = g(2) = 3.
"""
import math

E3 = math.exp(3.0)
P1, P2 = E3 - 4, E3 - 7
T_STAR = 3.0
T0 = 2.0


def saturation_x(t):
    return math.exp(t) - t - 1


def saturation_y(t):
    """Right limit of y."""
    return math.exp(t) - 2 * t - 1 if t < T_STAR else P2


def heaviside_x(t, side="right"):
    return t * t - t + 1 if t <= T0 else 8 * math.exp(t - T0) - 2 * t - 1


def heaviside_y(t, side="right"):
    if t < T0 or (t == T0 and side == "left"):
        return 2 * t - 1
    return 8 * math.exp(t - T0) - 2


def signum_x(t, side="right"):
    if t <= T0:
        return 4 * math.exp(-t) + 2 * t - 3
    return (6 + 4 * math.exp(-T0)) * math.exp(t - T0) - 2 * t - 1


def signum_y(t, side="right"):
    if t < T0 or (t == T0 and side == "left"):
        return 2 - 4 * math.exp(-t)
    return (6 + 4 * math.exp(-T0)) * math.exp(t - T0) - 2


# The closed forms as the seed prints them (example 2.20), for the comparison in docs/seed-004.md.
def seed_heaviside_x(t, side="right"):
    if t < T0 or (t == T0 and side == "left"):
        return t * t - t + 1
    return 2 * math.exp(t) - 2 * t - 1


def seed_heaviside_y(t, side="right"):
    if t < T0 or (t == T0 and side == "left"):
        return 2 * t - 1
    return 2 * math.exp(t) - 2


def seed_signum_x(t, side="right"):
    """(The seed also prints x(2) = 3 for the instant t = 2 itself.)"""
    if t < T0 or (t == T0 and side == "left"):
        return 2 * math.exp(-t) - 2 * t - 1
    return 2 * math.exp(t) - 2 * t - 1


def seed_signum_y(t, side="right"):
    if t < T0 or (t == T0 and side == "left"):
        return 4 * t - 2 * math.exp(-t)
    return 2 * math.exp(t) - 2
