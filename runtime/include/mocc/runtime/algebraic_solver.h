// The runtime's solver for the algebraic loops of a model (mocc_solve_system in model.h): a
// damped Newton method warm-started from the current values (and, when that fails, from the
// latest solution before the current time), with the loop's analytic Jacobian
// or finite differences, dense LU for small loops and sparse LU for large ones. Failures are
// recorded with a message naming the loop, its unknowns, the residual norm and the time; a
// ModelicaError in the loop's residual or Jacobian function (external C code) is a failure too.
#pragma once

#include "mocc/model.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::runtime {

struct AlgebraicSolverSettings {
  /// Newton stops when its full step is below `tolerance * |x_i| + tolerance` for every
  /// unknown (the error of the iterate before the step is then about that size, the new one
  /// far smaller), or when the residual is exactly zero.
  double tolerance = 1e-10;
  /// Newton iterations allowed per solve.
  int maxIterations = 50;
  /// Loops with at least this many iteration variables are factorised with a sparse LU
  /// (Eigen SparseLU); smaller ones with a dense LU with partial pivoting.
  int sparseThreshold = 100;
};

/// Work counters over every loop of the model.
struct AlgebraicStatistics {
  long solves = 0;
  long iterations = 0; // Newton iterations
  long residualEvaluations = 0;
  long jacobianEvaluations = 0; // analytic or by finite differences
  long failures = 0;
};

/// A loop that could not be solved; the message names the time.
struct AlgebraicFailure {
  double time;
  std::string message;
};

class AlgebraicSolver {
public:
  using Residual = void (*)(mocc_instance* instance, const double* x, double* r);
  using Jacobian = void (*)(mocc_instance* instance, const double* x, double* values);

  /// `model` must outlive the solver.
  explicit AlgebraicSolver(const mocc_model& model, AlgebraicSolverSettings settings = {});
  ~AlgebraicSolver();
  AlgebraicSolver(const AlgebraicSolver&) = delete;
  AlgebraicSolver& operator=(const AlgebraicSolver&) = delete;

  /// mocc_solve_system: returns 0 on success; otherwise records the failure, restores x to
  /// its start values and returns 1. A loop number outside the model's table is a failure too.
  int solve(mocc_instance* instance, int system, Residual residual, Jacobian jacobian, double* x);

  /// How many solves failed so far (to tell whether one model call had a failure).
  long failureCount() const { return statistics_.failures; }
  /// Forgets the failures recorded after failureCount() was `count` (solves of a choice that
  /// LoopRelations rejected).
  void discardFailuresAfter(long count);
  /// The first failure since the last take, and forgets the pending ones.
  std::optional<AlgebraicFailure> takeFirstFailure();
  /// The latest failure since the last take, and forgets the pending ones.
  std::optional<AlgebraicFailure> takeLatestFailure();
  /// Notes made once per loop ("finite differences approximate the Jacobian of ...") since
  /// the last take.
  std::vector<std::string> takeNotes();

  const AlgebraicStatistics& statistics() const { return statistics_; }
  const AlgebraicSolverSettings& settings() const { return settings_; }

  /// Buffers and the factorisation of one loop, made at its first solve (opaque).
  struct Workspace;
  /// A loop's solution at a time, kept as a start for solves that fail from the warm start.
  struct SolvedPoint {
    double time;
    std::vector<double> x;
  };
  static constexpr std::size_t kRememberedSolutions = 4;
  /// How a run seeks the loop's solution from its start: Newton's method halving each step
  /// until the residual decreases, Newton's method taking every full step, or following the
  /// path of Newton's homotopy through its turning points (the retries of solve).
  enum class Method { DampedNewton, FullNewton, HomotopyPath };

private:
  /// One Newton run's outcome: an empty reason on success, else why, where and how far.
  struct Attempt {
    std::string reason;
    std::optional<double> residualNorm;
    std::vector<double> x;
  };

  Workspace& workspace(int system);
  static void startAfterRejectedTrial(Workspace& w, double time, double* x);
  Attempt runNewton(mocc_instance* instance, const mocc_system_info& info, Residual residual,
                    Jacobian jacobian, double* x, Workspace& w, Method method);
  /// Records why the loop failed at iterate x, with the residual norm there when there is one.
  void fail(const mocc_instance* instance, int system, const std::string& reason,
            std::optional<double> norm, const double* x);

  const mocc_model& model_;
  AlgebraicSolverSettings settings_;
  std::vector<std::unique_ptr<Workspace>> workspaces_;
  AlgebraicStatistics statistics_;
  std::optional<AlgebraicFailure> firstFailure_, latestFailure_;
  long firstFailureNumber_ = 0; // failureCount() when firstFailure_ was recorded
  std::vector<std::string> notes_;
};

} // namespace mocc::runtime
