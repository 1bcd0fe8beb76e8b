// FMUs that `mocc fmu` writes (issue 20), run in fmusim, the Modelica Association's FMU
// simulator (Reference-FMUs v0.0.39, ../shared/tools/fmusim), which no one here wrote: it
// validates modelDescription.xml against the FMI schemas, loads the shared object and drives
// it through the FMI API, with its own CVODE for Model Exchange. The expected values are closed
// forms (the bouncing ball's bounce times, the integral of a piecewise constant input) and the
// MSL's reference results.
#include "bouncing_ball_bounds.h"
#include "model_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>

using namespace mocc::test;

namespace {

namespace fs = std::filesystem;

const std::string kFmusim = MOCC_FMUSIM;

std::string fmiModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/fmi/models/" + name;
}

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

/// Skips the test when the fixture could not build fmusim (its packages are missing).
#define REQUIRE_FMUSIM()                                                                           \
  if (!fs::exists(kFmusim))                                                                        \
  GTEST_SKIP() << "fmusim is not built (it needs libxml2-dev, libminizip-dev, zlib1g-dev and "     \
                  "libsundials-dev; tools/setup.sh installs them)"

/// `mocc fmu MODEL --fmi VERSION -o DIR/NAME.fmu`.
fs::path exportFmu(const std::string& model, int version, const fs::path& dir,
                   const std::string& extra = "") {
  fs::path fmu = dir / ("model" + std::to_string(version) + ".fmu");
  CommandResult r = runMocc("fmu " + model + " --fmi " + std::to_string(version) + " -o " +
                            fmu.string() + " " + extra);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return fmu;
}

/// fmusim on `fmu` with Model Exchange ("me", its CVODE) or Co-Simulation ("cs").
CommandResult fmusim(const fs::path& fmu, const std::string& interface, const fs::path& output,
                     const std::string& options) {
  std::string solver = interface == "me" ? " --solver cvode" : "";
  return runCommand(kFmusim + " --interface-type " + interface + solver + " " + options +
                    " --output-file " + output.string() + " " + fmu.string());
}

/// What fmusim did with an FMU of a model: its outcome and, when it succeeded, the rows it
/// wrote.
struct FmusimRun {
  CommandResult result;
  CsvTable table;
};

/// `model` exported in FMI `version` and run in fmusim with `interface` and `options`.
FmusimRun runInFmusim(const std::string& model, int version, const std::string& interface,
                      const std::string& options) {
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(model, version, dir);
  FmusimRun run{fmusim(fmu, interface, dir / "out.csv", options), {}};
  if (run.result.exitCode == 0) run.table = readCsv((dir / "out.csv").string());
  return run;
}

struct Variant {
  int fmi;
  std::string interface;
};

std::string variantName(const testing::TestParamInfo<Variant>& info) {
  return "Fmi" + std::to_string(info.param.fmi) + (info.param.interface == "me" ? "Me" : "Cs");
}

class FmuVariants : public testing::TestWithParam<Variant> {};

INSTANTIATE_TEST_SUITE_P(FmiVersionsAndInterfaces, FmuVariants,
                         testing::Values(Variant{2, "me"}, Variant{2, "cs"}, Variant{3, "me"},
                                         Variant{3, "cs"}),
                         variantName);

/// The bounce times seen in a result at fixed output points (co-simulation): after a bounce
/// the ball flies on the parabola of its post-bounce state, so the first row after it, (t1, h1,
/// v1), gives its time exactly: h1 = v1 tau + g tau^2 / 2 with tau = t1 - bounce time.
std::vector<double> bounceTimesBetweenRows(const CsvTable& table, double g) {
  std::size_t t = table.column("time"), h = table.column("h"), v = table.column("v");
  std::vector<double> bounces;
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    const auto& before = table.rows[i - 1];
    const auto& after = table.rows[i];
    if (!(before[v] < 0 && after[v] > 0)) continue;
    double tau = (-after[v] + std::sqrt(after[v] * after[v] + 2 * g * after[h])) / g;
    bounces.push_back(after[t] - tau);
  }
  return bounces;
}

/// What reading bounce m (1-based) back from the next output point adds to its bound: the
/// integration error there (K TOL (1 + height) in h, K TOL (1 + speed) in v with K = 10, as in
/// ballBounceTimeBound) moves tau by the position error over the rising speed (e times the
/// landing speed) plus the speed error over g.
double readBackBound(std::size_t m, const BallFlights& exact, double g, double e,
                     double tolerance) {
  double speed = exact.speed[m - 1];
  return 10 * tolerance * (1 + exact.height.front()) / (e * speed) +
         10 * tolerance * (1 + speed) / g;
}

// examples/BouncingBall.mo (g = 9.81, e = 0.9, h0 = 10, tolerance 1e-8) against seed 003's
// closed form: Model Exchange through fmusim's CVODE and root finding on the FMU's event
// indicator, Co-Simulation through the FMU's own event location inside doStep.
TEST_P(FmuVariants, BouncingBallBouncesAtTheClosedFormTimes) {
  REQUIRE_FMUSIM();
  const Variant& variant = GetParam();
  FmusimRun run = runInFmusim(example("BouncingBall.mo"), variant.fmi, variant.interface,
                              "--tolerance 1e-8 --stop-time 10 --output-interval 0.01 "
                              "--output-variable h --output-variable v");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const CsvTable& table = run.table;
  const double g = 9.81, e = 0.9, h0 = 10, tolerance = 1e-8, stop = 10;
  std::vector<double> bounces =
      variant.interface == "me" ? bounceTimes(table) : bounceTimesBetweenRows(table, g);
  BallFlights exact = ballClosedForm(h0, g, e, 20);
  std::size_t expected = 0;
  while (expected < exact.bounceTime.size() && exact.bounceTime[expected] < stop)
    ++expected;
  ASSERT_EQ(bounces.size(), expected) << run.result.output;
  for (std::size_t m = 0; m < bounces.size(); ++m) {
    double bound = ballBounceTimeBound(m + 1, exact, g, e, tolerance, stop);
    if (variant.interface == "cs") bound += readBackBound(m + 1, exact, g, e, tolerance);
    EXPECT_NEAR(bounces[m], exact.bounceTime[m], bound) << "bounce " << m + 1;
  }
}

/// The bounces of the closed form between `from` and `to`, with their numbers (1-based).
std::vector<std::pair<std::size_t, double>> exactBounces(const BallFlights& exact, double from,
                                                         double to) {
  std::vector<std::pair<std::size_t, double>> bounces;
  for (std::size_t m = 0; m < exact.bounceTime.size(); ++m)
    if (exact.bounceTime[m] > from && exact.bounceTime[m] < to)
      bounces.push_back({m + 1, exact.bounceTime[m]});
  return bounces;
}

// A run saved at t = 3 (FMI's serialized FMU state, written by fmusim) and resumed from the
// file in a new process continues where it stopped: the resumed run starts with the saved
// values, and its bounces keep the closed form's times (the integrators restart at t = 3, so
// the bound is that of a run that restarts at an event).
TEST_P(FmuVariants, SerializedStateResumesTheRun) {
  REQUIRE_FMUSIM();
  const Variant& variant = GetParam();
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(example("BouncingBall.mo"), variant.fmi, dir);
  std::string common = "--tolerance 1e-8 --output-interval 0.01 --output-variable h "
                       "--output-variable v ";
  CommandResult first =
      fmusim(fmu, variant.interface, dir / "first.csv",
             common + "--stop-time 3 --final-fmu-state-file " + (dir / "state.bin").string());
  ASSERT_EQ(first.exitCode, 0) << first.output;
  CommandResult resumed = fmusim(fmu, variant.interface, dir / "resumed.csv",
                                 common +
                                     "--start-time 3 --stop-time 10 "
                                     "--initial-fmu-state-file " +
                                     (dir / "state.bin").string());
  ASSERT_EQ(resumed.exitCode, 0) << resumed.output;
  CsvTable before = readCsv((dir / "first.csv").string());
  CsvTable after = readCsv((dir / "resumed.csv").string());
  ASSERT_FALSE(before.rows.empty());
  ASSERT_FALSE(after.rows.empty());
  EXPECT_EQ(after.rows.front(), before.rows.back());
  const double g = 9.81, e = 0.9, tolerance = 1e-8;
  std::vector<double> bounces =
      variant.interface == "me" ? bounceTimes(after) : bounceTimesBetweenRows(after, g);
  BallFlights exact = ballClosedForm(10, g, e, 20);
  auto expected = exactBounces(exact, 3, 10);
  ASSERT_EQ(bounces.size(), expected.size()) << resumed.output;
  // The restart at t = 3, inside the flight between bounces 1 and 2, adds that flight's
  // contribution once more (its integrator's first steps are of order 1 again).
  double restart = ballBounceTimeBound(2, exact, g, e, tolerance, 10) -
                   ballBounceTimeBound(1, exact, g, e, tolerance, 10);
  for (std::size_t k = 0; k < bounces.size(); ++k) {
    auto [m, time] = expected[k];
    double bound = ballBounceTimeBound(m, exact, g, e, tolerance, 10) + restart;
    if (variant.interface == "cs") bound += readBackBound(m, exact, g, e, tolerance);
    EXPECT_NEAR(bounces[k], time, bound) << "bounce " << m;
  }
}

// tests/fmi/models/InputDriven.mo driven by fmusim from inputs.csv: u = 1 until t = 1, then -3
// (the file repeats t = 1: an input event). x is the integral of u and y = 2 x: y = 2 t, then
// 2 - 6 (t - 1). Model Exchange sets the input at every evaluation and the event at t = 1;
// Co-Simulation at each communication point, the value after the event at t = 1.
TEST_P(FmuVariants, InputsDriveTheModel) {
  REQUIRE_FMUSIM();
  const Variant& variant = GetParam();
  FmusimRun run = runInFmusim(fmiModel("InputDriven.mo"), variant.fmi, variant.interface,
                              "--tolerance 1e-8 --stop-time 2 --output-interval 0.25 "
                              "--input-file " +
                                  fmiModel("inputs.csv"));
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const CsvTable& table = run.table;
  std::size_t t = table.column("time"), y = table.column("y");
  ASSERT_GE(table.rows.size(), 9u);
  for (const auto& row : table.rows) {
    double expected = row[t] <= 1 ? 2 * row[t] : 2 - 6 * (row[t] - 1);
    // A constant derivative is integrated exactly up to rounding by every method here.
    EXPECT_NEAR(row[y], expected, 1e-9) << "at t = " << row[t];
  }
}

// tests/fmi/models/Sampled.mo: sample(0, 0.3) counted by a when-clause. Model Exchange gets its
// time events from the FMU's next event time, Co-Simulation handles them inside doStep; n is
// 1 + floor(t / 0.3) between the instants, exactly (an Integer).
TEST_P(FmuVariants, TimeEventsOfSampleFire) {
  REQUIRE_FMUSIM();
  const Variant& variant = GetParam();
  FmusimRun run = runInFmusim(fmiModel("Sampled.mo"), variant.fmi, variant.interface,
                              "--stop-time 1 --output-interval 0.05 --output-variable n");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const CsvTable& table = run.table;
  std::size_t t = table.column("time"), n = table.column("n");
  for (const auto& row : table.rows) {
    double periods = row[t] / 0.3;
    if (std::abs(periods - std::round(periods)) < 1e-9) continue; // an instant: both limits
    EXPECT_EQ(row[n], 1 + std::floor(periods)) << "at t = " << row[t];
  }
  EXPECT_EQ(table.rows.back()[t], 1.0);
  EXPECT_EQ(table.rows.back()[n], 4.0);
}

/// Runs an FMU of `model` (tests/fmi/models) that fails, in fmusim: the FMU reports through the
/// importer's logger and returns an error status, so the importer carries on to its own error
/// handling (fmusim ends with its error exit code) instead of being killed, and the log holds
/// every one of `texts`.
void expectFailureInTheLog(const Variant& variant, const std::string& model,
                           const std::string& variable, const std::vector<std::string>& texts) {
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(fmiModel(model), variant.fmi, dir);
  CommandResult r = fmusim(fmu, variant.interface, dir / "out.csv",
                           "--stop-time 2 --output-interval 0.1 --output-variable " + variable +
                               " --log-level error");
  EXPECT_NE(r.exitCode, 0) << r.output;
  EXPECT_LT(r.exitCode, 128) << "fmusim was killed: " << r.output;
  for (const std::string& text : texts)
    EXPECT_NE(r.output.find(text), std::string::npos) << text << " is not in:\n" << r.output;
}

// A value that is no number names the variable and its equation, as `mocc run` does.
TEST_P(FmuVariants, DomainErrorIsReportedThroughTheLogger) {
  REQUIRE_FMUSIM();
  expectFailureInTheLog(GetParam(), "DomainError.mo", "y", {"'y' became NaN", "DomainError.mo:6:"});
}

// A failed assertion (MLS 8.3.7) names its message and where the assert stands.
TEST_P(FmuVariants, FailedAssertionIsReportedThroughTheLogger) {
  REQUIRE_FMUSIM();
  expectFailureInTheLog(GetParam(), "AssertFails.mo", "x",
                        {"x fell below 0.5", "AssertFails.mo:5:"});
}

// FMI 3.0 co-simulation with early return allowed: a step ends at its first event, so the
// importer's rows include the bounce instants themselves, on the closed form's times within the
// bound of a run that locates them (no reconstruction from the next output point).
TEST(FmuExport, EarlyReturnEndsCoSimulationStepsAtEvents) {
  REQUIRE_FMUSIM();
  FmusimRun run = runInFmusim(example("BouncingBall.mo"), 3, "cs",
                              "--early-return-allowed --tolerance 1e-8 --stop-time 10 "
                              "--output-interval 0.01 --output-variable h --output-variable v");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const CsvTable& table = run.table;
  std::size_t t = table.column("time"), v = table.column("v");
  // The first row that rises: the step that ended at the bounce (a second early return follows
  // a rounding error later, where the relation h < 0 is released).
  std::vector<double> offGrid;
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    if (!(table.rows[i - 1][v] < 0 && table.rows[i][v] > 0)) continue;
    double steps = table.rows[i][t] / 0.01;
    EXPECT_GT(std::abs(steps - std::round(steps)), 1e-6) << "a bounce on the output grid";
    offGrid.push_back(table.rows[i][t]);
  }
  const double g = 9.81, e = 0.9, tolerance = 1e-8;
  BallFlights exact = ballClosedForm(10, g, e, 20);
  auto expected = exactBounces(exact, 0, 10);
  ASSERT_EQ(offGrid.size(), expected.size()) << run.result.output;
  for (std::size_t k = 0; k < offGrid.size(); ++k)
    EXPECT_NEAR(offGrid[k], expected[k].second,
                ballBounceTimeBound(expected[k].first, exact, g, e, tolerance, 10));
}

TEST(FmuExport, DescriptionListsStatesDerivativesAndEventIndicators) {
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(example("BouncingBall.mo"), 3, dir);
  CommandResult r = runCommand("cd " + dir.string() + " && unzip -o -q " + fmu.string() +
                               " && cat modelDescription.xml && ls -R");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string& xml = r.output;
  EXPECT_NE(xml.find("<Float64 name=\"h\" valueReference=\"3\" description=\"height of the "
                     "ball in m\" causality=\"local\" variability=\"continuous\" "
                     "initial=\"calculated\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<Float64 name=\"e\" valueReference=\"1\" description=\"coefficient of "
                     "restitution\" causality=\"parameter\" variability=\"tunable\" "
                     "initial=\"exact\" start=\"0.9\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("derivative=\"3\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<EventIndicator valueReference="), std::string::npos) << xml;
  EXPECT_NE(xml.find("<DefaultExperiment stopTime=\"10\" tolerance=\"1e-08\" "
                     "stepSize=\"0.01\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("BouncingBall.so"), std::string::npos) << xml;
  EXPECT_NE(xml.find("BouncingBall.cpp"), std::string::npos) << xml;
}

/// modelDescription.xml of an FMU of `model` in FMI `version`.
std::string descriptionOf(const std::string& model, int version) {
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(model, version, dir);
  CommandResult r = runCommand("unzip -p " + fmu.string() + " modelDescription.xml");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return r.output;
}

// Tuned.mo: k is read at run time (tunable), x0 has fixed = false (the initialization computes
// it), y = x is an alias of the state x.
TEST(FmuExport, DescriptionMarksTunableAndCalculatedParametersAndAliases) {
  std::string xml = descriptionOf(fmiModel("Tuned.mo"), 3);
  EXPECT_NE(xml.find("name=\"k\" valueReference=\"0\" description=\"gain, tunable\" "
                     "causality=\"parameter\" variability=\"tunable\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("name=\"x0\" valueReference=\"2\" description=\"computed by the "
                     "initialization\" causality=\"calculatedParameter\" variability=\"fixed\" "
                     "initial=\"calculated\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<InitialUnknown valueReference=\"2\"/>"), std::string::npos) << xml;
  // FMI 3.0: the alias is an <Alias> of its variable.
  EXPECT_NE(xml.find("initial=\"calculated\">\n      <Alias name=\"y\" description=\"an alias "
                     "of x\"/>\n    </Float64>"),
            std::string::npos)
      << xml;
  // FMI 2.0: a variable of its own with the value reference of x.
  std::string xml2 = descriptionOf(fmiModel("Tuned.mo"), 2);
  EXPECT_NE(xml2.find("<ScalarVariable name=\"y\" valueReference=\"3\""), std::string::npos)
      << xml2;
}

// fmusim reads the alias y through x's value reference (FMI 2.0): y = x = 2 k t.
TEST(FmuExport, AliasIsReadThroughItsVariablesReference) {
  REQUIRE_FMUSIM();
  FmusimRun run = runInFmusim(fmiModel("Tuned.mo"), 2, "cs",
                              "--stop-time 1 --output-interval 0.5 --start-value k 2 "
                              "--output-variable y");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const CsvTable& table = run.table;
  ASSERT_EQ(table.rows.size(), 3u) << run.result.output;
  EXPECT_NEAR(table.rows.back()[1], 4.0, 1e-9); // BDF integrates a constant rate exactly
}

/// The last row of `table` at `time` (an event instant has two), or null.
const std::vector<double>* lastRowAt(const CsvTable& table, double time) {
  const std::vector<double>* found = nullptr;
  for (const auto& row : table.rows)
    if (std::abs(row[0] - time) < 1e-9) found = &row;
  return found;
}

// Co-Simulation runs mocc's own Simulator inside doStep: told the stop time, as `mocc run` is,
// it takes the same steps and locates the same events (x crossing 1 and -1 switch the damping of
// a Van der Pol oscillator), so every communication point agrees with `mocc run`'s row within
// the solver tolerance 1e-8 (in fact up to rounding).
TEST(FmuExport, CoSimulationGivesTheResultsOfMoccRun) {
  REQUIRE_FMUSIM();
  fs::path dir = scratchDirectory();
  CommandResult run = runMocc("run " + fmiModel("Relay.mo") + " -o " + (dir / "run.csv").string());
  ASSERT_EQ(run.exitCode, 0) << run.output;
  fs::path fmu = exportFmu(fmiModel("Relay.mo"), 3, dir);
  CommandResult r = fmusim(fmu, "cs", dir / "out.csv",
                           "--tolerance 1e-8 --stop-time 10 --set-stop-time --output-interval 0.1 "
                           "--output-variable x --output-variable y --output-variable mu");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable expected = readCsv((dir / "run.csv").string());
  CsvTable actual = readCsv((dir / "out.csv").string());
  ASSERT_EQ(actual.rows.size(), 101u) << r.output;
  std::size_t switches = 0, mu = actual.column("mu");
  for (std::size_t k = 0; k < actual.rows.size(); ++k) {
    const std::vector<double>& row = actual.rows[k];
    const std::vector<double>* reference = lastRowAt(expected, row[0]);
    ASSERT_NE(reference, nullptr) << "no row of mocc run at t = " << row[0];
    for (const char* name : {"x", "y", "mu"}) {
      double want = (*reference)[expected.column(name)], got = row[actual.column(name)];
      EXPECT_NEAR(got, want, 1e-8 * (1 + std::abs(want))) << name << " at t = " << row[0];
    }
    if (k > 0 && row[mu] != actual.rows[k - 1][mu]) ++switches;
  }
  // mu switches at t = 2.56, 5.87 and 8.97 (models/relay_switches.py, scipy at 1e-12).
  EXPECT_EQ(switches, 3u) << "the damping switches at the crossings";
}

TEST(FmuExport, SourceOnlyLeavesTheBinaryOut) {
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(example("BouncingBall.mo"), 2, dir, "--source-only --kind cs");
  CommandResult r = runCommand("unzip -l " + fmu.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find(".so"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sources/BouncingBall.cpp"), std::string::npos) << r.output;
}

TEST(FmuExport, ParametersSetBeforeInitializationTakeEffect) {
  REQUIRE_FMUSIM();
  // From h0 = 2 the first bounce is at sqrt(2 h0 / g).
  FmusimRun run = runInFmusim(example("BouncingBall.mo"), 3, "me",
                              "--tolerance 1e-8 --stop-time 1 --output-interval 0.01 "
                              "--start-value h0 2 --output-variable h --output-variable v");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  std::vector<double> bounces = bounceTimes(run.table);
  ASSERT_FALSE(bounces.empty()) << run.result.output;
  EXPECT_NEAR(bounces.front(), std::sqrt(2 * 2 / 9.81), 1e-6);
}

TEST(FmuExport, ModelErrorsAreLocated) {
  fs::path dir = scratchDirectory();
  std::ofstream(dir / "Broken.mo") << "model Broken\n  Real x\nend Broken;\n";
  CommandResult r =
      runMocc("fmu " + (dir / "Broken.mo").string() + " -o " + (dir / "b.fmu").string());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("Broken.mo:3:1"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "b.fmu"));
}

// A model that calls the MSL's C code (the table functions of ModelicaStandardTables): the
// shared objects mocc built for it travel inside the FMU, found beside the FMU's own through
// its run path, so the FMU runs where mocc's cache is not. The table interpolates linearly:
// y = 2 t, then 4 - 2 t.
TEST(FmuExport, ExternalCodeTravelsInTheFmu) {
  REQUIRE_FMUSIM();
  fs::path library = fs::path(MOCC_MSL_DIR) / "ModelicaStandardLibrary-4.0.0";
  if (!fs::exists(library)) GTEST_SKIP() << "no MSL at " << library;
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(fmiModel("TableDriven.mo") + " --lib " + library.string(), 3, dir);
  CommandResult listing = runCommand("unzip -l " + fmu.string());
  EXPECT_NE(listing.output.find("binaries/x86_64-linux/c-sources-"), std::string::npos)
      << listing.output;
  CommandResult r = fmusim(fmu, "cs", dir / "out.csv",
                           "--stop-time 2 --output-interval 0.25 --output-variable y");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv((dir / "out.csv").string());
  std::size_t t = table.column("time"), y = table.column("y");
  ASSERT_EQ(table.rows.size(), 9u);
  for (const auto& row : table.rows)
    EXPECT_NEAR(row[y], row[t] <= 1 ? 2 * row[t] : 4 - 2 * row[t], 1e-12) << "at " << row[t];
}

/// An MSL example with a MAP-LIB reference: the FMU runs with the settings of creation.txt,
/// and `mocc compare --result` checks what fmusim wrote against the reference's tube.
struct MslExample {
  std::string model;
  std::string interface;
};

std::string mslExampleName(const testing::TestParamInfo<MslExample>& info) {
  std::string name = info.param.model.substr(info.param.model.rfind('.') + 1);
  return name + (info.param.interface == "me" ? "Me" : "Cs");
}

/// `Key=value // comment` of creation.txt.
std::string creationSetting(const fs::path& creation, const std::string& key) {
  std::ifstream in(creation);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key + "=", 0) != 0) continue;
    std::string value = line.substr(key.size() + 1);
    return value.substr(0, value.find(' '));
  }
  return {};
}

class MslFmus : public testing::TestWithParam<MslExample> {};

INSTANTIATE_TEST_SUITE_P(
    MapLibReferences, MslFmus,
    testing::Values(MslExample{"Modelica.Electrical.Analog.Examples.GenerationOfFMUs", "cs"},
                    MslExample{"Modelica.Electrical.Analog.Examples.GenerationOfFMUs", "me"},
                    MslExample{"Modelica.Blocks.Examples.PID_Controller", "cs"},
                    MslExample{"Modelica.Blocks.Examples.PID_Controller", "me"}),
    mslExampleName);

TEST_P(MslFmus, MatchTheReferenceResults) {
  REQUIRE_FMUSIM();
  const MslExample& example = GetParam();
  fs::path msl = MOCC_MSL_DIR;
  fs::path library = msl / "ModelicaStandardLibrary-4.0.0";
  if (!fs::exists(library)) GTEST_SKIP() << "no MSL at " << library;
  std::string path = example.model;
  std::replace(path.begin(), path.end(), '.', '/');
  fs::path reference = msl / "references" / path;
  std::string name = example.model.substr(example.model.rfind('.') + 1);
  fs::path dir = scratchDirectory();
  fs::path fmu = exportFmu(example.model + " --lib " + library.string(), 3, dir);
  std::string options;
  for (const char* key : {"StartTime", "StopTime", "Tolerance"})
    options += " --" +
               std::string(key == std::string("StartTime")  ? "start-time"
                           : key == std::string("StopTime") ? "stop-time"
                                                            : "tolerance") +
               " " + creationSetting(reference / "creation.txt", key);
  options += " --output-interval " + creationSetting(reference / "creation.txt", "Interval");
  std::ifstream signals(reference / "comparisonSignals.txt");
  for (std::string signal; std::getline(signals, signal);)
    if (!signal.empty() && signal != "time") options += " --output-variable " + signal;
  CommandResult run = fmusim(fmu, example.interface, dir / "out.csv", options);
  ASSERT_EQ(run.exitCode, 0) << run.output;
  CommandResult check = runMocc("compare " + example.model + " --lib " + library.string() +
                                " --reference " + (reference / (name + ".csv")).string() +
                                " --signals " + (reference / "comparisonSignals.txt").string() +
                                " --result " + (dir / "out.csv").string());
  EXPECT_EQ(check.exitCode, 0) << check.output;
}

} // namespace
