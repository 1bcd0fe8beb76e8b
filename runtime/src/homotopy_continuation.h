// Homotopy-based initialization (MLS 3.7.4.4): natural-parameter continuation in the homotopy
// parameter lambda. Every homotopy(actual, simplified) of the model evaluates to
// lambda * actual + (1 - lambda) * simplified; the initialization problem is solved at
// lambda = 0 (the simplified problem, whose solution the modeller made easy to find), then at
// lambda values stepping to 1, each solve warm-started from the previous solution. A failed
// solve is undone and retried with half the step; a success lets the step grow again. The
// continuation knows nothing of models: the caller solves, saves and restores.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace mocc::runtime {

struct ContinuationSettings {
  double firstStep = 0.1;    // the first step from lambda = 0
  double minimumStep = 1e-6; // a failure with a step below this ends the continuation
  double growth = 2.0;       // the step after a success, times the step taken
  int maximumSolves = 10000; // a bound on the work (never reached with the values above)
};

struct ContinuationResult {
  bool reachedOne = false;
  double lambda = 0.0;           // the last lambda solved (1 on success)
  bool simplifiedFailed = false; // the problem at lambda = 0 had no solution found
  double failedLambda = 0.0;     // on failure: the lambda of the last failed solve
  std::string failure;           // on failure: what that solve reported
  int solves = 0;                // every solve, lambda = 0 and rejected ones included
  int rejected = 0;              // failed solves that halved the step
};

/// `solveAt(lambda)` solves the problem at lambda from the current values and returns nullopt
/// on success or the cause of its failure; `save()` records the current values as the last
/// solution, `restore()` returns to the recorded ones (after a failed solve).
ContinuationResult followHomotopy(const std::function<std::optional<std::string>(double)>& solveAt,
                                  const std::function<void()>& save,
                                  const std::function<void()>& restore,
                                  const ContinuationSettings& settings = {});

} // namespace mocc::runtime
