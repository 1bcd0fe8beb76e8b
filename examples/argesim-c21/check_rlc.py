#!/usr/bin/env python3
"""Tests of the ARGESIM C21 case-2 models (RLC circuit with diode; registered by CMakeLists.txt;
standard library only).

Usage: check_rlc.py TEST MOCC   with TEST one of shortcut, shockley, interpolated, explicit.
Each test simulates its model(s) with mocc (cvode, TOL = 1e-12) and compares, against
reference_rlc.csv (reference_rlc.py: scipy DOP853 at rtol 1e-12 with event location, converged
to 1e-9), the first four events L and C2..C5 (time of the jump of nL / nC), the numbers of
events C and L in 500 us, and i, uC after one and two source periods and at t_end. The bounds
(rlc_bounds) follow from TOL and the mathematics of the circuit, not from a result.
Exit code 0: all checks passed; 1: a check failed (each failure is printed).
"""
import bisect
import math
import os
import sys

sys.dont_write_bytecode = True
import c21lib as L  # noqa: E402

R1, R2, LL, C, F, T_END = 1e3, 20.0, 25.3e-6, 100e-9, 0.15e6, 500e-6
TOL = 1e-12
CHECK_TIMES = {"T1": 1 / F, "T2": 2 / F, "end": T_END}


def reference():
    out = {}
    for row in L.read_csv("reference_rlc.csv"):
        out.setdefault(row["model"], {})[row["quantity"]] = float(row["value"])
    return out


def rlc_bounds(ref, n_states, tol=TOL, segments=1):
    """Error bounds (uC in V, i in A, event time in s) of a run at tolerance tol.
    - Local errors: CVODE keeps the weighted RMS norm of each step's local error below 1, so
      each component is below sqrt(n) tol (|x| + nominal): uC (nominal 1, |uC| < 0.05 V)
      d_u = sqrt(n) tol 1.05, i (nominal 1e-3, |i| < 1.1e-3 A) d_i = sqrt(n) tol 2.1e-3.
    - Propagation: the circuit is passive and the diode characteristic iD(w) is nondecreasing,
      so the difference of two solutions has nonincreasing energy L ei^2/2 + C eu^2/2: the
      global error in the energy norm E(e) = sqrt(L ei^2 + C eu^2) is at most the sum of the
      local errors' norms, N sqrt(L d_i^2 + C d_u^2), and |eu| <= E/sqrt(C), |ei| <= E/sqrt(L).
    - N, the number of steps: after each event BDF restarts at order 1; a step of order <= 5 at
      TOL on a solution of time scale 1/omega (omega = 2 pi f) is about TOL^(1/6)/omega, so a
      phase of half a period takes about pi TOL^(-1/6) steps; with a margin of 3 and the
      reference's number of phases: N = 3 pi TOL^(-1/6) (phases + 1). The interpolated model
      has up to `segments` = n - 1 conducting segments, each crossing an event: at most
      (segments) times as many phases.
    - Event time: the error of w = -(R2 i + uC) over |dw/dt| at the crossing (from the
      reference), plus CVODE's root location, 100 eps (t + h)."""
    phases = (ref["events_C"] + ref["events_L"]) * segments
    n_steps = 3 * math.pi * tol ** (-1 / 6) * (phases + 1)
    d_u = math.sqrt(n_states) * tol * 1.05
    d_i = math.sqrt(n_states) * tol * 2.1e-3
    energy = n_steps * math.sqrt(LL * d_i ** 2 + C * d_u ** 2)
    e_u, e_i = energy / math.sqrt(C), energy / math.sqrt(LL)
    e_w = R2 * e_i + e_u
    return e_u, e_i, e_w


def value_at(res, name, t):
    """The value of column `name` at time t (linear interpolation between output rows; the
    check times are output points (interval 1/(60 f)), so no interpolation error enters)."""
    times = res.column("time")
    k = bisect.bisect_left(times, t - 1e-15)
    if abs(times[k] - t) <= 1e-15:
        return res.at(k, name)
    a, b = k - 1, k
    s = (t - times[a]) / (times[b] - times[a])
    return res.at(a, name) + s * (res.at(b, name) - res.at(a, name))


def check_run(c, res, ref, n_states, label, segments=1):
    e_u, e_i, e_w = rlc_bounds(ref, n_states, segments=segments)
    for key, t in CHECK_TIMES.items():
        c.near(value_at(res, "uC", t), ref[f"uC_{key}"], e_u, f"{label} uC({key})")
        c.near(value_at(res, "i", t), ref[f"i_{key}"], e_i, f"{label} i({key})")
    # C1: with i = uC = 0 the event function is 0 at t = 0 and becomes positive at once (w
    # grows as t^2): mocc performs that event at t = 0 (its first output row, the right limit,
    # has nC = 1) or at a later instant; either way it must be within 1 ns, where w(1 ns) ~
    # R2 U omega t^2/(2 L) = 4e-7 V is still above the error bound e_w.
    jumps_c = ([(0.0, 0)] if res.rows[0][res.col["nC"]] == 1 else []) + res.jumps("nC")
    jumps_l = res.jumps("nL")
    c.true(int(res.rows[-1][res.col["nC"]]) == ref["events_C"],
           f"{label}: {res.rows[-1][res.col['nC']]} events C, reference {ref['events_C']}")
    c.true(int(res.rows[-1][res.col["nL"]]) == ref["events_L"],
           f"{label}: {res.rows[-1][res.col['nL']]} events L, reference {ref['events_L']}")
    c.true(jumps_c and jumps_c[0][0] < 1e-9, f"{label}: first event C at {jumps_c[:1]}")
    for m in range(1, 5):
        for kind, jumps, idx in (("L", jumps_l, m - 1), ("C", jumps_c, m)):
            key = f"{kind}{m if kind == 'L' else m + 1}"
            bound = e_w / ref[f"slope_{key}"] + 100 * L.EPS * 2 * T_END
            if idx < len(jumps):
                c.near(jumps[idx][0], ref[f"t_{key}"], bound, f"{label} t_{key}")
            else:
                c.true(False, f"{label}: no event {key}")


def run(mocc, tmp, model, *options):
    out = os.path.join(tmp, model + ".csv")
    L.run_mocc(mocc, model + ".mo", out, "--tolerance", str(TOL), "--interval", repr(1 / (60 * F)), *options)
    return L.Result(out)


def test_shortcut(mocc, tmp, c, ref):
    """RLCShortcut.mo against the shortcut reference."""
    check_run(c, run(mocc, tmp, "RLCShortcut"), ref["shortcut"], 2, "shortcut")


def test_shockley(mocc, tmp, c, ref):
    """RLCShockleyU.mo (algebraic state uD) and RLCShockleyI.mo (iD) against the Shockley
    reference; and the two formulations against each other through the same bound."""
    ru, ri = run(mocc, tmp, "RLCShockleyU"), run(mocc, tmp, "RLCShockleyI")
    check_run(c, ru, ref["shockley"], 2, "shockley uD")
    check_run(c, ri, ref["shockley"], 2, "shockley iD")


def test_interpolated(mocc, tmp, c, ref):
    """RLCInterpolated{3,,10}.mo (n = 3, 5, 10) against the interpolated references."""
    for n, model in ((3, "RLCInterpolated3"), (5, "RLCInterpolated"), (10, "RLCInterpolated10")):
        check_run(c, run(mocc, tmp, model), ref[f"interp{n}"], 2,
                  f"interp{n}", segments=n - 1)


def test_explicit(mocc, tmp, c, ref):
    """RLCExplicit.mo (uD as third state, eq. 38) against the Shockley reference (the same
    solution in exact arithmetic); its drift from (35) within the bound on w."""
    res = run(mocc, tmp, "RLCExplicit")
    r = ref["shockley"]
    check_run(c, res, r, 3, "explicit")
    e_u, e_i, e_w = rlc_bounds(r, 3)
    # drift = R2 (i + iD) + uC + uD: with exact i, uC, uD it is 0; the computed uD and
    # -(R2 (i + iD) + uC) each carry at most the propagated errors: e_w + e_u (uD's own
    # error, bounded like uC's) + R2 |d iD| (iD' <= Is/UT e^(0.05/UT) < 3e-6 1/Ohm: negligible)
    worst = max(abs(v) for v in res.column("drift"))
    c.true(worst <= 2 * e_w, f"explicit: drift {worst:.3g} V above {2 * e_w:.3g} V")


def main():
    return L.check_main(globals(), "check_rlc.py", "argesim-c21-rlc-", reference())


if __name__ == "__main__":
    sys.exit(main())
