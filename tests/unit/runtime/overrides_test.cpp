// `--override NAME=VALUE`: parsing, setting parameters and start values before bind() so that
// bind() keeps them, and the errors for names that cannot be overridden.
#include "mocc/runtime/overrides.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::runtime::test {
namespace {

std::optional<Override> parse(std::string_view text) {
  std::string error;
  return parseOverride(text, error);
}

std::string parseError(std::string_view text) {
  std::string error;
  EXPECT_FALSE(parseOverride(text, error).has_value()) << text;
  return error;
}

TEST(ParseOverride, AcceptsNumbersAndBooleans) {
  EXPECT_EQ(parse("k=4")->value, 4.0);
  EXPECT_EQ(parse("k=4")->name, "k");
  EXPECT_EQ(parse(" a.b[2] = -2.5e-3 ")->name, "a.b[2]");
  EXPECT_EQ(parse(" a.b[2] = -2.5e-3 ")->value, -2.5e-3);
  EXPECT_EQ(parse("x=+1")->value, 1.0);
  EXPECT_EQ(parse("flag=true")->value, 1.0);
  EXPECT_EQ(parse("flag=false")->value, 0.0);
  EXPECT_EQ(parse("x=0.1")->value, 0.1); // exactly the double nearest 0.1
}

TEST(ParseOverride, RejectsMalformedText) {
  EXPECT_EQ(parseError("k"), "override 'k' is not of the form NAME=VALUE");
  EXPECT_EQ(parseError("=3"), "override '=3' has no name before '='");
  EXPECT_EQ(parseError("k=abc"), "override 'k=abc': 'abc' is not a finite number, true or false");
  EXPECT_FALSE(parse("k=inf"));
  EXPECT_FALSE(parse("k=nan"));
  EXPECT_FALSE(parse("k=1.5x"));
  EXPECT_FALSE(parse("k="));
  EXPECT_FALSE(parse("k=+-1"));
}

TEST(Overrides, AParameterChangesTheSolution) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"k", 4.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  // x = exp(-4 t); 1e-8 as in the Decay test (a small multiple of tolerance 1e-10).
  EXPECT_NEAR(run.table.rows().back().values[0], std::exp(-4.0), 1e-8);
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_EQ(pairs.size(), 1u);
  // Root time error = state error / |x'| = 1e-8 / 2 at x = 0.5.
  EXPECT_NEAR(run.table.rows()[pairs[0]].time, std::log(2.0) / 4.0, 1e-8);
}

TEST(Overrides, AStartValueIsKeptByBind) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"x", 2.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.table.rows().front().values[0], 2.0);
  EXPECT_NEAR(run.table.rows().back().values[0], 2.0 * std::exp(-2.0), 2e-8);
  std::vector<std::size_t> pairs = eventPairs(run.table);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(run.table.rows()[pairs[0]].time, std::log(4.0) / 2.0, 1e-8);
}

TEST(Overrides, IntegerParameterAndDiscreteStartValue) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run =
      simulateToTable(model, defaultOptions(model), {{"N", 5.0}, {"crossings", 7.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  std::size_t last = run.table.rows().size() - 1;
  EXPECT_EQ(run.table.value(last, "w[1,2]"), 5.0 * run.table.value(last, "x"));
  EXPECT_EQ(run.table.value(0, "crossings"), 7.0);
  EXPECT_EQ(run.table.value(last, "crossings"), 8.0);
}

TEST(Overrides, TheLastOverrideOfANameWins) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {{"x", 2.0}, {"x", 3.0}});
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;
  EXPECT_EQ(run.table.rows().front().values[0], 3.0);
}

void expectRejected(const Override& override, const std::string& message) {
  const mocc_model& model = *mocc_test_decay();
  SimulationRun run = simulateToTable(model, defaultOptions(model), {override});
  EXPECT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message, message);
  EXPECT_TRUE(run.table.rows().empty());
}

TEST(Overrides, ConstantsDerivativesAndUnknownNamesAreRejected) {
  expectRejected({"c", 1.0}, "cannot override 'c': its value was fixed during translation (a "
                             "constant, or a parameter the model's structure depends on); change "
                             "it in the model");
  expectRejected({"der(x)", 1.0}, "cannot override 'der(x)': derivatives are computed, not set");
  expectRejected({"q", 1.0}, "cannot override 'q': model Decay has no such variable");
  expectRejected({"N", 2.5}, "cannot override Integer 'N' with 2.5: not an integer");
  expectRejected({"low", 2.0}, "cannot override Boolean 'low' with 2: use true, false, 1 or 0");
}

TEST(Overrides, CompilerMadeValuesAreRejected) {
  ModelInstance instance(*mocc_test_bouncing_ball());
  std::optional<std::string> error = applyOverride(instance, {"$relation0", 1.0});
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(*error, "cannot override '$relation0': it is a compiler-made value");
}

TEST(Overrides, MarksTheOverriddenSlot) {
  const mocc_model& model = *mocc_test_bouncing_ball();
  ModelInstance instance(model);
  EXPECT_FALSE(applyOverrides(instance, std::vector<Override>{{"e", 0.5}, {"v", -1.0}}));
  EXPECT_TRUE(instance.isOverridden(*findVariable(model, "e")));
  EXPECT_TRUE(instance.isOverridden(*findVariable(model, "v")));
  EXPECT_FALSE(instance.isOverridden(*findVariable(model, "h")));
  model.bind(&instance.abi());
  EXPECT_EQ(instance.read(*findVariable(model, "e")), 0.5);
  EXPECT_EQ(instance.read(*findVariable(model, "v")), -1.0);
  EXPECT_EQ(instance.read(*findVariable(model, "h")), 10.0);
  EXPECT_EQ(findVariable(model, "nothing"), nullptr);
}

} // namespace
} // namespace mocc::runtime::test
