// Error bounds for the bounce times of a ball dropped on a floor with restitution mu (the
// walking-skeleton ball examples/BouncingBall.mo and the ARGESIM C21 ball of
// tests/models/events), shared by the solver and `mocc compare` tests. The derivation is the
// one of bounceTimeBound in events_models_test.cpp.
#pragma once

#include "csv.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace mocc::test {

/// The bounces in a result with columns time and `velocity`: event instants where the velocity
/// jumps from falling to rising (the release of h < 0 just after a landing leaves it continuous).
inline std::vector<double> bounceTimes(const CsvTable& table, const std::string& velocity = "v") {
  std::size_t t = table.column("time"), v = table.column(velocity);
  std::vector<double> result;
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    const auto& left = table.rows[i - 1];
    const auto& right = table.rows[i];
    if (left[t] == right[t] && left[v] < 0 && right[v] > 0) result.push_back(right[t]);
  }
  return result;
}

/// The flights of the exact solution: flight j (0-based) starts at height `height[j]` (the
/// drop height for j = 0, else the apex after bounce j) and ends with bounce j + 1 at
/// `bounceTime[j]` with landing speed `speed[j]`.
struct BallFlights {
  std::vector<double> bounceTime, speed, height;
};

/// The geometric series of seed 003, eq. (15), for a ball dropped from rest at height x0:
/// t_m = sqrt(2 x0/g) (-1 + 2 sum_{i<m} mu^i), landing speed mu^(m-1) sqrt(2 g x0), apex after
/// bounce m mu^(2m) x0.
inline BallFlights ballClosedForm(double x0, double g, double mu, std::size_t bounces) {
  BallFlights f;
  double t1 = std::sqrt(2 * x0 / g), sum = 0;
  for (std::size_t m = 1; m <= bounces; ++m) {
    sum += std::pow(mu, static_cast<double>(m - 1));
    f.bounceTime.push_back(t1 * (-1 + 2 * sum));
    f.speed.push_back(std::pow(mu, static_cast<double>(m - 1)) * std::sqrt(2 * g * x0));
    f.height.push_back(m == 1 ? x0 : std::pow(mu, 2.0 * static_cast<double>(m - 1)) * x0);
  }
  return f;
}

/// Bound on the error of bounce m (1-based) at tolerance TOL up to time `stop`. Each flight is
/// a parabola, which every method here integrates exactly except for the K = 10 order-1 steps
/// after a restart (BDF, Adams): local errors of at most TOL (1 + height) in x and
/// TOL (1 + speed) in v.
///  - A position error d moves the landing by d / speed and the landing speed by g d / speed.
///  - A landing speed error dv, reflected (times mu) into the next flight, changes it by
///    2 mu dv / g and lands with the same speed error: all later bounces move by at most
///    2 mu/(1 - mu) dv / g in total ("carry").
///  - The root is located up to tau = 100 eps (|t| + |h|) late (CVODE's root tolerance, also
///    the runtime's locators'): the ball is below the floor by speed tau (the next landing
///    moves by tau / mu) and its speed too large by g tau.
/// So flight j contributes (1 + carry) (d_j / w_j + tau) + tau / mu + carry K TOL (1 + w_j) / g
/// and the contributions of flights 0..m-1 add up.
inline double ballBounceTimeBound(std::size_t m, const BallFlights& f, double g, double mu,
                                  double tol, double stop) {
  const double K = 10, carry = 2 * mu / (1 - mu);
  const double tau = 100 * std::numeric_limits<double>::epsilon() * 2 * stop;
  double bound = 0;
  for (std::size_t j = 0; j < m && j < f.speed.size(); ++j) {
    double d = K * tol * (1 + f.height[j]);
    bound +=
        (1 + carry) * (d / f.speed[j] + tau) + tau / mu + carry * K * tol * (1 + f.speed[j]) / g;
  }
  return bound;
}

} // namespace mocc::test
