// Sizes computed from the values of function inputs during translation (MLS 12.4.4), checked
// against the closed forms of a balanced three-phase system (functions/FunctionSizes.mo).
#include "model_test_support.h"

#include <cmath>

using namespace mocc::test;

namespace {

std::string functionModel() {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/functions/FunctionSizes.mo";
}

} // namespace

TEST(FunctionSizes, SpacePhasorOfBalancedThreePhaseSignals) {
  // x_k = cos(t - phi_k), phi_k = 2 pi (k - 1)/3: sum_k cos(t - phi_k) (cos phi_k, sin phi_k)
  // = 3/2 (cos t, sin t), so y = 2/3 of it is (cos t, sin t) exactly; y is algebraic (no
  // state), computed in double precision from about ten roundings: 1e-12. z' = cos t,
  // z(0) = 0 gives z = sin t; a smooth state at tolerance 1e-8 over a third of a period
  // keeps a global error below 100 times the local tolerance: 1e-6.
  CsvTable table = simulate(functionModel(), "--class FunctionSizes.ThreePhase");
  std::size_t t = table.column("time");
  std::size_t y1 = table.column("y[1]"), y2 = table.column("y[2]"), z = table.column("z");
  ASSERT_GT(table.rows.size(), 100u);
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[y1], std::cos(row[t]), 1e-12) << "t = " << row[t];
    EXPECT_NEAR(row[y2], std::sin(row[t]), 1e-12) << "t = " << row[t];
    EXPECT_NEAR(row[z], std::sin(row[t]), 1e-6) << "t = " << row[t];
  }
}

TEST(FunctionSizes, SizesFromFunctionValuesAndRecursion) {
  // oddCount(7) = 4 odd numbers 1, 3, 5, 7; halving(4) = {halving(2), 2, 2} = {1, 2, 2, 2}.
  // Integers and exact small reals: compared exactly.
  CsvTable table = simulate(functionModel(), "--class FunctionSizes.ThreePhase");
  const auto& row = table.rows.back();
  for (int i = 1; i <= 4; ++i)
    EXPECT_EQ(row[table.column("c[" + std::to_string(i) + "]")], 2 * i - 1);
  EXPECT_THROW(table.column("c[5]"), std::out_of_range);
  const double w[] = {1, 2, 2, 2};
  for (int i = 1; i <= 4; ++i)
    EXPECT_EQ(row[table.column("w[" + std::to_string(i) + "]")], w[i - 1]);
}
