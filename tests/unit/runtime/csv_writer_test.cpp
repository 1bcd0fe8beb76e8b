// The CSV result format: header and quoting, number formatting (shortest round trip, integers
// for Integer and Boolean columns), event row pairs and the final row, and that the numbers
// read back are bitwise the simulated ones.
#include "mocc/runtime/csv_writer.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace mocc::runtime::test {
namespace {

ResultColumn column(std::string name, mocc_type type) {
  return ResultColumn{std::move(name), "", type, MOCC_KIND_DISCRETE, MOCC_REGION_VALUE, 0};
}

TEST(CsvField, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(csvField("a.b[2]"), "a.b[2]");
  EXPECT_EQ(csvField("a[1,2]"), "\"a[1,2]\"");
  EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
}

TEST(CsvWriter, FormatsNumbersInShortestRoundTripForm) {
  std::ostringstream out;
  {
    CsvWriter writer(out);
    std::vector<ResultColumn> columns = {column("r", MOCC_TYPE_REAL),
                                         column("i", MOCC_TYPE_INTEGER),
                                         column("b", MOCC_TYPE_BOOLEAN)};
    writer.begin(columns);
    writer.row(0.0, RowKind::Initial, std::vector<double>{0.1, 3.0, 1.0});
    writer.row(1.0 / 3.0, RowKind::Output, std::vector<double>{1e-300, -42.0, 0.0});
    writer.row(2.5, RowKind::Output,
               std::vector<double>{std::numeric_limits<double>::quiet_NaN(), 2.5, 0.0});
    writer.flush();
  }
  EXPECT_EQ(out.str(), "time,r,i,b\n"
                       "0,0.1,3,1\n"
                       "0.3333333333333333,1e-300,-42,0\n"
                       "2.5,nan,2.5,0\n");
}

TEST(CsvWriter, AFileThatCannotBeCreatedIsAnError) {
  EXPECT_THROW(CsvWriter(std::filesystem::path("/nonexistent-directory/out.csv")),
               std::runtime_error);
}

TEST(CsvWriter, WritesTheSimulationWithEventPairsAndAFinalRow) {
  const mocc_model& model = *mocc_test_decay();
  SimulationOptions options = defaultOptions(model); // 0 to 1, interval 0.25
  options.derivativeColumns = true;
  std::filesystem::path path = scratchFile("decay.csv");
  {
    CsvWriter writer(path);
    SimulationResult result = simulate(model, options, {}, writer);
    ASSERT_EQ(result.outcome, Outcome::Finished) << result.message;
  }
  SimulationRun reference = simulateToTable(model, options); // deterministic: the same numbers
  auto lines = readCsv(path);
  ASSERT_EQ(lines.front(),
            (std::vector<std::string>{"time", "x", "der(x)", "\"w[1,2]\"", "low", "crossings"}));
  ASSERT_EQ(lines.size(), 1 + reference.table.rows().size());
  // 0, 0.25, the crossing pair at ln(2)/2 = 0.347, 0.5, 0.75, 1.
  ASSERT_EQ(lines.size(), 1u + 7u);
  EXPECT_EQ(lines[2][0], "0.25");
  EXPECT_EQ(lines[3][0], lines[4][0]);
  EXPECT_EQ(lines[3][4], "0");
  EXPECT_EQ(lines[4][4], "1");
  EXPECT_EQ(lines.back()[0], "1");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const ResultTable::Row& row = reference.table.rows()[i - 1];
    EXPECT_EQ(std::stod(lines[i][0]), row.time);
    for (std::size_t c = 0; c < row.values.size(); ++c)
      EXPECT_EQ(std::stod(lines[i][c + 1]), row.values[c]) << "line " << i << " column " << c;
  }
  // der(x) = -k x at every row.
  for (std::size_t i = 0; i < reference.table.rows().size(); ++i)
    EXPECT_EQ(reference.table.value(i, "der(x)"), -2.0 * reference.table.value(i, "x"));
}

} // namespace
} // namespace mocc::runtime::test
