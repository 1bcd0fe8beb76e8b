// The solvers added beside CVODE BDF and IDA, through the Integrator interface: cvode-adams,
// arkode-erk, arkode-dirk (SUNDIALS) and the runtime's own rk45, rk4 and euler. Each is checked
// against closed forms (exponential decay, the harmonic oscillator) with error bounds derived
// from its order, step and tolerance; plus stepping to exact stop times, dense output,
// statistics across reinitialisations, callback failures and the registry.
#include "mocc/runtime/integrator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace mocc::runtime {
namespace {

/// y' = -y, y(0) = 1: exp(-t). Root function y - 0.5 (at ln 2). Reports a Recoverable failure
/// for the first `glitches` evaluations after `glitchAfter`, and Fatal after `failAfter`.
class Decay final : public OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 1; }
  CallbackStatus derivatives(double t, std::span<const double> y, std::span<double> dy) override {
    if (t > failAfter) return CallbackStatus::Fatal;
    if (t > glitchAfter && glitches > 0) {
      --glitches;
      return CallbackStatus::Recoverable;
    }
    dy[0] = -y[0];
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double> y, std::span<double> g) override {
    g[0] = y[0] - 0.5;
    return CallbackStatus::Ok;
  }
  static double exact(double t) { return std::exp(-t); }

  double glitchAfter = INFINITY;
  int glitches = 0;
  double failAfter = INFINITY;
};

/// x' = v, v' = -x, x(0) = 1, v(0) = 0: x = cos t, v = -sin t. No root functions; the
/// analytic Jacobian is optional so implicit solvers are tested on both paths.
class Oscillator final : public OdeSystem {
public:
  explicit Oscillator(bool analyticJacobian = false) : analyticJacobian_(analyticJacobian) {}
  int size() const override { return 2; }
  int rootCount() const override { return 0; }
  CallbackStatus derivatives(double, std::span<const double> y, std::span<double> dy) override {
    dy[0] = y[1];
    dy[1] = -y[0];
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double>, std::span<double>) override {
    return CallbackStatus::Ok;
  }
  bool hasJacobian() const override { return analyticJacobian_; }
  CallbackStatus jacobian(double, std::span<const double>, std::span<const double>,
                          DenseMatrixView matrix) override {
    matrix(0, 0) = 0.0;
    matrix(0, 1) = 1.0;
    matrix(1, 0) = -1.0;
    matrix(1, 1) = 0.0;
    return CallbackStatus::Ok;
  }
  /// The larger of the two components' errors at t.
  static double error(double t, std::span<const double> y) {
    return std::max(std::abs(y[0] - std::cos(t)), std::abs(y[1] + std::sin(t)));
  }

private:
  bool analyticJacobian_;
};

IntegratorSettings withTolerance(double tolerance) {
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = tolerance;
  return settings;
}

IntegratorSettings withStep(double step) {
  IntegratorSettings settings;
  settings.fixedStep = step;
  return settings;
}

const std::vector<std::string> newSolvers = {"cvode-adams", "arkode-erk", "arkode-dirk",
                                             "rk45",        "rk4",        "euler"};
const std::vector<std::string> adaptiveSolvers = {"cvode-adams", "arkode-erk", "arkode-dirk",
                                                  "rk45"};

/// The largest oscillator error over output points 0.1, 0.2, ..., `end` reached by advance().
double oscillatorError(Integrator& integrator, double end) {
  integrator.reinitialize(0.0, std::vector<double>{1.0, 0.0});
  double worst = 0.0;
  for (int k = 1; k * 0.1 <= end + 1e-12; ++k) {
    double t = k * 0.1;
    AdvanceResult result = integrator.advance(t, end);
    EXPECT_EQ(result.time, t);
    worst = std::max(worst, Oscillator::error(t, result.state));
  }
  return worst;
}

/// The largest error |y(T) - exp(-T)| of a fixed-step solver on y' = -y over [0, T], read at
/// the step ends.
double fixedStepDecayError(const std::string& solver, double step, double end) {
  Decay system;
  auto integrator = makeIntegrator(solver, system, withStep(step));
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  std::vector<double> y(1);
  double worst = 0.0;
  while (integrator->stepEnd() < end) {
    double t = integrator->step(end);
    integrator->denseOutput(t, y);
    worst = std::max(worst, std::abs(y[0] - Decay::exact(t)));
  }
  return worst;
}

double fixedStepOscillatorError(const std::string& solver, double step, double end) {
  Oscillator system;
  auto integrator = makeIntegrator(solver, system, withStep(step));
  return oscillatorError(*integrator, end);
}

// ---------------------------------------------------------------- registry

TEST(SolverRegistry, ListsEverySolverInOrder) {
  std::vector<std::string> names(availableSolvers().begin(), availableSolvers().end());
  EXPECT_EQ(names, (std::vector<std::string>{"cvode", "cvode-adams", "ida", "arkode-erk",
                                             "arkode-dirk", "rk45", "rk4", "euler"}));
}

TEST(SolverRegistry, CreatesEachListedSolverUnderItsName) {
  for (std::string_view name : availableSolvers()) {
    Decay system;
    auto integrator = makeIntegrator(name, system, IntegratorSettings{});
    ASSERT_NE(integrator, nullptr) << name;
    EXPECT_EQ(integrator->name(), name);
  }
}

TEST(SolverRegistry, RejectsAnUnknownNameListingTheKnownOnes) {
  Decay system;
  try {
    makeIntegrator("rk5", system, IntegratorSettings{});
    FAIL() << "rk5 does not exist";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what())
                  .find("(available: cvode, cvode-adams, ida, arkode-erk, arkode-dirk, rk45, "
                        "rk4, euler)"),
              std::string::npos)
        << error.what();
  }
}

// ---------------------------------------------------------------- fixed step: rk4, euler

TEST(FixedStepSolvers, Rk4ConvergesWithOrderFour) {
  // The global error of a p-th order method is C h^p (1 + O(h)): halving h divides it by
  // 2^p (1 + O(h)). For rk4 on the oscillator over [0, 2 pi] with h = 0.1 the O(h) term's
  // coefficient is of order one (the leading terms of the local error are h^5/120 and h^6/720
  // times |y^(6)| = 1, a relative correction of h/6), so the ratio lies within 16 (1 +- 0.1).
  double coarse = fixedStepOscillatorError("rk4", 0.1, 2 * std::numbers::pi);
  double fine = fixedStepOscillatorError("rk4", 0.05, 2 * std::numbers::pi);
  EXPECT_GT(coarse / fine, 16.0 * 0.9) << coarse << " " << fine;
  EXPECT_LT(coarse / fine, 16.0 * 1.1) << coarse << " " << fine;
}

TEST(FixedStepSolvers, EulerConvergesWithOrderOne) {
  // As above with p = 1: the local error of explicit Euler on y' = -y is h^2/2 - h^3/6 + ...,
  // a relative correction of h/3 ~ 0.3% at h = 0.01, so the ratio is 2 within 2%.
  double coarse = fixedStepDecayError("euler", 0.01, 1.0);
  double fine = fixedStepDecayError("euler", 0.005, 1.0);
  EXPECT_GT(coarse / fine, 2.0 * 0.98) << coarse << " " << fine;
  EXPECT_LT(coarse / fine, 2.0 * 1.02) << coarse << " " << fine;
}

TEST(FixedStepSolvers, Rk4ErrorStaysWithinTheSumOfItsLocalErrors) {
  // One rk4 step multiplies by the degree-4 Taylor polynomial of exp(z), z = h lambda, leaving
  // a local error of |z|^5 / 120 (1 + O(z)) of |y|. Both problems are non-expanding (|y| <= 1,
  // |lambda| = 1) and rk4's amplification |R(z)| <= 1 does not grow old errors, so after T / h
  // steps the error is at most T h^4 / 120 (a factor 1.1 covers the O(z) term at h = 0.1).
  const double h = 0.1, end = 2 * std::numbers::pi;
  double bound = 1.1 * end * std::pow(h, 4) / 120;
  EXPECT_LT(fixedStepOscillatorError("rk4", h, end), bound);
  EXPECT_LT(fixedStepDecayError("rk4", h, end), bound);
}

TEST(FixedStepSolvers, EulerErrorStaysWithinTheSumOfItsLocalErrors) {
  // Euler's local error on y' = -y is h^2 / 2 |y| at most, |1 - h| < 1 does not grow old
  // errors, so the global error over [0, T] is at most T h / 2.
  const double h = 0.01, end = 2.0;
  EXPECT_LT(fixedStepDecayError("euler", h, end), end * h / 2);
}

TEST(FixedStepSolvers, DenseOutputIsAccurateToTheMethodsOrderInsideSteps) {
  // The interpolants add their own error to the end points' one: cubic Hermite h^4/384
  // max|y''''| (rk4), linear h^2/8 max|y''| (euler); max |y^(k)| = 1 for the oscillator. The
  // end points' errors are bounded as in the tests above (euler: the oscillator's Euler
  // propagator grows by sqrt(1 + h^2) per step, e^(T h / 2) ~ 1.03 over T = 2 pi at h = 0.01,
  // covered by the factor 1.1).
  struct Case {
    std::string solver;
    double step, bound;
  };
  const double end = 2 * std::numbers::pi;
  for (const Case& c : {Case{"rk4", 0.1, 1.1 * (end / 120 + 1.0 / 384) * std::pow(0.1, 4)},
                        Case{"euler", 0.01, 1.1 * (end / 2 + 1.0 / 8) * 0.01}}) {
    Oscillator system;
    auto integrator = makeIntegrator(c.solver, system, withStep(c.step));
    integrator->reinitialize(0.0, std::vector<double>{1.0, 0.0});
    std::vector<double> y(2);
    double worst = 0.0;
    while (integrator->stepEnd() < end) {
      integrator->step(end);
      for (double fraction : {0.25, 0.5, 0.75}) {
        double t =
            integrator->stepStart() + fraction * (integrator->stepEnd() - integrator->stepStart());
        integrator->denseOutput(t, y);
        worst = std::max(worst, Oscillator::error(t, y));
      }
    }
    EXPECT_LT(worst, c.bound) << c.solver;
    EXPECT_GT(worst, 0.0) << c.solver; // a real interpolant, not the exact solution
  }
}

TEST(FixedStepSolvers, StepsOnTheGridAndShortensTheLastStepOntoTheStopTime) {
  for (const std::string solver : {"rk4", "euler"}) {
    Decay system;
    auto integrator = makeIntegrator(solver, system, withStep(0.1));
    integrator->reinitialize(0.0, std::vector<double>{1.0});
    std::vector<double> reached;
    while (integrator->stepEnd() < 0.35)
      reached.push_back(integrator->step(0.35));
    // Grid points are k * 0.1 computed as such (0.30000000000000004, not 0.1 + 0.1 + 0.1).
    EXPECT_EQ(reached, (std::vector<double>{0.1, 0.2, 3 * 0.1, 0.35})) << solver;
    // Past a stop time between grid points, the next step returns to the grid.
    EXPECT_EQ(integrator->step(1.0), 4 * 0.1) << solver;
  }
}

TEST(FixedStepSolvers, ARecoverableFailureIsAnErrorNamingTheTime) {
  for (const std::string solver : {"rk4", "euler"}) {
    Decay system;
    system.glitchAfter = 0.25;
    system.glitches = 1;
    auto integrator = makeIntegrator(solver, system, withStep(0.1));
    integrator->reinitialize(0.0, std::vector<double>{1.0});
    try {
      integrator->advance(1.0, 1.0);
      FAIL() << solver << ": a fixed-step method cannot retry";
    } catch (const IntegratorError& error) {
      std::string message = error.what();
      EXPECT_NE(message.find(solver + ": the derivatives failed (recoverable) at time 0.3"),
                std::string::npos)
          << message;
      EXPECT_NEAR(error.time(), 0.3, 1e-12);
    }
  }
}

// ---------------------------------------------------------------- adaptive solvers

class AdaptiveSolvers : public ::testing::TestWithParam<std::string> {};

TEST_P(AdaptiveSolvers, GlobalErrorStaysWithinAMultipleOfTheTolerance) {
  // Each solver keeps its estimated local error per step below the tolerance (weighted by
  // atol + rtol |y| <= 2 tol here). On the oscillator over [0, 10] (1.6 periods, errors neither
  // grow nor decay) the global error is the sum of the local ones over 16 to 350 steps; the
  // controllers' safety factors keep most steps well below the tolerance. Measured: 1 to 5 tol
  // for the Runge-Kutta solvers, up to 70 tol for cvode-adams at 1e-8. 100 tol bounds them
  // all; the error must also shrink as the tolerance does.
  std::vector<double> errors;
  for (double tolerance : {1e-4, 1e-6, 1e-8}) {
    Oscillator system(/*analyticJacobian=*/true);
    auto integrator = makeIntegrator(GetParam(), system, withTolerance(tolerance));
    double error = oscillatorError(*integrator, 10.0);
    EXPECT_LT(error, 100 * tolerance) << "tolerance " << tolerance;
    errors.push_back(error);
  }
  EXPECT_LT(errors[1], errors[0]);
  EXPECT_LT(errors[2], errors[1]);
}

TEST_P(AdaptiveSolvers, DecayErrorStaysWithinAMultipleOfTheTolerance) {
  // On y' = -y old errors decay: the global error is below the largest few local errors,
  // which the tolerance bounds; 100 tol as above for the estimators' inexactness.
  for (double tolerance : {1e-5, 1e-7, 1e-9}) {
    Decay system;
    IntegratorSettings settings = withTolerance(tolerance);
    settings.solverRootFinding = false;
    auto integrator = makeIntegrator(GetParam(), system, settings);
    integrator->reinitialize(0.0, std::vector<double>{1.0});
    for (double t : {0.5, 1.0, 2.0, 5.0}) {
      AdvanceResult result = integrator->advance(t, 5.0);
      EXPECT_NEAR(result.state[0], Decay::exact(t), 100 * tolerance) << "t = " << t;
    }
  }
}

/// y' = 942 from y at rounding level above zero: an ideal diode's current right after it turns
/// off (examples/argesim-c21/RLCShortcut.mo at its first event), whose absolute tolerance is
/// 1e-13 (a nominal value of 1e-3).
class RampFromZero final : public OdeSystem {
public:
  int size() const override { return 1; }
  int rootCount() const override { return 0; }
  CallbackStatus derivatives(double, std::span<const double>, std::span<double> dy) override {
    dy[0] = 942.0;
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double>, std::span<double>) override {
    return CallbackStatus::Ok;
  }
};

TEST_P(AdaptiveSolvers, StartFromAStateAtRoundingLevelWithALargeSlope) {
  // The first step is far below eps times the stop time (Hairer's starting step: 1% of the
  // state's size over its slope), which must not count as a step that cannot advance time.
  // Every method integrates a constant slope exactly: 100 tol as above.
  RampFromZero system;
  IntegratorSettings settings = withTolerance(1e-10);
  settings.absoluteTolerances = {1e-13};
  settings.solverRootFinding = false;
  auto integrator = makeIntegrator(GetParam(), system, settings);
  const double t0 = 3.3586285400050027e-06, y0 = 3.3912e-17, stop = 1e-4;
  integrator->reinitialize(t0, std::vector<double>{y0});
  AdvanceResult result = integrator->advance(stop, stop);
  EXPECT_EQ(result.time, stop);
  EXPECT_NEAR(result.state[0], y0 + 942.0 * (stop - t0), 100 * 1e-10 * 942.0 * stop);
}

TEST_P(AdaptiveSolvers, OutputPointsCostNoEvaluationsOfTheirOwn) {
  // Output between steps comes from the step's interpolant: 1000 output points may change the
  // steps a little and cost at most one evaluation per step (an interpolant's end slope), not
  // one per point (bug_arkode_output_fevals: ARKODE's quartic Hermite interpolant evaluated
  // the right-hand side at every output point).
  auto work = [&](int points) {
    Oscillator system(/*analyticJacobian=*/true);
    auto integrator = makeIntegrator(GetParam(), system, withTolerance(1e-8));
    integrator->reinitialize(0.0, std::vector<double>{1.0, 0.0});
    for (int k = 1; k <= points; ++k)
      integrator->advance(10.0 * k / points, 10.0);
    return integrator->statistics();
  };
  IntegratorStatistics dense = work(1000), sparse = work(1);
  EXPECT_LE(dense.rhsEvaluations - sparse.rhsEvaluations, dense.steps);
}

TEST_P(AdaptiveSolvers, DenseOutputInsideStepsIsAsAccurate) {
  // Inside a step the interpolant adds its own error to the end points' (within 100 tol, as
  // above). DOPRI5's continuous extension is 4th order; ARKODE's Hermite interpolant has
  // degree order - 1 (cubic for the 4th-order DIRK), CVODE's Nordsieck one the order in use:
  // at most cubic Hermite's h^4 / 384 max|y| with max|y| = 1 for the oscillator.
  const double tolerance = 1e-7;
  Oscillator system(/*analyticJacobian=*/true);
  auto integrator = makeIntegrator(GetParam(), system, withTolerance(tolerance));
  integrator->reinitialize(0.0, std::vector<double>{1.0, 0.0});
  std::vector<double> y(2);
  double worst = 0.0;
  int steps = 0;
  while (integrator->stepEnd() < 10.0) {
    integrator->step(10.0);
    ++steps;
    for (double fraction : {0.2, 0.5, 0.8}) {
      double t =
          integrator->stepStart() + fraction * (integrator->stepEnd() - integrator->stepStart());
      integrator->denseOutput(t, y);
      double h = integrator->stepEnd() - integrator->stepStart();
      // How far the error exceeds what interpolation alone may add.
      worst = std::max(worst, Oscillator::error(t, y) - std::pow(h, 4) / 384);
    }
  }
  EXPECT_GT(steps, 5);
  EXPECT_LT(worst, 100 * tolerance);
}

TEST_P(AdaptiveSolvers, FindsRootsOnlyWhenTheSettingsLetIt) {
  // rk45 never does (the runtime locates events on its dense output); the SUNDIALS solvers
  // do when solverRootFinding allows.
  bool sundials = GetParam() != "rk45";
  Decay system;
  IntegratorSettings settings = withTolerance(1e-10);
  auto integrator = makeIntegrator(GetParam(), system, settings);
  EXPECT_EQ(integrator->findsRoots(), sundials);
  settings.solverRootFinding = false;
  EXPECT_FALSE(makeIntegrator(GetParam(), system, settings)->findsRoots());
  if (!sundials) return;
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult result = integrator->advance(5.0, 5.0);
  ASSERT_EQ(result.reason, AdvanceReason::Root);
  // The root's time error is the state error (~tolerance) over |y'| = 0.5.
  EXPECT_NEAR(result.time, std::log(2.0), 1e-7);
  EXPECT_EQ(result.rootDirections[0], -1);
}

TEST_P(AdaptiveSolvers, RetriesARecoverableFailureWithASmallerStep) {
  Decay system;
  system.glitchAfter = 0.5;
  system.glitches = 2; // two failed evaluations, then the system recovers
  IntegratorSettings settings = withTolerance(1e-10);
  settings.solverRootFinding = false;
  auto integrator = makeIntegrator(GetParam(), system, settings);
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult result = integrator->advance(2.0, 2.0);
  EXPECT_EQ(result.time, 2.0);
  EXPECT_NEAR(result.state[0], Decay::exact(2.0), 100 * 1e-10);
  EXPECT_EQ(system.glitches, 0);
}

INSTANTIATE_TEST_SUITE_P(Solvers, AdaptiveSolvers, ::testing::ValuesIn(adaptiveSolvers),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// ---------------------------------------------------------------- every new solver

class NewSolvers : public ::testing::TestWithParam<std::string> {
protected:
  IntegratorSettings settings() const {
    IntegratorSettings settings = withTolerance(1e-8);
    settings.fixedStep = 0.01;
    settings.solverRootFinding = false;
    return settings;
  }
};

TEST_P(NewSolvers, StepNeverPassesTheStopTimeAndLandsExactlyOnIt) {
  Decay system;
  auto integrator = makeIntegrator(GetParam(), system, settings());
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  const double stop = 0.3; // not a binary fraction, nor a multiple of the fixed step's sum
  double previous = 0.0;
  int steps = 0;
  while (integrator->stepEnd() < stop) {
    double reached = integrator->step(stop);
    EXPECT_LE(reached, stop);
    EXPECT_GT(reached, previous);
    EXPECT_EQ(integrator->stepStart(), previous);
    EXPECT_EQ(integrator->stepEnd(), reached);
    previous = reached;
    ASSERT_LT(++steps, 10000);
  }
  EXPECT_EQ(integrator->stepEnd(), stop); // bitwise
  // advance() toward a stop time ends there exactly as well, with the state there.
  AdvanceResult result = integrator->advance(1.0, 0.7);
  EXPECT_EQ(result.reason, AdvanceReason::ReachedStopTime);
  EXPECT_EQ(result.time, 0.7);
  // Euler's error is at most T h / 2 (see EulerErrorStaysWithinTheSumOfItsLocalErrors); the
  // others' at most 100 tol (see AdaptiveSolvers) or T h^4 / 120 (rk4), both below 1e-6.
  double bound = GetParam() == "euler" ? 0.7 * 0.01 / 2 : 1e-6;
  EXPECT_NEAR(result.state[0], Decay::exact(0.7), bound);
}

TEST_P(NewSolvers, DenseOutputAtTheRestartReturnsTheRestartStateAndRejectsOtherTimes) {
  Decay system;
  auto integrator = makeIntegrator(GetParam(), system, settings());
  integrator->reinitialize(0.25, std::vector<double>{0.75});
  EXPECT_EQ(integrator->stepStart(), 0.25);
  EXPECT_EQ(integrator->stepEnd(), 0.25);
  std::vector<double> y(1);
  integrator->denseOutput(0.25, y);
  EXPECT_EQ(y[0], 0.75);
  EXPECT_THROW(integrator->denseOutput(0.3, y), IntegratorError);
  integrator->step(1.0);
  double past = integrator->stepEnd() + 0.5 * (integrator->stepEnd() - integrator->stepStart());
  EXPECT_THROW(integrator->denseOutput(past, y), IntegratorError);
  EXPECT_THROW(integrator->denseOutput(0.2, y), IntegratorError);
}

TEST_P(NewSolvers, SumsStatisticsAcrossReinitialization) {
  Decay system;
  auto integrator = makeIntegrator(GetParam(), system, settings());
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  integrator->advance(0.6, 0.6);
  IntegratorStatistics first = integrator->statistics();
  integrator->reinitialize(0.6, std::vector<double>{Decay::exact(0.6)});
  EXPECT_EQ(integrator->statistics().steps, first.steps); // nothing lost, nothing doubled
  integrator->advance(1.2, 1.2);
  IntegratorStatistics both = integrator->statistics();

  // The second segment alone, on a fresh integrator, does the same work.
  Decay freshSystem;
  auto fresh = makeIntegrator(GetParam(), freshSystem, settings());
  fresh->reinitialize(0.6, std::vector<double>{Decay::exact(0.6)});
  fresh->advance(1.2, 1.2);
  IntegratorStatistics second = fresh->statistics();

  EXPECT_GT(first.steps, 0);
  EXPECT_GT(first.rhsEvaluations, first.steps); // at least one evaluation per step, plus setup
  EXPECT_FALSE(first.jacobian.empty());
  EXPECT_EQ(both.steps, first.steps + second.steps);
  EXPECT_EQ(both.rhsEvaluations, first.rhsEvaluations + second.rhsEvaluations);
  EXPECT_EQ(both.jacobianEvaluations, first.jacobianEvaluations + second.jacobianEvaluations);
  EXPECT_EQ(both.errorTestFailures, first.errorTestFailures + second.errorTestFailures);
  EXPECT_EQ(both.nonlinearIterations, first.nonlinearIterations + second.nonlinearIterations);
}

TEST_P(NewSolvers, AFatalFailureIsAnErrorNamingTheTime) {
  Decay system;
  system.failAfter = 0.25;
  auto integrator = makeIntegrator(GetParam(), system, settings());
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  try {
    integrator->advance(1.0, 1.0);
    FAIL() << "a fatal derivative callback must stop the integration";
  } catch (const IntegratorError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("failed"), std::string::npos) << message;
    EXPECT_NE(message.find(" at time "), std::string::npos) << message;
    EXPECT_GT(error.time(), 0.0);
    EXPECT_LE(error.time(), 0.3);
  }
}

INSTANTIATE_TEST_SUITE_P(Solvers, NewSolvers, ::testing::ValuesIn(newSolvers),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// ---------------------------------------------------------------- rk45 specifics

TEST(DormandPrince, RetriesARecoverableFailureWithASmallerStep) {
  Decay system;
  system.glitchAfter = 0.5;
  system.glitches = 3; // three rejected attempts, then the system recovers
  auto integrator = makeIntegrator("rk45", system, withTolerance(1e-8));
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  AdvanceResult result = integrator->advance(2.0, 2.0);
  EXPECT_EQ(result.time, 2.0);
  EXPECT_NEAR(result.state[0], Decay::exact(2.0), 1e-6);
  EXPECT_EQ(system.glitches, 0);
  EXPECT_GE(integrator->statistics().errorTestFailures, 3);
}

TEST(DormandPrince, AStepThatCannotAdvanceTimeIsAnError) {
  Decay system;
  system.glitchAfter = 0.5;
  system.glitches = 1000000; // never recovers
  auto integrator = makeIntegrator("rk45", system, withTolerance(1e-8));
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  try {
    integrator->advance(2.0, 2.0);
    FAIL() << "a permanently failing system cannot be integrated";
  } catch (const IntegratorError& error) {
    EXPECT_NE(std::string(error.what()).find("rk45: the step size fell"), std::string::npos)
        << error.what();
    EXPECT_NEAR(error.time(), 0.5, 1e-6);
  }
}

TEST(DormandPrince, UsesFsalSoAStepCostsSixEvaluations) {
  // Seven stages, the last one reused as the next step's first; plus the first slope and the
  // starting-step estimate's one evaluation.
  Decay system;
  auto integrator = makeIntegrator("rk45", system, withTolerance(1e-6));
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  integrator->advance(3.0, 3.0);
  IntegratorStatistics statistics = integrator->statistics();
  EXPECT_EQ(statistics.rhsEvaluations, 2 + 6 * (statistics.steps + statistics.errorTestFailures));
  EXPECT_EQ(statistics.jacobian, "none (explicit)");
}

TEST(DormandPrince, TooMuchWorkWithinOneAdvanceIsAnError) {
  Decay system;
  IntegratorSettings settings = withTolerance(1e-12);
  settings.maxSteps = 3;
  auto integrator = makeIntegrator("rk45", system, settings);
  integrator->reinitialize(0.0, std::vector<double>{1.0});
  EXPECT_THROW(integrator->advance(5.0, 5.0), IntegratorError);
}

} // namespace
} // namespace mocc::runtime
