// External functions (MLS 12.9): models of tests/models/external call the project's own C
// library (tests/models/external/Resources/C-Sources, built by mocc into its cache) through
// every argument kind, and each result is compared with what the C function computes by
// hand, in the C function's order of operations, so the checks are exact.
// Located errors for what cannot be called are checked here too; cpp_backend_tests runs the
// same models through the generated C++ and requires byte-identical results.
#include "model_test_support.h"

#include <cmath>
#include <fstream>
#include <iterator>

using namespace mocc::test;

namespace {

std::string externalModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/external/" + name;
}

/// Writes `text` as <scratch>/<name> and returns its path.
std::string writeModel(const std::string& name, const std::string& text) {
  auto path = scratchDirectory() / name;
  std::ofstream(path) << text;
  return path.string();
}

/// A model M calling f(time), a function of one Real whose body is `externalClause`.
std::string modelWithExternal(const std::string& externalClause) {
  return "model M\n  function f\n    input Real x;\n    output Real y;\n  " + externalClause +
         "\n  end f;\n  Real y = f(time);\nend M;\n";
}

/// The results of `mocc run` on a model written by writeModel, beside it (simulate() would
/// clear the scratch directory the model is in).
CsvTable simulateWritten(const std::string& model) {
  auto csv = std::filesystem::path(model).parent_path() / "r.csv";
  CommandResult r = runCommand(moccBinary() + " run " + model + " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return readCsv(csv.string());
}

/// The result of `mocc run` on a model that must be rejected (written by writeModel).
CommandResult rejected(const std::string& model) {
  auto csv = std::filesystem::path(model).parent_path() / "r.csv";
  CommandResult r = runCommand(moccBinary() + " run " + model + " -o " + csv.string());
  EXPECT_NE(r.exitCode, 0) << r.output;
  return r;
}

} // namespace

TEST(ExternalModels, EveryArgumentKindReachesCAndComesBack) {
  CsvTable table = simulate(externalModel("ExternalArguments.mo"), "--stop-time 1");
  ASSERT_GT(table.rows.size(), 100u);
  auto at = [&](const std::vector<double>& row, const std::string& name) {
    return row[table.column(name)];
  };
  for (const auto& row : table.rows) {
    double t = at(row, "time");
    // Rows at events hold a left or a right limit: integer(10 * time) jumps at every tenth,
    // the conditions at 0.25 and 0.5.
    bool atEvent = std::abs(10 * t - std::round(10 * t)) < 1e-9 || std::abs(t - 0.25) < 1e-9;
    if (atEvent) continue;
    SCOPED_TRACE("t = " + std::to_string(t));
    bool late = t > 0.5, quarter = t > 0.25;
    EXPECT_EQ(at(row, "affineValue"), 3 * t + 1);    // Real and Integer by value
    EXPECT_EQ(at(row, "negated"), late ? 0.0 : 1.0); // Boolean: 7 from C is true
    EXPECT_EQ(at(row, "next"), late ? 1.0 : 3.0);    // enumeration ordinals
    EXPECT_EQ(at(row, "length"), 4.0);               // String "mocc"
    EXPECT_EQ(at(row, "scaled"), 4 * t);             // size(a, 1) as size_t
    EXPECT_EQ(at(row, "weighted"),
              ((0.0 + 1 * t) + 2 * (2 * t)) + 3 * 3.0); // default form: a, size
    EXPECT_EQ(at(row, "sums[1]"), 6.0);                 // row-major matrix
    EXPECT_EQ(at(row, "sums[2]"), ((0.0 + 10 * t) + 20) + 30);
    double third = std::floor(10 * t);                      // integer(10 * time)
    EXPECT_EQ(at(row, "doubled[3]"), 2 * third);            // Integer arrays out
    EXPECT_EQ(at(row, "sum"), 1 - 2 + third);               // Integer scalar output
    EXPECT_EQ(at(row, "any"), quarter ? 1.0 : 0.0);         // any nonzero is true
    EXPECT_EQ(at(row, "inverted[1]"), quarter ? 0.0 : 1.0); // Boolean arrays out
    EXPECT_EQ(at(row, "inverted[2]"), 1.0);
    EXPECT_EQ(at(row, "incremented"), t + 1);      // output with a binding
    EXPECT_EQ(at(row, "twiceValue"), 2 * (t + 1)); // code of the Include
  }
}

TEST(ExternalModels, AnUnknownLibraryIsNamed) {
  CommandResult r = rejected(writeModel(
      "M.mo",
      modelWithExternal(
          R"(external "C" y = f_of_nowhere(x) annotation(Library = "moccNoSuchLibrary");)")));
  EXPECT_NE(r.output.find("moccNoSuchLibrary"), std::string::npos) << r.output;
}

TEST(ExternalModels, IncludeCodeThatDoesNotCompileGivesTheCompilersMessage) {
  CommandResult r = rejected(writeModel(
      "M.mo", modelWithExternal(R"(external "C" y = broken(x) annotation(Include = "double )"
                                R"(broken(double x) { return x +; }");)")));
  EXPECT_NE(r.output.find("error"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("expected expression"), std::string::npos) << r.output;
}

TEST(ExternalModels, StringsComputedDuringSimulationPassBothWays) {
  // ExternalStrings.mo: "AB-n-C" (6 characters) before the second sample at t = 0.5,
  // "XYZ-n-C" (7) after it; its asserts check the texts, and the result file carries them.
  CsvTable table = simulate(externalModel("ExternalStrings.mo"), "");
  std::size_t checked = 0;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    double t = row[table.column("time")];
    if (std::abs(4 * t - std::round(4 * t)) < 1e-9) continue; // a sample instant
    EXPECT_EQ(row[table.column("length")], t < 0.5 ? 6.0 : 7.0) << "t = " << t;
    std::string n = std::to_string(static_cast<int>(std::floor(4 * t)));
    EXPECT_EQ(table.text(i, "shouted"), (t < 0.5 ? "AB-" : "XYZ-") + n + "-C") << "t = " << t;
    ++checked;
  }
  EXPECT_GT(checked, 100u);
}

TEST(ExternalModels, FortranTakesEveryArgumentByReferenceAndMatricesColumnMajor) {
  // FortranSolve.mo: LAPACK's dgesv on a matrix that is not symmetric. LAPACK may divide by a
  // pivot or multiply by its reciprocal: the values agree with the closed form to a rounding
  // or two of each operation (4 ulps).
  CsvTable table = simulate(externalModel("FortranSolve.mo"), "");
  ASSERT_GT(table.rows.size(), 100u);
  for (const auto& row : table.rows) {
    double t = row[table.column("time")];
    double x21 = (2 + t) / (1 + t), x11 = (3 - x21) / 2;
    EXPECT_NEAR(row[table.column("X[2,1]")], x21, 4 * 2.2e-16 * x21) << "t = " << t;
    EXPECT_NEAR(row[table.column("X[1,1]")], x11, 4 * 2.2e-16 * x21) << "t = " << t;
    EXPECT_EQ(row[table.column("X[1,2]")], 0.5) << "t = " << t;
    EXPECT_EQ(row[table.column("X[2,2]")], 0.0) << "t = " << t;
    EXPECT_EQ(row[table.column("info")], 0.0) << "t = " << t;
  }
}

TEST(ExternalModels, LibmFunctionsNeedNoAnnotation) {
  // frexp(20) = 0.625 * 2^5: the mantissa as the value, the exponent through an int*.
  std::string model = writeModel("M.mo", R"(model M
  function split
    input Real x;
    output Real mantissa;
    output Integer exponent;
  external "C" mantissa = frexp(x, exponent);
  end split;
  Real m;
  Integer e;
equation
  (m, e) = split(20);
end M;
)");
  CsvTable table = simulateWritten(model);
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.back()[table.column("m")], 0.625);
  EXPECT_EQ(table.rows.back()[table.column("e")], 5.0);
}

TEST(ExternalModels, AModelicaErrorFromCEndsTheRunWithExitCode3AndKeepsTheRows) {
  // x = t crosses the limit 0.5: the first evaluation beyond it raises the error (MLS 12.9.6).
  auto csv = scratchDirectory() / "r.csv";
  CommandResult r = runCommand(moccBinary() + " run " + externalModel("ExternalError.mo") +
                               " --stop-time 1 -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("ModelicaError at time 0.5"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("mocc_test_checked: x = 0.5"), std::string::npos) << r.output;
  CsvTable table = readCsv(csv.string());
  ASSERT_FALSE(table.rows.empty());
  // Every output instant up to the limit is kept (the grid has 500 intervals).
  EXPECT_EQ(table.rows.back()[table.column("time")], 0.5);
  EXPECT_EQ(table.rows.size(), 251u);
}

namespace {

struct CounterRun {
  CommandResult run;
  std::string log; // the counters' constructions and destructions
  std::string csv;
};

/// Runs ExternalObjects.mo with `options`.
CounterRun runCounters(const std::string& options) {
  auto dir = scratchDirectory();
  auto log = dir / "counters.log";
  CounterRun out;
  out.csv = (dir / "r.csv").string();
  out.run = runCommand("MOCC_TEST_COUNTER_LOG=" + log.string() + " " + moccBinary() + " run " +
                       externalModel("ExternalObjects.mo") + " " + options + " -o " + out.csv);
  std::ifstream in(log);
  out.log.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return out;
}

} // namespace

TEST(ExternalModels, ExternalObjectsAreConstructedInDependencyOrderAndDestroyedOnceInReverse) {
  CounterRun r = runCounters("--stop-time 1");
  EXPECT_EQ(r.run.exitCode, 0) << r.run.output;
  // first = Counter(10); second = Counter(value(first, 5)) = Counter(15).
  EXPECT_EQ(r.log, "constructed 10\nconstructed 15\ndestroyed 15\ndestroyed 10\n");
  CsvTable table = readCsv(r.csv);
  ASSERT_FALSE(table.rows.empty());
  for (const auto& row : table.rows) {
    double t = row[table.column("time")];
    EXPECT_EQ(row[table.column("y1")], 10 + t);
    EXPECT_EQ(row[table.column("y2")], 15 + t);
  }
  // The handles are addresses, not results.
  EXPECT_EQ(table.header.size(), 3u);
}

TEST(ExternalModels, ExternalObjectsAreDestroyedAfterAFailedRun) {
  CounterRun r = runCounters("--stop-time 1 --override stopAt=0.5");
  EXPECT_EQ(r.run.exitCode, 3) << r.run.output;
  EXPECT_EQ(r.log, "constructed 10\nconstructed 15\ndestroyed 15\ndestroyed 10\n");
}

TEST(ExternalModels, AnErrorFunctionOfModelicaUtilitiesTakesAMessageComputedDuringSimulation) {
  // Like Modelica.Utilities.Streams.error: its body is external "C" ModelicaError(string)
  // (MLS 12.9.6), and its message holds String(x) of a value known only during simulation.
  std::string model = writeModel("M.mo", R"(model M
  function error
    input String string;
  external "C" ModelicaError(string);
  end error;
  function checked
    input Real x;
    output Real y = x;
  algorithm
    if x > 0.5 then
      error("x = " + String(x) + " is too large");
    end if;
  end checked;
  Real x(start = 0, fixed = true);
  Real y = checked(x);
equation
  der(x) = 1;
end M;
)");
  CommandResult r = rejected(model);
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("x = 0.5"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("is too large"), std::string::npos) << r.output;
}

TEST(ExternalModels, ConstantCallsRunDuringTranslationStringResultsAndSizesIncluded) {
  // TranslationTimeCalls.mo: greeting("mocc") = "Hello, mocc" from C, whose 11 characters
  // size x; its length (C again, during the simulation) and a condition on its value.
  CsvTable table = simulate(externalModel("TranslationTimeCalls.mo"), "--stop-time 1");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_NO_THROW(table.column("x[11]"));
  EXPECT_THROW(table.column("x[12]"), std::out_of_range);
  for (const auto& row : table.rows) {
    EXPECT_EQ(row[table.column("length")], 11.0);
    EXPECT_EQ(row[table.column("branch")], 1.0);
  }
}

TEST(ExternalModels, AFunctionReachingAStringVariableRunsDuringSimulation) {
  // g has a String local; h calls it only in a while-condition: y = time.
  std::string model = writeModel("M.mo", R"(model M
  function g
    input Real x;
    output Real y;
  protected
    String s = "a";
  algorithm
    y := if s == "a" then x else -x;
  end g;
  function h
    input Real x;
    output Real y = x;
  algorithm
    while g(y) > 1e9 loop
      y := y / 2;
    end while;
  end h;
  Real y = h(time);
end M;
)");
  CsvTable table = simulateWritten(model);
  ASSERT_FALSE(table.rows.empty());
  for (const auto& row : table.rows)
    EXPECT_EQ(row[table.column("y")], row[table.column("time")]);
}
