#!/usr/bin/python3
"""Reference numbers of ARGESIM C21 case 3, the rotating pendulum with free-flight phase
(seed 003, section 4; Pendulum.mo, PendulumDAE.mo), independent of mocc.

Mathematics (Pendulum.mo states it in full): phi from the upward vertical (eq. 39, 41), mass at
x = l sin(phi), y = l cos(phi); swinging (39) phi'' = -(k/m) phi' + (g/l) sin(phi) while the
rope force (41) F = -g m cos(phi) + m l phi'^2 > 0; event F (45): F falls through zero -> free
flight (42) x'' = -(k/m) x', y'' = -g - (k/m) y' from the mass's position and velocity; event S
(46): x^2 + y^2 = l^2 again (crossing upwards) -> swinging with phi = atan2(x, y) and
phi' = (y x' - x y')/l^2 (tangential velocity kept). The tasks count the angle from the hanging
position, theta = phi - pi.

Experiments:
  basic: from phi(0) = pi/4, phi'(0) = 15 until the first turning point (phi' = 0) whose
    amplitude |theta| (mod 2 pi) does not exceed pi/10: the first passage of the hanging
    position (B1), the events F1, S1, every turning point after S1 and the final time.
  energy supply: at the first zero crossing of theta after that turning point (time tK,
    angular velocity wK) phi' := gamma phi'. With `travel` the angle turned since the kick in
    its direction, and the rope force along the swinging solution from the kick:
    (i)   the same movement as before: the kick restores the angular velocity of the first
          passage of the hanging position, gamma_i = |wB1 / wK|; also found as the root of
          travel at the next event F = travel of the basic run from B1 to F1 (phiF1 - pi);
    (ii)  the next falling phase starts at theta = pi (the top): root of F(travel = pi) = 0 (F
          decreases through the top, dF/dt = 3 g m sin(phi) phi' - 2 m l (k/m) phi'^2 < 0
          there, so the root is a transversal crossing);
    (iii) the swinging makes two full rotations (travel reaches 4 pi with the rope taut): F
          is decreasing up to its minimum just past each top (dF/dt = 0), so two rotations are
          made iff F stays positive at its minimum after travel = 3 pi; gamma_iii is the root
          of that minimum (the smallest factor), and gamma_iii_upper the root of the minimum
          after travel = 5 pi (from there on, three rotations).
  For each gamma the run continues to the next flight phase: tF2, travel there, tS2.

Method: scipy solve_ivp, DOP853, rtol = atol = 1e-12, events located by solve_ivp on the
dense output (brentq to 4 eps); gamma roots by brentq to xtol 1e-14. Every number is computed
twice, at rtol 1e-12 and 1e-11; the largest difference of the event times, reported as
`convergence` in the CSV, bounds the error of the 1e-12 numbers (asserted below 1e-8). The
event times of the basic run also agree to 1e-9 s (asserted) with the independent mpmath
computation of the compiler's test, ../../tests/models/events/c21_pendulum_reference.csv.
For the error bounds of the tests, the CSV also holds sensitivities kappa_q = max |dq/du| of
each number q to a perturbation of the state u at the start of each phase, and the slopes of
the goal functions in gamma (see sensitivities()).

Run: /usr/bin/python3 reference_pendulum.py (writes reference_pendulum.csv; a few seconds).
"""
import csv
import math
import os

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

M, K, L, G = 1.5, 0.9, 1.0, 9.81
C = K / M
PHI0, W0 = math.pi / 4, 15.0
LIMIT = math.pi / 10
HERE = os.path.dirname(os.path.abspath(__file__))


def force(phi, w):
    return -G * M * math.cos(phi) + M * L * w * w


def swing_rhs(t, u):
    return [u[1], -C * u[1] + G / L * math.sin(u[0])]


def flight_rhs(t, u):
    return [u[1], -C * u[1], u[3], -G - C * u[3]]


def event(fun, terminal=True, direction=0.0):
    fun.terminal, fun.direction = terminal, direction
    return fun


class Solver:
    def __init__(self, rtol, pert=None):
        """pert = (phase, component, delta): perturb the state at the start of a phase (0: the
        swinging from t = 0; 1: the flight from F1; 2: the swinging from S1; 3: the swinging
        from the kick) by delta in one component: the sensitivities `kappa` of the CSV."""
        self.rtol, self.pert = rtol, pert

    def perturb(self, phase, u):
        u = list(u)
        if self.pert and self.pert[0] == phase:
            u[self.pert[1]] += self.pert[2]
        return u

    def ivp(self, rhs, t0, u0, events, t_max=30.0, terminal=True):
        sol = solve_ivp(rhs, (t0, t0 + t_max), u0, method="DOP853", rtol=self.rtol,
                        atol=self.rtol, events=events, dense_output=True)
        assert sol.status == (1 if terminal else 0), sol.message
        return sol

    def first(self, sol):
        """(index of the terminal event that ended the run, time, state)."""
        for i, te in enumerate(sol.t_events):
            if len(te) and te[-1] == sol.t[-1]:
                return i, te[-1], sol.y_events[i][-1]
        raise AssertionError("no event at the end")

    def flight(self, t, phi, w):
        """Event F at (t, phi, w): flight until S; returns tS, phi, w after the reset."""
        u0 = [L * math.sin(phi), L * math.cos(phi) * w, L * math.cos(phi), -L * math.sin(phi) * w]
        u0 = self.perturb(1, u0)
        # x^2 + y^2 - l^2 starts at zero and decreases: the event S is its upward crossing.
        s = event(lambda t_, u: u[0] ** 2 + u[2] ** 2 - L * L, True, 1.0)
        _, tS, (x, vx, y, vy) = self.first(self.ivp(flight_rhs, t, u0, [s]))
        return tS, math.atan2(x, y), (y * vx - x * vy) / (L * L)

    def basic(self):
        out = {}
        fall = event(lambda t, u: force(u[0], u[1]), True, -1.0)
        bottom = event(lambda t, u: u[0] - math.pi, False, 0.0)
        sol = self.ivp(swing_rhs, 0.0, self.perturb(0, [PHI0, W0]), [fall, bottom])
        out["tB1"], out["wB1"] = sol.t_events[1][0], sol.y_events[1][0][1]
        _, t, (phi, w) = self.first(sol)
        out["tF1"], out["phiF1"], out["wF1"] = t, phi, w
        tS, phi, w = self.flight(t, phi, w)
        out["tS1"], out["phiS1"], out["wS1"] = tS, phi, w
        out["flights"] = 1
        # swinging after S1: turning points until the amplitude does not exceed the limit
        turn = event(lambda t, u: u[1], False, 0.0)
        sol = self.ivp(swing_rhs, tS, self.perturb(2, [phi, w]), [fall, turn], t_max=20.0,
                       terminal=False)
        assert len(sol.t_events[0]) == 0, "a second fall in the basic run"
        turns = []
        for t, (phi, w) in zip(sol.t_events[1], sol.y_events[1]):
            amp = abs(math.fmod(phi, 2 * math.pi) - math.pi)
            turns.append((t, amp, phi))
            if amp <= LIMIT:
                break
        assert turns[-1][1] <= LIMIT
        out["turns"] = turns
        out["tEnd"], out["phiEnd"] = turns[-1][0], turns[-1][2]
        # the kick: the first zero crossing of theta after that turning point
        center = math.pi + 2 * math.pi * math.floor(turns[-1][2] / (2 * math.pi))
        sol = self.ivp(swing_rhs, turns[-1][0], sol.sol(turns[-1][0]),
                       [event(lambda t, u: u[0] - center, True, 0.0)])
        _, out["tK"], (phiK, out["wK"]) = self.first(sol)
        out["center"] = center
        return out

    def kicked(self, b, gamma, s_stop=None, minimum=False):
        """The swinging solution from the kick with factor gamma (the rope kept taut). With
        s_stop: (F, w) where travel = s_stop, or with minimum: F at its first minimum after
        that (dF/dt = 0). Otherwise the next event F or turning point: (kind, t, travel, w)."""
        d = 1.0 if b["wK"] > 0 else -1.0
        c = b["center"]
        travel = lambda u: d * (u[0] - c)
        u0 = self.perturb(3, [c, gamma * b["wK"]])
        if s_stop is not None:
            sol = self.ivp(swing_rhs, b["tK"], u0,
                           [event(lambda t, u: travel(u) - s_stop, True, 1.0),
                            event(lambda t, u: u[1], True, 0.0)])
            i, t, (phi, w) = self.first(sol)
            if i == 1:
                # turns back before travel = s_stop, even with a rigid rod: the rope is slack
                # before it (F = -g m cos(phi) < 0 at a turning point above the horizontal)
                return -G * M, 0.0
            if not minimum:
                return force(phi, w), w
            dF = event(lambda t_, u: 3 * G * M * math.sin(u[0]) * u[1]
                       - 2 * M * L * C * u[1] ** 2, True, 0.0)
            # dF/dt < 0 at the top: the minimum is its upward zero crossing
            dF.direction = 1.0
            _, t, (phi, w) = self.first(self.ivp(swing_rhs, t, [phi, w], [dF]))
            return force(phi, w), w
        fall = event(lambda t, u: force(u[0], u[1]), True, -1.0)
        turn = event(lambda t, u: u[1], True, 0.0)
        i, t, u = self.first(self.ivp(swing_rhs, b["tK"], u0, [fall, turn]))
        return ("F" if i == 0 else "turn"), t, travel(u), u

    def energy(self, b):
        out = {}
        out["gamma_i_ratio"] = abs(b["wB1"] / b["wK"])
        s1 = b["phiF1"] - math.pi  # travel from the hanging position to F1 in the basic run

        def travel_at_fall(gamma):
            kind, t, s, u = self.kicked(b, gamma)
            return s if kind == "F" else -1.0
        g0 = out["gamma_i_ratio"]
        out["gamma_i"] = brentq(lambda gm: travel_at_fall(gm) - s1, g0 * 0.99, g0 * 1.01,
                                xtol=1e-14, rtol=1e-15)
        out["gamma_ii"] = brentq(lambda gm: self.kicked(b, gm, math.pi)[0], 1.0, g0,
                                 xtol=1e-14, rtol=1e-15)
        fmin = lambda gm, s: self.kicked(b, gm, s, minimum=True)[0]
        out["gamma_iii"] = brentq(lambda gm: fmin(gm, 3 * math.pi), out["gamma_ii"], g0, xtol=1e-14, rtol=1e-15)
        out["gamma_iii_upper"] = brentq(lambda gm: fmin(gm, 5 * math.pi), out["gamma_iii"],
                                        3 * out["gamma_iii"], xtol=1e-14, rtol=1e-15)
        for key in ["gamma_i", "gamma_ii", "gamma_iii"]:
            kind, t, s, (phi, w) = self.kicked(b, out[key] * (1 + 1e-9))
            assert kind == "F"
            tS, _, _ = self.flight(t, phi, w)
            out[key + "_tF2"], out[key + "_travelF2"], out[key + "_tS2"] = t, s, tS
        return out


def quantities(solver, e):
    """The numbers whose sensitivities the tests need, from one (possibly perturbed) run."""
    b = solver.basic()
    q = {k: b[k] for k in ["tB1", "wB1", "tF1", "tS1", "tEnd", "tK", "wK"]}
    q["ampEnd"] = b["turns"][-1][1]
    q["phiF1"], q["wF1"], q["phiS1"], q["wS1"] = b["phiF1"], b["wF1"], b["phiS1"], b["wS1"]
    for i, (t, amp, phi) in enumerate(b["turns"], 1):
        q[f"turn{i}_t"], q[f"turn{i}_amplitude"] = t, amp
    q["travelF2_i"] = solver.kicked(b, e["gamma_i"])[2]
    kind, t, s, _ = solver.kicked(b, e["gamma_ii"] * (1 + 1e-9))
    q["travelF2_ii"] = solver.kicked(b, e["gamma_ii"])[2]
    q["tF2_ii"] = t  # the DAE test's kicked run (gamma_ii (1 + 1e-9), falls just after the top)
    q["Fmin_iii"] = solver.kicked(b, e["gamma_iii"], 3 * math.pi, minimum=True)[0]
    q["Fmin_iii_upper"] = solver.kicked(b, e["gamma_iii_upper"], 5 * math.pi, minimum=True)[0]
    return b, q


def sensitivities(e):
    """kappa_q = max |dq/du| over the components u of the state at the start of each phase
    (0: t = 0; 1: the flight from F1; 2: the swinging from S1; 3: the kick), by differences
    with delta = 1e-7 (the reference's own error, ~1e-11, makes them exact to ~1e-4); and the
    slopes of the goal functions in gamma, by central differences."""
    delta = 1e-7
    b, q0 = quantities(Solver(1e-12), e)
    kappa = {k: 0.0 for k in q0}
    for phase, n in [(0, 2), (1, 4), (2, 2), (3, 2)]:
        for comp in range(n):
            _, q = quantities(Solver(1e-12, (phase, comp, delta)), e)
            for k in q0:
                kappa[k] = max(kappa[k], abs(q[k] - q0[k]) / delta)
    s = Solver(1e-12)
    out = {"kappa_" + k: v for k, v in kappa.items()}
    h = 1e-6
    d = lambda f, x: (f(x * (1 + h)) - f(x * (1 - h))) / (2 * x * h)
    out["slope_i"] = d(lambda gm: s.kicked(b, gm)[2], e["gamma_i"])
    out["slope_ii"] = d(lambda gm: s.kicked(b, gm)[2], e["gamma_ii"])
    out["slope_iii"] = d(lambda gm: s.kicked(b, gm, 3 * math.pi, minimum=True)[0],
                         e["gamma_iii"])
    out["slope_iii_upper"] = d(lambda gm: s.kicked(b, gm, 5 * math.pi, minimum=True)[0],
                               e["gamma_iii_upper"])
    # at the grazing minima: phi' and d2F/dt2 = d/dt (3 g m sin(phi) phi' - 2 m l c phi'^2)
    for key, top in [("iii", 3 * math.pi), ("iii_upper", 5 * math.pi)]:
        _, w = s.kicked(b, e["gamma_" + key], top, minimum=True)
        # phi at the minimum: sin(phi) = 2 l c phi'/(3 g) (dF/dt = 0), cos(phi) ~ 1 (near the top)
        sn = 2 * L * C * w / (3 * G)
        cs = math.sqrt(1 - sn * sn)
        wdot = -C * w + G / L * sn
        out["w_min_" + key] = abs(w)
        out["Fdd_min_" + key] = abs(3 * G * M * (cs * w * w + sn * wdot) - 4 * M * L * C * w * wdot)
    return out


def compute(rtol):
    s = Solver(rtol)
    b = s.basic()
    return b, s.energy(b)


def main():
    b, e = compute(1e-12)
    b2, e2 = compute(1e-11)
    times = ["tB1", "tF1", "tS1", "tEnd", "tK"]
    conv = max(abs(b[k] - b2[k]) for k in times)
    conv = max([conv] + [abs(t1[0] - t2[0]) for t1, t2 in zip(b["turns"], b2["turns"])])
    conv_gamma = max(abs(e[k] - e2[k]) for k in e if k.startswith("gamma") and "_t" not in k)
    assert len(b["turns"]) == len(b2["turns"])
    assert conv < 1e-8 and conv_gamma < 1e-8, (conv, conv_gamma)
    # gamma_i twice: as the ratio of angular velocities and as the root of the fall angle
    assert abs(e["gamma_i"] - e["gamma_i_ratio"]) < 1e-8, (e["gamma_i"], e["gamma_i_ratio"])
    # the mpmath reference of the compiler's own test (30 digits, Taylor series) agrees
    mp_csv = os.path.join(HERE, "..", "..", "tests", "models", "events", "c21_pendulum_reference.csv")
    if os.path.exists(mp_csv):
        with open(mp_csv) as f:
            mp_rows = list(csv.DictReader(f))
        mine = [b["tF1"], b["tS1"]] + [t for t, _, _ in b["turns"]]
        assert len(mp_rows) == len(mine)
        for r, t in zip(mp_rows, mine):
            assert abs(float(r["time"]) - t) < 1e-9, (r, t)
    sens = sensitivities(e)
    rows = [("convergence_time", conv, "max |t(rtol 1e-12) - t(rtol 1e-11)| of the events (s)"),
            ("convergence_gamma", conv_gamma, "the same for the gamma roots")]
    notes = {"tB1": "first passage of the hanging position (phi = pi)", "wB1": "phi' there",
             "tF1": "event F1", "phiF1": "phi at F1", "wF1": "phi' at F1",
             "tS1": "event S1", "phiS1": "phi after S1 (atan2)", "wS1": "phi' after S1",
             "flights": "flight phases in the basic run",
             "tEnd": "end of the basic run: first turning point with amplitude <= pi/10",
             "phiEnd": "phi there", "tK": "kick: first zero crossing of theta after tEnd",
             "wK": "phi' before the kick", "center": "hanging position swung about"}
    for key in ["tB1", "wB1", "tF1", "phiF1", "wF1", "tS1", "phiS1", "wS1", "flights", "tEnd",
                "phiEnd", "tK", "wK", "center"]:
        rows.append((key, b[key], notes[key]))
    for i, (t, amp, phi) in enumerate(b["turns"], 1):
        rows.append((f"turn{i}_t", t, "turning point after S1"))
        rows.append((f"turn{i}_amplitude", amp, "|theta| there"))
    rows.append(("turns", len(b["turns"]), "turning points after S1 up to tEnd"))
    enotes = {"gamma_i_ratio": "(i) |wB1/wK|", "gamma_i": "(i) root: travel at F2 = phiF1 - pi",
              "gamma_ii": "(ii) falling starts at theta = pi",
              "gamma_iii": "(iii) smallest factor for two full rotations",
              "gamma_iii_upper": "(iii) from here on three rotations"}
    for key, v in e.items():
        rows.append((key, v, enotes.get(key, "run with gamma (1 + 1e-9): " + key.split("_")[-1])))
    snotes = {"slope_i": "d travelF2/d gamma at gamma_i", "slope_ii": "the same at gamma_ii",
              "slope_iii": "d Fmin/d gamma (N) at gamma_iii",
              "slope_iii_upper": "the same at gamma_iii_upper"}
    for key, v in sens.items():
        note = snotes.get(key, "max |dq/du| over the phase starts (sensitivity)"
                          if key.startswith("kappa") else "at the grazing minimum of F")
        rows.append((key, v, note))
    with open(os.path.join(HERE, "reference_pendulum.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["quantity", "value", "note"])
        for key, v, note in rows:
            w.writerow([key, repr(float(v)) if isinstance(v, float) else v, note])
    for key, v, note in rows:
        print(f"{key:24s} {v!r:24s} {note}")


if __name__ == "__main__":
    main()
