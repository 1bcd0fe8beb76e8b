#!/usr/bin/env python3
"""Reference solutions of RLCDiodeIdeal.mo and RLCDiodeShockley.mo, computed independently.

States: the inductor current i and the capacitor voltage vC. The node a between inductor,
R2 and the diode's cathode satisfies Kirchhoff's current law i + iD = (va - vC)/R2 with the
diode voltage vD = -va, and
    L i'  = u0(t) - R1 i - va,   C vC' = (va - vC)/R2,   u0 = V sin(2 pi f t).
Ideal diode (the stdlib's parameterised curve, Ron = Goff = 1e-5, Vknee = 0): conducting,
iD = vD/Ron; blocking, iD = Goff vD; it switches where the curve parameter s (vD/Ron or vD)
changes sign, exactly like the Modelica model's frozen relation `off = s < 0` (and at t = 0,
where s = 0, it starts conducting as the Modelica initialization gives). In each phase va is
linear in the states and is eliminated exactly; phase changes are located as events.
Shockley diode (the stdlib's Diode: Ids = 1e-6, Vt = 0.04, Maxexp = 15, R = 1e8):
iD = Ids (exlin(vD/Vt, Maxexp) - 1) + vD/R, which makes va the root of a monotone equation,
found by Brent's method to machine precision inside the right-hand side.
Both integrate with Radau at rtol = 1e-12, atol = 1e-14 (the values agree with a run at ten
times those tolerances to better than 1e-9). Writes rlc_diode_<kind>_reference.csv with
time, inductor.i, capacitor.v and the number of phase changes before that time (ideal).
Run with Debian's /usr/bin/python3 (python3-scipy).
"""
import csv
import math
import os

from scipy.integrate import solve_ivp
from scipy.optimize import brentq

V, F, R1, L, R2, C = 10.0, 50.0, 1.0, 0.01, 10.0, 1e-4
RON, GOFF = 1e-5, 1e-5
IDS, VT, MAXEXP, RPAR = 1e-6, 0.04, 15.0, 1e8
STOP = 0.06
CHECKS = [0.005 * k for k in range(1, 13)]


def u0(t):
    return V * math.sin(2 * math.pi * F * t)


def derivatives(t, i, vc, va):
    return [(u0(t) - R1 * i - va) / L, (va - vc) / (R2 * C)]


# ---- ideal diode ------------------------------------------------------------------------

def ideal_va(i, vc, conducting):
    k = 1 / RON if conducting else GOFF  # iD = k * vD = -k * va
    return (i + vc / R2) / (1 / R2 + k)


def ideal_s(i, vc, conducting):
    vd = -ideal_va(i, vc, conducting)
    return vd / RON if conducting else vd


def solve_ideal(tol):
    t, state, conducting = 0.0, [0.0, 0.0], True  # s(0) = 0, so `s < 0` is false: conducting
    times, values, switches, count = [], [], [], 0
    while t < STOP:
        def event(tt, x, c=conducting):
            return ideal_s(x[0], x[1], c)
        event.terminal = True
        # leave the current sign of s: a zero at the restart point is not a crossing
        event.direction = -1 if conducting else 1
        sol = solve_ivp(lambda tt, x: derivatives(tt, x[0], x[1], ideal_va(x[0], x[1], conducting)),
                        (t, STOP), state, method="Radau", rtol=tol, atol=tol * 1e-2,
                        events=event, dense_output=True)
        end = sol.t_events[0][0] if sol.t_events[0].size else STOP
        for c in CHECKS:
            if t < c <= end and c not in times:
                times.append(c)
                values.append(list(sol.sol(c)))
                switches.append(count)
        t, state = end, list(sol.sol(end))
        if end < STOP:
            conducting, count = not conducting, count + 1
    return times, values, switches


# ---- Shockley diode ---------------------------------------------------------------------

def exlin(x):
    return math.exp(MAXEXP) * (1 + x - MAXEXP) if x > MAXEXP else math.exp(x)


def shockley_va(i, vc):
    def kcl(va):
        vd = -va
        return i + IDS * (exlin(vd / VT) - 1) + vd / RPAR - (va - vc) / R2
    return brentq(kcl, -1e3, 1e3, xtol=1e-15, rtol=8.9e-16, maxiter=500)


def solve_shockley(tol):
    sol = solve_ivp(lambda tt, x: derivatives(tt, x[0], x[1], shockley_va(x[0], x[1])),
                    (0.0, STOP), [0.0, 0.0], method="Radau", rtol=tol, atol=tol * 1e-2,
                    t_eval=CHECKS)
    return list(sol.t), [list(v) for v in zip(sol.y[0], sol.y[1])], [0] * len(sol.t)


def write(name, result):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    with open(path, "w", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["time", "inductor.i", "capacitor.v", "switches"])
        for t, (i, vc), n in zip(*result):
            writer.writerow([repr(t), repr(float(i)), repr(float(vc)), n])


def check_convergence(solver):
    fine, coarse = solver(1e-12), solver(1e-11)
    worst = max(abs(a - b) for va, vb in zip(fine[1], coarse[1]) for a, b in zip(va, vb))
    assert worst < 1e-9, worst
    return fine


def main():
    write("rlc_diode_ideal_reference.csv", check_convergence(solve_ideal))
    write("rlc_diode_shockley_reference.csv", check_convergence(solve_shockley))


if __name__ == "__main__":
    main()
