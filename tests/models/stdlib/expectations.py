#!/usr/bin/env python3
"""Closed-form expectations for the stdlib test models in this folder.

Writes expectations.txt beside this script, one line per check:

    <file> <variable> <time> <expected value> <absolute tolerance> # derivation; tolerance reason

Every expected value is a closed form (or, for Electrical_DiodeResistor, the root of one scalar
equation found by bisection to machine precision) evaluated here with the Python standard library,
so the numbers are reproducible: `python3 expectations.py` regenerates the file and
`python3 expectations.py --check` fails if the file on disk differs.

Check times are multiples of the model's output Interval and never coincide with an event, so the
value at that output row is unambiguous (at an event the result file holds two rows).

Tolerance classes (all models simulate with experiment Tolerance = 1e-8, used by mocc as the
relative and absolute tolerance of CVODE):
  ALGEBRAIC  no state is involved: the simulator evaluates the same closed form in double
             precision; 1e-9 relative (floor 1e-9) covers rounding and the output time grid.
  SOLVE      algebraic value that goes through a linear or mixed (Boolean) system solve:
             1e-8 relative (floor 1e-8), the condition numbers here are below 1e7.
  NEWTON     root of a nonlinear algebraic equation: 1e-7 relative, well above a Newton
             solver's default stopping tolerance.
  SMOOTH     state of a smooth, non-oscillatory solution over a few time constants: the global
             error of BDF at rtol = atol = 1e-8 stays within about 100 times the local
             tolerance, so 1e-6 relative to the solution's scale (floor 1e-6).
  OSCILLATORY state over several periods of an oscillation, or across events that restart the
             integrator (phase errors grow linearly with time): 1e-5 relative to the amplitude.
"""

import math
import os
import sys

PI = math.pi
CHECKS = []  # (file, variable, time, value, tolerance, comment)

TOLERANCE_REASON = {
    "ALGEBRAIC": "no state involved, same closed form in double precision: 1e-9 relative",
    "SOLVE": "algebraic, through a linear/mixed system solve: 1e-8 relative",
    "NEWTON": "root of a nonlinear equation solved by Newton: 1e-7 relative",
    "SMOOTH": "smooth state at tolerance 1e-8, global error <= 100x local: 1e-6 of scale",
    "OSCILLATORY": "state over several periods or across integrator restarts at tolerance 1e-8: 1e-5 of scale",
}
RELATIVE = {"ALGEBRAIC": 1e-9, "SOLVE": 1e-8, "NEWTON": 1e-7, "SMOOTH": 1e-6, "OSCILLATORY": 1e-5}


def check(model, variable, time, value, kind, derivation, scale=None):
    """Records one check; the tolerance is RELATIVE[kind] times the scale (default |value|).

    A value of zero has no scale of its own: such a check names the scale of the signal it
    belongs to (its amplitude or the size of its neighbours), so that a tolerance never
    exceeds what the mathematics allows for that signal."""
    magnitude = abs(value) if scale is None else scale
    if magnitude == 0:
        raise ValueError(f"{model}.{variable} at {time}: a zero expectation needs a scale")
    tolerance = RELATIVE[kind] * magnitude
    comment = f"{derivation}; tol: {TOLERANCE_REASON[kind]}"
    if scale is not None:
        comment += f" (scale {scale:g})"
    CHECKS.append((model + ".mo", variable, time, float(value), tolerance, comment))


# ---------------------------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------------------------

def blocks_constant():
    m = "Blocks_Constant"
    for t in (0.5, 1.0):
        check(m, "constant1.y", t, 2.5, "ALGEBRAIC", "y = k = 2.5")
        check(m, "integrator.y", t, 2.5 * t, "SMOOTH", "integral of 2.5 from 0: y = 2.5*t")


def blocks_step():
    m = "Blocks_Step"
    for t in (0.2, 0.5, 1.0):
        u = 1 + (2 if t >= 0.3 else 0)
        check(m, "step.y", t, u, "ALGEBRAIC", "y = offset + (t < 0.3 ? 0 : height) = 1 or 3")
        y = t + 2 * max(0.0, t - 0.3)
        check(m, "integrator.y", t, y, "SMOOTH",
              "y = 1*t + 2*max(0, t - 0.3) (time event at 0.3 hit exactly)", scale=3)


def blocks_integrator():
    m = "Blocks_Integrator"

    def ramp(t):
        return 0.0 if t < 0.5 else (2 * (t - 0.5) if t < 1.5 else 2.0)

    def integral(t):
        if t < 0.5:
            return 0.25
        if t < 1.5:
            return 0.25 + (t - 0.5) ** 2
        return 1.25 + 2 * (t - 1.5)

    for t in (0.3, 1.0, 1.5 - 0.01, 2.0, 2.5):
        t = round(t, 2)
        check(m, "ramp.y", t, ramp(t), "ALGEBRAIC",
              "ramp: 0 before 0.5, 2*(t - 0.5) until 1.5, then 2", scale=2)
        check(m, "integrator.y", t, integral(t), "SMOOTH",
              "y = 0.25 + (t - 0.5)^2 on [0.5, 1.5], 1.25 + 2*(t - 1.5) after", scale=3.25)


def blocks_integrator_reset():
    m = "Blocks_IntegratorReset"
    for t in (0.5, 0.99, 1.01, 1.5, 2.0):
        y = 2 * t if t < 1 else 5 + 2 * (t - 1)
        check(m, "integrator.y", t, y, "SMOOTH",
              "y = 2*t until the reset at t = 1 (BooleanStep edge), then reinit to set = 5: y = 5 + 2*(t - 1)",
              scale=7)


def blocks_sine():
    m = "Blocks_Sine"
    A, f, ph, off, ts = 2.0, 0.5, 0.3, 1.0, 0.2
    w = 2 * PI * f
    for t in (0.1, 0.5, 1.0, 1.77, 2.5, 3.0):
        u = off + (0 if t < ts else A * math.sin(w * (t - ts) + ph))
        check(m, "sine.y", t, u, "ALGEBRAIC",
              "y = 1 + (t < 0.2 ? 0 : 2*sin(pi*(t - 0.2) + 0.3))")
        y = off * t + (0 if t < ts else A / w * (math.cos(ph) - math.cos(w * (t - ts) + ph)))
        check(m, "integrator.y", t, y, "SMOOTH",
              "y = t + (t < 0.2 ? 0 : (2/pi)*(cos(0.3) - cos(pi*(t - 0.2) + 0.3)))", scale=4)


def blocks_cosine():
    m = "Blocks_Cosine"
    A, f, ph, off = 1.5, 2.0, -0.4, -0.5
    w = 2 * PI * f
    for t in (0.1, 0.33, 0.5, 1.0):
        u = off + A * math.cos(w * t + ph)
        check(m, "cosine.y", t, u, "ALGEBRAIC", "y = -0.5 + 1.5*cos(4*pi*t - 0.4)")
        y = off * t + A / w * (math.sin(w * t + ph) - math.sin(ph))
        check(m, "integrator.y", t, y, "SMOOTH",
              "y = -0.5*t + (1.5/(4*pi))*(sin(4*pi*t - 0.4) - sin(-0.4))", scale=1)


def blocks_pulse():
    m = "Blocks_Pulse"
    highs = [(0.25, 0.45), (0.75, 0.95), (1.25, 1.45)]  # nperiod = 3 periods, width 40 % of 0.5

    def high_time(t):
        return sum(max(0.0, min(t, b) - a) for a, b in highs)

    for t in (0.1, 0.3, 0.5, 0.8, 1.3, 1.5, 1.8, 2.3, 2.5):
        high = any(a <= t < b for a, b in highs)
        check(m, "pulse.y", t, 2.0 if high else -1.0, "ALGEBRAIC",
              "y = -1 + 3 during [0.25 + 0.5*k, 0.45 + 0.5*k), k = 0, 1, 2; -1 otherwise (also after nperiod = 3)")
        check(m, "integrator.y", t, -t + 3 * high_time(t), "SMOOTH",
              "y = -t + 3*(time spent high); piecewise linear, the pulse edges are events", scale=2.5)


def blocks_sawtooth():
    m = "Blocks_SawTooth"
    A, T, ts = 2.0, 0.4, 0.1
    for t in (0.05, 0.2, 0.45, 0.75, 1.0, 1.35):
        if t < ts:
            u, y = 0.0, 0.0
        else:
            k = math.floor((t - ts) / T + 1e-12)
            tau = t - ts - k * T
            u = A * tau / T
            y = k * A * T / 2 + A / T * tau ** 2 / 2
        check(m, "sawTooth.y", t, u, "ALGEBRAIC",
              "y = 2*(t - T_start)/0.4 with T_start = 0.1 + 0.4*k the start of the current period",
              scale=A)
        check(m, "integrator.y", t, y, "SMOOTH",
              "y = k*0.4 (full periods, area 2*0.4/2 each) + 2.5*tau^2 (tau = time into the period)", scale=1.3)


def blocks_continuous_clock():
    m = "Blocks_ContinuousClock"
    for t in (0.25, 0.5 + 0.25, 1.0, 2.0):
        u = 1.0 + (0 if t < 0.5 else t - 0.5)
        y = t + (0 if t < 0.5 else (t - 0.5) ** 2 / 2)
        check(m, "clock.y", t, u, "ALGEBRAIC", "y = 1 + (t < 0.5 ? 0 : t - 0.5)")
        check(m, "integrator.y", t, y, "SMOOTH", "y = t + (t < 0.5 ? 0 : (t - 0.5)^2/2)", scale=3.2)


def blocks_boolean_sources():
    m = "Blocks_BooleanSources"
    pulses = [(0.2 + 0.4 * k, 0.3 + 0.4 * k) for k in range(4)]
    for t in (0.1, 0.25, 0.35, 0.5, 0.65, 1.05, 1.2, 1.5 - 0.02):
        t = round(t, 2)
        step_true = t < 0.4
        pulse_true = any(a <= t < b for a, b in pulses)
        check(m, "toReal1.y", t, 2.0, "ALGEBRAIC", "BooleanConstant true -> realTrue = 2")
        check(m, "toReal2.y", t, 1.0 if step_true else 0.0, "ALGEBRAIC",
              "BooleanStep(startTime = 0.4, startValue = true): true before 0.4", scale=1)
        check(m, "toReal3.y", t, 1.0 if pulse_true else 0.0, "ALGEBRAIC",
              "BooleanPulse(width = 25, period = 0.4, startTime = 0.2): true on [0.2 + 0.4*k, 0.3 + 0.4*k)",
              scale=1)
        check(m, "timeConstant.y", t, 2 * t, "SMOOTH", "integral of 2: 2*t", scale=3)
        check(m, "timeStep.y", t, min(t, 0.4), "SMOOTH", "time spent true: min(t, 0.4)", scale=1)
        check(m, "timePulse.y", t, sum(max(0.0, min(t, b) - a) for a, b in pulses), "SMOOTH",
              "time spent true: sum of the pulse overlaps with [0, t]", scale=1)


def blocks_first_order():
    m = "Blocks_FirstOrder"
    k, T, y0, ts = 2.0, 0.2, 0.5, 0.1
    y1 = y0 * math.exp(-ts / T)
    for t in (0.05, 0.2, 0.5, 1.0, 1.5):
        y = y0 * math.exp(-t / T) if t < ts else k + (y1 - k) * math.exp(-(t - ts) / T)
        check(m, "firstOrder.y", t, y, "SMOOTH",
              "y = 0.5*exp(-t/0.2) before the step at 0.1; then y = 2 + (y(0.1) - 2)*exp(-(t - 0.1)/0.2)",
              scale=2)


def blocks_second_order():
    m = "Blocks_SecondOrder"
    w, D = 10.0, 0.2
    wd = w * math.sqrt(1 - D * D)
    for t in (0.1, 0.25, 0.5, 1.0, 2.0):
        e = math.exp(-D * w * t)
        y = 1 - e * (math.cos(wd * t) + D / math.sqrt(1 - D * D) * math.sin(wd * t))
        yd = w / math.sqrt(1 - D * D) * e * math.sin(wd * t)
        check(m, "secondOrder.y", t, y, "OSCILLATORY",
              "unit step of w^2/(s^2 + 2*D*w*s + w^2), w = 10, D = 0.2: y = 1 - exp(-D*w*t)*(cos(wd*t) + D/sqrt(1 - D^2)*sin(wd*t)), wd = w*sqrt(1 - D^2)",
              scale=1.6)
        check(m, "secondOrder.yd", t, yd, "OSCILLATORY",
              "yd = w/sqrt(1 - D^2)*exp(-D*w*t)*sin(wd*t)", scale=10)


def blocks_pi():
    m = "Blocks_PI"
    for t in (0.25, 0.5, 1.0):
        check(m, "pi.x", t, 0.2 + t / 0.5, "SMOOTH", "x = x_start + t/T = 0.2 + 2*t", scale=2.2)
        check(m, "pi.y", t, 2 * (0.2 + t / 0.5 + 1), "SMOOTH", "y = k*(x + u) = 2*(0.2 + 2*t + 1)", scale=6.4)


def blocks_derivative():
    m = "Blocks_Derivative"
    k, T = 2.0, 0.1
    for t in (0.05, 0.1, 0.3, 1.0):
        check(m, "derivative.y", t, k * (1 - math.exp(-t / T)), "SMOOTH",
              "u = t, x(0) = 0: x = t - T*(1 - exp(-t/T)), y = (k/T)*(u - x) = k*(1 - exp(-t/T))", scale=2)
        check(m, "derivative.x", t, t - T * (1 - math.exp(-t / T)), "SMOOTH",
              "x = t - T*(1 - exp(-t/T))", scale=1)


def blocks_der():
    m = "Blocks_Der"
    A, f, ph, off = 3.0, 0.25, 0.1, 0.5
    w = 2 * PI * f
    for t in (0.0 + 0.1, 0.7, 1.3, 2.0):
        check(m, "der1.y", t, A * w * math.cos(w * t + ph), "SOLVE",
              "y = der(0.5 + 3*sin(pi/2*t + 0.1)) = 3*(pi/2)*cos(pi/2*t + 0.1), by symbolic differentiation")
        check(m, "integrator.y", t, off + A * math.sin(w * t + ph), "SMOOTH",
              "integral of the derivative from sine.y(0): equals sine.y = 0.5 + 3*sin(pi/2*t + 0.1)", scale=3.5)


def blocks_gain():
    m = "Blocks_Gain"
    for t in (0.25, 1.0, 2.0):
        check(m, "gain.y", t, -3 * t, "ALGEBRAIC", "y = -3*t")
        check(m, "add.y", t, 2 * t - 0.5, "ALGEBRAIC", "y = 2*t - 1*0.5", scale=3.5)
        check(m, "add3.y", t, t + 2 * (-3 * t) + 4 * 0.5, "ALGEBRAIC", "y = t + 2*(-3*t) + 4*0.5")
        check(m, "sum.y", t, t - 0.5 + 0.5 * (-3 * t), "ALGEBRAIC", "y = {1, -1, 0.5}*{t, 0.5, -3*t}")
        check(m, "feedback.y", t, t - 0.5, "ALGEBRAIC", "y = t - 0.5")


def blocks_feedback():
    m = "Blocks_Feedback"
    for t in (0.1, 0.25, 0.5, 1.0, 2.0):
        y = 3 * (1 - math.exp(-4 * t))
        check(m, "integrator.y", t, y, "SMOOTH", "y' = 4*(3 - y), y(0) = 0: y = 3*(1 - exp(-4*t))", scale=3)
        check(m, "feedback.y", t, 3 - y, "SMOOTH", "e = 3 - y = 3*exp(-4*t)", scale=3)


def blocks_svcontrol():
    m = "Blocks_SVcontrol"
    for t in (0.1, 0.3, 1.0):
        y = 2 * (1 - math.exp(-5 * t))
        check(m, "plant.y", t, y, "SMOOTH", "y' = 5*(2 - y), y(0) = 0: y = 2*(1 - exp(-5*t))", scale=2)
        check(m, "controller.y", t, 5 * (2 - y), "SMOOTH", "u = 5*(2 - y) = 10*exp(-5*t)", scale=10)


def blocks_mo():
    m = "Blocks_MO"
    for t in (0.25, 1.0):
        check(m, "clocks.y[2]", t, 2 * t, "ALGEBRAIC", "y[2] = 2*t")
        check(m, "sum.y", t, 3 * t - 0.5 * 2 * t, "ALGEBRAIC", "y = {3, -0.5}*{t, 2*t} = 2*t")
        check(m, "integrator.y", t, t * t, "SMOOTH", "integral of 2*t: t^2", scale=1)


def blocks_product():
    m = "Blocks_Product"
    for t in (0.0 + 0.5, 1.0, 1.5):
        check(m, "product.y", t, (1 + t) * (2 + 2 * t), "ALGEBRAIC", "y = (1 + t)*(2 + 2*t)")
        check(m, "division.y", t, 0.5, "ALGEBRAIC", "y = (1 + t)/(2 + 2*t) = 0.5")
        check(m, "division2.y", t, 1 / (1 + t), "ALGEBRAIC", "y = (2 + 2*t)/(2*(1 + t)^2) = 1/(1 + t)")


def blocks_abs():
    m = "Blocks_Abs"
    for t in (0.1, 0.3, 0.6, 0.9, 1.25, 1.75, 2.0 - 0.01):
        t = round(t, 2)
        u = 2 * math.sin(2 * PI * t)
        check(m, "abs1.y", t, abs(u), "ALGEBRAIC", "y = |2*sin(2*pi*t)|")
        check(m, "abs2.y", t, abs(u), "ALGEBRAIC", "y = |2*sin(2*pi*t)| (with events)")
        check(m, "sign1.y", t, math.copysign(1.0, u), "ALGEBRAIC", "y = sign(2*sin(2*pi*t))")
        check(m, "sign2.y", t, math.copysign(1.0, u), "ALGEBRAIC", "y = sign(2*sin(2*pi*t)) (with events)")
        check(m, "max1.y", t, max(u, 0.5), "ALGEBRAIC", "y = max(2*sin(2*pi*t), 0.5)")
        check(m, "min1.y", t, min(u, 0.5), "ALGEBRAIC", "y = min(2*sin(2*pi*t), 0.5)")
        n = math.floor(2 * t)
        tau = t - n / 2
        check(m, "integrator.y", t, n * 2 / PI + (1 - math.cos(2 * PI * tau)) / PI, "OSCILLATORY",
              "integral of |2*sin(2*pi*t)|: 2/pi per half period plus (1 - cos(2*pi*tau))/pi, tau = t - n/2",
              scale=2.6)


def blocks_math_functions():
    m = "Blocks_MathFunctions"
    for t in (0.0 + 0.3, 1.0, 2.0):
        u = 1 + t
        check(m, "sqrt1.y", t, math.sqrt(u), "ALGEBRAIC", "y = sqrt(1 + t)")
        check(m, "sin1.y", t, math.sin(u), "ALGEBRAIC", "y = sin(1 + t)")
        check(m, "cos1.y", t, math.cos(u), "ALGEBRAIC", "y = cos(1 + t)")
        check(m, "exp1.y", t, math.exp(u), "ALGEBRAIC", "y = exp(1 + t)")
        check(m, "log1.y", t, math.log(u), "ALGEBRAIC", "y = log(1 + t)")


def blocks_sampler():
    m = "Blocks_Sampler"
    for t in (0.02, 0.1, 0.23, 0.5, 0.81, 0.99):
        # last sample instant t_k = 0.05 + 0.1*k <= t; before the first one the initial sample u(0) = 0
        k = math.floor((t - 0.05) / 0.1 + 1e-9)
        tk = 0.05 + 0.1 * k
        y = 0.0 if t < 0.05 else math.sin(2 * PI * tk)
        check(m, "sampler.y", t, y, "ALGEBRAIC",
              "y = sin(2*pi*t_k) at the last sample t_k = 0.05 + 0.1*k <= t (u(0) = 0 before the first sample)",
              scale=1)


def blocks_zero_order_hold():
    m = "Blocks_ZeroOrderHold"

    def u(x):
        return 1 + 2 * math.sin(PI * x)

    for t in (0.05, 0.37, 0.55, 1.12, 1.55, 1.99):
        k = math.floor(t / 0.1 + 1e-9)
        held = u(0.1 * k)
        area = sum(0.1 * u(0.1 * j) for j in range(k)) + (t - 0.1 * k) * held
        check(m, "zeroOrderHold.y", t, held, "ALGEBRAIC",
              "y = 1 + 2*sin(pi*t_k) with t_k = 0.1*floor(t/0.1) the last sample instant")
        check(m, "integrator.y", t, area, "SMOOTH",
              "y = sum of rectangles 0.1*u(t_j), j < k, plus (t - t_k)*u(t_k)", scale=4)


# ---------------------------------------------------------------------------------------------
# Electrical.Analog
# ---------------------------------------------------------------------------------------------

def electrical_rc():
    m = "Electrical_RCCircuit"
    V, R, C = 10.0, 100.0, 1e-3
    tau = R * C
    for t in (0.05, 0.1, 0.2, 0.5):
        vc = V * (1 - math.exp(-t / tau))
        check(m, "capacitor.v", t, vc, "SMOOTH", "v_C = V*(1 - exp(-t/(R*C))), R*C = 0.1 s", scale=V)
        check(m, "resistor.i", t, (V - vc) / R, "SMOOTH", "i = (V/R)*exp(-t/(R*C))", scale=1)


def electrical_rl():
    m = "Electrical_RLCircuit"
    V, R, L, t0 = 5.0, 10.0, 0.5, 0.1
    for t in (0.05, 0.15, 0.2, 0.3, 0.5):
        i = 0.0 if t < t0 else V / R * (1 - math.exp(-(t - t0) * R / L))
        check(m, "inductor.i", t, i, "SMOOTH",
              "i = 0 before the step at 0.1; then (V/R)*(1 - exp(-(t - 0.1)*R/L)), L/R = 0.05 s", scale=1)
        check(m, "inductor.v", t, 0.0 if t < t0 else V - R * i, "SMOOTH", "v_L = V - R*i", scale=V)


def electrical_lc():
    m = "Electrical_LCOscillator"
    C, L, v0 = 1e-2, 0.25, 2.0
    w = 1 / math.sqrt(L * C)  # 20 rad/s, period 0.314 s
    for t in (0.05, 0.1, 0.5, 1.0):
        check(m, "capacitor.v", t, v0 * math.cos(w * t), "OSCILLATORY",
              "v_C = 2*cos(t/sqrt(L*C)), 1/sqrt(L*C) = 20 rad/s (about 3 periods)", scale=v0)
        check(m, "inductor.i", t, v0 * math.sqrt(C / L) * math.sin(w * t), "OSCILLATORY",
              "i_L = 2*sqrt(C/L)*sin(20*t); the current leaves the capacitor through the inductor", scale=0.4)


def electrical_resistor():
    m = "Electrical_Resistor"
    I = 0.2
    R_actual = 100 * (1 + 0.004 * (350.15 - 300.15))
    G_actual = 0.05 / (1 + 0.002 * (400.15 - 300.15))
    for t in (0.5, 1.0):
        check(m, "resistor.R_actual", t, R_actual, "SOLVE", "R_actual = 100*(1 + 0.004*(350.15 - 300.15)) = 120")
        check(m, "conductor.G_actual", t, G_actual, "SOLVE", "G_actual = 0.05/(1 + 0.002*100) = 1/24")
        check(m, "resistor.v", t, I * R_actual, "SOLVE", "v = I*R_actual = 0.2*120 = 24")
        check(m, "conductor.v", t, I / G_actual, "SOLVE", "v = I/G_actual = 0.2*24 = 4.8")
        check(m, "currentSensor.i", t, I, "SOLVE", "the source current 0.2 A flows from its n pin through the sensor")
        check(m, "voltageSensor.v", t, I * R_actual + I / G_actual, "SOLVE", "v = 24 + 4.8 = 28.8")
        check(m, "resistor.LossPower", t, I * I * R_actual, "SOLVE", "P = I^2*R_actual = 4.8 W")


def electrical_rectifier():
    m = "Electrical_HalfWaveRectifier"
    V, f, R, Ron, Goff, Vk = 10.0, 1.0, 100.0, 1e-5, 1e-5, 0.7
    Vth = Vk * (1 + R * Goff)
    t_on = math.asin(Vth / V) / (2 * PI * f)
    t_off = 0.5 / f - t_on
    for t in (0.005, 0.1, 0.25, 0.45, 0.49, 0.75, 0.995, 1.25, 1.6):
        vs = V * math.sin(2 * PI * f * t)
        conducting = vs > Vth
        if conducting:
            s = (vs - Vth) / (R + Ron)
            i = s + Goff * Vk
        else:
            i = Goff * vs / (1 + R * Goff)
        switch_note = (f"diode conducts while 10*sin(2*pi*t) > Vth = Vknee*(1 + R*Goff) = {Vth:.6g} V, "
                       f"i.e. on [{t_on:.9f} + k, {t_off:.9f} + k) s")
        check(m, "diode.off", t, 0.0 if conducting else 1.0, "ALGEBRAIC", switch_note, scale=1)
        check(m, "load.v", t, R * i, "SOLVE",
              "conducting: i = (v_s - Vth)/(R + Ron) + Goff*Vknee; blocking: i = Goff*v_s/(1 + R*Goff); v_load = R*i")
        check(m, "diode.i", t, i, "SOLVE", "the loop current, as for load.v")


def electrical_closing_switch():
    m = "Electrical_IdealClosingSwitch"
    V, R, C, Ron, Goff, t0 = 10.0, 100.0, 1e-3, 1e-5, 1e-5, 0.2
    tau1 = C * (R + 1 / Goff)  # open switch: resistance 1/Goff in series
    tau2 = C * (R + Ron)
    v0 = V * (1 - math.exp(-t0 / tau1))
    for t in (0.1, 0.19, 0.25, 0.3, 0.5, 1.0):
        vc = V * (1 - math.exp(-t / tau1)) if t < t0 else V - (V - v0) * math.exp(-(t - t0) / tau2)
        check(m, "capacitor.v", t, vc, "SMOOTH",
              "open until 0.2: tau1 = C*(R + 1/Goff) = 100.1 s; closed after: v = V - (V - v(0.2))*exp(-(t - 0.2)/tau2), tau2 = C*(R + Ron)",
              scale=V)


def electrical_opening_switch():
    m = "Electrical_IdealOpeningSwitch"
    v0, R, C, Ron, Goff, t0 = 10.0, 100.0, 1e-3, 1e-5, 1e-5, 0.3
    tau1 = C * (R + Ron)
    tau2 = C * (R + 1 / Goff)
    v1 = v0 * math.exp(-t0 / tau1)
    for t in (0.05, 0.1, 0.29, 0.31, 0.5, 1.0):
        vc = v0 * math.exp(-t / tau1) if t < t0 else v1 * math.exp(-(t - t0) / tau2)
        check(m, "capacitor.v", t, vc, "SMOOTH",
              "closed until 0.3: v = 10*exp(-t/(C*(R + Ron))); open after: decay with tau2 = C*(R + 1/Goff) = 100.1 s",
              scale=v0)


def exlin(x, maxexp):
    return math.exp(maxexp) * (1 + x - maxexp) if x > maxexp else math.exp(x)


def diode_current(v, Ids=1e-6, Vt=0.04, Maxexp=15.0, R=1e8):
    return Ids * (exlin(v / Vt, Maxexp) - 1) + v / R


def electrical_diode():
    m = "Electrical_Diode"
    for t in (0.05, 0.15, 0.3, 0.35, 0.6, 0.85, 1.1):
        v = 0.2 + (0 if t < 0.1 else 0.8 * math.sin(2 * PI * (t - 0.1)))
        i = diode_current(v)
        regime = "linear continuation" if v / 0.04 > 15 else "exponential"
        check(m, "diode.v", t, v, "ALGEBRAIC", "v = 0.2 + (t < 0.1 ? 0 : 0.8*sin(2*pi*(t - 0.1)))")
        check(m, "diode.i", t, i, "ALGEBRAIC",
              f"i = Ids*(exlin(v/Vt, Maxexp) - 1) + v/R at v = {v:.12g} V ({regime} branch)")


def electrical_diode_resistor():
    m = "Electrical_DiodeResistor"
    V, R = 5.0, 1000.0
    lo, hi = 0.0, V  # g(v) = V - v - R*i_D(v) is strictly decreasing: unique root
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if V - mid - R * diode_current(mid) > 0:
            lo = mid
        else:
            hi = mid
    v = 0.5 * (lo + hi)
    i = (V - v) / R
    for t in (0.5, 1.0):
        check(m, "diode.v", t, v, "NEWTON",
              "root of 5 = 1000*i_D(v) + v, i_D = 1e-6*(exp(v/0.04) - 1) + v/1e8, by bisection to machine precision")
        check(m, "resistor.i", t, i, "NEWTON", "i = (5 - v_D)/1000")


# ---------------------------------------------------------------------------------------------
# Mechanics.Translational
# ---------------------------------------------------------------------------------------------

def translational_msd():
    m = "Translational_MassSpringDamper"
    mass, c, d, x0 = 1.0, 10.0, 0.5, 1.0
    sigma = d / (2 * mass)
    w0sq = c / mass
    wd = math.sqrt(w0sq - sigma * sigma)
    for t in (0.1, 0.5, 1.0, 2.0, 3.5, 5.0):
        e = math.exp(-sigma * t)
        s = e * (x0 * math.cos(wd * t) + sigma * x0 / wd * math.sin(wd * t))
        v = -e * x0 * w0sq / wd * math.sin(wd * t)
        check(m, "mass.s", t, s, "OSCILLATORY",
              "m*s'' + d*s' + c*s = 0, s(0) = 1, v(0) = 0: s = exp(-d/(2m)*t)*(cos(wd*t) + d/(2m*wd)*sin(wd*t)), wd = sqrt(c/m - (d/2m)^2) = 3.1524",
              scale=1)
        check(m, "mass.v", t, v, "OSCILLATORY", "v = -exp(-d/(2m)*t)*(c/m)/wd*sin(wd*t)", scale=3.2)
        check(m, "spring.f", t, c * s, "OSCILLATORY", "spring force f = c*s_rel = 10*s", scale=10)


def translational_spring_damper():
    m = "Translational_SpringDamper"
    for t in (0.1, 0.5, 1.0, 2.0, 4.0):
        x = (1 + t) * math.exp(-2 * t)
        v = -(1 + 2 * t) * math.exp(-2 * t)
        check(m, "mass.s", t, 0.5 + x, "SMOOTH",
              "critical damping (c = 4, d = 4, m = 1, w0 = 2): x = s - 0.5 = (x0 + (v0 + w0*x0)*t)*exp(-w0*t) = (1 + t)*exp(-2t)",
              scale=1.5)
        check(m, "mass.v", t, v, "SMOOTH", "v = -(1 + 2t)*exp(-2t)", scale=1)
        check(m, "springDamper.s_rel", t, 0.5 + x, "SMOOTH", "s_rel = mass.s - 0 (L = 0, wall at 0)", scale=1.5)
        check(m, "springDamper.f", t, 4 * x + 4 * v, "SMOOTH", "f = c*(s_rel - 0.5) + d*v_rel", scale=4)


def translational_constant_force():
    m = "Translational_ConstantForce"
    for t in (0.5, 1.0, 2.0):
        s = 0.5 - t + 0.75 * t * t
        v = -1 + 1.5 * t
        check(m, "mass.s", t, s, "SMOOTH", "a = F/m = 1.5: s = 0.5 - t + 0.75*t^2", scale=2.5)
        check(m, "mass.v", t, v, "SMOOTH", "v = -1 + 1.5*t", scale=2)
        check(m, "mass.flange_b.s", t, s + 0.1, "SMOOTH", "flange_b.s = s + L/2, L = 0.2", scale=2.5)
        check(m, "positionSensor.s", t, s + 0.1, "SMOOTH", "sensor on flange_b: s + 0.1", scale=2.5)
        check(m, "speedSensor.v", t, v, "SMOOTH", "sensor on flange_b: v", scale=2)
        check(m, "mass.a", t, 1.5, "SOLVE", "a = f_constant/m = 3/2")
        check(m, "force.f", t, -3.0, "SOLVE", "PartialForce.f = flange.f = -f_constant (MSL sign convention)")


def translational_force():
    m = "Translational_Force"
    A, mass, w = 4.0, 2.0, PI
    for t in (0.25, 1.0, 1.5, 3.0):
        v = A / (mass * w) * (1 - math.cos(w * t))
        s = A / (mass * w) * (t - math.sin(w * t) / w)
        check(m, "mass.v", t, v, "SMOOTH", "m*a = 4*sin(pi*t): v = A/(m*w)*(1 - cos(w*t)), w = pi", scale=1.3)
        check(m, "mass.s", t, s, "SMOOTH", "s = A/(m*w)*(t - sin(w*t)/w)", scale=2)


def translational_force_support():
    m = "Translational_ForceSupport"
    for t in (0.5, 1.0):
        check(m, "mass1.s", t, 1 + 1.5 * t * t, "SMOOTH", "a1 = +6/2 = 3: s1 = 1 + 1.5*t^2", scale=2.5)
        check(m, "mass2.s", t, -t * t, "SMOOTH", "reaction on the support: a2 = -6/3 = -2: s2 = -t^2", scale=1)
        check(m, "mass2.v", t, -2 * t, "SMOOTH", "v2 = -2*t", scale=2)
        check(m, "force.s", t, 1 + 2.5 * t * t, "SMOOTH", "s = flange.s - support.s = s1 - s2", scale=3.5)


def translational_elastogap():
    m = "Translational_ElastoGap"
    c, mass, v0 = 100.0, 1.0, 1.0
    w = math.sqrt(c / mass)
    t1 = 1.0  # contact starts: s = t reaches the stop at 1
    t2 = t1 + PI / w  # half an oscillation later the mass leaves at -v0
    for t in (0.5, 0.9, 1.05, 1.2, 1.3, 1.5, 2.0):
        if t < t1:
            s, v, contact = t, v0, 0.0
        elif t < t2:
            s = 1 + v0 / w * math.sin(w * (t - t1))
            v = v0 * math.cos(w * (t - t1))
            contact = 1.0
        else:
            s, v, contact = 1 - v0 * (t - t2), -v0, 0.0
        note = (f"free flight s = t until contact at t1 = 1; contact m*s'' = -c*(s - 1) gives s = 1 + (v0/w)*sin(w*(t - 1)), "
                f"w = 10; leaves at t2 = 1 + pi/10 = {t2:.9f} with v = -1")
        check(m, "mass.s", t, s, "OSCILLATORY", note, scale=1)
        check(m, "mass.v", t, v, "OSCILLATORY", "v as for mass.s", scale=1)
        check(m, "gap.contact", t, contact, "ALGEBRAIC", "contact = s_rel < 0, i.e. 1 < t < t2", scale=1)


# ---------------------------------------------------------------------------------------------
# Mechanics.Rotational
# ---------------------------------------------------------------------------------------------

def rotational_inertia_torque():
    m = "Rotational_InertiaTorque"
    tau, J = 3.0, 1.5
    for t in (0.5, 1.0, 2.0):
        check(m, "inertia.phi", t, tau * t * t / (2 * J), "SMOOTH", "phi = tau*t^2/(2*J) = t^2", scale=4)
        check(m, "inertia.w", t, tau * t / J, "SMOOTH", "w = tau*t/J = 2*t", scale=4)
        check(m, "inertia.a", t, tau / J, "SOLVE", "a = tau/J = 2")
        check(m, "angleSensor.phi", t, tau * t * t / (2 * J), "SMOOTH", "sensor: phi", scale=4)
        check(m, "speedSensor.w", t, tau * t / J, "SMOOTH", "sensor: w", scale=4)


def rotational_ideal_gear():
    m = "Rotational_IdealGear"
    tau, J1, J2, r = 10.0, 0.5, 4.5, 3.0
    a1 = tau / (J1 + J2 / r ** 2)  # inertia reflected to the input shaft: J1 + J2/ratio^2 = 1
    for t in (0.5, 1.0, 2.0):
        check(m, "inertia1.phi", t, a1 * t * t / 2, "SMOOTH",
              "a1 = tau/(J1 + J2/ratio^2) = 10: phi1 = 5*t^2", scale=20)
        check(m, "inertia1.w", t, a1 * t, "SMOOTH", "w1 = 10*t", scale=20)
        check(m, "inertia2.phi", t, a1 * t * t / 2 / r, "SMOOTH", "phi2 = phi1/ratio", scale=7)
        check(m, "inertia2.w", t, a1 * t / r, "SMOOTH", "w2 = w1/ratio", scale=7)
        check(m, "gear.flange_a.tau", t, tau - J1 * a1, "SOLVE", "gear input torque = tau - J1*a1 = 5")
        check(m, "gear.flange_b.tau", t, -r * (tau - J1 * a1), "SOLVE", "flange_b.tau = -ratio*flange_a.tau = -15")


def rotational_ideal_gear_support():
    m = "Rotational_IdealGearSupport"
    tau, J1, J2, J3, r = 2.0, 1.0, 2.0, 4.0, 2.0
    ta = tau / (J1 * (1 / J1 + r * r / J2 + (1 - r) ** 2 / J3))
    a1 = (tau - ta) / J1
    a2 = r * ta / J2
    a3 = (1 - r) * ta / J3
    deriv = ("ta = gear.flange_a.tau = tau/(J1*(1/J1 + r^2/J2 + (1 - r)^2/J3)) = 8/13; a1 = (tau - ta)/J1, "
             "a2 = r*ta/J2, a3 = (1 - r)*ta/J3 (housing), from phi1 - phi3 = r*(phi2 - phi3), r*ta + tb = 0, "
             "support torque -ta - tb")
    for t in (0.5, 1.0, 2.0):
        check(m, "inertia1.phi", t, a1 * t * t / 2, "SMOOTH", "phi1 = a1*t^2/2; " + deriv, scale=3)
        check(m, "inertia2.phi", t, a2 * t * t / 2, "SMOOTH", "phi2 = a2*t^2/2", scale=3)
        check(m, "housing.phi", t, a3 * t * t / 2, "SMOOTH", "phi3 = a3*t^2/2 (the housing turns backwards)", scale=3)
        check(m, "housing.w", t, a3 * t, "SMOOTH", "w3 = a3*t", scale=3)


def rotational_spring_inertia():
    m = "Rotational_SpringInertia"
    c, J = 16.0, 0.25
    w = math.sqrt(c / J)  # 8 rad/s
    for t in (0.1, 0.5, 1.0, 2.0):
        phi = 0.3 + 0.2 * math.cos(w * t)
        check(m, "inertia.phi", t, phi, "OSCILLATORY",
              "equilibrium phi0 + phi_rel0 = 0.1 + 0.2 = 0.3; phi = 0.3 + 0.2*cos(sqrt(c/J)*t), sqrt(c/J) = 8", scale=0.5)
        check(m, "inertia.w", t, -0.2 * w * math.sin(w * t), "OSCILLATORY", "w = -1.6*sin(8*t)", scale=1.6)
        check(m, "spring.tau", t, c * (phi - 0.1 - 0.2), "OSCILLATORY", "tau = c*(phi_rel - phi_rel0)", scale=3.2)


def rotational_damper():
    m = "Rotational_Damper"
    d, J, w0 = 0.8, 2.0, 10.0
    for t in (0.5, 1.0, 2.5, 5.0):
        e = math.exp(-d * t / J)
        check(m, "inertia.w", t, w0 * e, "SMOOTH", "J*w' = -d*w: w = 10*exp(-0.4*t)", scale=w0)
        check(m, "inertia.phi", t, w0 * J / d * (1 - e), "SMOOTH", "phi = (w0*J/d)*(1 - exp(-0.4*t)) = 25*(1 - exp(-0.4*t))", scale=25)
        check(m, "damper.tau", t, d * w0 * e, "SMOOTH", "tau = d*w_rel = 8*exp(-0.4*t)", scale=8)
        check(m, "damper.lossPower", t, d * (w0 * e) ** 2, "SMOOTH", "lossPower = tau*w_rel = d*w^2", scale=80)


def rotational_spring_damper():
    m = "Rotational_SpringDamper"
    c, d, J, w0 = 25.0, 1.0, 1.0, 2.0
    sigma = d / (2 * J)
    wd = math.sqrt(c / J - sigma * sigma)
    for t in (0.1, 0.5, 1.0, 2.0, 3.0):
        e = math.exp(-sigma * t)
        phi = w0 / wd * e * math.sin(wd * t)
        w = w0 * e * (math.cos(wd * t) - sigma / wd * math.sin(wd * t))
        check(m, "inertia.phi", t, phi, "OSCILLATORY",
              "J*phi'' + d*phi' + c*phi = 0, phi(0) = 0, w(0) = 2: phi = (2/wd)*exp(-t/2)*sin(wd*t), wd = sqrt(25 - 1/4)",
              scale=0.4)
        check(m, "inertia.w", t, w, "OSCILLATORY", "w = 2*exp(-t/2)*(cos(wd*t) - sin(wd*t)/(2*wd))", scale=2)
        check(m, "springDamper.phi_rel", t, phi, "OSCILLATORY", "phi_rel = phi (housing at 0)", scale=0.4)


# ---------------------------------------------------------------------------------------------
# Math, Constants, Units
# ---------------------------------------------------------------------------------------------

def wrap(x, positive):
    y = x - math.floor(x / (2 * PI)) * 2 * PI
    if not positive and y > PI:
        y -= 2 * PI
    return y


def math_functions():
    m = "Math_Functions"
    for t in (0.0 + 0.1, 1.0, 2.0):
        u = 0.2 + 0.3 * t
        y1 = math.atan2(-u, -0.5)
        values = {
            "y_sin": (math.sin(u), "sin(u)"),
            "y_cos": (math.cos(u), "cos(u)"),
            "y_tan": (math.tan(u), "tan(u)"),
            "y_asin": (math.asin(u), "asin(u)"),
            "y_acos": (math.acos(u), "acos(u)"),
            "y_atan": (math.atan(u), "atan(u)"),
            "y_atan2": (math.atan2(u, -0.5), "atan2(u, -0.5), second quadrant"),
            "y_atan3": (y1 + 2 * PI * math.floor((3 - y1 + PI) / (2 * PI)), "atan2(-u, -0.5) + 2*pi*k closest to 3"),
            "y_sinh": (math.sinh(u), "sinh(u)"),
            "y_cosh": (math.cosh(u), "cosh(u)"),
            "y_tanh": (math.tanh(u), "tanh(u)"),
            "y_asinh": (math.asinh(-u), "asinh(-u)"),
            "y_acosh": (math.acosh(1 + u), "acosh(1 + u)"),
            "y_exp": (math.exp(u), "exp(u)"),
            "y_log": (math.log(u), "log(u)"),
            "y_log10": (math.log10(u), "log10(u)"),
            "y_wrap": (wrap(10 * u, False), "10*u wrapped to (-pi, pi]"),
            "y_wrapPositive": (wrap(-10 * u, True), "-10*u wrapped to [0, 2*pi)"),
        }
        for name, (value, formula) in values.items():
            check(m, name, t, value, "ALGEBRAIC", f"{formula}, u = 0.2 + 0.3*t")


def constants_values():
    m = "Constants_Values"
    k, N_A, h, c = 1.380649e-23, 6.02214076e23, 6.62607015e-34, 299792458.0
    mu_0 = 4 * PI * 1.00000000055e-7
    t = 0.5
    for name, value, why in (
        ("pi", PI, "pi"),
        ("e", math.e, "Euler's number"),
        ("g_n", 9.80665, "standard gravity (exact by definition)"),
        ("D2R", PI / 180, "pi/180"),
        ("R", k * N_A, "k*N_A (exact SI 2019 values)"),
        ("sigma", 2 * PI ** 5 * k ** 4 / (15 * h ** 3 * c ** 2), "2*pi^5*k^4/(15*h^3*c^2)"),
        ("epsilon_0", 1 / (mu_0 * c * c), "1/(mu_0*c^2), mu_0 = 4*pi*1.00000000055e-7"),
        ("eps", 1e-15, "library machine epsilon"),
        ("inf", 1e60, "library infinity"),
        ("T_zero", -273.15, "absolute zero in degC"),
    ):
        check(m, name, t, value, "ALGEBRAIC", why)
    for t in (0.5, 1.0):
        check(m, "v", t, 9.80665 * t, "ALGEBRAIC", "v = g_n*t")


def units_conversions():
    m = "Units_Conversions"
    for t in (0.25, 1.0):
        check(m, "T_K", t, 293.15 + 10 * t, "ALGEBRAIC", "from_degC(20 + 10*t) = 293.15 + 10*t")
        check(m, "T_back", t, 20 + 10 * t, "ALGEBRAIC", "to_degC(from_degC(x)) = x")
        check(m, "phi", t, PI / 2 * t, "ALGEBRAIC", "from_deg(90*t) = pi/2*t")
        check(m, "phi_deg", t, 90 * t, "ALGEBRAIC", "to_deg(from_deg(x)) = x")
        check(m, "w", t, 2 * PI * t, "ALGEBRAIC", "from_rpm(60*t) = 2*pi*t")
        check(m, "n", t, 60 * t, "ALGEBRAIC", "to_rpm(from_rpm(x)) = x")
        check(m, "v", t, 10 * t, "ALGEBRAIC", "from_kmh(36*t) = 10*t")
        check(m, "v_kmh", t, 36 * t, "ALGEBRAIC", "to_kmh(from_kmh(x)) = x")


GENERATORS = [
    blocks_constant, blocks_step, blocks_integrator, blocks_integrator_reset, blocks_sine,
    blocks_cosine, blocks_pulse, blocks_sawtooth, blocks_continuous_clock, blocks_boolean_sources,
    blocks_first_order, blocks_second_order, blocks_pi, blocks_derivative, blocks_der, blocks_gain,
    blocks_feedback, blocks_svcontrol, blocks_mo, blocks_product, blocks_abs, blocks_math_functions, blocks_sampler,
    blocks_zero_order_hold,
    electrical_rc, electrical_rl, electrical_lc, electrical_resistor, electrical_rectifier,
    electrical_closing_switch, electrical_opening_switch, electrical_diode, electrical_diode_resistor,
    translational_msd, translational_spring_damper, translational_constant_force, translational_force,
    translational_force_support, translational_elastogap,
    rotational_inertia_torque, rotational_ideal_gear, rotational_ideal_gear_support,
    rotational_spring_inertia, rotational_damper, rotational_spring_damper,
    math_functions, constants_values, units_conversions,
]


def render():
    CHECKS.clear()
    for generate in GENERATORS:
        generate()
    lines = [
        "# Generated by expectations.py: do not edit. One check per line:",
        "# <file> <variable> <time> <expected value> <absolute tolerance> # derivation; tolerance reason",
    ]
    for model, variable, time, value, tolerance, comment in CHECKS:
        time = round(time, 9)
        lines.append(f"{model} {variable} {time:.12g} {value:.17g} {tolerance:.3g} # {comment}")
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "expectations.txt")
    text = render()
    models = {line.split()[0] for line in text.splitlines() if not line.startswith("#")}
    missing = [m for m in sorted(models) if not os.path.exists(os.path.join(here, m))]
    if missing:
        sys.exit(f"checks refer to missing model files: {', '.join(missing)}")
    if "--check" in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit(f"{path} is out of date: run python3 {os.path.basename(__file__)}")
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {len(CHECKS)} checks for {len(models)} models to {path}")


if __name__ == "__main__":
    main()
