// Hand-built programs with algebraic loops (sim::AlgebraicSystem and Solve statements) for the
// backend/llvm tests: each puts its statements into every list the runtime calls, as the
// program builder does, and documents its closed form.
#pragma once

#include "test_model.h"

#include "mocc/runtime/simulation.h"

#include <cmath>

namespace mocc::backend::jit::test {

inline sim::Statement solve(std::uint32_t system) {
  return sim::Statement{sim::Solve{system}, "loop.mo:3:3"};
}

/// Every continuous list, the event list and initialize run `statements`.
inline void useEverywhere(sim::Program& program, const std::vector<sim::Statement>& statements) {
  program.derivatives = statements;
  program.outputs = statements;
  program.event = statements;
  program.initialize = statements;
}

/// der(s) = x with x + 2y = s and 3x - y = 1 solved together (linear), s(0) = 1. So
/// x = (s + 2)/7, y = 3x - 1 and s(t) = 3 exp(t/7) - 2.
struct LinearLoop {
  explicit LinearLoop(bool analyticJacobian = true) {
    expr::Pool& p = m.pool();
    s = m.addState("s");
    x = m.addValue("x");
    y = m.addValue("y");
    sim::AlgebraicSystem loop;
    loop.description = "linear system of 2 equations at loop.mo:3:3";
    loop.unknowns = {x, y};
    loop.residuals = {p.sub(p.add(m.read(x), p.mul(m.real(2), m.read(y))), m.read(s)),
                      p.sub(p.sub(p.mul(m.real(3), m.read(x)), m.read(y)), m.real(1))};
    if (analyticJacobian) loop.jacobian = {m.real(1), m.real(2), m.real(3), m.real(-1)};
    loop.linear = true;
    m.program.systems.push_back(loop);
    m.program.bind = {assign(s, m.real(1)), assign(x, m.real(0)), assign(y, m.real(0))};
    useEverywhere(m.program, {solve(0), assign(s + 1, m.read(x))});
  }
  static double exact(double t) { return 3 * std::exp(t / 7) - 2; }

  TestModel m;
  std::uint32_t s, x, y;
};

/// der(s) = y with x^2 + y^2 = 1 and y = x^3, torn to the iteration variable x (y is inner):
/// residual x^2 + y^2 - 1, Jacobian 2x + 2y * 3x^2 through the inner assignment. x starts at
/// 1; the solution is the positive root of x^2 + x^6 = 1.
struct CircleCubicLoop {
  explicit CircleCubicLoop(bool analyticJacobian = true) {
    expr::Pool& p = m.pool();
    s = m.addState("s");
    x = m.addValue("x");
    y = m.addValue("y");
    sim::AlgebraicSystem loop;
    loop.description = "nonlinear system of 2 equations at loop.mo:3:3, torn to 1 iteration "
                       "variable";
    loop.unknowns = {x};
    loop.inner = {assign(y, p.pow(m.read(x), m.real(3)))};
    loop.residuals = {
        p.sub(p.add(p.mul(m.read(x), m.read(x)), p.mul(m.read(y), m.read(y))), m.real(1))};
    if (analyticJacobian)
      loop.jacobian = {
          p.add(p.mul(m.real(2), m.read(x)),
                p.mul(p.mul(m.real(2), m.read(y)), p.mul(m.real(3), p.mul(m.read(x), m.read(x)))))};
    m.program.systems.push_back(loop);
    m.program.bind = {assign(s, m.real(0)), assign(x, m.real(1)), assign(y, m.real(0))};
    useEverywhere(m.program, {solve(0), assign(s + 1, m.read(y))});
  }

  /// The positive root of x^2 + x^6 = 1, by bisection.
  static double root() {
    double low = 0, high = 1;
    for (int i = 0; i < 200; ++i) {
      double mid = (low + high) / 2;
      (mid * mid + std::pow(mid, 6) < 1 ? low : high) = mid;
    }
    return low;
  }

  TestModel m;
  std::uint32_t s, x, y;
};

/// Simulates a compiled model with `solver` at tight tolerances into a table.
inline runtime::SimulationResult simulateModel(const mocc_model& model, double stop,
                                               runtime::ResultTable& table,
                                               const std::string& solver = "cvode",
                                               double tolerance = 1e-10) {
  runtime::SimulationOptions options;
  options.stopTime = stop;
  options.interval = stop / 100;
  options.tolerance = tolerance;
  options.solver = solver;
  return runtime::simulate(model, options, {}, table);
}

} // namespace mocc::backend::jit::test
