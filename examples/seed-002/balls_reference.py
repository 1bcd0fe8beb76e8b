#!/usr/bin/python3
"""The independent reference of BouncingBalls.mo (seed 002, section 5.3.3): the contact switches
(y = 0 crossings) of ball 1 (h = h0) and ball 100 (h = h0 + 99 dh) by scipy's DOP853 at
rtol 1e-12, atol 1e-14, integrating each phase (flight or contact) separately up to its
terminal event, so the right-hand side is smooth within every integration.

    /usr/bin/python3 balls_reference.py    (writes balls_reference.csv next to it)

Columns: ball, switch (1, 2, ...), time (s), direction (-1 contact begins, +1 it ends),
v (m/s, the speed at the switch). Parameters as in BouncingBalls.mo.
"""
import csv
import os

from scipy.integrate import solve_ivp

H0, DH, M, G, K, D, STOP = 1.0, 1e-9, 1.0, 9.81, 1e4, 10.0, 3.7


def switches(h):
    t, x, contact, out = 0.0, [h, 0.0], False, []
    while True:
        def f(_t, s, c=contact):
            y, v = s
            return [v, (-M * G - K * y - D * v) / M if c else -G]

        def ev(_t, s):
            return s[0]
        ev.terminal = True
        ev.direction = 1 if contact else -1
        sol = solve_ivp(f, (t, STOP + 1.0), x, method="DOP853", rtol=1e-12, atol=1e-14,
                        events=ev)
        if not sol.t_events[0].size:
            return out
        t = float(sol.t_events[0][0])
        x = [0.0, float(sol.y_events[0][0][1])]
        contact = not contact
        out.append((t, 1 if not contact else -1, x[1]))
        if t > STOP + 0.5:
            return out


def main():
    rows = []
    for ball in (1, 100):
        for i, (t, d, v) in enumerate(switches(H0 + (ball - 1) * DH), 1):
            rows.append((ball, i, repr(t), d, repr(v)))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "balls_reference.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["ball", "switch", "time", "direction", "v"])
        w.writerows(rows)
    print("wrote", path, len(rows), "rows")


if __name__ == "__main__":
    main()
