// Both code generators give the same numbers: every example model (examples/*.mo) and every
// event and DAE test model (tests/models/events, tests/models/dae) is simulated by `mocc run`
// (LLVM JIT) and by the executable `mocc build` makes of it (generated C++, g++), and the two
// result files must be byte-identical, with the same exit code and the same solver statistics.
// Neither side fuses multiply-adds (-ffp-contract=off, FPOpFusion::Strict), so nothing is
// loosened here. Also `mocc emit-cpp` built with CMake against the build tree's mocc package.
#include "model_test_support.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace mocc::test;
namespace fs = std::filesystem;

namespace {

/// The models whose results both code generators must agree on, sorted for stable test names.
std::vector<fs::path> equivalenceModels() {
  std::vector<fs::path> models;
  for (const char* directory :
       {"examples", "tests/models/events", "tests/models/dae", "tests/models/language",
        "tests/models/external", "examples/modes", "tests/models/modes"}) {
    fs::path root = fs::path(MOCC_SOURCE_DIR) / directory;
    if (!fs::is_directory(root)) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(root))
      if (entry.path().extension() == ".mo") models.push_back(entry.path());
  }
  // The structural-dynamic cases of the seeds (issue 15): one mode per if-equation branch in
  // both code generators, switched by the same runtime.
  for (const char* model :
       {"examples/argesim-c21/PendulumNatural.mo", "examples/seed-000/FilamentPendulumNatural.mo"})
    models.push_back(fs::path(MOCC_SOURCE_DIR) / model);
  std::sort(models.begin(), models.end());
  return models;
}

/// The lines of a run summary that depend only on the computation (not on wall time or paths).
std::string statisticsLines(const std::string& output) {
  std::istringstream lines(output);
  std::string line, kept;
  for (; std::getline(lines, line);)
    if (line.rfind("  events:", 0) == 0 || line.rfind("  steps:", 0) == 0 ||
        line.rfind("  modes:", 0) == 0)
      kept += line + "\n";
  return kept;
}

/// The first line where two texts differ, for a readable failure.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::istringstream left(a), right(b);
  std::string l, r;
  for (int number = 1;; ++number) {
    bool hasLeft = static_cast<bool>(std::getline(left, l));
    bool hasRight = static_cast<bool>(std::getline(right, r));
    if (!hasLeft && !hasRight) return "(no difference)";
    if (!hasLeft || !hasRight || l != r)
      return "line " + std::to_string(number) + ":\n  JIT: " + (hasLeft ? l : "<end>") +
             "\n  C++: " + (hasRight ? r : "<end>");
  }
}

class BothBackends : public ::testing::TestWithParam<fs::path> {};

/// The options that choose what to translate: a file whose top-level class is a package names
/// the model to simulate (MLS 3.7.4.6's example of getInstanceName needs a package).
std::string classOption(const fs::path& model) {
  return model.stem() == "InstanceNameInPackage" ? " --class MyLib.Vehicle" : "";
}

/// Runs the model through `mocc run` and through `executable` with `options` and requires the
/// same exit code, statistics and result bytes.
void expectSameRun(const fs::path& model, const fs::path& executable, const fs::path& dir,
                   const std::string& options) {
  SCOPED_TRACE(options.empty() ? "default options" : options);
  fs::path jitCsv = dir / "jit.csv", cppCsv = dir / "cpp.csv";
  CommandResult jit = runCommand(moccBinary() + " run " + model.string() + classOption(model) +
                                 " " + options + " -o " + jitCsv.string());
  CommandResult cpp = runCommand(executable.string() + " " + options + " -o " + cppCsv.string());
  EXPECT_EQ(jit.exitCode, cpp.exitCode) << "JIT:\n" << jit.output << "C++:\n" << cpp.output;
  EXPECT_EQ(statisticsLines(jit.output), statisticsLines(cpp.output));
  std::string jitRows = readFileBytes(jitCsv), cppRows = readFileBytes(cppCsv);
  ASSERT_FALSE(jitRows.empty()) << jit.output;
  EXPECT_TRUE(jitRows == cppRows) << "the result files differ at "
                                  << firstDifference(jitRows, cppRows);
}

TEST_P(BothBackends, GiveByteIdenticalResults) {
  const fs::path& model = GetParam();
  fs::path dir = scratchDirectory();
  fs::path executable = dir / "simulator";
  // -O1 keeps the g++ time modest; every level gives the same bits.
  CommandResult built = runCommand(moccBinary() + " build " + model.string() + classOption(model) +
                                   " -O1 -o " + executable.string());
  ASSERT_EQ(built.exitCode, 0) << built.output;
  expectSameRun(model, executable, dir, "");
  // The DAE models also through IDA, which uses the residual form (dae_residuals).
  if (model.parent_path().filename() == "dae")
    expectSameRun(model, executable, dir, "--solver ida");
  // The sliding mode forces relations through crossing_direction (the prelude's `forced`).
  if (model.stem() == "SlidingSurface") expectSameRun(model, executable, dir, "--filippov");
}

std::string testNameOf(const ::testing::TestParamInfo<fs::path>& info) {
  std::string name =
      info.param.parent_path().filename().string() + "_" + info.param.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Models, BothBackends, ::testing::ValuesIn(equivalenceModels()),
                         testNameOf);

TEST(GeneratedSimulator, DestroysEachExternalObjectOnceAfterANormalAndAFailedRun) {
  // tests/models/external/ExternalObjects.mo built through C++: the counters of the test C
  // library log their constructions and destructions (MLS 12.9.7), as in the JIT's test
  // (external_models_test.cpp); stopAt = 0.5 fails the run with exit code 3.
  fs::path dir = scratchDirectory();
  fs::path model = fs::path(MOCC_SOURCE_DIR) / "tests/models/external/ExternalObjects.mo";
  fs::path executable = dir / "simulator";
  CommandResult built =
      runCommand(moccBinary() + " build " + model.string() + " -O1 -o " + executable.string());
  ASSERT_EQ(built.exitCode, 0) << built.output;
  for (const auto& [options, exitCode] :
       {std::pair<std::string, int>{"", 0},
        std::pair<std::string, int>{"--override stopAt=0.5", 3}}) {
    SCOPED_TRACE(options.empty() ? "normal run" : options);
    fs::path log = dir / ("counters" + std::to_string(exitCode) + ".log");
    CommandResult run =
        runCommand("MOCC_TEST_COUNTER_LOG=" + log.string() + " " + executable.string() +
                   " --stop-time 1 " + options + " -o " + (dir / "r.csv").string());
    EXPECT_EQ(run.exitCode, exitCode) << run.output;
    EXPECT_EQ(readFileBytes(log), "constructed 10\nconstructed 15\ndestroyed 15\ndestroyed 10\n");
  }
}

TEST(EmitCpp, CMakeProjectBuildsAgainstTheBuildTreePackage) {
  fs::path dir = scratchDirectory();
  std::string model = example("BouncingBall.mo");
  CommandResult emitted = runCommand(moccBinary() + " emit-cpp " + model + " -o " + dir.string());
  ASSERT_EQ(emitted.exitCode, 0) << emitted.output;
  ASSERT_TRUE(fs::exists(dir / "BouncingBall.cpp"));
  ASSERT_TRUE(fs::exists(dir / "CMakeLists.txt"));
  std::string build = (dir / "build").string();
  CommandResult configured =
      runCommand("cmake -S " + dir.string() + " -B " + build + " -DCMAKE_BUILD_TYPE=Release " +
                 "-Dmocc_DIR=" + MOCC_BINARY_DIR + "/lib/cmake/mocc");
  ASSERT_EQ(configured.exitCode, 0) << configured.output;
  CommandResult compiled = runCommand("cmake --build " + build);
  ASSERT_EQ(compiled.exitCode, 0) << compiled.output;
  fs::path cppCsv = dir / "cpp.csv", jitCsv = dir / "jit.csv";
  CommandResult cpp = runCommand(build + "/BouncingBall --stop-time 2 -o " + cppCsv.string());
  ASSERT_EQ(cpp.exitCode, 0) << cpp.output;
  CommandResult jit =
      runCommand(moccBinary() + " run " + model + " --stop-time 2 -o " + jitCsv.string());
  ASSERT_EQ(jit.exitCode, 0) << jit.output;
  EXPECT_TRUE(readFileBytes(jitCsv) == readFileBytes(cppCsv));
}

namespace {

/// `cmake --install` of this build tree into `prefix`.
void installInto(const fs::path& prefix) {
  CommandResult installed = runCommand(std::string("cmake --install ") + MOCC_BINARY_DIR +
                                       " --prefix " + prefix.string());
  ASSERT_EQ(installed.exitCode, 0) << installed.output;
}

} // namespace

// examples/embed, built against the installed package (find_package(mocc), mocc::compiler),
// compiles the ball in process and simulates it with an override: its final values are those
// of `mocc run` with the same override, bit for bit.
TEST(EmbedExample, BuildsAgainstTheInstalledPackageAndSimulatesLikeMoccRun) {
  fs::path dir = scratchDirectory();
  fs::path prefix = dir / "prefix";
  ASSERT_NO_FATAL_FAILURE(installInto(prefix));
  std::string source = std::string(MOCC_SOURCE_DIR) + "/examples/embed";
  CommandResult configured = runCommand("cmake -S " + source + " -B " + (dir / "build").string() +
                                        " -DCMAKE_PREFIX_PATH=" + prefix.string() +
                                        " && cmake --build " + (dir / "build").string());
  ASSERT_EQ(configured.exitCode, 0) << configured.output;
  CommandResult embedded =
      runCommand((dir / "build/embed").string() + " " + example("BouncingBall.mo") + " e=0.8");
  ASSERT_EQ(embedded.exitCode, 0) << embedded.output;
  CommandResult run = runCommand(moccBinary() + " run " + example("BouncingBall.mo") +
                                 " --override e=0.8 -o " + (dir / "r.csv").string());
  ASSERT_EQ(run.exitCode, 0) << run.output;
  CsvTable table = readCsv((dir / "r.csv").string());
  double h = 0, v = 0;
  ASSERT_EQ(std::sscanf(embedded.output.c_str(), "BouncingBall at t = 10: h = %lf v = %lf", &h, &v),
            2)
      << embedded.output;
  EXPECT_EQ(h, table.values("h").back());
  EXPECT_EQ(v, table.values("v").back());
  EXPECT_NE(embedded.output.find("rows: " + std::to_string(table.rows.size())), std::string::npos)
      << embedded.output;
}

TEST(EmitCpp, InstalledMoccBuildsAgainstTheInstalledRuntime) {
  fs::path dir = scratchDirectory();
  fs::path prefix = dir / "prefix";
  ASSERT_NO_FATAL_FAILURE(installInto(prefix));
  ASSERT_TRUE(fs::exists(prefix / "lib/cmake/mocc/mocc-config.cmake"));
  ASSERT_TRUE(fs::exists(prefix / "include/mocc/simulator_main.h"));
  EXPECT_TRUE(fs::exists(prefix / "share/man/man1/mocc.1"));
  EXPECT_TRUE(fs::exists(prefix / "share/mocc/stdlib/Modelica/package.mo"));
  CommandResult version = runCommand((prefix / "bin/mocc").string() + " --version");
  EXPECT_NE(version.output.find("standard library: " + (prefix / "share/mocc/stdlib").string()),
            std::string::npos)
      << version.output;
  fs::path executable = dir / "relay";
  CommandResult built = runCommand((prefix / "bin/mocc").string() + " build " +
                                   example("Relay.mo") + " -O0 -o " + executable.string());
  ASSERT_EQ(built.exitCode, 0) << built.output;
  CommandResult linked = runCommand("ldd " + executable.string());
  EXPECT_NE(linked.output.find((prefix / "lib/libmocc_runtime.so").string()), std::string::npos)
      << linked.output;
  CommandResult run = runCommand(executable.string() + " -o " + (dir / "r.csv").string());
  EXPECT_EQ(run.exitCode, 0) << run.output;
}

TEST(EmitCpp, GeneratedSimulatorTakesTheOptionsOfRun) {
  fs::path dir = scratchDirectory();
  fs::path executable = dir / "ball";
  CommandResult built = runCommand(moccBinary() + " build " + example("BouncingBall.mo") +
                                   " -O0 -o " + executable.string());
  ASSERT_EQ(built.exitCode, 0) << built.output;
  CommandResult help = runCommand(executable.string() + " --help");
  EXPECT_EQ(help.exitCode, 0);
  for (const char* option : {"--start-time", "--stop-time", "--tolerance", "--interval", "--solver",
                             "--output", "--override", "--plot"})
    EXPECT_NE(help.output.find(option), std::string::npos) << option << "\n" << help.output;
  CommandResult unknown =
      runCommand(executable.string() + " --override nosuch=1 -o " + (dir / "r.csv").string());
  EXPECT_EQ(unknown.exitCode, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("no variable 'nosuch'"), std::string::npos) << unknown.output;
  CommandResult badStop = runCommand(executable.string() + " --stop-time -1");
  EXPECT_EQ(badStop.exitCode, 2) << badStop.output;
  // --timings lists the runtime's phases only: the model was compiled before.
  CommandResult timed =
      runCommand(executable.string() + " --timings -o " + (dir / "t.csv").string());
  ASSERT_EQ(timed.exitCode, 0) << timed.output;
  for (const char* phase : {"initialization:", "simulation:", "output:", "peak memory:"})
    EXPECT_NE(timed.output.find(phase), std::string::npos) << phase << "\n" << timed.output;
  EXPECT_EQ(timed.output.find("parse:"), std::string::npos) << timed.output;
}

// Messages with values computed at run time: the generated simulator reports the same text as
// `mocc run`, with the same exit code and results.
TEST(EmitCpp, MessagesWithValuesMatchTheJit) {
  const std::pair<const char*, const char*> cases[] = {
      {"computed_assert.mo", "x = 1.5, n = 3, b = true, mode = high, |  1.50|3  |"},
      {"computed_terminate.mo", "x fell below 0.45 after 5 samples, x = 0.45"}};
  for (const auto& [file, text] : cases) {
    SCOPED_TRACE(file);
    fs::path model = fs::path(MOCC_SOURCE_DIR) / "tests/cli/inputs" / file;
    fs::path dir = scratchDirectory();
    fs::path executable = dir / "simulator";
    CommandResult built =
        runCommand(moccBinary() + " build " + model.string() + " -O1 -o " + executable.string());
    ASSERT_EQ(built.exitCode, 0) << built.output;
    CommandResult cpp = runCommand(executable.string() + " -o " + (dir / "cpp.csv").string());
    EXPECT_NE(cpp.output.find(text), std::string::npos) << cpp.output;
    expectSameRun(model, executable, dir, "");
  }
}

TEST(EmitCpp, ModelErrorsAndMissingCompilersAreClearMessages) {
  fs::path dir = scratchDirectory();
  std::string broken = std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/syntax_error.mo";
  CommandResult emitted = runCommand(moccBinary() + " emit-cpp " + broken + " -o " + dir.string());
  EXPECT_EQ(emitted.exitCode, 1);
  EXPECT_NE(emitted.output.find("syntax_error.mo:3:1: error[E0101]: "), std::string::npos)
      << emitted.output;
  CommandResult noCompiler =
      runCommand(moccBinary() + " build " + example("BouncingBall.mo") + " --cxx " +
                 "/nonexistent/g++ -o " + (dir / "ball").string());
  EXPECT_EQ(noCompiler.exitCode, 1);
  EXPECT_NE(noCompiler.output.find("cannot run the C++ compiler '/nonexistent/g++'"),
            std::string::npos)
      << noCompiler.output;
  CommandResult missingOutput = runCommand(moccBinary() + " emit-cpp " + example("Relay.mo"));
  EXPECT_EQ(missingOutput.exitCode, 2) << missingOutput.output;
}

} // namespace
