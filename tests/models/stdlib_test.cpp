// The stdlib's components simulated through `mocc run` and compared with closed forms: one
// test per model of tests/models/stdlib/, checks from expectations.txt (generated with their
// derivations by expectations.py).
#include "model_test_support.h"

#include <fstream>
#include <map>
#include <sstream>

using namespace mocc::test;

namespace {

struct Check {
  std::string variable;
  double time;
  double expected;
  double tolerance;
  std::string derivation;
};

std::string stdlibTests() { return std::string(MOCC_SOURCE_DIR) + "/tests/models/stdlib/"; }

std::map<std::string, std::vector<Check>> readExpectations() {
  std::map<std::string, std::vector<Check>> checks;
  std::ifstream in(stdlibTests() + "expectations.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string file;
    Check c;
    fields >> file >> c.variable >> c.time >> c.expected >> c.tolerance;
    std::getline(fields, c.derivation);
    checks[file].push_back(c);
  }
  return checks;
}

const std::map<std::string, std::vector<Check>>& expectations() {
  static const auto checks = readExpectations();
  return checks;
}

// The value at `time` from the output row at that time (check times avoid events).
double valueAt(const CsvTable& table, const std::string& variable, double time) {
  std::size_t t = table.column("time"), v = table.column(variable);
  for (const auto& row : table.rows) {
    if (std::abs(row[t] - time) <= 1e-12 * std::max(1.0, std::abs(time))) return row[v];
  }
  throw std::out_of_range("no output row at time " + std::to_string(time));
}

// Models that need what is not built yet; each is skipped with its reason and must be removed
// from here when that capability lands.
const std::map<std::string, std::string>& blocked() {
  static const std::map<std::string, std::string> reasons = {};
  return reasons;
}

class StdlibModel : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(StdlibModel, MatchesItsClosedForm) {
  const std::string& file = GetParam();
  if (auto reason = blocked().find(file); reason != blocked().end()) GTEST_SKIP() << reason->second;
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r =
      runCommand(moccBinary() + " run " + stdlibTests() + file + " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv(csv.string());
  for (const Check& c : expectations().at(file)) {
    double actual = valueAt(table, c.variable, c.time);
    EXPECT_NEAR(actual, c.expected, c.tolerance)
        << c.variable << " at t = " << c.time << " (" << c.derivation << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(Stdlib, StdlibModel, ::testing::ValuesIn([] {
                           std::vector<std::string> files;
                           for (const auto& [file, checks] : expectations())
                             files.push_back(file);
                           return files;
                         }()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.substr(0, info.param.size() - 3);
                         });
