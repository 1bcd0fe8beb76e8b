// `mocc compare --backends jit,cpp`: the cpp backend builds the simulator of `mocc build` once
// and runs it per combination; since both code generators give byte-identical results, every
// cpp row must report the same work and the same deviations as its jit twin.
#include "model_test_support.h"

#include <fstream>
#include <map>

using namespace mocc::test;

namespace {

/// The --csv output: header and rows of fields (the fields compared here hold no commas).
std::vector<std::vector<std::string>> readFields(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields(1);
    for (char c : line) {
      if (c == ',')
        fields.emplace_back();
      else
        fields.back() += c;
    }
    rows.push_back(fields);
  }
  return rows;
}

} // namespace

TEST(CompareCpp, BothBackendsReportTheSameRuns) {
  auto dir = scratchDirectory();
  auto csv = dir / "compare.csv";
  CommandResult r = runCommand(moccBinary() + " compare " + example("BouncingBall.mo") +
                               " --backends jit,cpp --solvers cvode,rk45 --tolerance 1e-6" +
                               " --csv " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  auto rows = readFields(csv);
  ASSERT_EQ(rows.size(), 5u) << r.output; // header + 2 backends x 2 solvers
  const std::vector<std::string>& header = rows[0];
  auto at = [&](const std::vector<std::string>& row, const std::string& name) {
    auto found = std::find(header.begin(), header.end(), name);
    EXPECT_NE(found, header.end()) << name;
    return row.at(static_cast<std::size_t>(found - header.begin()));
  };
  std::map<std::string, std::vector<std::string>> jitRows;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (at(rows[i], "backend") == "jit") jitRows[at(rows[i], "solver")] = rows[i];
  ASSERT_EQ(jitRows.size(), 2u);
  int cppRows = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (at(rows[i], "backend") != "cpp") continue;
    ++cppRows;
    const std::vector<std::string>& twin = jitRows.at(at(rows[i], "solver"));
    for (const char* field : {"status", "steps", "f_evals", "events", "max_abs_deviation",
                              "max_rel_deviation", "event_time_deviation"})
      EXPECT_EQ(at(rows[i], field), at(twin, field)) << field;
    EXPECT_NE(at(rows[i], "steps"), "0");
  }
  EXPECT_EQ(cppRows, 2);
}
