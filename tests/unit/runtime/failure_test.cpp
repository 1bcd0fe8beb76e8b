// How simulations end other than by reaching the stop time: the event iteration cap, failed
// asserts, terminate(), non-finite derivatives, too much work, chattering, invalid input.
// Failed runs must keep every row computed so far in the result file.
#include "mocc/runtime/csv_writer.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::runtime::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// Simulates into a CSV file and returns the result; the file is read back by the caller.
SimulationResult simulateToFile(const mocc_model& model, const SimulationOptions& options,
                                const std::filesystem::path& path,
                                const std::vector<Override>& overrides = {}) {
  CsvWriter writer(path);
  return simulate(model, options, overrides, writer);
}

TEST(EventIteration, TheCapNamesTheVariableAndTheTime) {
  const mocc_model& model = *mocc_test_toggle();
  SimulationOptions options = defaultOptions(model);
  std::filesystem::path path = scratchFile("toggle.csv");
  SimulationResult result = simulateToFile(model, options, path);
  ASSERT_EQ(result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(result.message, "event iteration did not converge at time 0.5 after 100 "
                                       "iterations"))
      << result.message;
  EXPECT_TRUE(contains(result.message, "still changing: b (")) << result.message;
  EXPECT_EQ(result.endTime, 0.5);
  // Rows up to the left limit of the failing event are on disk.
  auto lines = readCsv(path);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines.front(), (std::vector<std::string>{"time", "x", "b"}));
  EXPECT_EQ(std::stod(lines.back()[0]), 0.5);
  EXPECT_NEAR(std::stod(lines.back()[1]), 0.5, 1e-12);
}

TEST(EventIteration, TheCapIsAnOption) {
  const mocc_model& model = *mocc_test_toggle();
  SimulationOptions options = defaultOptions(model);
  options.maxEventIterations = 7;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(run.result.message, "after 7 iterations")) << run.result.message;
}

TEST(Assert, AnErrorFailsAtTheViolationAndKeepsTheRows) {
  const mocc_model& model = *mocc_test_asserts();
  SimulationOptions options = defaultOptions(model);
  options.interval = 0.1;
  std::filesystem::path path = scratchFile("asserts.csv");
  SimulationResult result = simulateToFile(model, options, path);
  ASSERT_EQ(result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(result.message, "assertion failed at time")) << result.message;
  EXPECT_TRUE(contains(result.message, "x too large")) << result.message;
  // x = t exactly; the integrator rejects steps reaching past x = 0.55 and shrinks them until
  // they cannot shrink further (a few ulps of t), so the failure is reported right there.
  EXPECT_NEAR(result.endTime, 0.55, 1e-9);
  auto lines = readCsv(path);
  ASSERT_EQ(lines.size(), 1u + 6u); // header, rows at 0, 0.1, ..., 0.5
  EXPECT_EQ(std::stod(lines.back()[0]), 0.5);
  // The warning assert (x < 0.25) is collected once, with its count, from the first accepted
  // point that violates it: the output point 0.3 (trial points of the integrator do not count).
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0].message, "x above a quarter");
  EXPECT_EQ(result.warnings[0].time, 0.0 + 3 * 0.1);
  EXPECT_GE(result.warnings[0].count, 3); // at the output points 0.3, 0.4 and 0.5 at least
}

TEST(Assert, AnErrorDuringInitializationFailsAtTheStartTime) {
  const mocc_model& model = *mocc_test_asserts();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"x", 0.6}});
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.endTime, 0.0);
  EXPECT_TRUE(contains(run.result.message, "assertion failed at time 0: x too large"))
      << run.result.message;
  EXPECT_TRUE(run.table.rows().empty());
}

TEST(Terminate, StopsSuccessfullyAfterTheEventWithACompleteFile) {
  const mocc_model& model = *mocc_test_terminate();
  std::filesystem::path path = scratchFile("terminate.csv");
  SimulationResult result = simulateToFile(model, defaultOptions(model), path);
  ASSERT_EQ(result.outcome, Outcome::Terminated) << result.message;
  EXPECT_EQ(result.message, "x passed the limit");
  // x = t crosses 0.42 exactly there; the root is located to about 100 ulps.
  EXPECT_NEAR(result.endTime, 0.42, 1e-12);
  auto lines = readCsv(path);
  // header; 0, 0.1, ..., 0.4; left and right limits at 0.42; the terminal() row.
  ASSERT_EQ(lines.size(), 1u + 5u + 2u + 1u);
  EXPECT_EQ(lines[0], (std::vector<std::string>{"time", "x", "n"}));
  EXPECT_EQ(lines[6][0], lines[7][0]);
  EXPECT_EQ(lines[7][0], lines[8][0]);
  EXPECT_EQ(std::stod(lines[6][0]), result.endTime);
  EXPECT_EQ(lines[7][2], "0");
  EXPECT_EQ(lines[8][2], "1"); // when terminal() fired after terminate()
}

TEST(Integration, ANonFiniteDerivativeFailsNamingIt) {
  const mocc_model& model = *mocc_test_square_root();
  SimulationOptions options = defaultOptions(model); // to 2; sqrt(1 - t) is NaN after 1
  options.tolerance = 1e-10;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(run.result.message, "der(x) is nan at time")) << run.result.message;
  EXPECT_TRUE(contains(run.result.message, "CVode failed at time")) << run.result.message;
  EXPECT_GT(run.result.endTime, 0.99);
  EXPECT_LE(run.result.endTime, 1.0 + 1e-9);
  // Rows before the failure are exact enough: x = (2/3)(1 - (1 - t)^1.5).
  ASSERT_FALSE(run.table.rows().empty());
  for (std::size_t i = 0; i < run.table.rows().size(); ++i) {
    double t = run.table.rows()[i].time;
    EXPECT_NEAR(run.table.value(i, "x"), 2.0 / 3.0 * (1.0 - std::pow(1.0 - t, 1.5)), 1e-5) << t;
  }
}

TEST(Integration, TooMuchWorkFailsWithTheFlagName) {
  const mocc_model& model = *mocc_test_decay();
  SimulationOptions options = defaultOptions(model);
  options.maxStepsBetweenOutputs = 2;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  // The event layer steps the solver one step at a time and counts the steps itself.
  EXPECT_TRUE(contains(run.result.message, "too much work: cvode took 2 steps"))
      << run.result.message;
  EXPECT_EQ(run.table.rows().size(), 1u); // the initial row
}

TEST(Integration, ASlidingModeFailsAsChattering) {
  const mocc_model& model = *mocc_test_sliding();
  SimulationOptions options = defaultOptions(model);
  options.tolerance = 1e-10;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(run.result.message, "chattering at time 0.5")) << run.result.message;
  EXPECT_TRUE(contains(run.result.message, "x > 0 at Sliding.mo:3:20")) << run.result.message;
  // x = 0.5 - t reaches 0 at t = 0.5 (linear: exact up to root location, ~100 ulps); each of
  // the 100 chattering events that follow advances time by about as much.
  EXPECT_NEAR(run.result.endTime, 0.5, 1e-10);
}

TEST(Integration, ASlidingModeStartingOnItsSurfaceFailsAtOnce) {
  // x(0) = 0: the crossing function is exactly zero at the restart after initialization, and
  // each direction the relation could take makes x leave zero the other way.
  const mocc_model& model = *mocc_test_sliding();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"x", 0.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message,
            "chattering at time 0: crossing 'x > 0 at Sliding.mo:3:20' stays at zero and the "
            "model leaves it in the opposite direction after every event iteration (a sliding "
            "mode)");
  EXPECT_EQ(run.result.endTime, 0.0);
}

TEST(Setup, InvalidOptionsFailBeforeAnyRow) {
  const mocc_model& model = *mocc_test_decay();
  SimulationOptions options = defaultOptions(model);
  options.stopTime = -1.0;
  SimulationRun run = simulateToTable(model, options);
  EXPECT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message, "stop time -1 lies before start time 0");
  EXPECT_TRUE(run.table.columns().empty());

  options = defaultOptions(model);
  options.solver = "leapfrog";
  run = simulateToTable(model, options);
  EXPECT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message, "unknown solver 'leapfrog' (available: cvode, cvode-adams, ida, "
                                "arkode-erk, arkode-dirk, rk45, rk4, euler)");
}

TEST(Setup, AModelOfAnotherAbiVersionIsRejected) {
  mocc_model model = *mocc_test_decay();
  model.abi_version = MOCC_ABI_VERSION + 1;
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  EXPECT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_TRUE(contains(run.result.message, "ABI version")) << run.result.message;
}

} // namespace
} // namespace mocc::runtime::test
