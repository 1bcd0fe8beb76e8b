// Natural-parameter continuation for homotopy-based initialization (homotopy_continuation.h).
#include "homotopy_continuation.h"

#include <algorithm>

namespace mocc::runtime {

namespace {

/// The next lambda after `lambda` with `step`, ending exactly at 1 (a last step shorter than
/// the minimum one is merged into this one).
double nextLambda(double lambda, double step, double minimumStep) {
  double next = lambda + step;
  return next >= 1.0 - minimumStep ? 1.0 : next;
}

} // namespace

ContinuationResult followHomotopy(const std::function<std::optional<std::string>(double)>& solveAt,
                                  const std::function<void()>& save,
                                  const std::function<void()>& restore,
                                  const ContinuationSettings& settings) {
  ContinuationResult result;
  ++result.solves;
  if (auto failure = solveAt(0.0)) {
    result.simplifiedFailed = true;
    result.failure = std::move(*failure);
    return result;
  }
  save();
  double step = std::min(settings.firstStep, 1.0);
  while (result.lambda < 1.0) {
    if (result.solves >= settings.maximumSolves) {
      result.failure = "too many solves";
      return result;
    }
    double next = nextLambda(result.lambda, step, settings.minimumStep);
    ++result.solves;
    if (auto failure = solveAt(next)) {
      restore();
      ++result.rejected;
      result.failedLambda = next;
      result.failure = std::move(*failure);
      step = (next - result.lambda) / 2;
      if (step < settings.minimumStep) return result;
      continue;
    }
    save();
    step = (next - result.lambda) * settings.growth;
    result.lambda = next;
  }
  result.reachedOne = true;
  result.failure.clear();
  return result;
}

} // namespace mocc::runtime
