// The mocc command end to end: exit codes (0 ok, 1 model error, 2 usage error, 3 simulation
// failure), diagnostics with positions, help, and the files it writes.
#include "model_test_support.h"

#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

using namespace mocc::test;

namespace {

std::string input(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/" + name;
}

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool matches(const std::string& text, const std::string& pattern) {
  return std::regex_search(text, std::regex(pattern));
}

/// The entries of the JIT cache in `dir` (temporary files would show up too).
std::vector<std::filesystem::path> filesIn(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::exists(dir)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  return files;
}

/// `mocc run MODEL -o CSV --timings --cache CACHE`.
CommandResult runCached(const std::string& model, const std::filesystem::path& csv,
                        const std::filesystem::path& cache) {
  return runMocc("run " + model + " --timings -o " + csv.string() + " --cache " + cache.string());
}

} // namespace

TEST(Cli, HelpExplainsEveryRunOption) {
  CommandResult top = runMocc("--help");
  EXPECT_EQ(top.exitCode, 0);
  EXPECT_TRUE(contains(top.output, "run")) << top.output;
  EXPECT_TRUE(contains(top.output, "flatten")) << top.output;
  CommandResult run = runMocc("run --help");
  EXPECT_EQ(run.exitCode, 0);
  for (const char* option :
       {"--class", "--start-time", "--stop-time", "--tolerance", "--interval", "--solver",
        "--output", "--override", "--plot", "--timings", "--cache", "--no-cache",
        "--concurrency-window", "--concurrency-amplitude", "--parameters"}) {
    EXPECT_TRUE(contains(run.output, option)) << option << "\n" << run.output;
  }
}

TEST(Cli, SyntaxErrorIsAModelErrorWithPositionAndCaret) {
  CommandResult r = runMocc("run " + input("syntax_error.mo"));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_TRUE(contains(r.output, "syntax_error.mo:3:1: error[E0101]: ")) << r.output;
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
                                          "run " + ball + " --concurrency-amplitude 1e-6",
                                          "run " + ball + " --concurrency-window -1",
                                          "frobnicate",
                                          "run /nonexistent/model.mo",
                                          "run " + ball + " --print-after nosuch"};
  for (const std::string& args : cases) {
    CommandResult r = runMocc(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "error")) << args << "\n" << r.output;
  }
}

TEST(Cli, OverridingAParameterEvaluatedDuringTranslationIsAUsageError) {
  for (std::string name : {"n", "k"}) {
    CommandResult r =
        runMocc("run " + input("structural_parameter.mo") + " --override " + name + "=3");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_TRUE(contains(r.output, "--override " + name + "=3: cannot override '" + name +
                                       "': its value was fixed during translation"))
        << r.output;
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

// A top-level input without a binding is given from outside (MLS 4.4.2.2): `mocc run` keeps its
// start value, or the value of --override, and writes it among the results; x integrates it.
TEST(Cli, TopLevelInputsKeepTheirGivenValue) {
  auto dir = scratchDirectory();
  std::string model = std::string(MOCC_SOURCE_DIR) + "/tests/fmi/models/InputDriven.mo";
  CommandResult r =
      runMocc("run " + model + " --no-cache --override u=3 -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(contains(r.output, "has no value")) << r.output;
  CsvTable table = readCsv((dir / "r.csv").string());
  std::size_t t = table.column("time"), u = table.column("u"), y = table.column("y");
  for (const auto& row : table.rows) {
    EXPECT_EQ(row[u], 3.0);
    EXPECT_NEAR(row[y], 6 * row[t], 1e-9) << "at t = " << row[t]; // der(x) = 3: exact
  }
}

// Only the class's own inputs are given from outside: b[1].u and b[2].u of an array of
// components are determined by its equations (a dot outside the subscripts).
TEST(Cli, InputsOfComponentsAreNoTopLevelInputs) {
  auto dir = scratchDirectory();
  CommandResult r =
      runMocc("run " + input("ComponentInputs.mo") + " --no-cache -o " + (dir / "r.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv((dir / "r.csv").string());
  const auto& last = table.rows.back();
  EXPECT_EQ(last[table.column("b[1].y")], 2 * last[table.column("time")]);
  EXPECT_EQ(last[table.column("b[2].y")], 6.0);
  EXPECT_EQ(last[table.column("k")], 3.0);
}

TEST(Cli, ParametersAreColumnsOnRequest) {
  // structural_parameter.mo: n and k were evaluated during translation (constants in the
  // variable table), written like parameters; --override changes nothing of theirs.
  auto csv = scratchDirectory() / "parameters.csv";
  std::string model = input("structural_parameter.mo");
  ASSERT_EQ(runMocc("run " + model + " -o " + csv.string()).exitCode, 0);
  CsvTable plain = readCsv(csv.string());
  EXPECT_THROW(plain.column("k"), std::exception);
  CommandResult r = runMocc("run " + model + " --parameters -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv(csv.string());
  ASSERT_FALSE(table.rows.empty());
  for (const auto& row : table.rows) {
    EXPECT_EQ(row[table.column("n")], 2.0);
    EXPECT_EQ(row[table.column("k")], 2.0);
  }
}

TEST(Cli, ALongSumIsNoCrash) {
  // 12,000 terms are 12,000 levels of a left-deep expression, which the passes walk
  // recursively: more than a 4 MiB stack holds (20,000 overflowed the usual 8 MiB). The
  // commands run on a stack of their own, whatever the shell's limit.
  auto model = scratchDirectory() / "LongSum.mo";
  std::ofstream out(model);
  out << "model LongSum\n  Real y = time";
  for (int i = 1; i < 12000; ++i)
    out << " + time";
  out << ";\nend LongSum;\n";
  out.close();
  CommandResult r =
      runCommand("bash -c 'ulimit -s 4096; " + moccBinary() + " check " + model.string() + "'");
  EXPECT_EQ(r.exitCode, 0) << r.output.substr(0, 2000);
  EXPECT_TRUE(contains(r.output, "balanced")) << r.output.substr(0, 2000);
}

/// `mocc run` of tests/cli/inputs/<name>.mo, whose simulation must fail (exit code 3), with
/// the messages that must appear and the rows it kept.
CsvTable runFailingSimulation(const std::string& name, std::initializer_list<const char*> texts) {
  auto csv = scratchDirectory() / (name + ".csv");
  CommandResult r = runMocc("run " + input(name + ".mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  for (const char* text : texts)
    EXPECT_TRUE(contains(r.output, text)) << "missing '" << text << "' in\n" << r.output;
  return readCsv(csv.string());
}

TEST(Cli, AValueThatIsNoNumberStopsTheRunWithThree) {
  CsvTable table = runFailingSimulation(
      "log_domain", {"'y' became NaN (not a number) at time 1.01:",
                     "an expression of its equation at ", "log_domain.mo:8:3 has no value here"});
  ASSERT_FALSE(table.rows.empty());
  // The rows up to t = 1 are kept, each a number: y = log(1.005 - t). x' = -1 is integrated
  // to rounding (1e-15), which moves log(x - 2) by at most 1e-15 / 0.005.
  EXPECT_NEAR(table.rows.back()[0], 1.0, 1e-9);
  for (const auto& row : table.rows)
    EXPECT_NEAR(row[table.column("y")], std::log(1.005 - row[0]), 1e-9) << "t = " << row[0];
}

TEST(Cli, ADerivativeThatIsNoNumberNamesItsEquation) {
  CsvTable table = runFailingSimulation(
      "sqrt_derivative", {"der(z) (its equation at ", "sqrt_derivative.mo:9:3) is nan at time 1"});
  ASSERT_EQ(table.rows.size(), 4u); // t = 0, 0.25, 0.5, 0.75
  // z' = sqrt(1 - t) is smooth before t = 1; at tolerance 1e-8 the global error stays far
  // below 1e-6 over these 0.75 s (a hundred local tolerances).
  for (const auto& row : table.rows)
    EXPECT_NEAR(row[table.column("z")], 2.0 / 3.0 * (1 - std::pow(1 - row[0], 1.5)), 1e-6)
        << "t = " << row[0];
}

// tests/cli/inputs/domain_*.mo: x = 1 - t, and y leaves its domain at t = 0.55, between the
// output points 0.5 and 0.6 (a negative base to the power 0.5, acos of less than -1, log10 of
// a negative number under noEvent, which guards nothing here). Each run keeps the rows up to
// 0.5, where y is its closed form (x = 1 - t is integrated exactly up to rounding).
TEST(Cli, ExpressionsOutsideTheirDomainStopTheRunNamingTheirEquation) {
  const std::vector<std::pair<std::string, double (*)(double)>> cases = {
      {"domain_power", [](double t) { return std::sqrt(0.55 - t); }},
      {"domain_acos", [](double t) { return std::acos(0.1 - 2 * t); }},
      {"domain_noevent", [](double t) { return std::log10(0.55 - t); }},
  };
  for (const auto& [name, closedForm] : cases) {
    SCOPED_TRACE(name);
    std::string origin = name + ".mo:8:3 has no value here";
    CsvTable table =
        runFailingSimulation(name, {"'y' became NaN (not a number) at time 0.6", origin.c_str()});
    ASSERT_EQ(table.rows.size(), 6u); // t = 0, 0.1, ..., 0.5
    for (const auto& row : table.rows)
      EXPECT_NEAR(row[table.column("y")], closedForm(row[0]), 1e-9) << "t = " << row[0];
  }
}

TEST(Cli, ASubscriptOutOfRangeStopsTheRunNamingItsPlace) {
  // subscript_range.mo: i = 1 + integer(5 t) becomes 4 at t = 0.6, where a[i] of a[3] is an
  // error (MLS 10.5); the rows up to the event's left limit are kept, y = a[i] = i in them.
  CsvTable table = runFailingSimulation("subscript_range",
                                        {"assertion failed at time 0.6: the array subscript at ",
                                         "subscript_range.mo:6:14 is outside 1..3 (MLS 10.5)"});
  ASSERT_FALSE(table.rows.empty());
  EXPECT_NEAR(table.rows.back()[0], 0.6, 1e-12);
  for (const auto& row : table.rows)
    EXPECT_EQ(row[table.column("y")], row[table.column("i")]) << "t = " << row[0];
}

TEST(Cli, TerminateStopsSuccessfully) {
  auto csv = scratchDirectory() / "terminating.csv";
  CommandResult r = runMocc("run " + input("terminating.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "terminated at time 0.5")) << r.output;
  EXPECT_TRUE(contains(r.output, "x reached its lower limit")) << r.output;
  EXPECT_NEAR(readCsv(csv.string()).rows.back()[0], 0.5, 1e-9);
}

// A failed error test names the component whose weighted local error estimate is largest: the
// state whose derivative is noise, not the one that integrates exactly.
TEST(Cli, AFailedErrorTestNamesTheStateThatFailedIt) {
  for (std::string options : {"--solver cvode", "--solver ida --override amplitude=1e12"}) {
    auto csv = scratchDirectory() / "noisy.csv";
    CommandResult r =
        runMocc("run " + input("noisy_derivative.mo") + " " + options + " -o " + csv.string());
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_TRUE(contains(r.output, "the error test failed repeatedly")) << r.output;
    EXPECT_TRUE(contains(r.output, "the local error estimate is largest for y")) << r.output;
  }
}

// Messages computed at run time (String(), MLS 3.7.4.5): a Real with 6 significant digits by
// default, an Integer, a Boolean, an enumeration's literal, a Real with a format, an Integer
// padded to a minimum length.
TEST(Cli, AssertMessagesShowValuesComputedAtRunTime) {
  auto csv = scratchDirectory() / "computed.csv";
  CommandResult r = runMocc("run " + input("computed_assert.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "assertion failed at time 0.5")) << r.output;
  EXPECT_TRUE(contains(r.output, "x = 1.5, n = 3, b = true, mode = high, |  1.50|3  |"))
      << r.output;
}

// A message value in a when-clause is ordered like what the clause reads: the assert shows y
// as the event made it, not its value before (the sort counts the values as reads).
TEST(Cli, MessagesInWhenClausesShowValuesOfTheirEvent) {
  auto csv = scratchDirectory() / "when_message.csv";
  CommandResult r = runMocc("run " + input("when_message.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "assertion failed at time 0.5: y = 10")) << r.output;
}

TEST(Cli, TerminateMessagesShowValuesComputedAtRunTime) {
  auto csv = scratchDirectory() / "computed_terminate.csv";
  CommandResult r = runMocc("run " + input("computed_terminate.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "terminated at time 0.55")) << r.output;
  EXPECT_TRUE(contains(r.output, "x fell below 0.45 after 5 samples, x = 0.45")) << r.output;
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

TEST(Timings, ListEveryPhaseAndThePeakMemory) {
  auto dir = scratchDirectory();
  CommandResult r = runMocc("run " + example("BouncingBall.mo") + " --no-cache --timings -o " +
                            (dir / "b.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "  timings:\n")) << r.output;
  for (const char* phase : {"parse", "instantiate", "flatten", "structural analysis", "JIT",
                            "initialization", "simulation", "output"}) {
    EXPECT_TRUE(matches(r.output, std::string("\n    ") + phase + ": +[0-9]+\\.[0-9]{4} s\n"))
        << phase << "\n"
        << r.output;
  }
  // The ball is small: the automatic optimisation level optimises it.
  EXPECT_TRUE(matches(r.output, "\n    codegen: +O2 \\([0-9]+\\.[0-9]{4} s\\)\n")) << r.output;
  EXPECT_TRUE(matches(r.output, "\n    cache: +off")) << r.output;
  EXPECT_TRUE(matches(r.output, "\n    peak memory: +[0-9]+\\.[0-9] MiB\n")) << r.output;
  // The table comes after the summary.
  EXPECT_LT(r.output.find("results: "), r.output.find("timings:")) << r.output;
  CommandResult quiet =
      runMocc("run " + example("BouncingBall.mo") + " --no-cache -o " + (dir / "q.csv").string());
  EXPECT_FALSE(contains(quiet.output, "timings:")) << quiet.output;
}

TEST(JitCache, SecondRunHitsAndGivesIdenticalResults) {
  auto dir = scratchDirectory();
  CommandResult first = runCached(example("BouncingBall.mo"), dir / "first.csv", dir / "cache");
  ASSERT_EQ(first.exitCode, 0) << first.output;
  EXPECT_TRUE(matches(first.output, "cache: +miss")) << first.output;
  auto entries = filesIn(dir / "cache");
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].extension(), ".jit");

  CommandResult second = runCached(example("BouncingBall.mo"), dir / "second.csv", dir / "cache");
  ASSERT_EQ(second.exitCode, 0) << second.output;
  EXPECT_TRUE(matches(second.output, "cache: +hit")) << second.output;
  EXPECT_TRUE(matches(second.output, "structural analysis: +skipped")) << second.output;
  EXPECT_TRUE(matches(second.output, "codegen: +skipped")) << second.output;
  EXPECT_EQ(filesIn(dir / "cache").size(), 1u);
  std::string results = readFileBytes(dir / "first.csv");
  EXPECT_GT(results.size(), 1000u);
  EXPECT_EQ(readFileBytes(dir / "second.csv"), results);
}

TEST(JitCache, ChangedModelOrOptimisationLevelMisses) {
  auto dir = scratchDirectory();
  std::string text = readFileBytes(example("BouncingBall.mo"));
  auto model = dir / "BouncingBall.mo";
  std::ofstream(model) << text;
  ASSERT_EQ(runCached(model.string(), dir / "a.csv", dir / "cache").exitCode, 0);

  std::string changed = std::regex_replace(text, std::regex("h0 = 10"), "h0 = 12");
  ASSERT_NE(changed, text);
  std::ofstream(model) << changed;
  CommandResult r = runCached(model.string(), dir / "b.csv", dir / "cache");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(matches(r.output, "cache: +miss")) << r.output;
  EXPECT_EQ(filesIn(dir / "cache").size(), 2u);
  EXPECT_NE(readFileBytes(dir / "a.csv"), readFileBytes(dir / "b.csv"));

  CommandResult o1 = runCached(model.string() + " -O1", dir / "c.csv", dir / "cache");
  EXPECT_TRUE(matches(o1.output, "cache: +miss")) << o1.output;
  EXPECT_EQ(readFileBytes(dir / "b.csv"), readFileBytes(dir / "c.csv"));
}

TEST(JitCache, CorruptEntryIsAMissAndIsReplaced) {
  auto dir = scratchDirectory();
  ASSERT_EQ(runCached(example("BouncingBall.mo"), dir / "a.csv", dir / "cache").exitCode, 0);
  auto entries = filesIn(dir / "cache");
  ASSERT_EQ(entries.size(), 1u);
  auto size = std::filesystem::file_size(entries[0]);
  for (std::uintmax_t truncated : {size / 2, std::uintmax_t{0}, std::uintmax_t{20}}) {
    std::filesystem::resize_file(entries[0], truncated);
    CommandResult r = runCached(example("BouncingBall.mo"), dir / "b.csv", dir / "cache");
    ASSERT_EQ(r.exitCode, 0) << truncated << "\n" << r.output;
    EXPECT_TRUE(matches(r.output, "cache: +miss")) << truncated << "\n" << r.output;
    EXPECT_EQ(readFileBytes(dir / "a.csv"), readFileBytes(dir / "b.csv"));
    EXPECT_EQ(std::filesystem::file_size(entries[0]), size); // written again
  }
  // A flipped byte in the object code is caught by the checksum before LLVM sees it.
  std::string bytes = readFileBytes(entries[0]);
  bytes[bytes.size() - 100] ^= 0x5a;
  std::ofstream(entries[0], std::ios::binary) << bytes;
  CommandResult flipped = runCached(example("BouncingBall.mo"), dir / "c.csv", dir / "cache");
  ASSERT_EQ(flipped.exitCode, 0) << flipped.output;
  EXPECT_TRUE(matches(flipped.output, "cache: +miss")) << flipped.output;
  CommandResult hit = runCached(example("BouncingBall.mo"), dir / "d.csv", dir / "cache");
  EXPECT_TRUE(matches(hit.output, "cache: +hit")) << hit.output;
  EXPECT_EQ(readFileBytes(dir / "a.csv"), readFileBytes(dir / "d.csv"));
}

TEST(JitCache, NoCacheWritesNothingAndTheDefaultFollowsXdg) {
  auto dir = scratchDirectory();
  std::string env = "env XDG_CACHE_HOME=" + (dir / "xdg").string() +
                    " HOME=" + (dir / "home").string() + " " + moccBinary();
  CommandResult off = runCommand(env + " run " + example("BouncingBall.mo") + " --no-cache -o " +
                                 (dir / "a.csv").string());
  ASSERT_EQ(off.exitCode, 0) << off.output;
  EXPECT_TRUE(filesIn(dir / "xdg").empty());
  EXPECT_TRUE(filesIn(dir / "home").empty());
  CommandResult on =
      runCommand(env + " run " + example("BouncingBall.mo") + " -o " + (dir / "b.csv").string());
  ASSERT_EQ(on.exitCode, 0) << on.output;
  EXPECT_EQ(filesIn(dir / "xdg" / "mocc").size(), 1u);
  EXPECT_TRUE(filesIn(dir / "home").empty());
  CommandResult both =
      runMocc("run " + example("BouncingBall.mo") + " --no-cache --cache " + (dir / "c").string());
  EXPECT_EQ(both.exitCode, 2) << both.output;
}

TEST(JitCache, ModelThatFailsToCompileCachesNothing) {
  auto dir = scratchDirectory();
  CommandResult r = runCached(input("singular.mo"), dir / "s.csv", dir / "cache");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "error")) << r.output;
  EXPECT_TRUE(filesIn(dir / "cache").empty());
  CommandResult syntax = runCached(input("syntax_error.mo"), dir / "e.csv", dir / "cache");
  EXPECT_EQ(syntax.exitCode, 1) << syntax.output;
  EXPECT_TRUE(filesIn(dir / "cache").empty());
}

TEST(JitCache, DirectoryThatCannotBeCreatedWarnsAndRunsWithoutIt) {
  auto dir = scratchDirectory();
  std::ofstream(dir / "plain-file") << "not a directory";
  CommandResult r = runCached(example("BouncingBall.mo"), dir / "a.csv", dir / "plain-file" / "c");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "mocc: warning: cannot create the JIT cache directory"))
      << r.output;
  EXPECT_TRUE(matches(r.output, "cache: +off")) << r.output;
  EXPECT_TRUE(std::filesystem::exists(dir / "a.csv"));
}

TEST(JitCache, ConcurrentRunsLeaveOneCompleteEntry) {
  auto dir = scratchDirectory();
  std::string run = moccBinary() + " run " + example("BouncingBall.mo") + " --cache " +
                    (dir / "cache").string() + " -o " + dir.string() + "/";
  CommandResult both = runCommand("sh -c '" + run + "a.csv & a=$!; " + run + "b.csv & b=$!; " +
                                  run + "c.csv & c=$!; wait $a && wait $b && wait $c'");
  ASSERT_EQ(both.exitCode, 0) << both.output;
  auto entries = filesIn(dir / "cache");
  ASSERT_EQ(entries.size(), 1u); // no temporary file left behind
  EXPECT_EQ(entries[0].extension(), ".jit");
  CommandResult hit = runCached(example("BouncingBall.mo"), dir / "d.csv", dir / "cache");
  EXPECT_TRUE(matches(hit.output, "cache: +hit")) << hit.output;
  for (const char* csv : {"b.csv", "c.csv", "d.csv"})
    EXPECT_EQ(readFileBytes(dir / "a.csv"), readFileBytes(dir / csv)) << csv;
}

TEST(Cli, AQualifiedClassNameOnTheLibraryPathWorksInPlaceOfAFile) {
  // As simulate(Decays.Examples.Exponential) in other tools: --lib, then MODELICAPATH.
  auto dir = scratchDirectory();
  std::string library = input("library");
  auto csv = dir / "exponential.csv";
  CommandResult r =
      runMocc("run Decays.Examples.Exponential --lib " + library + " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv(csv.string());
  for (const auto& row : table.rows) // tolerance 1e-10: x = 2 exp(-3 t) to about 1e-8
    EXPECT_NEAR(row[table.column("x")], 2 * std::exp(-3 * row[table.column("time")]), 1e-7);
  r = runCommand("MODELICAPATH=" + library + " " + moccBinary() +
                 " check Decays.Examples.Exponential");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  for (const char* command : {"flatten", "dae"}) {
    r = runMocc(std::string(command) + " Decays.Examples.Exponential --lib " + library);
    EXPECT_EQ(r.exitCode, 0) << command << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "x")) << r.output;
  }
}

TEST(Cli, ALibraryNamedModelicaTakesPrecedenceOverTheProjectsStdlib) {
  // The root given with --lib is searched first (MLS 13.3): its Modelica package is the only
  // one, so Modelica.Tiny is found there although the project's stdlib/ has no such class.
  auto dir = scratchDirectory();
  CommandResult r =
      runMocc("run Modelica.Tiny --lib " + input("library") + " -o " + (dir / "tiny.csv").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv((dir / "tiny.csv").string());
  EXPECT_NEAR(table.rows.back()[table.column("x")], std::exp(-1.0), 1e-5);
  r = runMocc("run Modelica.Tiny -o " + (dir / "none.csv").string());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "no class named 'Modelica.Tiny' on the library path")) << r.output;
}

TEST(Cli, AModelArgumentThatIsNeitherAFileNorAClassNameIsAUsageError) {
  CommandResult r = runMocc("check no/such/file.mo");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "no/such/file.mo")) << r.output;
  r = runMocc("check Not.AFile.mo");
  EXPECT_EQ(r.exitCode, 2) << r.output;
}

// A function called as a statement (MLS 11.2) is part of the algorithm: its assert stops the
// run where the time event at 0.5 makes it fail, with the message its body computes.
TEST(Cli, AFunctionCalledAsAStatementChecksItsAsserts) {
  auto csv = scratchDirectory() / "call_statement.csv";
  CommandResult r = runMocc("run " + input("call_statement_assert.mo") + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "assertion failed at time 0.5")) << r.output;
  EXPECT_TRUE(contains(r.output, "n = 1 reached the limit 1")) << r.output;
}

/// A flat model of `n` masses whose states have no start values and whose parameters have no
/// values: one missing-binding warning per parameter and a list of 2n states.
std::filesystem::path writeMassesWithoutValues(const std::filesystem::path& dir, int n) {
  std::ofstream out(dir / "Masses.mo");
  out << "model Masses\n";
  for (int i = 1; i <= n; ++i)
    out << "  parameter Real k" << i << ";\n  Real x" << i << ";\n  Real v" << i << ";\n";
  out << "equation\n";
  for (int i = 1; i <= n; ++i)
    out << "  der(x" << i << ") = v" << i << ";\n  der(v" << i << ") = -k" << i << " * x" << i
        << ";\n";
  out << "end Masses;\n";
  return dir / "Masses.mo";
}

/// The lines `text` takes on a terminal `width` columns wide.
std::size_t screenLines(const std::string& text, std::size_t width) {
  std::size_t lines = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines += std::max<std::size_t>(1, (line.size() + width - 1) / width);
  return lines;
}

TEST(Cli, WarningsOfOneKindDoNotFloodTheTerminal) {
  auto dir = scratchDirectory();
  std::string model = writeMassesWithoutValues(dir, 2000).string();
  std::string run = "run " + model + " --no-cache --stop-time 0.001 -o " + (dir / "r.csv").string();
  CommandResult r = runMocc(run);
  ASSERT_EQ(r.exitCode, 0) << r.output.substr(0, 2000);
  EXPECT_LE(screenLines(r.output, 80), 48u) << r.output;
  EXPECT_TRUE(contains(r.output, "1995 more missing-binding warnings not shown (--all-warnings "
                                 "shows them)"))
      << r.output;
  EXPECT_TRUE(contains(r.output, "4000 states have no initial equation"));
  EXPECT_TRUE(contains(r.output, "and 3990 more (--all-warnings lists all)"));
  // The count of warnings by kind ends the run's output.
  std::size_t count = r.output.find("mocc: 2001 warnings: 2000 missing-binding, 1 "
                                    "structurally-singular\n");
  ASSERT_NE(count, std::string::npos) << r.output;
  EXPECT_GT(count, r.output.find("  results: "));
  CommandResult all = runMocc(run + " --all-warnings");
  ASSERT_EQ(all.exitCode, 0);
  EXPECT_TRUE(contains(all.output, "parameter 'k2000' has neither a value"));
  EXPECT_TRUE(contains(all.output, "v2000 (" + model + ":"));
}

TEST(Cli, EveryCommandLineOfTheHelpPagesRuns) {
  auto dir = scratchDirectory();
  std::filesystem::create_directory_symlink(std::string(MOCC_SOURCE_DIR) + "/examples",
                                            dir / "examples");
  CommandResult list = runMocc("help");
  ASSERT_EQ(list.exitCode, 0);
  std::size_t commands = 0;
  for (const char* topic : {"events", "solvers", "locators", "results"}) {
    EXPECT_TRUE(contains(list.output, std::string("  ") + topic + " ")) << list.output;
    CommandResult page = runMocc(std::string("help ") + topic);
    ASSERT_EQ(page.exitCode, 0) << topic;
    std::istringstream lines(page.output);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("  $ mocc ", 0) != 0) continue;
      ++commands;
      std::string command = "cd " + dir.string() + " && XDG_CACHE_HOME=" + dir.string() + " " +
                            moccBinary() + line.substr(8);
      CommandResult r = runCommand(command);
      EXPECT_EQ(r.exitCode, 0) << topic << ": " << line << "\n" << r.output;
    }
  }
  EXPECT_GE(commands, 8u);
  EXPECT_EQ(runMocc("help nosuch").exitCode, 2);
}

TEST(Cli, QuietPrintsNothingAndVerboseTheIntegratorsWork) {
  auto dir = scratchDirectory();
  std::string run = "run " + example("BouncingBall.mo") + " -o " + (dir / "b.csv").string();
  CommandResult quiet = runCommand(moccBinary() + " " + run + " --quiet 2>/dev/null");
  EXPECT_EQ(quiet.exitCode, 0);
  EXPECT_EQ(quiet.output, "");
  CommandResult verbose = runMocc(run + " --verbose");
  EXPECT_TRUE(matches(verbose.output, "jacobian: analytic, dense; Newton iterations: [0-9]+"))
      << verbose.output;
  EXPECT_TRUE(contains(verbose.output, "root evaluations: "));
}

// `script` (util-linux, essential in Debian) gives the run a terminal: a run longer than a
// second shows its progress there and erases it; through a pipe nothing is drawn.
TEST(Cli, ALongRunShowsItsProgressOnATerminalOnly) {
  auto dir = scratchDirectory();
  std::string run = moccBinary() + " run " + example("BouncingBall.mo") +
                    " --solver euler --step 2e-7 --stop-time 4 -o " + (dir / "b.csv").string();
  CommandResult terminal = runCommand("script -qec '" + run + "' /dev/null");
  ASSERT_EQ(terminal.exitCode, 0) << terminal.output;
  EXPECT_TRUE(matches(terminal.output, R"(\r  \[=+ *\] +[0-9]+%  t = [0-9.]+ of 4, [0-9]+ events, )"
                                       R"([0-9]+ steps)"))
      << terminal.output.substr(0, 500);
  EXPECT_TRUE(contains(terminal.output, "\r\033[K"));
  CommandResult pipe = runCommand(run);
  EXPECT_FALSE(contains(pipe.output, "%  t = ")) << pipe.output;
}

TEST(Cli, TheManualPageListsEveryCommandAndOption) {
  CommandResult manual = runMocc("man");
  ASSERT_EQ(manual.exitCode, 0);
  EXPECT_EQ(manual.output.rfind(".TH MOCC 1", 0), 0u);
  for (const char* command : {"run", "flatten", "dae", "check", "emit\\-cpp", "build", "compare",
                              "plot", "sweep", "help", "man"})
    EXPECT_TRUE(contains(manual.output, std::string(".SS mocc ") + command + "\n")) << command;
  for (const char* option : {"\\-\\-event\\-locator", "\\-\\-override", "\\-\\-variables",
                             "\\-\\-format", "\\-\\-all\\-warnings", "\\-\\-quiet"})
    EXPECT_TRUE(contains(manual.output, std::string(option) + " ") ||
                contains(manual.output, std::string(option) + "\n"))
        << option;
  // groff finds nothing to warn about (-ww: all warnings).
  auto dir = scratchDirectory();
  std::ofstream(dir / "mocc.1") << manual.output;
  CommandResult checked = runCommand("groff -man -ww -z " + (dir / "mocc.1").string());
  EXPECT_EQ(checked.output, "");
}

TEST(Cli, AnOverridesFileSetsParametersLikeOverrideOptions) {
  auto dir = scratchDirectory();
  std::ofstream(dir / "ball.txt") << "# a softer ball\n  e = 0.8  \n\nh0=12 # metres\n";
  std::string ball = example("BouncingBall.mo");
  CommandResult fromFile =
      runMocc("run " + ball + " --overrides-file " + (dir / "ball.txt").string() + " -o " +
              (dir / "file.csv").string());
  ASSERT_EQ(fromFile.exitCode, 0) << fromFile.output;
  ASSERT_EQ(runMocc("run " + ball + " --override e=0.8 --override h0=12 -o " +
                    (dir / "options.csv").string())
                .exitCode,
            0);
  EXPECT_EQ(readFileBytes(dir / "file.csv"), readFileBytes(dir / "options.csv"));
  EXPECT_EQ(readCsv((dir / "file.csv").string()).values("h").front(), 12);
  std::ofstream(dir / "bad.txt") << "nosuch = 1\n";
  EXPECT_EQ(runMocc("run " + ball + " --overrides-file " + (dir / "bad.txt").string()).exitCode, 2);
}
