#!/usr/bin/env python3
"""High-accuracy references for ARGESIM C21 case 1 (bouncing ball) where no one-line closed form
exists: the event-contact ball with air resistance and the Kelvin-Voigt continuous-contact ball.

Run with a python3 that has mpmath (`python3 reference.py`, about 15 s); it rewrites, in this
folder,

  reference_drag_bounces.csv   event-contact ball with air resistance (EventContactRest.mo and
                               Compensation.mo): bounce times, landing and rebound speeds, apexes
  reference_scalars.csv        t_inf of the linear and the drag ball, the compensating initial
                               velocity delta* and its t_inf, first-fall times on Earth and Mars
  reference_kelvin_voigt.csv   Kelvin-Voigt ball (KelvinVoigt.mo, ParameterStudy.mo,
                               EarthMars.mo): every event C, F, M, W of six parameter sets
  reference_restitution.csv    first contact of the Kelvin-Voigt ball on a k x d grid
                               (the parameter plot of the k-d study)

Method. Every phase of both models has a solution in closed form, so no ODE is integrated:
  - free flight with drag, v' = -g - beta v |v| (eq. 10; v^2 sign(v) = v |v|): with the terminal
    speed V = sqrt(g/beta) and c = sqrt(g beta), upwards v = V tan(phi0 - c t),
    x = x_s + ln(cos(phi0 - c t)/cos(phi0))/beta (phi0 = atan(v_s/V)), apex at t = phi0/c at
    height x_s + ln(1 + v_s^2/V^2)/(2 beta); downwards from rest v = -V tanh(c t),
    x = H - ln(cosh(c t))/beta, so the fall from H takes acosh(exp(beta H))/c (back to the
    launch height of a throw at u: asinh(u/V)/c, and the landing speed is u/sqrt(1 + u^2/V^2),
    forms free of cancellation for the tiny late flights);
  - the deformation in flight, w' = -(k/d) w (eq. 17): w = w_s exp(-(k/d) t);
  - the contact phase (eq. 21, as printed: no air resistance), x'' + d x' + k x = -g:
    x + g/k = A exp(l1 t) + B exp(l2 t) with l1,2 = (-d +- sqrt(d^2 - 4k))/2 (complex when
    underdamped; mpmath's complex arithmetic covers both cases), and w = -x (y = x + w stays 0).
The event instants are the roots of these expressions: C (y = x + w falls through 0 in flight),
F (f_c = -k x - d v falls through 0 in contact), M (v falls through 0 in flight: apex) and W
(v rises through 0 in contact: largest deformation). Each is bracketed on a grid of the
expression and refined by bisection to 1e-35 s; everything is evaluated at 40 significant
digits, so the printed 17 digits are the correctly rounded doubles of the exact values.

The switching semantics are those of KelvinVoigt.mo: C needs y to become negative after it was
positive (at separation y = 0 and y' = 0 exactly, and y'' = -g - beta v^2 + (k/d) v > 0 for
every case here: the script stops with an error if not, since the model then has no solution
that leaves the contact), F needs f_c to become negative; both keep y = 0 exactly at the switch
(w := -x). A contact ends for good when the envelope of k (x + g/k) + d v, which bounds
g - f_c, falls below g.

Self-check: the closed forms are compared with mpmath's Taylor-series ODE solver (odefun) on the
first drag flight and the first contact and flight of the Kelvin-Voigt ball (agreement to 1e-25
is asserted).
"""
import csv
import os

from mpmath import (mp, mpf, mpc, sqrt, atan, tan, log, log1p, cos, cosh, acosh, asinh, tanh,
                    atanh, exp, re, fabs, odefun)

mp.dps = 40


def fmt(v):
    if isinstance(v, (int, str)):
        return v
    return mp.nstr(v, 17, strip_zeros=False, min_fixed=-4, max_fixed=6)


def write(name, header, rows):
    """NAME in this script's folder."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow([fmt(v) for v in row])


def bisect(f, a, b, tol=mpf("1e-36")):
    """Root of f in [a, b] where f(a) > 0 >= f(b) (or the reverse), by bisection."""
    fa = f(a)
    while b - a > tol * (1 + fabs(b)):
        m = (a + b) / 2
        fm = f(m)
        if (fm > 0) == (fa > 0):
            a, fa = m, fm
        else:
            b = m
    return (a + b) / 2


class Flight:
    """Free flight from (x_s, v_s) at tau = 0 under v' = -g - beta v |v| (beta >= 0)."""

    def __init__(self, g, beta, x_s, v_s):
        self.g, self.beta, self.x_s, self.v_s = g, beta, x_s, v_s
        if beta > 0:
            self.V, self.c = sqrt(g / beta), sqrt(g * beta)
        if v_s > 0:
            if beta > 0:
                phi0 = atan(v_s / self.V)
                self.phi0 = phi0
                self.tau_apex = phi0 / self.c
                self.H = x_s + log1p((v_s / self.V) ** 2) / (2 * beta)
            else:
                self.tau_apex = v_s / g
                self.H = x_s + v_s ** 2 / (2 * g)
        else:
            self.tau_apex = None
            if beta > 0:
                self.a = atanh(-v_s / self.V)

    def state(self, tau):
        g, beta = self.g, self.beta
        if self.tau_apex is not None and tau <= self.tau_apex:
            if beta > 0:
                arg = self.phi0 - self.c * tau
                return self.x_s + log(cos(arg) / cos(self.phi0)) / beta, self.V * tan(arg)
            return self.x_s + self.v_s * tau - g * tau ** 2 / 2, self.v_s - g * tau
        if self.tau_apex is not None:  # falling from the apex
            s = tau - self.tau_apex
            if beta > 0:
                return self.H - log(cosh(self.c * s)) / beta, -self.V * tanh(self.c * s)
            return self.H - g * s ** 2 / 2, -g * s
        if beta > 0:  # falling from the start (v_s <= 0)
            arg = self.c * tau + self.a
            return (self.x_s - (log(cosh(arg)) - log(cosh(self.a))) / beta, -self.V * tanh(arg))
        return self.x_s + self.v_s * tau - g * tau ** 2 / 2, self.v_s - g * tau

    def time_to_height(self, h):
        """Time at which the falling ball passes height h (< its apex), in closed form."""
        g, beta = self.g, self.beta
        if self.tau_apex is None:
            raise ValueError("only used after an apex")
        drop = self.H - h
        if beta > 0:
            if h == self.x_s and self.v_s > 0:
                # back to the launch height: cosh(c s) = exp(beta drop) = sqrt(1 + r^2) with
                # r = v_s/V, so s = asinh(r)/c (free of the cancellation in acosh(1 + small))
                return self.tau_apex + asinh(self.v_s / self.V) / self.c
            return self.tau_apex + acosh(exp(beta * drop)) / self.c
        return self.tau_apex + sqrt(2 * drop / g)


# ---------------------------------------------------------------------------------------------
# Event-contact ball with air resistance (eq. 10, 12, 13): x0 = 10, v0 = 0, mu = 0.9, g = 9.81,
# beta = 0.002. Bounce m at t_m with landing speed w_m; the rebound speed is u_m = mu w_m.
def drag_bounces(x0, g, beta, mu, count):
    rows = []
    fall = Flight(g, beta, x0, mpf(0))
    # from rest: the start is the apex
    fall.tau_apex, fall.H = mpf(0), x0
    if beta > 0:
        fall.phi0 = mpf(0)
    t = fall.time_to_height(0)
    w = -fall.state(t)[1]
    for m in range(1, count + 1):
        u = mu * w
        flight = Flight(g, beta, mpf(0), u)
        t_apex = t + flight.tau_apex
        t_next = t + flight.time_to_height(0)
        rows.append((m, t, w, u, t_apex, flight.H))
        w = -flight.state(t_next - t)[1]
        t = t_next
    return rows


def t_infinity(x0, g, beta, mu):
    """Accumulation time of the bounces: the flights are summed until one is below 1e-42 s
    (the rest of the series, a geometric one of ratio mu, is below 1e-41 s)."""
    rows = drag_bounces(x0, g, beta, mu, 1)
    t, w = rows[0][1], rows[0][2]
    while True:
        u = mu * w
        flight = Flight(g, beta, mpf(0), u)
        dt = flight.time_to_height(0)
        w = -flight.state(dt)[1]
        t += dt
        if dt < mpf("1e-42"):
            return t


# ---------------------------------------------------------------------------------------------
# Kelvin-Voigt ball (eq. 17-23), maximal state space x, v, w.
class Contact:
    """Contact phase from (x_s, v_s) at tau = 0: x'' + d x' + k x = -g, w = -x."""

    def __init__(self, g, k, d, x_s, v_s):
        self.g, self.k, self.d = g, k, d
        disc = d * d - 4 * k
        root = sqrt(mpc(disc))
        self.l1, self.l2 = (-d + root) / 2, (-d - root) / 2
        z0 = x_s + g / k
        self.A = (v_s - self.l2 * z0) / (self.l1 - self.l2)
        self.B = z0 - self.A
        # time scale for the grids: the fastest rate
        self.h = 1 / (40 * max(abs(self.l1), abs(self.l2)))

    def state(self, tau):
        e1, e2 = exp(self.l1 * tau), exp(self.l2 * tau)
        x = re(self.A * e1 + self.B * e2) - self.g / self.k
        v = re(self.l1 * self.A * e1 + self.l2 * self.B * e2)
        return x, v

    def fc(self, tau):
        x, v = self.state(tau)
        return -self.k * x - self.d * v

    def envelope(self, tau):
        """Bound on |k z + d z'| from tau on (both terms decay): g - f_c = k z + d z'."""
        k, d = self.k, self.d
        return ((k + d * abs(self.l1)) * abs(self.A) * exp(re(self.l1) * tau)
                + (k + d * abs(self.l2)) * abs(self.B) * exp(re(self.l2) * tau))


def kelvin_voigt(g, beta, k, d, x0=mpf(10), v0=mpf(0), t_end=mpf(30), contacts_max=None):
    """Every event of the Kelvin-Voigt ball up to t_end: (kind, t, x, v, w)."""
    events = []
    t, x, v, w = mpf(0), x0, v0, mpf(0)
    while True:
        # ---- flight from (t, x, v, w): y = x + w; y = 0 at a separation, x0 > 0 at the start
        fl = Flight(g, beta, x, v)
        ws = w
        rate = k / d

        def y_of(tau):
            xx, _ = fl.state(tau)
            return xx + ws * exp(-rate * tau)

        if t > 0:  # after a separation: y'' must be positive for the flight to be well posed
            ydd = -g - beta * v * v + rate * v
            if ydd <= 0:
                raise RuntimeError(f"separation at t = {t} with y'' = {ydd} <= 0: no flight")
        tau_c = None
        # up phase (if any): y could return to zero before the apex when w is slow to relax
        if fl.tau_apex is not None:
            n = 400
            prev = mpf(0)
            for i in range(1, n + 1):
                tau = fl.tau_apex * i / n
                if y_of(tau) < 0:
                    tau_c = bisect(y_of, prev, tau)
                    break
                prev = tau
        if tau_c is None:
            # after the apex y' = v - (k/d) w < 0: one root; bracket it by doubling
            lo = fl.tau_apex if fl.tau_apex is not None else mpf(0)
            step = mpf("1e-6")
            hi = lo + step
            while y_of(hi) >= 0:
                step *= 2
                lo, hi = hi, hi + step
            tau_c = bisect(y_of, lo, hi)
        if fl.tau_apex is not None and fl.tau_apex < tau_c and fl.tau_apex > 0:
            ta = fl.tau_apex
            if t + ta > t_end:
                return events
            xa, _ = fl.state(ta)
            events.append(("M", t + ta, xa, mpf(0), ws * exp(-rate * ta)))
        if t + tau_c > t_end:
            return events
        x, v = fl.state(tau_c)
        w = -x  # y = 0 exactly at the switch (as reinit(w, -x) in the model)
        t = t + tau_c
        events.append(("C", t, x, v, w))
        if contacts_max is not None and sum(e[0] == "C" for e in events) >= contacts_max:
            return events
        # ---- contact from (t, x, v)
        ct = Contact(g, k, d, x, v)
        tau, prev, found_w, tau_f = mpf(0), mpf(0), False, None
        prev_v = v
        while True:
            tau = prev + max(ct.h, prev / 100)  # resolves the fast and the slow rate
            xx, vv = ct.state(tau)
            if not found_w and prev_v <= 0 < vv:
                tw = bisect(lambda s: -ct.state(s)[1], prev, tau)
                xw, _ = ct.state(tw)
                if t + tw > t_end:
                    return events
                events.append(("W", t + tw, xw, mpf(0), -xw))
                found_w = True
            if ct.fc(tau) < 0:
                tau_f = bisect(ct.fc, prev, tau)
                break
            if found_w and ct.envelope(tau) < g:
                return events  # the ball stays in contact for good
            if t + tau > t_end:
                return events
            prev, prev_v = tau, vv
        x, v = ct.state(tau_f)
        w = -x
        t = t + tau_f
        if t > t_end:
            return events
        events.append(("F", t, x, v, w))


def self_check():
    """Closed forms against mpmath's Taylor-series integrator (odefun)."""
    g, beta = mpf("9.81"), mpf("0.002")
    # first fall and first flight of the drag ball
    rows = drag_bounces(mpf(10), g, beta, mpf("0.9"), 2)
    f = odefun(lambda t, s: [s[1], -g - beta * s[1] * fabs(s[1])], 0, [mpf(10), mpf(0)])
    x, v = f(rows[0][1])
    assert fabs(x) < mpf("1e-25") and fabs(-v - rows[0][2]) < mpf("1e-25"), (x, v)
    # the first flight, split at the apex where v |v| changes its formula (Taylor series
    # do not cross the kink of the second derivative)
    up = odefun(lambda t, s: [s[1], -g - beta * s[1] ** 2], 0, [mpf(0), rows[0][3]])
    x, v = up(rows[0][4] - rows[0][1])
    assert fabs(x - rows[0][5]) < mpf("1e-25") and fabs(v) < mpf("1e-25"), (x, v)
    down = odefun(lambda t, s: [s[1], -g + beta * s[1] ** 2], 0, [rows[0][5], mpf(0)])
    x, v = down(rows[1][1] - rows[0][4])
    assert fabs(x) < mpf("1e-25") and fabs(-v - rows[1][2]) < mpf("1e-25"), (x, v)
    # first contact and the start of the next flight of the Kelvin-Voigt ball
    k, d = mpf(10) ** 6, mpf(500)
    ev = kelvin_voigt(g, beta, k, d, contacts_max=2)
    c1 = next(e for e in ev if e[0] == "C")
    f1 = next(e for e in ev if e[0] == "F")
    fc = odefun(lambda t, s: [s[1], -g - k * s[0] - d * s[1]], 0, [c1[2], c1[3]])
    x, v = fc(f1[1] - c1[1])
    assert fabs(x - f1[2]) < mpf("1e-25") and fabs(v - f1[3]) < mpf("1e-25"), (x, v)
    assert fabs(-k * x - d * v) < mpf("1e-20")
    # 10 ms of the next flight, before its apex (v > 0 throughout)
    ff = odefun(lambda t, s: [s[1], -g - beta * s[1] ** 2, -(k / d) * s[2]], 0,
                [f1[2], f1[3], f1[4]])
    tau = mpf("0.01")
    x, v, w = ff(tau)
    fl = Flight(g, beta, f1[2], f1[3])
    assert fl.tau_apex > tau
    xr, vr = fl.state(tau)
    wr = f1[4] * exp(-(k / d) * tau)
    assert max(fabs(x - xr), fabs(v - vr), fabs(w - wr)) < mpf("1e-25"), (x - xr, v - vr, w - wr)


def main():
    self_check()
    g, mu, x0 = mpf("9.81"), mpf("0.9"), mpf(10)
    beta = mpf("0.002")
    rows = drag_bounces(x0, g, beta, mu, 140)
    write("reference_drag_bounces.csv",
          ["bounce", "time", "landing_speed", "rebound_speed", "apex_time", "apex_height"], rows)

    t_inf_lin = sqrt(2 * x0 / g) * (1 + mu) / (1 - mu)
    t_inf_drag = t_infinity(x0, g, beta, mu)
    # Compensation (Compensation.mo): the linear ball thrown with v0 = delta lands first at
    # (delta + w)/g with w = sqrt(delta^2 + 2 g x0) and its bounces accumulate at
    # t_inf(delta) = (delta + a w)/g, a = (1 + mu)/(1 - mu). Every delta != 0 adds energy, so
    # no delta brings t_inf down to the drag ball's: its minimum, at delta/w = -1/a, is
    # t_inf(delta*) = sqrt(2 g x0 (a^2 - 1))/g with delta* = -sqrt(2 g x0/(a^2 - 1)).
    a = (1 + mu) / (1 - mu)
    delta = -sqrt(2 * g * x0 / (a * a - 1))
    wd = sqrt(delta ** 2 + 2 * g * x0)
    t_inf_min = (delta + a * wd) / g
    assert fabs(t_inf_min - sqrt(2 * g * x0 * (a * a - 1)) / g) < mpf("1e-35")
    g_mars, beta_mars = mpf("3.69"), mpf("2.3e-4")
    scalars = [
        ("t_inf_linear", t_inf_lin),
        ("t_inf_drag", t_inf_drag),
        ("delta_compensation", delta),
        ("t_inf_linear_compensated", t_inf_min),
        ("first_fall_earth_drag", acosh(exp(beta * x0)) / sqrt(g * beta)),
        ("first_fall_mars_drag", acosh(exp(beta_mars * x0)) / sqrt(g_mars * beta_mars)),
    ]
    write("reference_scalars.csv", ["name", "value"], scalars)

    cases = [
        ("earth", g, beta, mpf(10) ** 6, mpf(500)),
        ("mars", g_mars, beta_mars, mpf(10) ** 6, mpf(500)),
        ("k1e4", g, beta, mpf(10) ** 4, mpf(500)),
        ("k1e8", g, beta, mpf(10) ** 8, mpf(500)),
        ("d50", g, beta, mpf(10) ** 6, mpf(50)),
        ("d5000", g, beta, mpf(10) ** 6, mpf(5000)),
    ]
    rows = []
    for name, gg, bb, k, d in cases:
        for n, (kind, t, x, v, w) in enumerate(kelvin_voigt(gg, bb, k, d), start=1):
            rows.append((name, n, kind, t, x, v, w))
    write("reference_kelvin_voigt.csv", ["case", "event", "kind", "time", "x", "v", "w"], rows)

    # The k-d grid: first contact (C1), largest deformation (W1) and separation (F1), if any;
    # e = v(F1)/|v(C1)|. e0 is the same ratio without gravity, which depends on
    # zeta = d/(2 sqrt(k)) only.
    rows = []
    for k in [mpf(10) ** p for p in (4, 5, 6, 7, 8)]:
        for d in [mpf(50), mpf(150), mpf(500), mpf(1500), mpf(5000)]:
            ev = kelvin_voigt(g, beta, k, d, t_end=mpf(3), contacts_max=2)
            c1 = ev[0]
            assert c1[0] == "C"
            w1 = next((e for e in ev if e[0] == "W"), None)
            f1 = next((e for e in ev if e[0] == "F"), None)
            zeta = d / (2 * sqrt(k))
            ct0 = Contact(mpf(0), k, d, mpf(0), mpf(-1))
            tau, prev = mpf(0), mpf(0)
            e0 = mpf(0)
            while tau < 10 / abs(re(ct0.l1)):
                tau = prev + max(ct0.h, prev / 100)
                if ct0.fc(tau) < 0:
                    e0 = ct0.state(bisect(ct0.fc, prev, tau))[1]
                    break
                prev = tau
            rows.append((k, d, zeta, c1[1], c1[3], w1[1] if w1 else "", w1[4] if w1 else "",
                         f1[1] if f1 else "", f1[2] if f1 else "", f1[3] if f1 else "",
                         f1[3] / -c1[3] if f1 else 0, e0))
    write("reference_restitution.csv",
          ["k", "d", "zeta", "t_C1", "v_C1", "t_W1", "w_W1", "t_F1", "x_F1", "v_F1", "e", "e0"],
          rows)


if __name__ == "__main__":
    main()
