#!/usr/bin/python3
"""The damping switches of Relay.mo by an independent computation (scipy's DOP853 at 1e-12 with
its own event location): the instants where x crosses -1 downwards (mu := 0.5) and 1 upwards
(mu := 2) up to t = 10. Prints [(2.5596..., 0.5), (5.8720..., 2.0), (8.9669..., 0.5)]: three
switches, which CoSimulationGivesTheResultsOfMoccRun counts."""
import numpy as np
from scipy.integrate import solve_ivp

mu, t, s, switches = 1.0, 0.0, np.array([2.0, 0.0]), []


def f(_, s):
    return [s[1], mu * (1 - s[0] ** 2) * s[1] - s[0]]


def up(_, s):
    return s[0] - 1


def down(_, s):
    return s[0] + 1


up.direction, up.terminal = 1, True
down.direction, down.terminal = -1, True
while t < 10:
    sol = solve_ivp(f, (t, 10), s, rtol=1e-12, atol=1e-12, events=[up, down], method="DOP853")
    s, t = sol.y[:, -1], sol.t[-1]
    if sol.status != 1:
        break
    mu = 2.0 if len(sol.t_events[0]) else 0.5
    switches.append((t, mu))
    step = solve_ivp(f, (t, t + 1e-9), s, rtol=1e-12, atol=1e-12)  # off the switching surface
    s, t = step.y[:, -1], t + 1e-9
print(switches)
