"""Closed forms and the seed's printed numbers for seed 002 (Compere's dissertation).

The compound pendulum (section 3.5): theta'' = -W2 sin(theta), W2 = 3 g/(2 l). Its energy
E = I_O omega^2/2 - m g (l/2) cos(theta) is conserved; its period follows from the amplitude
theta_max (cos(theta_max) = cos(theta0) - omega0^2/(2 W2)) as T = 4 K(sin(theta_max/2))/W,
K the complete elliptic integral of the first kind (computed here by the arithmetic-geometric
mean, no scipy).
"""
import math

M, L, G = 36.0, 1.0, 9.81
I_O = M * L ** 2 / 3
THETA0, OMEGA0 = 20 * math.pi / 180, 1.0
W2 = 3 * G / (2 * L)
W = math.sqrt(W2)
STOP = 5.0


def energy(theta, omega):
    return 0.5 * I_O * omega ** 2 - M * G * (L / 2) * math.cos(theta)


E0 = energy(THETA0, OMEGA0)


def amplitude(theta0, omega0):
    return math.acos(math.cos(theta0) - omega0 ** 2 / (2 * W2))


def ellipk(k):
    a, b = 1.0, math.sqrt(1 - k * k)
    while abs(a - b) > 1e-16 * a:
        a, b = (a + b) / 2, math.sqrt(a * b)
    return math.pi / (2 * a)


def period(theta0, omega0):
    return 4 * ellipk(math.sin(amplitude(theta0, omega0) / 2)) / W


SMALL_PERIOD = 2 * math.pi / W  # small-amplitude period 2 pi sqrt(2 l/(3 g))
THETA_MAX = amplitude(THETA0, OMEGA0)
OMEGA_MAX = math.sqrt(OMEGA0 ** 2 + 2 * W2 * (1 - math.cos(THETA0)))  # at theta = 0

# Seed Tables 3.1 (ODE) and 3.2 (DAE): Delta E = max E - min E (J), fixed-step RK-3, RK-5, RK-8.
SEED_STEPS = (0.05, 0.01, 0.005, 0.001)
SEED_T31 = {0.05: (1.8e-1, 1.4e-4, 5.3e-11), 0.01: (1.4e-3, 4.5e-8, 5.7e-14),
            0.005: (1.8e-4, 1.4e-9, 5.7e-14), 0.001: (1.4e-6, 5.1e-13, 1.4e-13)}
SEED_T32 = {0.05: (2.0e-1, 2.8e-4, 4.4e-8), 0.01: (1.8e-3, 8.9e-8, 1.7e-13),
            0.005: (2.3e-4, 2.8e-9, 8.5e-14), 0.001: (1.8e-6, 9.7e-13, 1.4e-13)}
SEED_E0 = 159.93  # J, section 3.5.1 (magnitude)

# Seed Table 5.5: the 100 bouncing balls (N_ev, N_rhs, N_acc, N_rej).
SEED_T55 = (("smooth ODE solver (Dormand-Prince 5(4))", None, 4963, 401, 426),
            ("new method, no ROC", 1200, 31423, 1239, 1200),
            ("new method, with ROC", 18, 685, 57, 18))
