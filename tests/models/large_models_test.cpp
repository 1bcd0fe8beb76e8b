// Models long enough for the LLVM backend to split every ABI function into parts
// (backend/llvm/src/body_parts.h): tests/models/large/ManyBalls.mo, 60 balls with a when-clause
// and a reinit() each, and an algebraic loop that IDA's residual form opens. Every ball bounces
// at the geometric series of its own drop height, under cvode and ida, and the optimisation
// levels give the same bits.
#include "bouncing_ball_bounds.h"
#include "model_test_support.h"

#include <cmath>
#include <fstream>
#include <sstream>

using namespace mocc::test;

namespace {

constexpr int kBalls = 60;
constexpr double kG = 9.81, kMu = 0.8, kTolerance = 1e-8, kStop = 2.5;

std::string manyBalls() {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/large/ManyBalls.mo";
}

class ManyBalls : public ::testing::TestWithParam<std::string> {};

TEST_P(ManyBalls, EveryBallBouncesAtItsGeometricSeries) {
  CsvTable result = simulate(manyBalls(), "--no-cache --solver " + GetParam());
  for (int i = 1; i <= kBalls; ++i) {
    std::vector<double> bounces = bounceTimes(result, "v[" + std::to_string(i) + "]");
    BallFlights exact = ballClosedForm(1 + 0.1 * i, kG, kMu, 8);
    std::size_t expected = 0;
    while (expected < exact.bounceTime.size() && exact.bounceTime[expected] < kStop)
      ++expected;
    ASSERT_EQ(bounces.size(), expected) << "ball " << i;
    for (std::size_t m = 0; m < bounces.size(); ++m)
      EXPECT_NEAR(bounces[m], exact.bounceTime[m],
                  ballBounceTimeBound(m + 1, exact, kG, kMu, kTolerance, kStop))
          << "ball " << i << ", bounce " << m + 1;
  }
  // The loop z + z^3 = 1 + sin(time)/10 (0.6 < z < 0.8) holds at every output row: Newton
  // stops once its step is below TOL (|z| + 1) (runtime/src/algebraic_solver.cpp), so without
  // even counting on its quadratic convergence |residual| <= (1 + 3 z^2)(|z| + 1) TOL < 5e-8.
  std::size_t t = result.column("time"), z = result.column("z");
  for (const auto& row : result.rows)
    EXPECT_NEAR(row[z] + std::pow(row[z], 3), 1 + 0.1 * std::sin(row[t]), 5e-8) << row[t];
}

INSTANTIATE_TEST_SUITE_P(Solvers, ManyBalls, ::testing::Values("cvode", "ida"));

TEST(ManyBallsLevels, OptimisationLevelsGiveTheSameBits) {
  auto dir = scratchDirectory();
  std::string results[2];
  for (int level : {0, 2}) {
    auto csv = dir / ("level" + std::to_string(level) + ".csv");
    CommandResult r = runCommand(moccBinary() + " run " + manyBalls() + " --no-cache -O " +
                                 std::to_string(level) + " -o " + csv.string());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    results[level / 2] = readFileBytes(csv);
  }
  EXPECT_FALSE(results[0].empty());
  EXPECT_EQ(results[0], results[1]);
}

} // namespace
