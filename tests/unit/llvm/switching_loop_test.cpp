// The ideal-diode half-wave rectifier as a loop with a frozen relation: Newton solves the loop
// with `s < 0` as stored, the crossing function s locates the switch, and event iteration
// re-evaluates the relation after the solve and solves again (MLS 8.5). Compared with an
// independent integration of the same circuit written as a switched ODE.
#include "loop_programs.h"

#include "mocc/runtime/cvode_integrator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace mocc::backend::jit::test {
namespace {

// u = 10 sin(2 pi t) drives R in series with the ideal diode (v = s*(if off then 1 else Ron),
// i = s*(if off then Goff else 1), off = s < 0) into C parallel to RL: C der(vC) = i - vC/RL.
constexpr double amplitude = 10, R = 1, Ron = 1e-5, Goff = 1e-5, C = 0.1, RL = 10;

double source(double t) { return amplitude * std::sin(2 * std::numbers::pi * t); }

struct Rectifier {
  Rectifier() {
    expr::Pool& p = m.pool();
    vC = m.addState("vC");
    u = m.addValue("u");
    s = m.addValue("s");
    v = m.addValue("v");
    i = m.addValue("i");
    expr::Id off = m.addRelation(expr::Op::Lt, m.read(s), m.real(0), true);
    expr::Id voltageFactor = p.ifThenElse(off, m.real(1), m.real(Ron));
    expr::Id currentFactor = p.ifThenElse(off, m.real(Goff), m.real(1));
    sim::AlgebraicSystem loop;
    loop.description = "linear system of 3 equations at diode.mo:9:3, torn to 1 iteration "
                       "variable";
    loop.unknowns = {s};
    loop.inner = {assign(v, p.mul(m.read(s), voltageFactor)),
                  assign(i, p.mul(m.read(s), currentFactor))};
    loop.residuals = {
        p.sub(p.sub(p.sub(m.read(u), m.read(v)), m.read(vC)), p.mul(m.real(R), m.read(i)))};
    loop.jacobian = {p.sub(p.neg(voltageFactor), p.mul(m.real(R), currentFactor))};
    loop.linear = true;
    m.program.systems.push_back(loop);
    expr::Id angle = p.mul(m.real(2 * std::numbers::pi), p.time());
    expr::Id sine = p.call(expr::Builtin::Sin, std::vector<expr::Id>{angle});
    sim::Statement drive = assign(u, p.mul(m.real(amplitude), sine));
    expr::Id charge = p.div(p.sub(m.read(i), p.div(m.read(vC), m.real(RL))), m.real(C));
    m.program.bind = {assign(vC, m.real(0)), assign(s, m.real(0))};
    useEverywhere(m.program, {drive, solve(0), assign(vC + 1, charge)});
    m.program.crossingInputs = {drive, solve(0)};
  }
  TestModel m;
  std::uint32_t vC, u, s, v, i;
};

/// The same circuit as a switched ODE in vC: conducting, s = (u - vC)/(R + Ron) and i = s;
/// blocking, s = (u - vC)/(1 + R Goff) and i = Goff s. The diode switches where u - vC
/// changes sign.
class SwitchedRectifier final : public runtime::OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 1; }
  runtime::CallbackStatus derivatives(double t, std::span<const double> y,
                                      std::span<double> dy) override {
    double drop = source(t) - y[0];
    double current = conducting ? drop / (R + Ron) : Goff * drop / (1 + R * Goff);
    dy[0] = (current - y[0] / RL) / C;
    return runtime::CallbackStatus::Ok;
  }
  runtime::CallbackStatus roots(double t, std::span<const double> y, std::span<double> g) override {
    g[0] = source(t) - y[0];
    return runtime::CallbackStatus::Ok;
  }
  bool conducting = true;
};

/// Indices i of rows i, i+1 sharing one time: the left and right limits of an event.
std::vector<std::size_t> eventPairs(const runtime::ResultTable& table) {
  std::vector<std::size_t> pairs;
  for (std::size_t i = 0; i + 1 < table.rows().size(); ++i)
    if (table.rows()[i].time == table.rows()[i + 1].time) pairs.push_back(i);
  return pairs;
}

struct Reference {
  double finalVoltage;
  std::vector<double> switches;
};

Reference integrateReference(double stop) {
  SwitchedRectifier system;
  runtime::IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-11;
  runtime::CvodeIntegrator integrator(system, settings);
  integrator.reinitialize(0.0, std::vector<double>{0.0});
  Reference reference;
  while (true) {
    runtime::AdvanceResult step = integrator.advance(stop, stop);
    if (step.reason != runtime::AdvanceReason::Root) return {step.state[0], reference.switches};
    reference.switches.push_back(step.time);
    system.conducting = step.rootDirections[0] > 0;
    std::vector<double> state(step.state.begin(), step.state.end());
    integrator.reinitialize(step.time, state);
  }
}

TEST(SwitchingLoop, TheIdealDiodeRectifierMatchesTheSwitchedOde) {
  Rectifier rectifier;
  auto compiled = compileOrFail(rectifier.m.program);
  ASSERT_TRUE(compiled);
  runtime::ResultTable table;
  runtime::SimulationResult result = simulateModel(compiled->model(), 2.0, table, "cvode", 1e-10);
  ASSERT_EQ(result.outcome, runtime::Outcome::Finished) << result.message;
  Reference reference = integrateReference(2.0);
  ASSERT_EQ(reference.switches.size(), 3u); // off after the first peak, on, off again
  std::vector<std::size_t> pairs = eventPairs(table);
  ASSERT_EQ(pairs.size(), reference.switches.size());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    EXPECT_NEAR(table.rows()[pairs[k]].time, reference.switches[k], 1e-7) << "switch " << k;
  // Both integrate at tolerance 1e-10/1e-11 over two periods; the voltages agree well within
  // 1e-6 (the diode's 1e-5 leak and on-resistance are modelled identically).
  EXPECT_NEAR(table.value(table.rows().size() - 1, "vC"), reference.finalVoltage, 1e-6);
  EXPECT_EQ(result.statistics.stateEvents, 3);
}

TEST(SwitchingLoop, TheFrozenRelationAgreesWithTheSolutionAtEveryRow) {
  Rectifier rectifier;
  auto compiled = compileOrFail(rectifier.m.program);
  ASSERT_TRUE(compiled);
  runtime::ResultTable table;
  runtime::SimulationResult result = simulateModel(compiled->model(), 2.0, table, "cvode", 1e-10);
  ASSERT_EQ(result.outcome, runtime::Outcome::Finished) << result.message;
  for (std::size_t r = 0; r < table.rows().size(); ++r) {
    double s = table.value(r, "s"), i = table.value(r, "i");
    double kirchhoff = table.value(r, "u") - table.value(r, "v") - table.value(r, "vC") - R * i;
    EXPECT_NEAR(kirchhoff, 0.0, 1e-9) << "row " << r;
    if (table.rows()[r].kind == runtime::RowKind::EventLeft) continue; // relation still old
    if (std::abs(s) > 1e-9) {
      EXPECT_NEAR(i / s, s < 0 ? Goff : 1.0, 1e-12) << "row " << r;
    }
  }
}

} // namespace
} // namespace mocc::backend::jit::test
