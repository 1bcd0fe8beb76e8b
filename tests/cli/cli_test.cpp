// The mocc command end to end: exit codes (0 ok, 1 model error, 2 usage error, 3 simulation
// failure), diagnostics with positions, help, and the files it writes.
#include "model_test_support.h"

#include <cmath>
#include <fstream>

using namespace mocc::test;

namespace {

std::string input(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/" + name;
}

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST(Cli, HelpExplainsEveryRunOption) {
  CommandResult top = runMocc("--help");
  EXPECT_EQ(top.exitCode, 0);
  EXPECT_TRUE(contains(top.output, "run")) << top.output;
  EXPECT_TRUE(contains(top.output, "flatten")) << top.output;
  CommandResult run = runMocc("run --help");
  EXPECT_EQ(run.exitCode, 0);
  for (const char* option : {"--class", "--start-time", "--stop-time", "--tolerance", "--interval",
                             "--solver", "--output", "--override", "--plot"}) {
    EXPECT_TRUE(contains(run.output, option)) << option << "\n" << run.output;
  }
}

TEST(Cli, SyntaxErrorIsAModelErrorWithPositionAndCaret) {
  CommandResult r = runMocc("run " + input("syntax_error.mo"));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.output, "syntax_error.mo:3:1: error: ")) << r.output;
  EXPECT_TRUE(contains(r.output, "\n  equation\n  ^")) << r.output;
}

TEST(Cli, SeveralModelsNeedClassAndTheErrorListsThem) {
  CommandResult r = runMocc("run " + input("two_models.mo"));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.output, "candidates: First, Second")) << r.output;
  auto dir = scratchDirectory();
  CommandResult ok = runMocc("run " + input("two_models.mo") + " --class Second -o " +
                             (dir / "second.csv").string());
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_EQ(readCsv((dir / "second.csv").string()).header, (std::vector<std::string>{"time", "y"}));
}

TEST(Cli, UsageErrorsExitWithTwo) {
  std::string ball = example("BouncingBall.mo");
  const std::vector<std::string> cases = {"run",
                                          "run " + ball + " --stop-time -1",
                                          "run " + ball + " --tolerance 0",
                                          "run " + ball + " --override nosuch=1",
                                          "run " + ball + " --override g",
                                          "run " + ball + " --plot nosuch",
                                          "run " + ball + " --solver magic",
                                          "frobnicate",
                                          "run /nonexistent/model.mo",
                                          "run " + ball + " --print-after nosuch"};
  for (const std::string& args : cases) {
    CommandResult r = runMocc(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "error")) << args << "\n" << r.output;
  }
}

TEST(Cli, SimulationFailureExitsWithThreeAndKeepsTheResults) {
  auto csv = scratchDirectory() / "failing.csv";
  CommandResult r =
      runMocc("run " + input("failing_assert.mo") + " --tolerance 1e-10 -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "simulation failed: assertion failed at time 0.69")) << r.output;
  EXPECT_TRUE(contains(r.output, "x left its range")) << r.output;
  CsvTable table = readCsv(csv.string());
  // Rows up to the failure (x = e^t < 2 until t = ln 2 = 0.693) are on disk. x' = x amplifies
  // local errors by at most e^0.6 < 2; a few hundred steps at tolerance 1e-10 stay below 1e-6.
  ASSERT_EQ(table.rows.size(), 7u);
  EXPECT_NEAR(table.rows[6][1], std::exp(0.6), 1e-6);
}

TEST(Cli, TerminateStopsSuccessfully) {
  auto csv = scratchDirectory() / "terminating.csv";
  CommandResult r = runMocc("run " + input("terminating.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "terminated at time 0.5")) << r.output;
  EXPECT_TRUE(contains(r.output, "x reached its lower limit")) << r.output;
  EXPECT_NEAR(readCsv(csv.string()).rows.back()[0], 0.5, 1e-9);
}

TEST(Cli, PlotWritesAPngAndKeepsItsScript) {
  auto dir = scratchDirectory();
  CommandResult r = runMocc("run " + example("BouncingBall.mo") + " -o " +
                            (dir / "ball.csv").string() + " --plot h v");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  std::ifstream png(dir / "ball.png", std::ios::binary);
  char magic[8] = {};
  png.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  EXPECT_TRUE(std::filesystem::exists(dir / "ball.gp"));
}

TEST(Cli, SummaryReportsEventsStepsAndTime) {
  auto dir = scratchDirectory();
  CommandResult r =
      runMocc("run " + example("BouncingBall.mo") + " -o " + (dir / "b.csv").string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "events: ")) << r.output;
  EXPECT_TRUE(contains(r.output, "steps: ")) << r.output;
  EXPECT_TRUE(contains(r.output, "wall time: ")) << r.output;
}

TEST(Cli, FlattenPrintsTheFlatModel) {
  CommandResult r = runMocc("flatten " + example("BouncingBall.mo"));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "class BouncingBall")) << r.output;
  EXPECT_TRUE(contains(r.output, "reinit(v, -e * pre(v));")) << r.output;
}
