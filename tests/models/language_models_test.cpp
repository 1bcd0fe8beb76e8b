// Language capabilities the Modelica Standard Library relies on, in small models of
// tests/models/language/ checked against closed forms: connect-equations inside for-loops
// (MLS 8.3.2, 9.1).
#include "model_test_support.h"

#include <cmath>

using namespace mocc::test;

namespace {

std::string languageModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/language/" + name;
}

} // namespace

TEST(ConnectInLoops, SeriesLadderChargesEveryCapacitorAlike) {
  // N resistors R and N capacitors C alternate in series: one resistance N R and one
  // capacitance C/N, time constant R C = 1. Each capacitor holds V/N (1 - e^{-t}) and the
  // loop current is V/(N R) e^{-t}. Tolerance: smooth states at tolerance 1e-8, global error
  // <= 100x local: 1e-6 of the scale (V/N = 2 for voltages, V/(N R) = 1 for currents).
  CsvTable table = simulate(languageModel("ConnectLadder.mo"), "");
  const int N = 5;
  const double R = 2, C = 0.5, V = 10;
  std::size_t t = table.column("time");
  for (const auto& row : table.rows) {
    double decay = std::exp(-row[t] / (R * C));
    for (int k = 1; k <= N; ++k) {
      std::string c = "c[" + std::to_string(k) + "]", r = "r[" + std::to_string(k) + "]";
      EXPECT_NEAR(row[table.column(c + ".v")], V / N * (1 - decay), 2e-6) << c << " t = " << row[t];
      EXPECT_NEAR(row[table.column(r + ".i")], V / (N * R) * decay, 1e-6) << r << " t = " << row[t];
    }
  }
  EXPECT_NEAR(table.rows.back()[t], 3.0, 1e-12);
}

TEST(ConnectInLoops, NestedLoopsBuildAGridOfStrings) {
  // M strings of N resistors in parallel: the source delivers V M/(N R) (its current into p is
  // the negative of that) and node j of every string is at V (1 - j/N). A linear algebraic
  // system solved in double precision: 1e-9 of the scale V = 12 covers its rounding.
  CsvTable table = simulate(languageModel("ConnectGrid.mo"), "");
  const int M = 3, N = 4;
  const double R = 2, V = 12;
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[table.column("source.i")], -V * M / (N * R), 1e-9);
    for (int i = 1; i <= M; ++i) {
      for (int j = 1; j <= N; ++j) {
        std::string node = "r[" + std::to_string(i) + "," + std::to_string(j) + "].n.v";
        EXPECT_NEAR(row[table.column(node)], V * (1 - double(j) / N), 1e-9) << node;
      }
    }
  }
}
