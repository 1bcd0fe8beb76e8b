// What a SUNDIALS integrator supplies to the integrator core (SundialsIntegrator): its set-up,
// one call of its solve function, its root information, interpolation and step counters. What
// every solver keeps the same way (the system, its settings, the callback guard and counters,
// the SUNDIALS context and vectors) lives in this base; SolverMemory frees the solver's own.
#pragma once

#include "integrator_support.h"
#include "mocc/runtime/sundials_integrator.h"
#include "sundials_check.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::runtime {

/// The memory block of a SUNDIALS solver (CVodeCreate, IDACreate, ERKStepCreate, ...), freed
/// with the solver's free function. Declared after what the solver refers to (the Newton
/// matrix), it is freed before them.
class SolverMemory {
public:
  explicit SolverMemory(void (*free)(void**)) : free_(free) {}
  ~SolverMemory() { reset(nullptr); }
  SolverMemory(const SolverMemory&) = delete;
  SolverMemory& operator=(const SolverMemory&) = delete;

  void reset(void* memory) {
    if (memory_) free_(&memory_);
    memory_ = memory;
  }
  operator void*() const { return memory_; }

private:
  void (*free_)(void**);
  void* memory_ = nullptr;
};

class SundialsIntegrator::Solver {
public:
  /// Throws std::invalid_argument for a system without unknowns.
  Solver(OdeSystem& system, const IntegratorSettings& settings);
  virtual ~Solver() { releaseVectors(); }
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// One solver call toward `tOut`, never stepping past `tStop` nor taking steps shorter than
  /// `minStep`. `oneStep`: return after one internal step. Sets reachedTime, rethrows what a
  /// callback threw and throws IntegratorError for a failed flag; true when it stopped at a
  /// root.
  struct Request {
    double tOut;
    double tStop;
    double minStep;
    bool oneStep;
  };
  virtual bool solve(const Request& request, double& reachedTime) = 0;

  virtual std::string_view name() const = 0;
  /// Forgets the history and starts at (t, y), keeping every option.
  virtual void restart(double t, std::span<const double> y) = 0;
  /// After solve() returned true: +1/-1 for each root function that crossed up/down.
  virtual void rootDirections(std::span<int> directions, double t) = 0;
  /// y at the solver's current time (the states only, for a DAE form).
  virtual std::span<const double> state() = 0;
  /// y at t within the last step.
  virtual void interpolate(double t, std::span<double> y) = 0;
  /// The step counters SUNDIALS keeps since the last restart; only asked once a solve call
  /// followed it (SUNDIALS restarts some counters only then).
  virtual IntegratorStatistics stepCounters() = 0;
  virtual std::string jacobianDescription() const = 0;

  const int size;      // y
  const int rootCount; // g
  const IntegratorSettings settings;
  /// Whether a solve call followed the last restart (set as soon as SUNDIALS was called).
  bool steppedSinceRestart = false;
  long rhsCalls = 0; // derivatives or residual evaluations, finite differences included
  long rootCalls = 0;

protected:
  /// The root-function callback: counts the call; SUNDIALS cannot retry a root function, so a
  /// recoverable failure is fatal (-1) there.
  int evaluateRoots(double t, std::span<const double> y, sunrealtype* g);
  /// Creates the SUNDIALS context (first) and a serial vector of `length` zeros, kept until
  /// releaseVectors() or the solver's end.
  void createContext(SundialsCheck& check);
  N_Vector newVector(sunindextype length, SundialsCheck& check);
  /// Destroys the vectors and the context, once the solver memory that uses them is freed.
  void releaseVectors();

  OdeSystem& system;
  CallbackGuard guarded;
  SUNContext context = nullptr;

private:
  std::vector<N_Vector> vectors_;
};

/// The minimum step for a call from t toward target: steps shorter than a few ulps of t cannot
/// advance time, and failing there (instead of taking them until maxSteps) ends a hopeless
/// approach to a point where the system keeps failing.
double minimumStep(double t, double target);

} // namespace mocc::runtime
