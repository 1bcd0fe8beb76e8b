// Result files end to end (issue 19): the format follows -o's extension or --format, MAT files
// read back as the CSV of the same run, --variables selects columns, and `mocc plot` renders
// CSV and MAT results with their event instants marked and the script kept beside the image.
#include "model_test_support.h"

#include "mocc/runtime/result_reader.h"

#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

using namespace mocc::test;

namespace {

namespace fs = std::filesystem;

std::string aliases() { return std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/aliases.mo"; }

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

TEST(ResultFormats, MatResultsHoldTheValuesOfTheCsvResults) {
  fs::path dir = scratchDirectory();
  ASSERT_EQ(runMocc("run " + aliases() + " --no-cache --parameters -o " + (dir / "r.csv").string())
                .exitCode,
            0);
  CommandResult r = runMocc("run " + aliases() + " --no-cache -o " + (dir / "r.mat").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  mocc::runtime::ResultData csv = mocc::runtime::readResultCsv(dir / "r.csv");
  mocc::runtime::ResultData mat = mocc::runtime::readResultMat(dir / "r.mat");
  ASSERT_EQ(mat.names, csv.names);
  ASSERT_EQ(mat.rows.size(), csv.rows.size());
  for (std::size_t i = 0; i < csv.rows.size(); ++i) {
    EXPECT_EQ(mat.rows[i].time, csv.rows[i].time);
    EXPECT_EQ(mat.rows[i].values, csv.rows[i].values) << "row " << i;
  }
}

TEST(ResultFormats, FormatOptionNamesTheDefaultFile) {
  fs::path dir = scratchDirectory();
  CommandResult r = runCommand("cd " + dir.string() + " && " + moccBinary() + " run " + aliases() +
                               " --no-cache --format mat");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("results: Aliases_res.mat"), std::string::npos) << r.output;
  EXPECT_EQ(mocc::runtime::readResultMat(dir / "Aliases_res.mat").names.size(), 7u);
  EXPECT_EQ(runMocc("run " + aliases() + " --format xls").exitCode, 2);
}

TEST(ResultFormats, VariablesSelectsColumnsByRegularExpression) {
  fs::path dir = scratchDirectory();
  CommandResult r = runMocc("run " + aliases() + " --no-cache --derivatives --variables " +
                            "'x|der\\(x\\)|l.*' -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(mocc::runtime::readResultCsv(dir / "r.csv").names,
            (std::vector<std::string>{"x", "low", "der(x)"}));
  CommandResult bad = runMocc("run " + aliases() + " --variables '(x'");
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.output.find("--variables '(x' is not a regular expression"), std::string::npos)
      << bad.output;
}

TEST(ResultFormats, PlotCommandDrawsEachSeriesAndMarksTheEvents) {
  fs::path dir = scratchDirectory();
  std::string ball = example("BouncingBall.mo");
  ASSERT_EQ(runMocc("run " + ball + " --no-cache -o " + (dir / "ball.mat").string()).exitCode, 0);
  ASSERT_EQ(
      runMocc("run " + ball + " --no-cache --tolerance 1e-3 -o " + (dir / "coarse.csv").string())
          .exitCode,
      0);
  CommandResult r = runMocc("plot " + (dir / "ball.mat").string() + " h v --overlay " +
                            (dir / "coarse.csv").string() + " -o " + (dir / "ball.svg").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::string script = readFileBytes(dir / "ball.gp");
  EXPECT_NE(script.find("set terminal svg"), std::string::npos);
  EXPECT_EQ(count(script, " with lines "), 4u) << script; // h, v and both overlaid
  // The ball bounces four times in its ten seconds (its closed form, BouncingBall.mo).
  EXPECT_EQ(count(script, "set arrow from"), 4u) << script;
  EXPECT_NE(readFileBytes(dir / "ball.svg").find("<svg"), std::string::npos);
}

TEST(ResultFormats, PlotOfAVariableTheFileLacksIsAUsageError) {
  fs::path dir = scratchDirectory();
  ASSERT_EQ(runMocc("run " + aliases() + " --no-cache -o " + (dir / "r.csv").string()).exitCode, 0);
  CommandResult r = runMocc("plot " + (dir / "r.csv").string() + " nope");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.output.find("has no variable 'nope'"), std::string::npos) << r.output;
}

TEST(ResultFormats, RunPlotsMatResults) {
  fs::path dir = scratchDirectory();
  CommandResult r =
      runMocc("run " + aliases() + " --no-cache -o " + (dir / "r.mat").string() + " --plot x z");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(fs::exists(dir / "r.png"));
  EXPECT_EQ(count(readFileBytes(dir / "r.gp"), " with lines "), 2u);
}

} // namespace

TEST(ResultFormats, CsvCarriesStringsQuotedAndReadersSkipThem) {
  fs::path dir = scratchDirectory();
  std::string model = std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/strings.mo";
  CommandResult r =
      runMocc("run " + model + " --no-cache --parameters -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv((dir / "r.csv").string());
  ASSERT_GT(table.rows.size(), 2u);
  EXPECT_EQ(table.text(0, "name"), "tank, \"A\"");
  EXPECT_EQ(table.text(0, "file"), "tank, \"A\".txt");
  EXPECT_EQ(table.text(0, "number"), "12");
  // x = exp(-2 t) passes 0.5 at t = ln(2)/2 (located to the tolerance 1e-6 of x, so within
  // 1e-6 / |dx/dt| = 1e-6 s); the event's two rows are its left and right limits.
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NEAR(events[0], std::log(2.0) / 2, 1e-5);
  bool high = true;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    double t = table.rows[i][0];
    EXPECT_EQ(table.text(i, "level"), high ? "high" : "low") << "t = " << t;
    if (t == events[0]) high = false; // the row after the left limit is the right limit
  }
  // Readers of numbers skip the String columns; MAT has no room for them.
  mocc::runtime::ResultData csv = mocc::runtime::readResultCsv(dir / "r.csv");
  EXPECT_EQ(csv.names, (std::vector<std::string>{"k", "x"}));
  ASSERT_EQ(runMocc("run " + model + " --no-cache -o " + (dir / "r.mat").string()).exitCode, 0);
  EXPECT_EQ(mocc::runtime::readResultMat(dir / "r.mat").names, csv.names);
}
