// The mocc command on models whose structure changes at events (issue 15): the bound on the
// modes that generated C++ enumerates, the FMU's refusal, `mocc dae` per mode, the mode
// compilation in --timings, and a run that reaches a mode which does not compile. The JIT
// against generated C++ on these models is cpp_backend_test.cpp's (examples/modes,
// tests/models/modes and the seeds' natural forms).
#include "model_test_support.h"

#include <map>
#include <regex>

using namespace mocc::test;

namespace {

std::string diodeBank() { return std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/DiodeBank.mo"; }
std::string diode() {
  return std::string(MOCC_SOURCE_DIR) + "/examples/modes/IdealDiodeRectifier.mo";
}

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// `mocc run` of tests/models/modes/NAME.mo, which must stop with exit code 3 at `stopTime`,
/// keeping the rows up to there; the output for the caller's checks of the message.
CommandResult runStoppingModel(const std::string& name, double stopTime) {
  std::filesystem::path dir = scratchDirectory();
  std::string model = std::string(MOCC_SOURCE_DIR) + "/tests/models/modes/" + name + ".mo";
  CommandResult r = runMocc("run " + model + " -o " + (dir / "r.csv").string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  CsvTable table = readCsv((dir / "r.csv").string());
  EXPECT_EQ(table.values("time").back(), stopTime) << r.output;
  return r;
}

/// How many "--- mode N:" headers `mocc dae` printed.
std::size_t modeHeaders(const std::string& output) {
  std::regex header("(^|\n)--- mode [0-9]+: ");
  return static_cast<std::size_t>(
      std::distance(std::sregex_iterator(output.begin(), output.end(), header), {}));
}

} // namespace

TEST(ModesCli, GeneratedCppRefusesMoreModesThanItsBoundAndNamesIt) {
  // Seven diodes, each conducting or blocking: 2^7 = 128 modes, beyond the default 64.
  std::filesystem::path dir = scratchDirectory();
  for (const std::string command : {"emit-cpp " + diodeBank() + " -o " + dir.string(),
                                    "build " + diodeBank() + " -o " + (dir / "sim").string(),
                                    "emit-cpp " + diode() + " --max-modes 1 -o " + dir.string()}) {
    SCOPED_TRACE(command);
    CommandResult r = runMocc(command);
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_TRUE(contains(r.output, "modes (--max-modes ")) << r.output;
    EXPECT_TRUE(contains(r.output, ".mo:")) << r.output; // located at the if-equation
    EXPECT_FALSE(std::filesystem::exists(dir / "sim"));
  }
  CommandResult bank = runMocc("emit-cpp " + diodeBank() + " -o " + dir.string());
  EXPECT_TRUE(contains(bank.output, "more than 64 modes (--max-modes 64)")) << bank.output;
}

TEST(ModesCli, AnFmuForModelExchangeRefusesAChangingNumberOfStates) {
  std::filesystem::path dir = scratchDirectory();
  CommandResult r = runMocc("fmu " + diode() + " -o " + (dir / "d.fmu").string());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "IdealDiodeRectifier.mo:24:3: error[E0401]:")) << r.output;
  EXPECT_TRUE(contains(r.output, "an FMU for model exchange cannot express")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "d.fmu"));
}

TEST(ModesCli, DaePrintsTheStartModeTheModesARunReachesOrEveryMode) {
  CommandResult start = runMocc("dae " + diode());
  ASSERT_EQ(start.exitCode, 0) << start.output;
  EXPECT_EQ(modeHeaders(start.output), 1u) << start.output;
  EXPECT_TRUE(contains(start.output, "--- mode 1: the if-equation at ")) << start.output;
  EXPECT_TRUE(contains(start.output, "takes the branch of not conducting")) << start.output;

  CommandResult all = runMocc("dae " + diode() + " --all-modes");
  ASSERT_EQ(all.exitCode, 0) << all.output;
  EXPECT_EQ(modeHeaders(all.output), 2u) << all.output;

  // The bank in one period: all seven diodes start blocking (uC = 0, the start values), all
  // conduct from t = 0 on (uD = u0 rises through zero) and each blocks again where its current
  // C u0' + u0/R_k falls through zero, at distinct times for distinct loads R_k = 100 k,
  // the last one returning to the start mode: 1 + 1 + 6 distinct modes of the 128.
  CommandResult reached = runMocc("dae " + diodeBank() + " --modes");
  ASSERT_EQ(reached.exitCode, 0) << reached.output;
  EXPECT_EQ(modeHeaders(reached.output), 8u) << reached.output;

  CommandResult tooMany = runMocc("dae " + diodeBank() + " --all-modes");
  EXPECT_EQ(tooMany.exitCode, 1) << tooMany.output;
  EXPECT_TRUE(contains(tooMany.output, "more than 64 modes (--max-modes 64)")) << tooMany.output;
}

TEST(ModesCli, TimingsShowTheCompilationOfModesReachedDuringTheRun) {
  std::filesystem::path dir = scratchDirectory();
  CommandResult r =
      runMocc("run " + diode() + " --no-cache --timings -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // The start values select the blocking mode; the conducting one is compiled at t = 0.
  EXPECT_TRUE(std::regex_search(
      r.output, std::regex("mode compilation: +1 mode reached during the run \\([0-9.]+ s\\)")))
      << r.output;
}

TEST(ModesCli, AModeThatDoesNotCompileStopsTheRunThatReachesItWithExitCode3) {
  CommandResult r = runStoppingModel("UncompilableMode", 0.5); // the rows up to the switch kept
  EXPECT_TRUE(contains(r.output, "simulated from 0 to 0.5 ")) << r.output;
  EXPECT_TRUE(contains(r.output, "takes its else branch does not compile: ")) << r.output;
  EXPECT_TRUE(contains(r.output,
                       "UncompilableMode.mo:15:5: error[E0505]: this equation reduces to 0 = "
                       "1, which never holds"))
      << r.output;
}

TEST(ModesCli, AModeWithoutConsistentValuesStopsTheRunNamingItsConstraint) {
  CommandResult r = runStoppingModel("InconsistentMode", 0.3);
  EXPECT_TRUE(contains(r.output, "cannot solve nonlinear system of 1 equation at ")) << r.output;
  EXPECT_TRUE(contains(r.output, "InconsistentMode.mo:12:5 for x at time 0.3")) << r.output;
}

TEST(ModesCli, SweepRunsEachModeModelLikeMoccRunOnSeveralThreads) {
  // The threads share the catalog of modes: each mode is compiled once, under its lock.
  std::filesystem::path dir = scratchDirectory();
  CommandResult r = runMocc("sweep " + diode() + " --no-cache --param R=100,50,200 -j 2 -d " +
                            (dir / "study").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const char* loads[] = {"100", "50", "200"};
  for (int k = 0; k < 3; ++k) {
    std::filesystem::path single = dir / ("single" + std::to_string(k) + ".csv");
    CommandResult run =
        runMocc("run " + diode() + " --override R=" + loads[k] + " -o " + single.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(readFileBytes(dir / "study" / ("run_" + std::to_string(k + 1) + ".csv")),
              readFileBytes(single))
        << "R = " << loads[k];
  }
}

TEST(ModesCli, CompareRunsTheModesInBothBackends) {
  std::filesystem::path dir = scratchDirectory();
  std::filesystem::path csv = dir / "compare.csv";
  CommandResult r = runMocc("compare " + diode() + " --backends jit,cpp --solvers cvode,rk45 " +
                            "--csv " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // The header and one row per backend and solver; for each solver both backends' rows report
  // the same computation (the wall time aside).
  std::string text = readFileBytes(csv);
  std::vector<std::vector<std::string>> rows;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    std::string line = text.substr(begin, end - begin);
    rows.emplace_back(1);
    for (char c : line) {
      if (c == ',')
        rows.back().emplace_back();
      else
        rows.back().back().push_back(c);
    }
    begin = end == std::string::npos ? text.size() : end + 1;
  }
  ASSERT_EQ(rows.size(), 5u) << text;
  auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(rows[0].begin(), rows[0].end(), name) -
                                    rows[0].begin());
  };
  const char* same[] = {"status", "steps", "f_evals", "events", "max_abs_deviation"};
  for (const char* name : {"backend", "solver"})
    ASSERT_LT(column(name), rows[0].size()) << name;
  std::map<std::string, std::vector<std::string>> jit;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i][column("backend")] == "jit") jit[rows[i][column("solver")]] = rows[i];
  ASSERT_EQ(jit.size(), 2u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i][column("backend")] != "cpp") continue;
    const std::vector<std::string>& jitRow = jit.at(rows[i][column("solver")]);
    for (const char* name : same) {
      ASSERT_LT(column(name), rows[0].size()) << name;
      EXPECT_EQ(rows[i][column(name)], jitRow[column(name)]) << name;
    }
  }
}

TEST(ModesCli, ASwitchThatWouldRestartADelayHistoryStopsTheRun) {
  CommandResult r = runStoppingModel("DelayedMode", 0.5);
  EXPECT_TRUE(contains(r.output, "simulated from 0 to 0.5 ")) << r.output;
  EXPECT_TRUE(contains(r.output, "the model uses delay(), whose history mocc cannot carry"))
      << r.output;
}

TEST(ModesCli, StringsKeepTheirTextsAcrossASwitch) {
  std::filesystem::path dir = scratchDirectory();
  std::string model = std::string(MOCC_SOURCE_DIR) + "/tests/models/modes/StringAcrossModes.mo";
  CommandResult r = runMocc("run " + model + " -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "modes: 2 used, 1 switches")) << r.output;
  EXPECT_TRUE(contains(r.output, "phase: ramped")) << r.output;
  std::string rows = readFileBytes(dir / "r.csv");
  std::size_t header = rows.find('\n');
  ASSERT_NE(header, std::string::npos);
  // Every row after the first "ramped" (t = 0.3) says "ramped", the switch at 0.5 included.
  std::size_t first = rows.find("ramped");
  ASSERT_NE(first, std::string::npos) << rows;
  std::size_t lines = 0, ramped = 0;
  for (std::size_t at = rows.find('\n', first); at != std::string::npos && at + 1 < rows.size();
       at = rows.find('\n', at + 1)) {
    std::size_t end = rows.find('\n', at + 1);
    std::string line = rows.substr(at + 1, end == std::string::npos ? end : end - at - 1);
    if (line.empty()) continue;
    ++lines;
    ramped += contains(line, "ramped") ? 1 : 0;
  }
  EXPECT_GT(lines, 100u);
  EXPECT_EQ(ramped, lines) << rows.substr(first, 2000);
}
