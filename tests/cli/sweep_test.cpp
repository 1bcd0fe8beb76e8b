// `mocc sweep` end to end (issue 19): every combination runs once on a pool of threads from
// one compilation, each result file equals the one `mocc run --override` writes for the same
// values, the summary lists the values, the outcome and the final values, and a failed run is
// reported (exit code 3) without stopping the others.
#include "model_test_support.h"

#include "mocc/runtime/result_reader.h"

#include <fstream>
#include <sstream>

using namespace mocc::test;

namespace {

namespace fs = std::filesystem;

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

/// The comma-separated fields of each line (the tests' summaries quote nothing).
std::vector<std::vector<std::string>> fieldsOf(const fs::path& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(readFileBytes(path));
  for (std::string line; std::getline(in, line);) {
    rows.emplace_back();
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, ',');)
      rows.back().push_back(field);
  }
  return rows;
}

TEST(Sweep, EachRunEqualsTheSingleRunWithTheSameOverrides) {
  fs::path dir = scratchDirectory();
  std::string ball = example("BouncingBall.mo");
  CommandResult r = runMocc("sweep " + ball + " --no-cache --param e=0.9,0.95 --param h0=8:2:10 " +
                            "-j 2 -d " + (dir / "study").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("4 runs on 2 threads"), std::string::npos) << r.output;
  const char* values[4][2] = {{"0.9", "8"}, {"0.9", "10"}, {"0.95", "8"}, {"0.95", "10"}};
  for (int k = 0; k < 4; ++k) {
    fs::path single = dir / ("single" + std::to_string(k) + ".csv");
    ASSERT_EQ(runMocc("run " + ball + " --override e=" + values[k][0] +
                      " --override h0=" + values[k][1] + " -o " + single.string())
                  .exitCode,
              0);
    EXPECT_EQ(readFileBytes(dir / "study" / ("run_" + std::to_string(k + 1) + ".csv")),
              readFileBytes(single))
        << "run " << k + 1;
  }
  std::vector<std::vector<std::string>> summary = fieldsOf(dir / "study" / "summary.csv");
  ASSERT_EQ(summary.size(), 5u);
  EXPECT_EQ(summary[0],
            (std::vector<std::string>{"run", "e", "h0", "status", "end_time", "events", "steps",
                                      "wall_seconds", "results", "final h", "final v"}));
  mocc::runtime::ResultData last = mocc::runtime::readResultCsv(dir / "study" / "run_4.csv");
  const std::vector<std::string>& run4 = summary[4];
  EXPECT_EQ(std::vector<std::string>(run4.begin(), run4.begin() + 5),
            (std::vector<std::string>{"4", "0.95", "10", "finished", "10"}));
  EXPECT_EQ(std::stod(run4[9]), last.rows.back().values[0]);
  EXPECT_EQ(std::stod(run4[10]), last.rows.back().values[1]);
}

TEST(Sweep, AFailedRunIsReportedAndTheOthersFinish) {
  fs::path dir = scratchDirectory();
  // With e = 0.5 the bounces accumulate before t = 10 (Zeno): that run fails.
  CommandResult r = runMocc("sweep " + example("BouncingBall.mo") +
                            " --no-cache --param e=0.5,0.9 -d " + (dir / "s").string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  std::string summary = readFileBytes(dir / "s" / "summary.csv");
  EXPECT_NE(summary.find("1,0.5,\"failed: Zeno behaviour at time"), std::string::npos) << summary;
  EXPECT_NE(summary.find("2,0.9,finished,10,"), std::string::npos) << summary;
}

TEST(Sweep, BadParametersAreUsageErrors) {
  std::string ball = example("BouncingBall.mo");
  EXPECT_EQ(runMocc("sweep " + ball + " --param e").exitCode, 2);
  EXPECT_EQ(runMocc("sweep " + ball + " --param e=1:-1:5").exitCode, 2);
  CommandResult unknown = runMocc("sweep " + ball + " --param nope=1,2");
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_NE(unknown.output.find("nope"), std::string::npos) << unknown.output;
}

} // namespace

namespace {

/// The summary without its wall-time column, which differs between runs.
std::vector<std::vector<std::string>> withoutWallTime(std::vector<std::vector<std::string>> rows) {
  for (auto& row : rows)
    row.erase(row.begin() + 7);
  return rows;
}

} // namespace

// Two ranks of Debian's OpenMPI on this machine: each runs half of the combinations, rank 0
// gathers the summary, and results and summary equal those of the threaded sweep.
TEST(Sweep, MpiRanksShareTheRunsAndRankZeroGathersTheSummary) {
  fs::path dir = scratchDirectory();
  std::string sweep = moccBinary() + " sweep " + example("BouncingBall.mo") +
                      " --no-cache --param e=0.9,0.95 --param h0=8:2:10 -j 1 -d ";
  ASSERT_EQ(runCommand(sweep + (dir / "threads").string()).exitCode, 0);
  CommandResult mpi = runCommand("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
                                 "OMPI_MCA_btl=self,vader mpirun --oversubscribe -np 2 " +
                                 sweep + (dir / "mpi").string() + " --mpi");
  ASSERT_EQ(mpi.exitCode, 0) << mpi.output;
  EXPECT_NE(mpi.output.find("4 runs on 2 ranks of 1 threads"), std::string::npos) << mpi.output;
  EXPECT_EQ(withoutWallTime(fieldsOf(dir / "mpi" / "summary.csv")),
            withoutWallTime(fieldsOf(dir / "threads" / "summary.csv")));
  for (int k = 1; k <= 4; ++k) {
    std::string run = "run_" + std::to_string(k) + ".csv";
    EXPECT_EQ(readFileBytes(dir / "mpi" / run), readFileBytes(dir / "threads" / run)) << run;
  }
}
