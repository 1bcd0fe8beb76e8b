// Language capabilities the Modelica Standard Library relies on (issue 12), each in a small
// model of tests/models/language/ simulated through `mocc run` and compared with its closed
// form at every output row away from its events.
#include "model_test_support.h"

#include <algorithm>
#include <cmath>
#include <functional>

using namespace mocc::test;

namespace {

std::string languageModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/language/" + name;
}

/// Checks `variable` against `expected(t)` at every row whose time is not within 1e-9 of one of
/// `events` (where left and right limits differ).
void expectEverywhere(const CsvTable& table, const std::string& variable,
                      const std::function<double(double)>& expected, double tolerance,
                      const std::vector<double>& events = {}) {
  std::size_t t = table.column("time"), v = table.column(variable);
  std::size_t checked = 0;
  for (const auto& row : table.rows) {
    bool atEvent = std::any_of(events.begin(), events.end(),
                               [&](double e) { return std::abs(row[t] - e) < 1e-9; });
    if (atEvent) continue;
    EXPECT_NEAR(row[v], expected(row[t]), tolerance) << variable << " at t = " << row[t];
    ++checked;
  }
  EXPECT_GT(checked, 5u) << variable;
}

} // namespace

TEST(LanguageModels, ARedeclaredComponentKeepsTheModifiersOfTheDeclarationItReplaces) {
  // MLS 7.3.2. s: the step keeps offset = 2 and startTime = 1 from the replaced declaration
  // and takes its height 3 from the redeclaration; r: the ramp takes startTime = 0.5 from the
  // constraining clause, duration 2 from the redeclaration, and not the declaration's
  // height = 5 (a constraining clause replaces the declaration's modifiers), so height 1.
  CsvTable table = simulate(languageModel("RedeclaredSource.mo"), "");
  const std::vector<double> events = {0.5, 1.0, 2.5};
  expectEverywhere(
      table, "s.v", [](double t) { return t < 1 ? 2.0 : 5.0; }, 1e-12, events);
  expectEverywhere(
      table, "r.v", [](double t) { return std::clamp((t - 0.5) / 2, 0.0, 1.0); }, 1e-12, events);
  // x' = s.v is integrated at tolerance 1e-10: over 3 s with |x| <= 12 the error stays far
  // below 1e-7.
  expectEverywhere(
      table, "x", [](double t) { return 2 * t + 3 * std::max(t - 1, 0.0); }, 1e-7, events);
}

TEST(LanguageModels, ARecordValueReplacesTheDefaultsOfItsFields) {
  // tube.material = Sheet() gives mu = 1210 (Sheet's extends modifier), so x = exp(-1.21 t);
  // at tolerance 1e-10 the integration error stays below 1e-8.
  CsvTable table = simulate(languageModel("RecordMaterial.mo"), "");
  expectEverywhere(
      table, "tube.x", [](double t) { return std::exp(-1.21 * t); }, 1e-8);
}

TEST(LanguageModels, BooleanAndEnumerationSubscriptsMayChangeDuringSimulation) {
  CsvTable table = simulate(languageModel("RuntimeSubscripts.mo"), "");
  const std::vector<double> events = {0.25, 0.5};
  expectEverywhere(
      table, "y", [](double t) { return t < 0.25 ? 1.0 : 3.0; }, 0.0, events);
  expectEverywhere(
      table, "w", [](double t) { return t < 0.5 ? 2.0 : 3.0; }, 0.0, events);
}
