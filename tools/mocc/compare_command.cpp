// `mocc compare MODEL.mo --solvers ... --locators ... --backends ...`: simulates a model once
// per combination of solver, event locator, backend and tolerance and compares every run with
// a reference (a CSV file, or a cvode run at the tightest tolerance / 100) by the event-aware
// method of result_comparison.h. The JIT backend compiles once and calls runtime::simulate in
// process with an in-memory sink; the cpp backend builds the standalone simulator once (as
// `mocc build` does) and runs it per combination, reading its CSV and its printed summary.
// Exit codes: 0 every run finished, 2 bad options, 3 some run (or the reference) failed.
#include "commands.h"
#include "cpp_source.h"
#include "cpp_toolchain.h"
#include "driver.h"
#include "jit_compilation.h"
#include "result_comparison.h"
#include "tube_report.h"

#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/event_location.h"
#include "mocc/runtime/integrator.h"
#include "mocc/runtime/modes.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/simulation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <span>
#include <sstream>
#include <unistd.h>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kBackends = {"jit", "cpp"};

struct CompareOptions {
  JitCompileOptions compile;
  std::vector<std::string> solvers{"cvode"};
  std::vector<std::string> locators{"solver"};
  std::vector<std::string> backends{"jit"};
  std::vector<double> tolerances; // empty: the model's
  std::optional<double> startTime, stopTime, interval, step;
  std::string zeno = "stop";
  std::vector<std::string> overrides;
  std::string reference; // empty: a reference run
  std::string signals;   // with a reference file: the signals its tube check covers
  std::string result;    // a result file to check instead of simulating (another tool's run)
  double tubeTolerance = kMslTubeTolerance;
  bool plot = false;              // draw the signals that leave the tube
  bool noTube = false;            // a sparse reference (event instants only): no tube check
  bool derivativeColumns = false; // a tube signal is der(x)
  std::string json, csv;
  std::string compiler;
};

/// One run's settings beyond those all runs share.
struct Combination {
  std::string solver, locator, backend;
  double tolerance = 0.0;
};

/// What a backend reports of one run.
struct RunOutput {
  bool failed = false;
  std::string failure; // why, when failed
  long steps = 0, rhsEvaluations = 0, events = 0;
  double wallSeconds = 0.0;
  ResultData result; // what was computed, also for a failed run
};

struct RunReport {
  Combination combination;
  RunOutput output;
  std::optional<Deviation> deviation; // none when nothing could be compared
  std::vector<SignalVerdict> tube;    // with a reference file: every signal's tube check
};

std::vector<std::string> namesOf(std::span<const std::string_view> names) {
  return {names.begin(), names.end()};
}

/// The shared simulation settings: the model's experiment, the command line on top (the rules
/// of `mocc run`).
std::optional<runtime::SimulationOptions> baseOptions(const mocc_model& model,
                                                      const CompareOptions& o, std::string& error) {
  auto s = runtime::optionsForSpan(model, o.startTime, o.stopTime, o.interval, error);
  if (s && o.step) s->fixedStep = *o.step;
  if (s) s->stopOnZeno = o.zeno != "continue";
  if (s) s->derivativeColumns = o.derivativeColumns;
  // A reference may compare parameters too (the MSL's readRealParameterModel).
  if (s) s->parameterColumns = true;
  return s;
}

class SimulationBackend {
public:
  virtual ~SimulationBackend() = default;
  virtual RunOutput simulate(const Combination& combination) = 0;
};

/// Runs the JIT-compiled model in process, collecting the rows in memory.
class JitBackend final : public SimulationBackend {
public:
  /// `modes`: the catalog of a model whose structure changes at events, `model` its initial
  /// mode's.
  JitBackend(const mocc_model& model, runtime::ModeCatalog* modes, runtime::SimulationOptions base,
             std::vector<runtime::Override> overrides)
      : model_(model), modes_(modes), base_(std::move(base)), overrides_(std::move(overrides)) {}

  RunOutput simulate(const Combination& c) override {
    runtime::SimulationOptions options = base_;
    options.solver = c.solver;
    options.eventLocator = c.locator;
    options.tolerance = c.tolerance;
    runtime::ResultTable table;
    runtime::SimulationResult result =
        modes_ ? runtime::simulateModes(*modes_, options, overrides_, table)
               : runtime::simulate(model_, options, overrides_, table);
    const runtime::Statistics& st = result.statistics;
    RunOutput output;
    output.failed = result.outcome == runtime::Outcome::Failed;
    if (output.failed) output.failure = result.message;
    output.steps = st.steps;
    output.rhsEvaluations = st.rhsEvaluations;
    output.events = st.stateEvents + st.timeEvents;
    output.wallSeconds = st.wallSeconds;
    output.result = fromResultTable(table);
    return output;
  }

private:
  const mocc_model& model_;
  runtime::ModeCatalog* modes_;
  runtime::SimulationOptions base_;
  std::vector<runtime::Override> overrides_;
};

/// The number after `label` in the first line of `text` that starts with `prefix`.
template <typename Number>
std::optional<Number> summaryNumber(const std::string& text, const std::string& prefix,
                                    const std::string& label) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) != 0) continue;
    std::size_t at = line.find(label);
    if (at == std::string::npos) return std::nullopt;
    std::istringstream value(line.substr(at + label.size()));
    Number number{};
    if (value >> number) return number;
    return std::nullopt;
  }
  return std::nullopt;
}

/// The line with the simulator's error message, for a failed run.
std::string errorLine(const std::string& output, int exitCode) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::size_t at = line.find("error: simulation failed: ");
    if (at != std::string::npos) return line.substr(at + 26);
    at = line.find("error: ");
    if (at != std::string::npos) return line.substr(at + 7);
  }
  return fmt::format("the simulator exited with code {}", exitCode);
}

/// Runs the simulator `mocc build` made once per combination, in a scratch directory. The
/// shared settings are passed explicitly, in shortest round-trip form, so both backends
/// simulate with the same doubles.
class CppBackend final : public SimulationBackend {
public:
  CppBackend(std::optional<fs::path> executable, fs::path directory,
             const runtime::SimulationOptions& base, std::vector<std::string> overrides)
      : executable_(std::move(executable)), directory_(std::move(directory)), base_(base),
        overrides_(std::move(overrides)) {}

  RunOutput simulate(const Combination& c) override {
    RunOutput output;
    if (!executable_) {
      output.failed = true;
      output.failure = "the C++ simulator could not be built (see above)";
      return output;
    }
    fs::path csv = directory_ / fmt::format("run{}.csv", runs_++);
    CompilerRun run;
    run.command = arguments(c, csv);
    runProcess(run);
    output.failed = run.exitCode != 0;
    if (output.failed) output.failure = errorLine(run.output, run.exitCode);
    readSummary(run.output, output);
    readResults(csv, output);
    return output;
  }

private:
  std::vector<std::string> arguments(const Combination& c, const fs::path& csv) const {
    std::vector<std::string> args = {executable_->string(),
                                     "--solver",
                                     c.solver,
                                     "--event-locator",
                                     c.locator,
                                     "--tolerance",
                                     fmt::format("{}", c.tolerance),
                                     "--start-time",
                                     fmt::format("{}", base_.startTime),
                                     "--stop-time",
                                     fmt::format("{}", base_.stopTime),
                                     "--interval",
                                     fmt::format("{}", base_.interval),
                                     "-o",
                                     csv.string()};
    if (base_.fixedStep > 0) {
      args.push_back("--step");
      args.push_back(fmt::format("{}", base_.fixedStep));
    }
    if (base_.derivativeColumns) args.push_back("--derivatives");
    if (base_.parameterColumns) args.push_back("--parameters");
    if (!base_.stopOnZeno) {
      args.push_back("--zeno");
      args.push_back("continue");
    }
    for (const std::string& text : overrides_) {
      args.push_back("--override");
      args.push_back(text);
    }
    return args;
  }

  // The summary of runtime/cli/src/simulator_run.cpp: "  events: N (...)", "  steps: N,
  // f-evals: N, ...", "  wall time: S s simulation".
  static void readSummary(const std::string& text, RunOutput& output) {
    output.events = summaryNumber<long>(text, "  events: ", "events: ").value_or(0);
    output.steps = summaryNumber<long>(text, "  steps: ", "steps: ").value_or(0);
    output.rhsEvaluations = summaryNumber<long>(text, "  steps: ", "f-evals: ").value_or(0);
    output.wallSeconds = summaryNumber<double>(text, "  wall time: ", "wall time: ").value_or(0);
  }

  static void readResults(const fs::path& csv, RunOutput& output) {
    std::error_code ignored;
    if (!fs::exists(csv, ignored)) return;
    try {
      output.result = readResultCsv(csv);
    } catch (const std::exception& e) {
      if (!output.failed) output.failure = e.what();
      output.failed = true;
    }
  }

  std::optional<fs::path> executable_;
  fs::path directory_;
  runtime::SimulationOptions base_;
  std::vector<std::string> overrides_;
  int runs_ = 0;
};

// ---- Output ----------------------------------------------------------------------------

std::string shortNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return fmt::format("{:.3g}", value);
}

std::string status(const RunReport& r) {
  if (r.output.failed) return "failed: " + r.output.failure;
  if (r.deviation && r.deviation->eventCountsDiffer())
    return fmt::format("ok, {} event instants vs {} in the reference", r.deviation->runEvents,
                       r.deviation->referenceEvents);
  return "ok";
}

std::vector<std::string> tableCells(const RunReport& r) {
  const Combination& c = r.combination;
  std::vector<std::string> cells = {c.solver,
                                    c.locator,
                                    c.backend,
                                    shortNumber(c.tolerance),
                                    std::to_string(r.output.steps),
                                    std::to_string(r.output.rhsEvaluations),
                                    std::to_string(r.output.events),
                                    fmt::format("{:.4f}", r.output.wallSeconds)};
  if (r.deviation && r.deviation->comparedValues > 0) {
    const Deviation& d = *r.deviation;
    cells.push_back(fmt::format("{} ({})", shortNumber(d.maxAbsolute), d.absoluteVariable));
    cells.push_back(fmt::format("{} ({})", shortNumber(d.maxRelative), d.relativeVariable));
    cells.push_back(shortNumber(d.maxEventTimeDeviation));
  } else {
    cells.insert(cells.end(), {"-", "-", "-"});
  }
  cells.push_back(status(r));
  return cells;
}

void printTable(std::ostream& out, const std::vector<RunReport>& reports) {
  std::vector<std::vector<std::string>> rows = {
      {"solver", "locator", "backend", "tolerance", "steps", "f-evals", "events", "wall [s]",
       "max abs dev (var)", "max rel dev (var)", "max event dt", "status"}};
  for (const RunReport& r : reports)
    rows.push_back(tableCells(r));
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      bool last = i + 1 == row.size();
      line += last ? row[i] : fmt::format("{:<{}}  ", row[i], widths[i]);
    }
    out << line << "\n";
  }
}

/// One machine-readable field of a report (a column of --csv, a key of --json): text, or a
/// number that may be absent (not computed).
struct Field {
  std::string name;
  std::optional<double> number;
  std::string text;
  bool isText = false;
};

std::vector<Field> fieldsOf(const RunReport& r) {
  auto number = [](std::string name, std::optional<double> value) {
    return Field{std::move(name), value, {}, false};
  };
  auto text = [](std::string name, std::string value) {
    return Field{std::move(name), std::nullopt, std::move(value), true};
  };
  const Combination& c = r.combination;
  bool compared = r.deviation && r.deviation->comparedValues > 0;
  auto deviationValue = [&](double Deviation::*member) -> std::optional<double> {
    if (!compared) return std::nullopt;
    return (*r.deviation).*member;
  };
  std::vector<Field> fields = {
      text("solver", c.solver),
      text("locator", c.locator),
      text("backend", c.backend),
      number("tolerance", c.tolerance),
      text("status", r.output.failed ? "failed" : "ok"),
      text("failure", r.output.failure),
      number("steps", static_cast<double>(r.output.steps)),
      number("f_evals", static_cast<double>(r.output.rhsEvaluations)),
      number("events", static_cast<double>(r.output.events)),
      number("wall_seconds", r.output.wallSeconds),
      number("max_abs_deviation", deviationValue(&Deviation::maxAbsolute)),
      text("max_abs_variable", compared ? r.deviation->absoluteVariable : ""),
      number("max_abs_time", deviationValue(&Deviation::absoluteTime)),
      number("max_rel_deviation", deviationValue(&Deviation::maxRelative)),
      text("max_rel_variable", compared ? r.deviation->relativeVariable : ""),
      number("max_rel_time", deviationValue(&Deviation::relativeTime)),
      number("event_time_deviation", deviationValue(&Deviation::maxEventTimeDeviation)),
      number("run_event_instants",
             r.deviation ? std::optional<double>(r.deviation->runEvents) : std::nullopt),
      number("reference_event_instants",
             r.deviation ? std::optional<double>(r.deviation->referenceEvents) : std::nullopt)};
  return fields;
}

std::string jsonString(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += {'\\', c};
    else if (static_cast<unsigned char>(c) < 0x20)
      quoted += fmt::format("\\u{:04x}", static_cast<int>(c));
    else
      quoted += c;
  }
  return quoted + "\"";
}

/// JSON has no infinities or NaN: those become null, like a value that was not computed.
std::string jsonNumber(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return "null";
  return fmt::format("{}", *value);
}

/// The per-variable deviations and the matched event times of one run (JSON only: the table
/// and the CSV have one line per run).
void writeJsonDetails(std::ostream& out, const RunReport& report) {
  const Deviation* deviation =
      report.deviation && report.deviation->comparedValues > 0 ? &*report.deviation : nullptr;
  out << ",\n     \"variables\": [";
  if (deviation) {
    for (std::size_t k = 0; k < deviation->variables.size(); ++k) {
      const VariableDeviation& v = deviation->variables[k];
      out << (k ? ", " : "") << "{\"name\": " << jsonString(v.name)
          << ", \"max_abs_deviation\": " << jsonNumber(v.maxAbsolute)
          << ", \"max_rel_deviation\": " << jsonNumber(v.maxRelative) << "}";
    }
  }
  out << "],\n     \"event_times\": [";
  if (report.deviation) {
    for (std::size_t k = 0; k < report.deviation->events.size(); ++k) {
      const EventTimes& e = report.deviation->events[k];
      out << (k ? ", " : "") << "{\"reference\": " << jsonNumber(e.reference)
          << ", \"run\": " << jsonNumber(e.run)
          << ", \"deviation\": " << jsonNumber(e.run - e.reference) << "}";
    }
  }
  out << "],\n     \"tube\": [";
  for (std::size_t k = 0; k < report.tube.size(); ++k) {
    const SignalVerdict& v = report.tube[k];
    out << (k ? ", " : "") << "{\"signal\": " << jsonString(v.name)
        << ", \"passed\": " << (v.passed ? "true" : "false")
        << ", \"in_result\": " << (v.inResult ? "true" : "false")
        << ", \"covers_span\": " << (v.coversSpan ? "true" : "false")
        << ", \"worst_excursion\": " << jsonNumber(v.worstExcursion)
        << ", \"worst_time\": " << jsonNumber(v.worstTime)
        << ", \"passed_at_rows\": " << (v.atRows.passed ? "true" : "false")
        << ", \"worst_excursion_at_rows\": " << jsonNumber(v.atRows.worstExcursion)
        << ", \"worst_time_at_rows\": " << jsonNumber(v.atRows.worstTime) << "}";
  }
  out << "]";
}

void writeJson(std::ostream& out, const std::string& model, const std::string& reference,
               double compileSeconds, const std::vector<RunReport>& reports) {
  out << "{\n  \"model\": " << jsonString(model) << ",\n  \"reference\": " << jsonString(reference)
      << ",\n  \"compile_seconds\": " << jsonNumber(compileSeconds) << ",\n  \"runs\": [";
  for (std::size_t i = 0; i < reports.size(); ++i) {
    out << (i ? ",\n    {" : "\n    {");
    std::vector<Field> fields = fieldsOf(reports[i]);
    for (std::size_t f = 0; f < fields.size(); ++f) {
      out << (f ? ", " : "") << jsonString(fields[f].name) << ": "
          << (fields[f].isText ? jsonString(fields[f].text) : jsonNumber(fields[f].number));
    }
    writeJsonDetails(out, reports[i]);
    out << "}";
  }
  out << "\n  ]\n}\n";
}

std::string csvText(const Field& field) {
  if (field.isText) return runtime::csvField(field.text);
  if (!field.number) return "";
  return fmt::format("{}", *field.number);
}

void writeCsv(std::ostream& out, const std::vector<RunReport>& reports) {
  std::vector<Field> header = fieldsOf(RunReport{});
  for (std::size_t f = 0; f < header.size(); ++f)
    out << (f ? "," : "") << header[f].name;
  out << "\n";
  for (const RunReport& r : reports) {
    std::vector<Field> fields = fieldsOf(r);
    for (std::size_t f = 0; f < fields.size(); ++f)
      out << (f ? "," : "") << csvText(fields[f]);
    out << "\n";
  }
}

// ---- The command -----------------------------------------------------------------------

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kUsageError;
}

/// Checks what can be checked without the model; an error message, or empty.
std::string checkOptions(const CompareOptions& o) {
  for (double tolerance : o.tolerances)
    if (!(tolerance > 0)) return fmt::format("the tolerance must be positive, not {}", tolerance);
  if (!o.result.empty() && o.reference.empty()) return "--result needs a --reference to check";
  for (const std::string& output : {o.json, o.csv}) {
    if (output.empty()) continue;
    std::ofstream probe(output, std::ios::app);
    if (!probe) return fmt::format("cannot open '{}' for writing", output);
  }
  return {};
}

std::vector<Combination> combinations(const CompareOptions& o,
                                      const std::vector<double>& tolerances) {
  std::vector<Combination> all;
  for (double tolerance : tolerances)
    for (const std::string& backend : o.backends)
      for (const std::string& solver : o.solvers)
        for (const std::string& locator : o.locators)
          all.push_back({solver, locator, backend, tolerance});
  return all;
}

/// Without --reference: a cvode run in process at the tightest tolerance / 100.
std::optional<ResultData> referenceRun(JitBackend& jit, const std::vector<double>& tolerances,
                                       std::string& description) {
  double tightest = *std::min_element(tolerances.begin(), tolerances.end()) / 100;
  description = fmt::format("cvode (jit) at tolerance {} (the tightest tolerance / 100)",
                            shortNumber(tightest));
  RunOutput reference = jit.simulate({"cvode", "solver", "jit", tightest});
  if (reference.failed) {
    std::cerr << "mocc: error: the reference run failed: " << reference.failure << "\n";
    return std::nullopt;
  }
  return std::move(reference.result);
}

/// With --plot, the signals of `result` that leave their tube are drawn to
/// `<reference>_tube[<run>]_<signal>.png` (run numbers from 2; none for the first).
void plotTubeFailures(const CompareOptions& o, const ResultData& result,
                      const ResultData& reference, const std::vector<SignalVerdict>& verdicts,
                      std::size_t runIndex) {
  if (!o.plot || allPassed(verdicts)) return;
  std::string prefix = fmt::format("{}_tube{}_", fs::path(o.reference).stem().string(),
                                   runIndex ? fmt::format("{}", runIndex + 1) : "");
  for (const fs::path& png :
       plotFailingSignals(result, reference, verdicts, o.tubeTolerance, prefix, std::cerr))
    std::cout << "plot: " << png.string() << "\n";
}

/// The tube check of one run against the reference file (tube_check.h).
std::vector<SignalVerdict> checkRunTube(const CompareOptions& o, const RunReport& report,
                                        const ResultData& reference,
                                        const std::vector<std::string>& signals,
                                        std::size_t runIndex) {
  std::vector<SignalVerdict> verdicts =
      checkTube(report.output.result, reference, signals, o.tubeTolerance);
  plotTubeFailures(o, report.output.result, reference, verdicts, runIndex);
  return verdicts;
}

void printTubeTables(std::ostream& out, const CompareOptions& o,
                     const std::vector<RunReport>& reports) {
  for (const RunReport& r : reports) {
    const Combination& c = r.combination;
    std::size_t passed = std::count_if(r.tube.begin(), r.tube.end(),
                                       [](const SignalVerdict& v) { return v.passed; });
    out << fmt::format("\ntube check ({} {} {} tolerance {}; tube {}): {} of {} signals inside\n",
                       c.solver, c.locator, c.backend, shortNumber(c.tolerance),
                       shortNumber(o.tubeTolerance), passed, r.tube.size());
    printTubeTable(out, r.tube);
  }
}

bool writeOutputs(const CompareOptions& o, const std::string& model, const std::string& reference,
                  double compileSeconds, const std::vector<RunReport>& reports) {
  bool ok = true;
  auto write = [&](const std::string& path, auto writer) {
    if (path.empty()) return;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    writer(out);
    if (!out) {
      std::cerr << "mocc: error: cannot write '" << path << "'\n";
      ok = false;
    }
  };
  write(o.json,
        [&](std::ostream& out) { writeJson(out, model, reference, compileSeconds, reports); });
  write(o.csv, [&](std::ostream& out) { writeCsv(out, reports); });
  return ok;
}

/// --result: the tube check of a result that another program computed (an FMU of the model run
/// in an importer, say), with nothing simulated here.
int checkResultFile(const CompareOptions& o, const ResultData& reference,
                    const std::vector<std::string>& signals) {
  ResultData result;
  try {
    result = runtime::readResultFile(o.result);
  } catch (const std::exception& e) {
    return usageError(std::string("--result: ") + e.what());
  }
  std::vector<SignalVerdict> verdicts = checkTube(result, reference, signals, o.tubeTolerance);
  std::size_t passed = std::count_if(verdicts.begin(), verdicts.end(),
                                     [](const SignalVerdict& v) { return v.passed; });
  std::cout << fmt::format("tube check of {} against {} (tube {}): {} of {} signals inside\n",
                           o.result, o.reference, shortNumber(o.tubeTolerance), passed,
                           verdicts.size());
  printTubeTable(std::cout, verdicts);
  plotTubeFailures(o, result, reference, verdicts, 0);
  return allPassed(verdicts) ? kSuccess : kVerificationFailure;
}

int compare(CompareOptions o) {
  if (std::string problem = checkOptions(o); !problem.empty()) return usageError(problem);
  std::optional<ResultData> referenceFile;
  std::vector<std::string> tubeSignals;
  if (!o.reference.empty()) {
    try {
      referenceFile = runtime::readResultFile(o.reference);
      if (!o.signals.empty()) tubeSignals = readSignalList(o.signals);
      for (const std::string& name : tubeSignals)
        if (!signalOf(*referenceFile, name))
          return usageError(
              fmt::format("--signals: '{}' is not a column of '{}'", name, o.reference));
    } catch (const std::exception& e) {
      return usageError(std::string("--reference: ") + e.what());
    }
  }
  if (!o.result.empty()) return checkResultFile(o, *referenceFile, tubeSignals);
  o.derivativeColumns = std::any_of(tubeSignals.begin(), tubeSignals.end(),
                                    [](const std::string& s) { return s.rfind("der(", 0) == 0; });
  JitCompilation compilation(o.compile);
  auto compiled = compilation.compile();
  if (!compiled) return kModelError;
  const mocc_model& model = compiled->model();
  std::string error;
  auto base = baseOptions(model, o, error);
  if (!base) return usageError(error);
  auto overrides = runtime::parseOverrides(model, o.overrides, error);
  if (!overrides) return usageError(error);
  std::vector<double> tolerances =
      o.tolerances.empty() ? std::vector<double>{base->tolerance} : o.tolerances;

  JitBackend jit(model, compilation.modes(), *base, *overrides);
  ScratchDirectory scratch("mocc-compare");
  std::unique_ptr<CppBackend> cpp;
  if (std::find(o.backends.begin(), o.backends.end(), "cpp") != o.backends.end()) {
    std::optional<fs::path> executable;
    if (!scratch.path().empty()) {
      auto built = buildSimulator(o.compile.selection, scratch.path() / "simulator",
                                  cppOptLevel(o.compile.optLevel), compilerOf(o.compiler));
      if (built) executable = built->executable;
    }
    cpp = std::make_unique<CppBackend>(executable, scratch.path(), *base, o.overrides);
  }

  std::string referenceDescription = o.reference;
  std::optional<ResultData> reference = referenceFile
                                            ? std::move(referenceFile)
                                            : referenceRun(jit, tolerances, referenceDescription);
  if (!reference) return kSimulationFailure;

  std::vector<RunReport> reports;
  for (const Combination& c : combinations(o, tolerances)) {
    SimulationBackend& backend = c.backend == "cpp" ? static_cast<SimulationBackend&>(*cpp) : jit;
    RunReport report{c, backend.simulate(c), std::nullopt};
    if (!report.output.result.rows.empty())
      report.deviation = compareResults(report.output.result, *reference);
    if (referenceFile && !o.noTube)
      report.tube = checkRunTube(o, report, *reference, tubeSignals, reports.size());
    report.output.result = {}; // keep memory flat over many runs
    reports.push_back(std::move(report));
  }

  std::cout << fmt::format("{}: {} run{} from {} to {}, compared with {}\n", model.name,
                           reports.size(), reports.size() == 1 ? "" : "s", base->startTime,
                           base->stopTime, referenceDescription);
  printTable(std::cout, reports);
  if (referenceFile && !o.noTube) printTubeTables(std::cout, o, reports);
  bool written =
      writeOutputs(o, model.name, referenceDescription, compilation.compileSeconds(), reports);
  bool anyFailed = std::any_of(reports.begin(), reports.end(),
                               [](const RunReport& r) { return r.output.failed; });
  if (anyFailed || !written) return kSimulationFailure;
  bool outsideTube = std::any_of(reports.begin(), reports.end(),
                                 [](const RunReport& r) { return !allPassed(r.tube); });
  return outsideTube ? kVerificationFailure : kSuccess;
}

} // namespace

CommandAction addCompareCommand(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Simulate a model with several solvers, event locators, backends and "
                 "tolerances and compare every run with a reference, event by event");
  addModelOptions(*cmd, options->compile.selection);
  // Comma-separated choices among `members`.
  auto addChoices = [&](const char* name, std::vector<std::string>& values,
                        const std::string& description, const std::vector<std::string>& members) {
    cmd->add_option(name, values, description)
        ->delimiter(',')
        ->check(CLI::IsMember(members))
        ->type_name("LIST");
  };
  std::vector<std::string> solvers = namesOf(runtime::availableSolvers());
  addChoices("--solvers", options->solvers,
             fmt::format("Comma-separated solvers (default cvode): {}", fmt::join(solvers, ", ")),
             solvers);
  std::vector<std::string> locators = namesOf(runtime::availableEventLocators());
  addChoices(
      "--locators", options->locators,
      fmt::format("Comma-separated event locators (default solver): {}", fmt::join(locators, ", ")),
      locators);
  addChoices("--backends", options->backends,
             "Comma-separated backends (default jit): jit (in process), cpp (the simulator of "
             "`mocc build`, built once)",
             kBackends);
  cmd->add_option("--tolerance", options->tolerances,
                  "Comma-separated tolerances, each a run (default: the model's)")
      ->delimiter(',')
      ->type_name("TOL");
  cmd->add_option("--reference", options->reference,
                  "Result file to compare with, CSV or MAT (Dymola's and OpenModelica's layout) "
                  "(default: a cvode run at the tightest tolerance / 100)")
      ->type_name("FILE.csv|mat");
  cmd->add_option("--signals", options->signals,
                  "With --reference: the signals whose tube is checked, one a line (as in the "
                  "MSL's comparisonSignals.txt; default: every column of the reference)")
      ->type_name("FILE");
  cmd->add_option("--result", options->result,
                  "With --reference: check this result file (CSV or MAT, written by another "
                  "program: an FMU of the model run in an importer) instead of simulating")
      ->type_name("FILE.csv|mat");
  cmd->add_option("--tube-tolerance", options->tubeTolerance,
                  "With --reference: the relative size of the tube around each signal (default "
                  "2e-3, the MSL regression's)")
      ->check(CLI::PositiveNumber)
      ->type_name("TOL");
  cmd->add_flag("--plot", options->plot,
                "With --reference: draw each signal that leaves its tube, with the tube, to a PNG");
  cmd->add_flag("--no-tube", options->noTube,
                "With --reference: no tube check, only the deviations (for a sparse reference, "
                "such as a closed form given at its event instants, whose polyline is no curve)");
  cmd->add_option("--start-time", options->startTime, "Start time (default: the model's)");
  cmd->add_option("--stop-time", options->stopTime, "Stop time (default: the model's)");
  cmd->add_option("--interval", options->interval, "Output interval (default: the model's)");
  cmd->add_option("--step", options->step, "Step of the fixed-step solvers rk4 and euler")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--zeno", options->zeno,
                  "When events accumulate (Zeno) or chatter: stop the run (default; its row shows "
                  "the failure) or continue, as for `mocc run`")
      ->check(CLI::IsMember({"stop", "continue"}));
  cmd->add_option("--override", options->overrides,
                  "NAME=VALUE: set a parameter or start value in every run (repeatable)")
      ->type_name("NAME=VALUE");
  cmd->add_option("--json", options->json, "Also write the table as JSON")->type_name("FILE");
  cmd->add_option("--csv", options->csv, "Also write the table as CSV")->type_name("FILE");
  cmd->add_option("--cxx", options->compiler,
                  "The C++ compiler of the cpp backend (default: $CXX, else c++)")
      ->type_name("COMPILER");
  addJitCompileOptions(*cmd, options->compile, /*withPrintAfter=*/false);
  cmd->footer("Deviations are taken segment by segment between events (left limits with left "
              "limits, right with right), never interpolating across a jump (README.md).\n"
              "With --reference FILE.csv every run's signals are also checked against the "
              "reference's tube (csv-compare's method: +-tol*time span in time, "
              "+-tol*max(range, |minimum|, 1e-3) in value).\n"
              "Exit codes: 0 every run finished (and stayed in the tube), 1 model error, 2 usage "
              "error, 3 a run or the reference failed (shown in its row), 4 a signal left its "
              "tube.");
  return [options]() { return compare(*options); };
}

} // namespace mocc::tool
