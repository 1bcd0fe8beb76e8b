// The integrator interface (DESIGN.md): advance to a time, dense output, reinitialise,
// statistics. The event loop (runtime/src/simulator.cpp) is written once above it, so adding a
// solver never touches event code. Integrators see an OdeSystem, never a Modelica model.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::runtime {

/// What an OdeSystem callback tells the integrator.
enum class CallbackStatus {
  Ok,
  /// The values at this trial point are unusable (NaN, a failed assert): the integrator
  /// rejects the step and retries with a smaller one.
  Recoverable,
  /// Stop: the integrator's advance() throws IntegratorError.
  Fatal,
};

/// A column-major dense n x n matrix that OdeSystem::jacobian fills in.
struct DenseMatrixView {
  double* data;
  int size;
  double& operator()(int row, int column) const {
    return data[static_cast<std::size_t>(column) * static_cast<std::size_t>(size) +
                static_cast<std::size_t>(row)];
  }
};

/// The positions of a Jacobian's nonzeros: entry k is d f_rows[k] / d y_columns[k]; pairs are
/// distinct.
struct SparsityPattern {
  std::vector<int> rows;
  std::vector<int> columns;
};

/// The problem an integrator solves: y' = f(t, y), watching root functions g(t, y). Implicit
/// integrators may instead solve the index-1 form y' = f(t, y, z), 0 = h(t, y, z) with
/// algebraic unknowns z beside y (algebraicSize() > 0), where f(t, y) is f(t, y, z(t, y)).
/// Spans passed to callbacks alias the integrator's own vectors: read and write them in
/// place, never keep them.
class OdeSystem {
public:
  virtual ~OdeSystem() = default;
  /// Number of unknowns, at least 1.
  virtual int size() const = 0;
  /// Number of root functions, possibly 0.
  virtual int rootCount() const = 0;
  /// dy := f(t, y).
  virtual CallbackStatus derivatives(double t, std::span<const double> y, std::span<double> dy) = 0;
  /// g := g(t, y); called at accepted points and while locating a root.
  virtual CallbackStatus roots(double t, std::span<const double> y, std::span<double> g) = 0;
  /// rates := d g / dt along the solution at (t, y) (with dy = f(t, y)), NaN for a root
  /// function whose rate the system cannot give analytically: callers difference those.
  virtual CallbackStatus rootRates(double t, std::span<const double> y, std::span<double> rates) {
    std::fill(rates.begin(), rates.end(), std::numeric_limits<double>::quiet_NaN());
    return CallbackStatus::Ok;
  }
  /// The seam for analytic Jacobians: when false, integrators use finite differences.
  virtual bool hasJacobian() const { return false; }
  /// The nonzeros of the analytic Jacobian, or null when jacobian() fills it densely. Only
  /// asked when hasJacobian() is true; integrators with a sparse linear solver need it.
  virtual const SparsityPattern* jacobianPattern() const { return nullptr; }
  /// jacobian(i, j) := d f_i / d y_j at (t, y), where dy = f(t, y). Only called when
  /// hasJacobian() is true and jacobianPattern() is null.
  virtual CallbackStatus jacobian(double t, std::span<const double> y, std::span<const double> dy,
                                  DenseMatrixView jacobian) {
    return CallbackStatus::Fatal;
  }
  /// values[k] := entry k of jacobianPattern() at (t, y), where dy = f(t, y). Only called when
  /// jacobianPattern() is not null.
  virtual CallbackStatus jacobianNonzeros(double t, std::span<const double> y,
                                          std::span<const double> dy, std::span<double> values) {
    return CallbackStatus::Fatal;
  }

  /// The number of algebraic unknowns z of the index-1 form; 0 for a plain ODE.
  virtual int algebraicSize() const { return 0; }
  /// z := the values the system holds now; consistent with y after initialization and after
  /// every event, when integrators are (re)initialised.
  virtual void algebraicValues(std::span<double> z) {}
  /// dy := f(t, y, z) and h := h(t, y, z). Only called when algebraicSize() > 0.
  virtual CallbackStatus residualForm(double t, std::span<const double> y,
                                      std::span<const double> z, std::span<double> dy,
                                      std::span<double> h) {
    return CallbackStatus::Fatal;
  }
  /// The nonzeros of d [dy; h] / d [y; z] of the residual form, rows and columns in
  /// [0, size() + algebraicSize()): null when the system does not give them.
  virtual const SparsityPattern* residualJacobianPattern() const { return nullptr; }
  virtual CallbackStatus residualJacobianNonzeros(double t, std::span<const double> y,
                                                  std::span<const double> z,
                                                  std::span<double> values) {
    return CallbackStatus::Fatal;
  }
};

struct IntegratorSettings {
  double relativeTolerance = 1e-6;
  double absoluteTolerance = 1e-6;
  /// Per state, its absolute tolerance (absoluteTolerance scaled by the state's nominal
  /// value); empty: absoluteTolerance for every state. Other unknowns take absoluteTolerance.
  std::vector<double> absoluteTolerances;
  double absoluteToleranceOf(std::size_t i) const {
    return i < absoluteTolerances.size() ? absoluteTolerances[i] : absoluteTolerance;
  }
  /// Steps allowed within one advance() call before it fails ("too much work").
  long maxSteps = 100000;
  /// Systems of at least this many unknowns whose analytic Jacobian has a sparsity pattern
  /// are solved with the sparse direct solver KLU; smaller ones with dense LU.
  int sparseThreshold = 100;
  /// false: the integrator ignores the root functions and the runtime locates events on its
  /// dense output (EventLocatingIntegrator, runtime/src/event_locator.h), step by step.
  bool solverRootFinding = true;
  /// The step of fixed-step methods (rk4, euler); 0 lets them use 1/500 of the first
  /// advance() interval. Variable-step methods ignore it.
  double fixedStep = 0.0;
};

/// Work counters summed over every reinitialisation since construction.
struct IntegratorStatistics {
  long steps = 0;
  long rhsEvaluations = 0; // every call of OdeSystem::derivatives, finite differences included
  long jacobianEvaluations = 0;
  long rootEvaluations = 0; // every call of OdeSystem::roots or OdeSystem::rootRates
  long errorTestFailures = 0;
  long nonlinearIterations = 0; // Newton iterations of the integrator
  long convergenceFailures = 0; // nonlinear solver convergence failures
  /// How the Newton matrix is formed: "analytic, dense", "analytic, sparse (KLU)" or
  /// "finite differences, dense".
  std::string jacobian;

  /// Adds the step counters of a finished segment (SUNDIALS restarts them at every reinit).
  void addSegmentCounters(const IntegratorStatistics& segment) {
    steps += segment.steps;
    errorTestFailures += segment.errorTestFailures;
    convergenceFailures += segment.convergenceFailures;
    nonlinearIterations += segment.nonlinearIterations;
    jacobianEvaluations += segment.jacobianEvaluations;
  }
};

/// Why advance() returned.
enum class AdvanceReason { ReachedOutput, ReachedStopTime, Root };

struct AdvanceResult {
  AdvanceReason reason;
  double time;
  /// The state at `time`; valid until the integrator is used again.
  std::span<const double> state;
  /// [rootCount] for AdvanceReason::Root: +1 where g_i crossed upwards, -1 downwards, 0 for
  /// functions without a root; all 0 (or empty) otherwise.
  std::span<const int> rootDirections;
  /// For AdvanceReason::Root: the largest |g_i| at `time` over the functions with a root, and
  /// the evaluations of the root functions the location took.
  double residual = 0.0;
  long iterations = 0;
  /// [rootCount] or empty, for AdvanceReason::Root: the instant each function's root was
  /// located at (roots within the location tolerance of each other share the latest of their
  /// times; NaN where it has none); empty: all at `time`. With a region of concurrency
  /// (EventConcurrency) the roots of one step located up to its window before `time` come
  /// with the root at `time`; the state at their times is the dense output of the step.
  std::span<const double> rootTimes = {};
};

/// A failure inside an integrator: the message names the solver function, its flag and the
/// time, plus the solver's own explanation when it gave one.
class IntegratorError : public std::runtime_error {
public:
  IntegratorError(const std::string& message, double time)
      : std::runtime_error(message), time_(time) {}
  double time() const { return time_; }
  /// After a failed error test: the component of the integrator's vector with the largest
  /// weighted local error estimate of the last step tried (what the step size could not tame).
  std::optional<std::size_t> largestErrorComponent() const { return largestErrorComponent_; }
  void setLargestErrorComponent(std::size_t component) { largestErrorComponent_ = component; }

private:
  double time_;
  std::optional<std::size_t> largestErrorComponent_;
};

class Integrator {
public:
  virtual ~Integrator() = default;
  virtual std::string_view name() const = 0;
  /// Starts at (t, y), forgetting all history: call it before the first advance() and after
  /// every event. Statistics keep counting across calls.
  virtual void reinitialize(double t, std::span<const double> y) = 0;
  /// Integrates toward `tOut` without ever stepping past `tStop`; returns at tOut
  /// (interpolated, so output points do not limit the step size), at exactly tStop when that
  /// comes first, or at the first root of a root function (only when findsRoots()). Throws
  /// IntegratorError on failure. Integrators without root finding implement it with
  /// advanceBySteps().
  virtual AdvanceResult advance(double tOut, double tStop) = 0;
  /// Whether advance() stops at roots of the system's root functions itself (the solver's own
  /// root finding, when IntegratorSettings::solverRootFinding allows it).
  virtual bool findsRoots() const { return false; }
  /// Takes one internal step from the end of the last one toward `tStop`, never past it, and
  /// returns the time reached (exactly tStop when it gets there). No root finding: afterwards
  /// denseOutput() covers the whole step, from the time step() started at. Throws
  /// IntegratorError on failure.
  virtual double step(double tStop) = 0;
  /// When findsRoots(): the roots at which the last step() stopped short of its natural end,
  /// as AdvanceResult::rootDirections (all 0 when it stopped for no root).
  virtual std::span<const int> lastStepRoots() const { return {}; }
  /// The time the last step() started at, and the time it reached: the restart time for
  /// both before any step (denseOutput at that time then returns the restart state).
  virtual double stepStart() const = 0;
  virtual double stepEnd() const = 0;
  /// The solution at t inside the last step (dense output). Throws IntegratorError when t lies
  /// outside it.
  virtual void denseOutput(double t, std::span<double> y) const = 0;
  virtual IntegratorStatistics statistics() const = 0;

protected:
  /// advance() without root finding: step() until tOut or tStop is reached, then the dense
  /// output there, written to `state` (the integrator's own buffer, sized like the system),
  /// which the result refers to. rootDirections is empty.
  AdvanceResult advanceBySteps(double tOut, double tStop, std::span<double> state);
};

/// The solvers makeIntegrator knows, in the order the CLI lists them.
std::span<const std::string_view> availableSolvers();

/// Creates the named solver for `system`, which must outlive it. Throws std::invalid_argument
/// for an unknown name (the message lists the available ones).
std::unique_ptr<Integrator> makeIntegrator(std::string_view solver, OdeSystem& system,
                                           const IntegratorSettings& settings);

} // namespace mocc::runtime
