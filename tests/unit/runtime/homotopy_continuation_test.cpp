// The natural-parameter continuation of homotopy-based initialization (MLS 3.7.4.4,
// runtime/src/homotopy_continuation.h) on problems whose solutions are known in closed form.
#include "homotopy_continuation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace mocc::runtime {
namespace {

/// F(x, lambda) = lambda (x^3 - x - 0.1) + (1 - lambda)(x - 1.5), solved by at most
/// `iterations` Newton steps from the current x: a warm-started loop solver in miniature.
struct CubicPath {
  double x = 0.0, saved = 0.0;
  int iterations = 50;
  std::vector<double> solvedLambdas;

  std::optional<std::string> solveAt(double lambda) {
    for (int k = 0; k < iterations; ++k) {
      double f = lambda * (x * x * x - x - 0.1) + (1 - lambda) * (x - 1.5);
      double df = lambda * (3 * x * x - 1) + (1 - lambda);
      double step = f / df;
      x -= step;
      if (std::abs(step) <= 1e-14 * (1 + std::abs(x))) {
        solvedLambdas.push_back(lambda);
        return std::nullopt;
      }
    }
    return "no convergence at lambda " + std::to_string(lambda);
  }
  ContinuationResult follow(const ContinuationSettings& settings = {}) {
    return followHomotopy([this](double lambda) { return solveAt(lambda); }, [this] { saved = x; },
                          [this] { x = saved; }, settings);
  }
};

TEST(HomotopyContinuation, EndsAtTheRootConnectedToTheSimplifiedSolution) {
  // From x = 0 Newton on the cubic alone finds the middle root -0.1010; the path from the
  // simplified solution 1.5 ends at the largest one, 2/sqrt(3) cos(acos(0.15 sqrt 3) / 3).
  CubicPath path;
  ContinuationResult result = path.follow();
  ASSERT_TRUE(result.reachedOne) << result.failure;
  EXPECT_EQ(result.lambda, 1.0);
  EXPECT_EQ(path.solvedLambdas.front(), 0.0);
  EXPECT_EQ(path.solvedLambdas.back(), 1.0);
  double root = 2 / std::sqrt(3.0) * std::cos(std::acos(0.15 * std::sqrt(3.0)) / 3);
  EXPECT_NEAR(path.x, root, 1e-14 * 4); // Newton's last step was below 1e-14 (1 + |x|)
}

TEST(HomotopyContinuation, HalvesTheStepWhenASolveFailsAndGrowsItAfterwards) {
  // Four Newton steps per solve do not converge to 1e-14 over the first step of 0.1 from
  // x = 1.5 (x moves by about 0.12; the errors go 0.12, 4e-3, 6e-6, 1e-11): the failed solve
  // is undone (restore) and retried with half the step.
  CubicPath path;
  path.iterations = 4;
  ContinuationResult result = path.follow();
  ASSERT_TRUE(result.reachedOne) << result.failure;
  EXPECT_GT(result.rejected, 0);
  EXPECT_EQ(result.solves, static_cast<int>(path.solvedLambdas.size()) + result.rejected);
  for (std::size_t i = 1; i < path.solvedLambdas.size(); ++i)
    EXPECT_GT(path.solvedLambdas[i], path.solvedLambdas[i - 1]);
}

TEST(HomotopyContinuation, ReportsTheLambdaReachedWhenThePathEnds) {
  // Solves fail beyond lambda = 0.5: the continuation stops with a step below the minimum,
  // having reached lambda within that step of 0.5, and passes the cause on.
  ContinuationSettings settings;
  double x = 0, saved = 0;
  auto solveAt = [&](double lambda) -> std::optional<std::string> {
    if (lambda > 0.5) return std::string("the loop failed");
    x = lambda;
    return std::nullopt;
  };
  ContinuationResult result = followHomotopy(
      solveAt, [&] { saved = x; }, [&] { x = saved; }, settings);
  EXPECT_FALSE(result.reachedOne);
  EXPECT_FALSE(result.simplifiedFailed);
  EXPECT_LE(result.lambda, 0.5);
  EXPECT_GT(result.lambda, 0.5 - 2 * settings.minimumStep);
  EXPECT_GT(result.failedLambda, 0.5);
  EXPECT_EQ(result.failure, "the loop failed");
  EXPECT_EQ(x, result.lambda); // restored to the last solution
}

TEST(HomotopyContinuation, ReportsAFailedSimplifiedProblem) {
  int solves = 0;
  ContinuationResult result = followHomotopy(
      [&](double) -> std::optional<std::string> {
        ++solves;
        return std::string("no solution");
      },
      [] {}, [] {});
  EXPECT_FALSE(result.reachedOne);
  EXPECT_TRUE(result.simplifiedFailed);
  EXPECT_EQ(result.failure, "no solution");
  EXPECT_EQ(solves, 1);
}

} // namespace
} // namespace mocc::runtime
