// ModelicaUtilities.h (MLS 3.6 section 12.9.6) as external C code uses it: a ModelicaError ends
// the call into the model wherever it is raised (derivatives, an algebraic loop's residual,
// bind) and the run fails like a failed assert, keeping its rows; warnings and messages do not
// stop it; strings belong to the runtime; ExternalObjects are destroyed exactly once however
// the run ends (section 12.9.7).
#include "ModelicaUtilities.h"
#include "mocc/runtime/external_call_guard.h"
#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/instance_services.h"
#include "mocc/runtime/model_instance.h"
#include "mocc/simulator_main.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace mocc::runtime::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

SimulationResult simulateToFile(const mocc_model& model, const std::filesystem::path& path) {
  CsvWriter writer(path);
  return simulate(model, defaultOptions(model), {}, writer);
}

/// The rows of a result file written every 0.1 with x = time stop before `end`.
void expectRowsBefore(const std::filesystem::path& path, double end) {
  auto lines = readCsv(path);
  ASSERT_GE(lines.size(), 1u + 5u); // the header, then 0, 0.1, ..., 0.4 at least
  EXPECT_EQ(lines[0], (std::vector<std::string>{"time", "x", "y"}));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    EXPECT_NEAR(std::stod(lines[i][0]), 0.1 * static_cast<double>(i - 1), 1e-12);
    EXPECT_LE(std::stod(lines[i][0]), end);
    EXPECT_NEAR(std::stod(lines[i][1]), std::stod(lines[i][0]), 1e-9);
  }
}

TEST(ModelicaError, InDerivativesFailsTheRunWithItsMessageAndTimeAndKeepsTheRows) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_DERIVATIVES);
  std::filesystem::path path = scratchFile("external_derivatives.csv");
  SimulationResult result = simulateToFile(model, path);
  ASSERT_EQ(result.outcome, Outcome::Failed);
  // Like a failed assert: the integrator rejects the steps past the error until it cannot
  // shrink them any further, right after time 0.5.
  EXPECT_TRUE(contains(result.message, "ModelicaError at time 0.5")) << result.message;
  EXPECT_TRUE(contains(result.message, ": x = 0.5 (")) << result.message;
  EXPECT_GT(result.endTime, 0.5);
  EXPECT_NEAR(result.endTime, 0.5, 1e-6);
  expectRowsBefore(path, 0.5);
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_FALSE(mocc_test_external_table_open());
  EXPECT_EQ(activeGuards(), 0);
}

TEST(ModelicaError, InALoopResidualFailsTheLoopAndThenTheRun) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_LOOP);
  std::filesystem::path path = scratchFile("external_loop.csv");
  SimulationResult result = simulateToFile(model, path);
  ASSERT_EQ(result.outcome, Outcome::Failed);
  EXPECT_TRUE(
      contains(result.message, "cannot solve linear system of 1 equation at External.mo:5:3 for y"))
      << result.message;
  EXPECT_TRUE(contains(result.message, "ModelicaError: term: no value at time 0.5"))
      << result.message;
  EXPECT_NEAR(result.endTime, 0.5, 1e-6);
  expectRowsBefore(path, 0.5);
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_EQ(activeGuards(), 0);
}

TEST(ModelicaError, InBindFailsAtTheStartTimeAndDestroysWhatWasConstructed) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_BIND);
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.endTime, 0.0);
  // The trailing newline of the external code's message is not part of the run's message.
  EXPECT_EQ(run.result.message, "ModelicaError at time 0: Table: cannot open \"missing.txt\"");
  EXPECT_TRUE(run.table.rows().empty());
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_FALSE(mocc_test_external_table_open());
}

TEST(ExternalObjects, AreDestroyedOnceAfterANormalRun) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_QUIET);
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_FALSE(mocc_test_external_table_open());
}

TEST(ExternalObjects, AreDestroyedOnceWhenTheInstanceGoesWithoutARun) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_QUIET);
  { ModelInstance untouched(model); }
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  mocc_test_external_calls(MOCC_TEST_EXTERNAL_QUIET);
  {
    ModelInstance bound(model);
    bound.model().bind(&bound.abi());
    EXPECT_TRUE(mocc_test_external_table_open());
  }
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_FALSE(mocc_test_external_table_open());
}

TEST(ExternalObjects, AreNotDestroyedAgainByWhoeverComesLater) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_QUIET);
  {
    ModelInstance instance(model);
    instance.model().bind(&instance.abi());
    EXPECT_EQ(instance.destroyExternalObjects(), std::nullopt);
    instance.model().destroy_external_objects(&instance.abi()); // routed to the same guard
    EXPECT_EQ(instance.destroyExternalObjects(), std::nullopt);
  }
  EXPECT_EQ(mocc_test_external_destructions(), 1);
}

TEST(ExternalObjects, AnErrorInADestructorFailsTheRunAfterItsLastRow) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_DESTRUCTOR);
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message,
            "ModelicaError while destroying the external objects: Table: cannot close \"tab1\"");
  EXPECT_EQ(run.result.endTime, 1.0);
  ASSERT_FALSE(run.table.rows().empty());
  EXPECT_EQ(run.table.rows().back().time, 1.0);
  EXPECT_EQ(mocc_test_external_destructions(), 1);
  EXPECT_EQ(activeGuards(), 0);
}

TEST(ModelicaWarning, IsCollectedOnceAndTheRunGoesOnAsDoMessages) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_QUIET);
  testing::internal::CaptureStdout();
  SimulationRun run = simulateToTable(model, defaultOptions(model));
  std::fflush(stdout);
  std::string printed = testing::internal::GetCapturedStdout();
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.result.endTime, 1.0);
  EXPECT_EQ(printed, "started at time 0\n");
  // Like an assert warning: one entry, from the first output point past x = 0.25.
  ASSERT_EQ(run.result.warnings.size(), 1u);
  EXPECT_EQ(run.result.warnings[0].message, "x above 0.25");
  EXPECT_NEAR(run.result.warnings[0].time, 0.3, 1e-12);
  EXPECT_GE(run.result.warnings[0].count, 8); // the output points 0.3, ..., 1
  EXPECT_EQ(run.table.rows().size(), 11u);
}

TEST(ModelicaWarning, OutsideARunGoesToStandardError) {
  testing::internal::CaptureStderr();
  ModelicaFormatWarning("%d tables\n", 2);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "mocc runtime: warning: 2 tables\n");
}

TEST(ModelicaErrorGuard, ReturnsTheMessageToTheInnermostGuard) {
  std::optional<std::string> inner;
  int depthInside = 0;
  auto outerCall = [&] {
    auto innerCall = [&] {
      depthInside = activeGuards();
      ModelicaFormatError("inner %d", 1);
    };
    inner = guardedCall(nullptr, innerCall);
    ModelicaError("outer\n");
  };
  std::optional<std::string> outer = guardedCall(nullptr, outerCall);
  EXPECT_EQ(depthInside, 2);
  EXPECT_EQ(inner, "inner 1");
  EXPECT_EQ(outer, "outer");
  EXPECT_EQ(activeGuards(), 0);
  auto quiet = [] {};
  EXPECT_EQ(guardedCall(nullptr, quiet), std::nullopt);
}

TEST(ModelicaErrorGuard, IsPoppedWhenAnExceptionLeavesTheCall) {
  auto throwing = [] { throw std::runtime_error("from the runtime"); };
  EXPECT_THROW(guardedCall(nullptr, throwing), std::runtime_error);
  EXPECT_EQ(activeGuards(), 0);
}

TEST(ModelicaErrorGuard, GuardsEveryFunctionOfTheModelAndReportsToTheServices) {
  const mocc_model& model = *mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_BIND);
  InstanceServices services(model);
  std::vector<std::string> errors;
  services.onExternalReport([&](ExternalReportKind kind, double, const std::string& text) {
    if (kind == ExternalReportKind::Error) errors.push_back(text);
  });
  {
    ModelInstance instance(model);
    services.attach(instance.abi());
    const mocc_model& guarded = instance.model();
    EXPECT_NE(guarded.bind, model.bind);
    EXPECT_NE(guarded.derivatives, model.derivatives);
    EXPECT_NE(guarded.destroy_external_objects, model.destroy_external_objects);
    EXPECT_EQ(guarded.jacobian, nullptr); // what the model lacks stays null
    EXPECT_EQ(guarded.variables, model.variables);
    guarded.bind(&instance.abi()); // returns: the error abandoned the model's bind
    // Strings external code allocates during a run belong to the run's services.
    EXPECT_EQ(services.strings().size(), 1u);
  }
  EXPECT_EQ(errors, (std::vector<std::string>{"Table: cannot open \"missing.txt\""}));
  EXPECT_EQ(mocc_test_external_destructions(), 1);
}

TEST(ModelicaErrorGuardDeathTest, WithoutAGuardTheMessageIsPrintedAndTheProcessAborts) {
  EXPECT_DEATH(ModelicaError("nobody to return to"),
               "ModelicaError outside a call into the model: nobody to return to");
}

TEST(ModelicaStrings, AreWritableAndTerminated) {
  char* string = ModelicaAllocateString(3);
  ASSERT_NE(string, nullptr);
  EXPECT_EQ(string[3], '\0');
  std::memcpy(string, "abc", 3);
  EXPECT_STREQ(string, "abc");
  char* copy = ModelicaDuplicateString(string);
  EXPECT_NE(copy, string);
  EXPECT_STREQ(copy, "abc");
  char* empty = ModelicaDuplicateStringWithErrorReturn("");
  ASSERT_NE(empty, nullptr);
  EXPECT_STREQ(empty, "");
}

/// More memory than a 64-bit process can address.
constexpr std::size_t kTooLong = std::size_t{1} << 62;

TEST(ModelicaStrings, WithErrorReturnGiveNullWhenThereIsNoMemory) {
  EXPECT_EQ(ModelicaAllocateStringWithErrorReturn(SIZE_MAX), nullptr); // length + 1 overflows
  EXPECT_EQ(ModelicaAllocateStringWithErrorReturn(kTooLong), nullptr);
}

TEST(ModelicaStrings, WithoutErrorReturnRaiseModelicaError) {
  auto call = [] { ModelicaAllocateString(kTooLong); };
  std::optional<std::string> error = guardedCall(nullptr, call);
  ASSERT_TRUE(error.has_value());
  EXPECT_TRUE(contains(*error, "ModelicaAllocateString: no memory")) << *error;
}

// What the main() of a generated C++ simulator does, with the model's exit code for a
// failed simulation.
TEST(SimulatorMain, AModelicaErrorExitsWithTheSimulationFailureCode) {
  const mocc_model* model = mocc_test_external_calls(MOCC_TEST_EXTERNAL_ERROR_IN_DERIVATIVES);
  std::string output = scratchFile("external_main.csv").string();
  std::vector<std::string> arguments = {"External", "-o", output};
  std::vector<char*> argv;
  for (std::string& argument : arguments)
    argv.push_back(argument.data());
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  int code = mocc_simulator_main(static_cast<int>(argv.size()), argv.data(), model);
  std::string errors = testing::internal::GetCapturedStderr();
  testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 3);
  EXPECT_TRUE(contains(errors, "External: error: simulation failed: ModelicaError at time 0.5"))
      << errors;
  expectRowsBefore(output, 0.5);
}

} // namespace
} // namespace mocc::runtime::test
