// Language capabilities the Modelica Standard Library relies on (issue 12), each in a small
// model of tests/models/language/ simulated through `mocc run` and checked against its closed
// form: redeclared components keeping their modifiers (MLS 7.3.2), record values (MLS 12.6),
// run-time subscripts (MLS 10.5) of every index type, redundant initial equations (MLS 8.6),
// break in unrolled loops (MLS 11.2.4), der()
// of expressions (MLS 3.7.4), connect-equations inside for-loops (MLS 8.3.2, 9.1), initial
// algorithm sections (MLS 8.6, 11.1), pre() in initial equations (MLS 8.6), function calls as
// statements, and homotopy-based initialization (MLS 3.7.4.4).
#include "model_test_support.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>

using namespace mocc::test;

namespace {

std::string languageModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/language/" + name;
}

/// `mocc run` on the model `name` of tests/models/language, its results written to `csv`.
CommandResult runLanguageModel(const std::string& name, const std::filesystem::path& csv) {
  return runCommand(moccBinary() + " run " + languageModel(name) + " -o " + csv.string());
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

TEST(LanguageModels, IntegerOfAnArgumentThatJumpsOntoAnIntegerIsThatInteger) {
  // IntegerOfAJump.mo: u jumps from 3 onto 4 at t = 0.5 and w from 4 onto 2 at t = 0.75, at
  // time events, so no crossing of the floors' relations is located there; integer(u) and
  // floor(w) are exact integers on either side.
  CsvTable table = simulate(languageModel("IntegerOfAJump.mo"), "");
  const std::vector<double> events = {0.5, 0.75};
  expectEverywhere(
      table, "k", [](double t) { return t < 0.5 ? 3.0 : 4.0; }, 0.0, events);
  expectEverywhere(
      table, "f", [](double t) { return t < 0.75 ? 4.0 : 2.0; }, 0.0, events);
}

TEST(LanguageModels, IntegerSubscriptsThatChangeDuringSimulationPickAndAssignElements) {
  // IntegerSubscripts.mo: i = k after the k-th sample at 0.25 k; y = table[i] = 10 i once
  // i > 0; buf[k] holds the k-th sample instant and grid[k, k] = 11 k for k <= 2. Every value
  // is exact (constants and sample instants).
  CsvTable table = simulate(languageModel("IntegerSubscripts.mo"), "");
  const std::vector<double> events = {0.25, 0.5, 0.75, 1.0};
  auto samplesBefore = [](double t) { return std::floor(t / 0.25 + 1e-12); };
  expectEverywhere(
      table, "y", [&](double t) { return t < 0.25 ? -1.0 : 10 * samplesBefore(t); }, 0.0, events);
  for (int k = 1; k <= 3; ++k) {
    expectEverywhere(
        table, "buf[" + std::to_string(k) + "]",
        [&](double t) { return samplesBefore(t) >= k ? 0.25 * k : 0.0; }, 1e-15, events);
  }
  for (int k = 1; k <= 2; ++k) {
    std::string cell = "grid[" + std::to_string(k) + "," + std::to_string(k) + "]";
    expectEverywhere(
        table, cell, [&](double t) { return samplesBefore(t) >= k ? 11.0 * k : 0.0; }, 0.0, events);
  }
  expectEverywhere(
      table, "grid[1,2]", [](double) { return 0.0; }, 0.0);
  expectEverywhere(
      table, "grid[2,1]", [](double) { return 0.0; }, 0.0);
}

TEST(LanguageModels, AnAssignmentOutsideItsArrayStopsTheRunWithExitCode3) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runLanguageModel("IntegerSubscriptOutOfRange.mo", csv);
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("assertion failed at time 0.75: array subscript out of range"),
            std::string::npos)
      << r.output;
  CsvTable rows = readCsv(csv.string());
  ASSERT_FALSE(rows.rows.empty());
  // Every output point up to the failure, the last one before the failing event's update.
  EXPECT_EQ(rows.rows.back()[rows.column("time")], 0.75);
  EXPECT_EQ(rows.rows.back()[rows.column("buf[1]")], 0.25);
  EXPECT_EQ(rows.rows.back()[rows.column("buf[2]")], 0.5);
}

TEST(LanguageModels, AFunctionCallEquationChecksItsAssertsWhereverTheModelIsEvaluated) {
  // CallEquations.mo (MLS 12.4.7): n = integer(4 t) becomes 3 at t = 0.75, where atMost(n, 2)
  // fails; the calls in the for-equation and the one with a discarded output pass until then.
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + languageModel("CallEquations.mo") + " -o " +
                               csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("assertion failed at time 0.75: u = 3 exceeds 2"), std::string::npos)
      << r.output;
  CsvTable rows = readCsv(csv.string());
  ASSERT_FALSE(rows.rows.empty());
  EXPECT_EQ(rows.rows.back()[rows.column("time")], 0.75);
  EXPECT_EQ(rows.rows.back()[rows.column("n")], 2);
}

/// `mocc run` (the JIT) and the simulator `mocc build` makes (generated C++) on `model`, with
/// `environment` ("NAME=value ") for both; empty results when the build fails.
std::vector<CommandResult> runInBothBackends(const std::string& model,
                                             const std::string& environment = "") {
  std::filesystem::path dir = scratchDirectory();
  CommandResult built =
      runCommand(moccBinary() + " build " + model + " -O1 -o " + (dir / "sim").string());
  EXPECT_EQ(built.exitCode, 0) << built.output;
  if (built.exitCode != 0) return {};
  return {
      runCommand(environment + moccBinary() + " run " + model + " -o " + (dir / "r.csv").string()),
      runCommand(environment + (dir / "sim").string() + " -o " + (dir / "c.csv").string())};
}

/// How often `text` occurs in `output`.
std::size_t occurrences(const std::string& output, const std::string& text) {
  std::size_t count = 0;
  for (std::size_t at = output.find(text); at != std::string::npos; at = output.find(text, at + 1))
    ++count;
  return count;
}

TEST(LanguageModels, PrintShowsTextsComputedDuringSimulationOncePerRun) {
  // PrintMessages.mo: the when-statement runs once, at x = t = 0.5, in the JIT and in the
  // generated C++ alike; String(0.5, format = "4.2f") is "0.50", with 3 digits "0.5"; the
  // environment variable is read during the run.
  std::vector<CommandResult> runs =
      runInBothBackends(languageModel("PrintMessages.mo"), "MOCC_PRINT_TEST=run-time ");
  ASSERT_EQ(runs.size(), 2u);
  for (const CommandResult& run : runs) {
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(occurrences(run.output, "event 1: x = 0.50\n"), 1u) << run.output;
    EXPECT_EQ(occurrences(run.output, "report crossing at t = 0.5 in run-time\n"), 1u)
        << run.output;
  }
}

TEST(LanguageModels, StringsComputedDuringSimulationFollowTheirEquations) {
  // RuntimeStrings.mo: its asserts compare each text with the one written by hand; the run
  // ends by terminate() at the sixth sample (t = 1.5), whose message holds three Strings.
  std::vector<CommandResult> runs = runInBothBackends(languageModel("RuntimeStrings.mo"));
  ASSERT_EQ(runs.size(), 2u);
  for (const CommandResult& run : runs) {
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(occurrences(run.output, "done with n=6 c=blue even, 123456, bob,bob,bob,bob,bob,bob"),
              1u)
        << run.output;
    EXPECT_NE(run.output.find("simulated from 0 to 1.5"), std::string::npos) << run.output;
  }
}

TEST(LanguageModels, AFunctionCallEquationInAWhenEquationRunsWhereItsBranchIsActive) {
  // CallInWhenEquation.mo: only the first active branch calls, after the equations it reads,
  // and terminal() calls once at the end; in the JIT and in the generated C++ alike.
  std::vector<CommandResult> runs = runInBothBackends(languageModel("CallInWhenEquation.mo"));
  ASSERT_EQ(runs.size(), 2u);
  for (const CommandResult& run : runs) {
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(run.output.rfind("sample 1\nsample 2\nlate 12\nsample 13\nfinal 13\n", 0), 0u)
        << run.output;
  }
}

TEST(LanguageModels, StringOfAnOperatorRecordCallsItsStringOperator) {
  // OverloadedStringOperator.mo: 3 * 125 cents at the third sample, shown three ways.
  auto csv = scratchDirectory() / "r.csv";
  CommandResult r = runLanguageModel("OverloadedStringOperator.mo", csv);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("terminated at time 0.75: shown 3.75 EUR / 3.75 EUR / 3.75 USD"),
            std::string::npos)
      << r.output;
}

TEST(LanguageModels, AConsistentRedundantInitialEquationIsRemoved) {
  // MLS 8.6. Both blocks see the one signal rise at 0.5: count = 1 from then on.
  CsvTable table = simulate(languageModel("RedundantInitialEquations.mo"), "");
  expectEverywhere(table, "count", [](double t) { return t < 0.5 ? 0.0 : 1.0; }, 0.0, {0.5});
}

TEST(LanguageModels, AnInconsistentRedundantInitialEquationStopsTheRunAtInitialization) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r =
      runCommand(moccBinary() + " run " + languageModel("InconsistentInitialEquations.mo") +
                 " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("the redundant equation pre(signal) = b.pre_u_start (initial "
                          "equation"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("does not hold at initialization: left side false, right side true"),
            std::string::npos)
      << r.output;
}

TEST(LanguageModels, AChangeRightAfterInitializationFiresInTheEventIterationThatFollows) {
  // ChangeAfterInitialization.mo: x goes from 0 to 1 when pre(aux) := aux after
  // initialization; change(x) counts that once.
  CsvTable table = simulate(languageModel("ChangeAfterInitialization.mo"), "");
  expectEverywhere(
      table, "x", [](double) { return 1.0; }, 0.0);
  expectEverywhere(
      table, "count", [](double) { return 1.0; }, 0.0);
}

TEST(LanguageModels, BreakLeavesTheInnermostUnrolledLoopOfAnAlgorithm) {
  // BreakInAlgorithm.mo searched again here, with C++ loops, for n = 1 .. 6 (the k-th sample
  // at t = k - 1 sets n = k).
  const int table[5] = {3, 1, 4, 1, 5};
  const int grid[2][3] = {{1, 2, 3}, {3, 4, 5}};
  struct Search {
    int found = 0, visited = 0, hits = 0, scanned = 0;
  };
  auto search = [&](int n) {
    Search s;
    for (int i = 1; i <= 5; ++i) {
      ++s.visited;
      if (table[i - 1] == n) {
        s.found = i;
        break;
      }
    }
    for (const auto& row : grid) {
      for (int value : row) {
        ++s.scanned;
        if (value == n) {
          ++s.hits;
          break;
        }
      }
    }
    return s;
  };
  CsvTable table_ = simulate(languageModel("BreakInAlgorithm.mo"), "");
  const std::vector<double> events = {1, 2, 3, 4, 5};
  auto at = [&](double t) { return search(static_cast<int>(std::floor(t)) + 1); };
  expectEverywhere(
      table_, "found", [&](double t) { return at(t).found; }, 0.0, events);
  expectEverywhere(
      table_, "visited", [&](double t) { return at(t).visited; }, 0.0, events);
  expectEverywhere(
      table_, "hits", [&](double t) { return at(t).hits; }, 0.0, events);
  expectEverywhere(
      table_, "scanned", [&](double t) { return at(t).scanned; }, 0.0, events);
  for (const std::string& name : table_.header) // the break flags stay out of the results
    EXPECT_NE(name.front(), '$') << name;
}

TEST(LanguageModels, ASliceOfRunTimeBoundsAndConstantLengthIsAssignedInAFunction) {
  // SliceOffsets.mo: y = {1, 10, 100, 2, 20, 200} and z = {2, 3, 5, 6}.
  CsvTable table = simulate(languageModel("SliceOffsets.mo"), "");
  const double expected[6] = {1, 10, 100, 2, 20, 200};
  for (int k = 0; k < 6; ++k) {
    expectEverywhere(
        table, "y[" + std::to_string(k + 1) + "]", [&](double) { return expected[k]; }, 0.0);
  }
  const double indices[4] = {2, 3, 5, 6};
  for (int k = 0; k < 4; ++k) {
    expectEverywhere(
        table, "z[" + std::to_string(k + 1) + "]", [&](double) { return indices[k]; }, 0.0);
  }
}

TEST(ConnectInLoops, SeriesLadderChargesEveryCapacitorAlike) {
  // N resistors R and N capacitors C alternate in series: one resistance N R and one
  // capacitance C/N, time constant R C = 1. Each capacitor holds V/N (1 - e^{-t}) and the
  // loop current is V/(N R) e^{-t}. Tolerance: smooth states at tolerance 1e-8, global error
  // <= 100x local: 1e-6 of the scale (V/N = 2 for voltages, V/(N R) = 1 for currents).
  CsvTable table = simulate(languageModel("ConnectLadder.mo"), "");
  const int N = 5;
  const double R = 2, C = 0.5, V = 10;
  std::size_t t = table.column("time");
  for (const auto& row : table.rows) {
    double decay = std::exp(-row[t] / (R * C));
    for (int k = 1; k <= N; ++k) {
      std::string c = "c[" + std::to_string(k) + "]", r = "r[" + std::to_string(k) + "]";
      EXPECT_NEAR(row[table.column(c + ".v")], V / N * (1 - decay), 2e-6) << c << " t = " << row[t];
      EXPECT_NEAR(row[table.column(r + ".i")], V / (N * R) * decay, 1e-6) << r << " t = " << row[t];
    }
  }
  EXPECT_NEAR(table.rows.back()[t], 3.0, 1e-12);
}

TEST(ConnectInLoops, NestedLoopsBuildAGridOfStrings) {
  // M strings of N resistors in parallel: the source delivers V M/(N R) (its current into p is
  // the negative of that) and node j of every string is at V (1 - j/N). A linear algebraic
  // system solved in double precision: 1e-9 of the scale V = 12 covers its rounding.
  CsvTable table = simulate(languageModel("ConnectGrid.mo"), "");
  const int M = 3, N = 4;
  const double R = 2, V = 12;
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[table.column("source.i")], -V * M / (N * R), 1e-9);
    for (int i = 1; i <= M; ++i) {
      for (int j = 1; j <= N; ++j) {
        std::string node = "r[" + std::to_string(i) + "," + std::to_string(j) + "].n.v";
        EXPECT_NEAR(row[table.column(node)], V * (1 - double(j) / N), 1e-9) << node;
      }
    }
  }
}

TEST(InitialAlgorithm, ComputesAParameterAndAStartInOrder) {
  // x starts the algorithm at its start value 5 (MLS 11.1.2) and the loop adds 1 + 2 + 3 + 4:
  // x(0) = 15 exactly; k := 1/T = 2 exactly. Then x = 15 e^{-2t} and y = k x. Tolerance: smooth
  // state at tolerance 1e-8, global error <= 100x local: 1e-6 of the scale (15 for x, 30 for y).
  CsvTable table = simulate(languageModel("InitialAlgorithm.mo"), "");
  std::size_t t = table.column("time"), x = table.column("x"), y = table.column("y");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.front()[t], 0.0);
  EXPECT_EQ(table.rows.front()[x], 15.0);
  EXPECT_EQ(table.rows.front()[y], 30.0);
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[x], 15 * std::exp(-2 * row[t]), 1.5e-5) << "t = " << row[t];
    EXPECT_NEAR(row[y], 30 * std::exp(-2 * row[t]), 3e-5) << "t = " << row[t];
  }
}

TEST(InitialAlgorithm, PlacesThePeriodOfAPeriodicSource) {
  // The initial algorithm sets count = floor((0 + 0.6)/0.25) = 2 and T_start = -0.1; the
  // when-equation then counts the periods beginning at 0.15, 0.4, 0.65 and 0.9 (state events of
  // a crossing linear in time, located to 100 eps (|t| + h) < 1e-12: 1e-10 covers T_start and
  // the saw tooth s, whose scale is 1/period = 4 times that).
  CsvTable table = simulate(languageModel("PeriodCounter.mo"), "");
  const double startTime = -0.6, period = 0.25;
  std::size_t t = table.column("time"), count = table.column("count"),
              start = table.column("T_start"), s = table.column("s");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.front()[count], 2);
  EXPECT_NEAR(table.rows.front()[start], -0.1, 1e-15);
  EXPECT_NEAR(table.rows.front()[s], 0.4, 1e-14);
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 4u);
  for (std::size_t k = 0; k < events.size(); ++k)
    EXPECT_NEAR(events[k], 0.15 + 0.25 * static_cast<double>(k), 1e-10);
  for (const auto& row : table.rows) {
    double periods = (row[t] - startTime) / period;
    double nearest = std::round(periods);
    if (std::abs(periods - nearest) < 1e-6) continue; // at an event: left or right limit
    double begun = std::floor(periods);
    EXPECT_EQ(row[count], begun) << "t = " << row[t];
    EXPECT_NEAR(row[start], startTime + begun * period, 1e-10) << "t = " << row[t];
    EXPECT_NEAR(row[s], periods - begun, 4e-10) << "t = " << row[t];
  }
}

TEST(InitialAlgorithm, DeterminesWhatAnAlgorithmAssignsInAWhenStatement) {
  // The algorithm's when-statement is inactive at initialization (y = pre(y)), so the initial
  // algorithm's y = -1 holds until the time event at 0.5 (hit exactly) sets y = 7. x = -t, then
  // -0.5 + 7 (t - 0.5): piecewise linear, which the integrator reproduces up to the rounding
  // of fewer than 10^3 steps (each about 1e-16 of the scale 3): 1e-10.
  CsvTable table = simulate(languageModel("InitialAlgorithmAndWhenStatement.mo"), "");
  std::size_t t = table.column("time"), y = table.column("y"), x = table.column("x");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.front()[y], -1);
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0], 0.5);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    bool before = row[t] < 0.5 || (row[t] == 0.5 && i + 1 < table.rows.size() &&
                                   table.rows[i + 1][t] == 0.5); // the left limit
    EXPECT_EQ(row[y], before ? -1 : 7) << "t = " << row[t];
    EXPECT_NEAR(row[x], before ? -row[t] : -0.5 + 7 * (row[t] - 0.5), 1e-10) << "t = " << row[t];
  }
}

TEST(LanguageModels, DerOfAnExpressionIsItsTimeDerivative) {
  // y is algebraic in x = 1 + t (exact to the integration error of x' = 1, none for BDF);
  // z is integrated at tolerance 1e-10: 1e-8 bounds its global error over 1 s.
  CsvTable table = simulate(languageModel("DerOfExpressions.mo"), "");
  expectEverywhere(
      table, "y", [](double t) { return 5 + 2 * t; }, 1e-9);
  expectEverywhere(
      table, "z", [](double t) { return (t + t * t / 2) / 2; }, 1e-8);
}

namespace {

/// The thermostat of InitialPreHysteresis.mo: T is a triangle wave of amplitude 0.5 and
/// period 2 that rises from T(0) = 0 when pre(y) = true at the start, and falls otherwise.
double thermostatTemperature(double t, bool heatingFirst) {
  double phase = std::fmod(heatingFirst ? t + 0.5 : t + 1.5, 2.0); // 0 at a minimum
  return phase < 1 ? phase - 0.5 : 1.5 - phase;
}

void expectThermostat(const CsvTable& table, bool heatingFirst) {
  // Switches where T reaches +-0.5: every full unit of time from 0.5 on. They are state
  // events of a crossing linear in time, located to 100 eps (|t| + h) < 1e-12; the
  // piecewise linear T is integrated exactly up to rounding, so its error is the sum of the
  // four events' shifts plus rounding of fewer than 10^4 steps: 1e-9 of the scale 0.5. After
  // a switch the relation that caused it may flip back once more a rounding error later (T
  // turns at the threshold): such events within 1e-9 of each other count as one switch.
  std::vector<double> events;
  for (double e : table.eventTimes())
    if (events.empty() || e - events.back() > 1e-9) events.push_back(e);
  ASSERT_EQ(events.size(), 4u);
  for (std::size_t k = 0; k < events.size(); ++k)
    EXPECT_NEAR(events[k], 0.5 + static_cast<double>(k), 1e-10);
  std::size_t t = table.column("time"), y = table.column("y"), entry = table.column("entryTime");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.front()[y], heatingFirst ? 1 : 0);
  EXPECT_EQ(table.rows.front()[entry], -1);
  // Rising edges of y at the minima of T: 1.5 and 3.5 when heating first, else 0.5 and 2.5.
  double firstRise = heatingFirst ? 1.5 : 0.5;
  expectEverywhere(
      table, "T", [heatingFirst](double time) { return thermostatTemperature(time, heatingFirst); },
      1e-9, events);
  expectEverywhere(
      table, "entryTime",
      [firstRise](double time) {
        return time < firstRise ? -1 : time < firstRise + 2 ? firstRise : firstRise + 2;
      },
      1e-10, events);
  for (const auto& row : table.rows) {
    if (std::abs(row[t] - std::round(row[t] - 0.5) - 0.5) < 1e-9) continue; // at an event
    double phase = std::fmod(heatingFirst ? row[t] + 0.5 : row[t] + 1.5, 2.0);
    EXPECT_EQ(row[y], phase < 1 ? 1 : 0) << "t = " << row[t];
  }
}

} // namespace

TEST(InitialPre, AnInitialEquationDeterminesPreOfADiscreteVariable) {
  // pre(y) = true: y(0) = pre(y) and T < 0.5 = true, although y's start value is false.
  expectThermostat(simulate(languageModel("InitialPreHysteresis.mo"), ""), true);
}

TEST(InitialPre, TheInitialEquationReadsAParameter) {
  // pre(y) = pre_y_start = false: y(0) = false, the controller cools first.
  expectThermostat(
      simulate(languageModel("InitialPreHysteresis.mo"), "--override pre_y_start=false"), false);
}

TEST(CallStatements, FunctionsCalledForTheirAssertsLeaveTheResultsAlone) {
  // Every check passes (the table's times increase, x stays within [0, 1] up to the bound's
  // slack of 1e-6), so the run succeeds with y = 2 t exactly (one rounding) and x = t, a
  // linear state that the integrator reproduces up to rounding: 1e-12.
  CsvTable table = simulate(languageModel("CallStatements.mo"), "");
  expectEverywhere(
      table, "y", [](double t) { return 2 * t; }, 1e-15);
  expectEverywhere(
      table, "x", [](double t) { return t; }, 1e-12);
}

namespace {

/// The largest of the three real roots of x^3 - x - 0.1 = 0 in closed form (Viete's
/// trigonometric solution of t^3 + p t + q = 0, p = -1, q = -0.1); HomotopyBranch_roots.py
/// finds the same value by Brent's method.
double largestCubicRoot() {
  const double p = -1, q = -0.1;
  return 2 * std::sqrt(-p / 3) * std::cos(std::acos(3 * q / (2 * p) * std::sqrt(-3 / p)) / 3);
}

} // namespace

TEST(Homotopy, InitializationFollowsThePathFromTheSimplifiedSolution) {
  // The path from the simplified solution 1.5 ends at the largest root (HomotopyBranch.mo);
  // Newton from the start value alone would find -0.1010. The loop's Newton stops when its
  // step is below 1e-10 (1 + |x|), after which the error is far smaller: 1e-9. y = x (1 - e^-t)
  // from y(0) = 0, integrated with tolerance 1e-8 by a contracting linear equation over fewer
  // than 10^3 steps: 1e-5.
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + languageModel("HomotopyBranch.mo") +
                               " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("homotopy initialization: lambda followed from 0 to 1"),
            std::string::npos)
      << r.output;
  CsvTable table = readCsv(csv.string());
  const double root = largestCubicRoot();
  EXPECT_NEAR(root, 1.0466805318046024, 1e-15); // HomotopyBranch_roots.py (Brent)
  expectEverywhere(
      table, "x", [&](double) { return root; }, 1e-9);
  expectEverywhere(
      table, "y", [&](double t) { return root * (1 - std::exp(-t)); }, 1e-5);
}

TEST(Homotopy, APathEndingInAFoldStopsAtTimeZeroNamingTheLambdaReached) {
  // Solutions exist up to lambda = (1 + 2 sqrt 2) / 7 only, and the actual problem has none
  // (HomotopyFold.mo): exit code 3, the lambda reached (at most the fold's) and the loop.
  CommandResult r = runCommand(moccBinary() + " run " + languageModel("HomotopyFold.mo") + " -o " +
                               (scratchDirectory() / "result.csv").string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("initialization failed at time 0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("HomotopyFold.mo:9:3"), std::string::npos) << r.output;
  const std::string reached = "the homotopy continuation reached lambda = ";
  std::size_t at = r.output.find(reached);
  ASSERT_NE(at, std::string::npos) << r.output;
  double lambda = std::stod(r.output.substr(at + reached.size()));
  EXPECT_GT(lambda, 0.0) << r.output;
  EXPECT_LE(lambda, (1 + 2 * std::sqrt(2.0)) / 7) << r.output;
}

TEST(InitialWhen, AnAlgorithmsInitialBranchSetsTheValueTheSamplesCountOnFrom) {
  // InitialAlgorithmWhen.mo: 5 at initialization, +1 at each sample instant 0, 0.1, 0.2.
  CsvTable table = simulate(languageModel("InitialAlgorithmWhen.mo"), "--stop-time 0.25");
  expectEverywhere(table, "s", [](double t) { return 6.0 + std::floor(t / 0.1 + 1e-9); }, 0.0,
                   {0.0, 0.1, 0.2});
}

TEST(AlgebraicLoops, ACoefficientThatVanishesInOneModeIsNotDividedBy) {
  // ModeDependentCoefficient.mo: vOut = -2 sin(2 pi t) in the op-amp's middle mode, from a
  // linear loop solved to rounding.
  CsvTable table = simulate(languageModel("ModeDependentCoefficient.mo"), "");
  expectEverywhere(
      table, "vOut", [](double t) { return -2 * std::sin(2 * M_PI * t); }, 1e-12);
}

TEST(StructuralParameters, AConditionWhoseBranchesReadDifferentUnknownsIsEvaluated) {
  // StructuralCondition.mo: i = 1 and i = 1 - exp(-t); tolerance 1e-10 on a smooth state
  // gives global errors far below 1e-7.
  CsvTable table = simulate(languageModel("StructuralCondition.mo"), "--tolerance 1e-10");
  expectEverywhere(
      table, "quasiStaticCoil.i", [](double) { return 1.0; }, 1e-12);
  expectEverywhere(
      table, "dynamicCoil.i", [](double t) { return 1.0 - std::exp(-t); }, 1e-7);
}

TEST(StructuralParameters, ParametersOfStateTermsOnlyCanBeOverridden) {
  // OverridableCoefficients.mo with a = 1, timed = true: x = exp(t) (tolerance 1e-10 on a
  // smooth state: global error far below 1e-7), and y's one event at the time event t = 0.5.
  CsvTable table = simulate(languageModel("OverridableCoefficients.mo"),
                            "--tolerance 1e-10 --override a=1 --override timed=true");
  expectEverywhere(
      table, "x", [](double t) { return std::exp(t); }, 1e-7);
  EXPECT_EQ(table.eventTimes(), std::vector<double>{0.5});
  expectEverywhere(table, "y", [](double t) { return t > 0.5 ? 1.0 : 0.0; }, 0.0, {0.5});
}

TEST(Overrides, SetTheInitialValuesOfFixedStates) {
  // OverriddenStartValues.mo with x = 2, y = 3: x = 2 exp(-t), y = 3 exp(-t), w = 4 exp(-t)
  // (tolerance 1e-10 on smooth states: global errors far below 1e-7).
  CsvTable table = simulate(languageModel("OverriddenStartValues.mo"),
                            "--tolerance 1e-10 --override x=2 --override y=3");
  expectEverywhere(
      table, "x", [](double t) { return 2 * std::exp(-t); }, 1e-7);
  expectEverywhere(
      table, "y", [](double t) { return 3 * std::exp(-t); }, 1e-7);
  expectEverywhere(
      table, "w", [](double t) { return 4 * std::exp(-t); }, 1e-7);
}

TEST(Overrides, ARedundantFixedStartValueIsCheckedAgainstItsOverride) {
  // OverriddenRedundantStart.mo: x = 0.2 exp(-t) and y = 1 - x from consistent overrides
  // (tolerance 1e-10: global errors far below 1e-7); an inconsistent y = 0.7 stops at
  // initialization, comparing y = 0.8 with that start value.
  std::string model = languageModel("OverriddenRedundantStart.mo");
  CsvTable table = simulate(model, "--tolerance 1e-10 --override x=0.2 --override y=0.8");
  expectEverywhere(
      table, "x", [](double t) { return 0.2 * std::exp(-t); }, 1e-7);
  expectEverywhere(
      table, "y", [](double t) { return 1 - 0.2 * std::exp(-t); }, 1e-7);
  CommandResult r = runCommand(moccBinary() + " run " + model + " -o " +
                               (scratchDirectory() / "inconsistent.csv").string() +
                               " --override x=0.2 --override y=0.7 2>&1");
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("the start value of y (fixed = true, "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("y is 0.80000000000000004, its start value 0.69999999999999996"),
            std::string::npos)
      << r.output;
}

TEST(InstanceName, StartsWithTheSimulatedModelsNameWithoutItsPackages) {
  // InstanceNameInPackage.mo, the specification's example: "Vehicle.engine.controller".
  CsvTable table = simulate(languageModel("InstanceNameInPackage.mo"), "--class MyLib.Vehicle");
  expectEverywhere(
      table, "engine.controller.length", [](double) { return 25.0; }, 0.0);
}

TEST(Initialization, AParameterBoundToAFreeParameterTakesItsValueFromInitialization) {
  // ParameterOfFreeParameter.mo: q = 2 p with p = 3 from an initial equation, so x = 6 t
  // (tolerance 1e-10 on a linear integral); the instance name "ParameterOfFreeParameter.named"
  // has 30 characters; the slices y[i:i+1] of a loop give {1, 10, 3, 30}.
  CsvTable table = simulate(languageModel("ParameterOfFreeParameter.mo"), "--tolerance 1e-10");
  expectEverywhere(
      table, "x", [](double t) { return 6 * t; }, 1e-8);
  expectEverywhere(
      table, "named.length", [](double) { return 30.0; }, 0.0);
  expectEverywhere(
      table, "y[1]", [](double) { return 1.0; }, 0.0);
  expectEverywhere(
      table, "y[2]", [](double) { return 10.0; }, 0.0);
  expectEverywhere(
      table, "y[3]", [](double) { return 3.0; }, 0.0);
  expectEverywhere(
      table, "y[4]", [](double) { return 30.0; }, 0.0);
}

TEST(OperatorRecords, APhasorCircuitWithAConnectionGraphGivesOhmsLaw) {
  // PhasorCircuit.mo: I = V / (R + j omega L) with V = 10, R = 2, L = 0.01 and omega =
  // 2 pi 50 (1 + t), the derivative of the source's reference angle. Every complex operation
  // is a call of the operator record's functions; the circuit is a linear algebraic system
  // solved in double precision, so 1e-9 of |I| <= 5 covers its rounding. The ground is a
  // potential root in the source's part of the connection graph, so it is no root and leaves
  // its reference angle to the source; the loop's connect-equation that the spanning tree
  // breaks gives no equation (equalityConstraint's residue is empty), so the model balances.
  CsvTable table = simulate(languageModel("PhasorCircuit.mo"), "");
  const double pi = 3.14159265358979323846;
  auto current = [&](double t) {
    double omega = 2 * pi * 50 * (1 + t);
    return std::complex<double>(10, 0) / std::complex<double>(2, omega * 0.01);
  };
  expectEverywhere(
      table, "inductor.i.re", [&](double t) { return current(t).real(); }, 1e-9);
  expectEverywhere(
      table, "inductor.i.im", [&](double t) { return current(t).imag(); }, 1e-9);
  expectEverywhere(
      table, "ground.p.reference.gamma", [&](double t) { return 2 * pi * 50 * (t + t * t / 2); },
      1e-9);
}

TEST(LanguageModels, TheNominalAttributeScalesAStatesAbsoluteTolerance) {
  // NominalTolerance.mo: x = 1e-8 exp(-t). Each step holds the local error to about
  // rtol (|x| + nominal) = 1e-6 (|x| + 1e-8), at most 1.5e-4 |x| since |x| >= 1e-8 e^-5; the
  // decay carries relative errors unchanged, so a few dozen steps stay within 1e-2 of x. With
  // an absolute tolerance of 1e-6 (the scale 1) the error control ignores x: its error is 10x.
  CsvTable table = simulate(languageModel("NominalTolerance.mo"), "");
  std::size_t t = table.column("time"), x = table.column("x");
  std::size_t checked = 0;
  for (const auto& row : table.rows) {
    double exact = 1e-8 * std::exp(-row[t]);
    EXPECT_NEAR(row[x], exact, 1e-2 * exact) << "t = " << row[t];
    ++checked;
  }
  EXPECT_GT(checked, 100u);
}

TEST(OperatorRecords, FunctionsTakeAndReturnArraysOfRecords) {
  // FunctionRecordArrays.mo: p = {1 + 2i, 3 + 4i, 5 + 6i}; s = sum(p) = 9 + 12i; w = t p;
  // grid(2)[i, j] = i + j i; d = sum p_k w_k = t sum p_k^2 = t (-21 + 88i); (v, n) = (2t p, 3)
  // by a tuple assignment. Sums and products of a few exact operands: 1e-12 covers rounding.
  CsvTable table = simulate(languageModel("FunctionRecordArrays.mo"), "");
  const double p[3][2] = {{1, 2}, {3, 4}, {5, 6}};
  expectEverywhere(
      table, "s.re", [](double) { return 9.0; }, 0.0);
  expectEverywhere(
      table, "s.im", [](double) { return 12.0; }, 0.0);
  for (int k = 0; k < 3; ++k) {
    std::string i = "[" + std::to_string(k + 1) + "]";
    expectEverywhere(
        table, "w" + i + ".re", [&](double t) { return t * p[k][0]; }, 1e-12);
    expectEverywhere(
        table, "w" + i + ".im", [&](double t) { return t * p[k][1]; }, 1e-12);
    expectEverywhere(
        table, "v" + i + ".im", [&](double t) { return 2 * t * p[k][1]; }, 1e-12);
  }
  for (int i = 1; i <= 2; ++i) {
    for (int j = 1; j <= 2; ++j) {
      std::string at = "[" + std::to_string(i) + "," + std::to_string(j) + "]";
      expectEverywhere(
          table, "t" + at + ".re", [&](double) { return double(i); }, 0.0);
      expectEverywhere(
          table, "t" + at + ".im", [&](double) { return double(j); }, 0.0);
    }
  }
  expectEverywhere(
      table, "d.re", [](double t) { return -21 * t; }, 1e-12);
  expectEverywhere(
      table, "d.im", [](double t) { return 88 * t; }, 1e-12);
  expectEverywhere(
      table, "n", [](double) { return 3.0; }, 0.0);
}

TEST(OperatorRecords, ArraysOfRecordsAreValues) {
  // RecordArrays.mo: a = {t + i, 2 + t i, 1 + i}, b = {i, i, i}; s = a + b, p = a .* b element
  // by element, q = 2 a, m = |s|^2 through a function of one record applied to each element, c
  // = a[1] after t = 0.5 and b[1] before; copy.R0 + copy.rc[2].C = 10 - (3 + 5) + 6 = 8 from a
  // record holding an array of records, given as a whole. Sums and products of a few exact
  // operands: 1e-12 covers their rounding.
  CsvTable table = simulate(languageModel("RecordArrays.mo"), "");
  using C = std::complex<double>;
  auto a = [](double t, int k) { return k == 1 ? C(t, 1) : k == 2 ? C(2, t) : C(1, 1); };
  const C b(0, 1);
  for (int k = 1; k <= 3; ++k) {
    std::string i = "[" + std::to_string(k) + "]";
    expectEverywhere(
        table, "s" + i + ".re", [&](double t) { return (a(t, k) + b).real(); }, 1e-12);
    expectEverywhere(
        table, "s" + i + ".im", [&](double t) { return (a(t, k) + b).imag(); }, 1e-12);
    expectEverywhere(
        table, "p" + i + ".re", [&](double t) { return (a(t, k) * b).real(); }, 1e-12);
    expectEverywhere(
        table, "p" + i + ".im", [&](double t) { return (a(t, k) * b).imag(); }, 1e-12);
    expectEverywhere(
        table, "q" + i + ".im", [&](double t) { return 2 * a(t, k).imag(); }, 1e-12);
    expectEverywhere(
        table, "m" + i, [&](double t) { return std::norm(a(t, k) + b); }, 1e-12);
  }
  expectEverywhere(table, "c.re", [&](double t) { return t > 0.5 ? t : 0.0; }, 1e-12, {0.5});
  expectEverywhere(
      table, "r0", [](double) { return 8.0; }, 0.0);
  // copy.data has cell's three elements, not the one of Cell's default {1}.
  expectEverywhere(
      table, "total", [](double) { return 6.0; }, 0.0);
}

TEST(FunctionalArguments, PartialApplicationsPassedOnAndBoundAgain) {
  // FunctionalArguments.mo (MLS 12.4.2): Simpson's rule is exact for cubics, so half = 2/4
  // (times t), the integral of 1 + 2x + 3x^2 over [0, t] is t + t^2 + t^3, of t x^3 over [0, 1]
  // (bound value changing with time, by recursion on four intervals) t/4, of (x - 1)^2 over
  // [0, t] ((t - 1)^3 + 1)/3, and of x y over [0, 1] x [0, t] t^2/4. A few exact operations
  // each: 1e-12 covers their rounding.
  CsvTable table = simulate(languageModel("FunctionalArguments.mo"), "");
  expectEverywhere(
      table, "halfTime", [](double t) { return t / 2; }, 1e-12);
  expectEverywhere(
      table, "polynomialArea", [](double t) { return t + t * t + t * t * t; }, 1e-12);
  expectEverywhere(
      table, "growing", [](double t) { return t / 4; }, 1e-12);
  expectEverywhere(
      table, "shifted", [](double t) { return (std::pow(t - 1, 3) + 1) / 3; }, 1e-12);
  expectEverywhere(
      table, "surface", [](double t) { return t * t / 4; }, 1e-12);
}

TEST(Subscripts, RunTimeSubscriptsThatOnlyGuardedBranchesReadLetTheRunFinish) {
  // GuardedSubscripts.mo: i = integer(5 t) leaves 1..3 of a, but every read of a[i] is guarded
  // (if-expression, the second operand of and, an if-equation): no range assert fires, and
  // each value is what its branch selects, exactly.
  CsvTable table = simulate(languageModel("GuardedSubscripts.mo"), "");
  double largest = 0;
  for (const auto& row : table.rows) {
    double i = row[table.column("i")];
    bool inRange = i >= 1 && i <= 3;
    largest = std::max(largest, i);
    std::string at = "t = " + std::to_string(row[table.column("time")]);
    EXPECT_EQ(row[table.column("inRange")], inRange ? 10 * i : -1) << at;
    EXPECT_EQ(row[table.column("positive")], inRange && 10 * i > 15 ? 1 : 0) << at;
    EXPECT_EQ(row[table.column("z")], inRange ? 10 * i : 0) << at;
  }
  EXPECT_EQ(largest, 5); // the run got past the range of a
  EXPECT_EQ(table.rows.back()[table.column("time")], 1.0);
}
