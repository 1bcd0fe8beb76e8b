// The simulation options of the command line and their resolution against a model: the
// experiment annotation gives the defaults, the command line overrides them, and what cannot
// be simulated (stop before start, a non-positive tolerance or interval, an unknown override or
// plot variable) is a usage error.
#include "simulator_options.h"

#include "mocc/runtime/event_location.h"
#include "mocc/runtime/integrator.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <regex>

namespace mocc::cli {

namespace {

std::vector<std::string> solverNames() {
  std::vector<std::string> names;
  for (std::string_view name : runtime::availableSolvers())
    names.emplace_back(name);
  return names;
}

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

/// The NAME=VALUE lines of `path` (blanks around the name and the value, blank lines and
/// # comments ignored) as --override texts.
bool readOverridesFile(const std::string& path, std::vector<std::string>& texts,
                       std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = fmt::format("--overrides-file: cannot read '{}'", path);
    return false;
  }
  for (std::string line; std::getline(in, line);) {
    line = trimmed(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    auto equals = line.find('=');
    texts.push_back(equals == std::string::npos
                        ? line
                        : trimmed(line.substr(0, equals)) + "=" + trimmed(line.substr(equals + 1)));
  }
  return true;
}

} // namespace

void addSimulatorOptions(CLI::App& cmd, SimulatorOptions& o) {
  cmd.add_option("--start-time", o.startTime, "Start time (default: experiment StartTime, else 0)");
  cmd.add_option("--stop-time", o.stopTime, "Stop time (default: experiment StopTime, else 1)");
  cmd.add_option("--tolerance", o.tolerance,
                 "Relative and absolute integrator tolerance (default: experiment Tolerance, "
                 "else 1e-6)");
  cmd.add_option("--interval", o.interval,
                 "Output interval (default: experiment Interval, else (stop - start)/500)");
  std::vector<std::string> solvers = solverNames();
  cmd.add_option("--solver", o.solver,
                 fmt::format("Integrator: {} (default cvode). cvode: BDF, for stiff systems; "
                             "cvode-adams: Adams-Moulton, smooth non-stiff systems; ida: BDF on "
                             "the residual form; arkode-erk: explicit Dormand-Prince 5(4); "
                             "arkode-dirk: implicit SDIRK of order 4; rk45: the runtime's "
                             "Dormand-Prince 5(4); rk4, euler: fixed step (--step)",
                             fmt::join(solvers, ", ")))
      ->check(CLI::IsMember(solvers));
  std::vector<std::string> locators;
  for (std::string_view name : runtime::availableEventLocators())
    locators.emplace_back(name);
  cmd.add_option("--event-locator", o.eventLocator,
                 fmt::format("Event location: {} (default solver: the integrator's own root "
                             "finding, Illinois on the dense output for solvers without one)",
                             fmt::join(locators, ", ")))
      ->check(CLI::IsMember(locators));
  cmd.add_option("--concurrency-window", o.concurrencyWindow,
                 "Region of concurrency (Compere): handle state events located within this many "
                 "seconds of the first one in a step as one event (default 0: only simultaneous "
                 "ones); the runtime then locates events (solver means illinois)")
      ->check(CLI::NonNegativeNumber)
      ->type_name("SECONDS");
  cmd.add_option("--concurrency-amplitude", o.concurrencyAmplitude,
                 "With --concurrency-window: the event happens at the latest root at which no "
                 "earlier crossing function has passed zero by more than this (default: no "
                 "bound)")
      ->check(CLI::PositiveNumber)
      ->type_name("G");
  cmd.add_option("--zeno", o.zeno,
                 "When events accumulate (Zeno) or chatter: stop (default, exit code 3) or "
                 "continue")
      ->check(CLI::IsMember({"stop", "continue"}));
  cmd.add_flag("--filippov", o.filippov,
               "When a crossing chatters because the vector fields on both sides point to its "
               "surface, slide along the surface (Filippov's convex combination) until one of "
               "them turns away; not with --solver ida");
  cmd.add_option("--event-log", o.eventLog,
                 "Write one row per event (time, kind, crossing, source, residual, iterations)")
      ->type_name("FILE.csv");
  cmd.add_option("--step", o.step,
                 "Step of the fixed-step solvers rk4 and euler (default: the output interval)")
      ->check(CLI::PositiveNumber);
  cmd.add_option("-o,--output", o.output,
                 "Result file (default: <Model>_res.csv, or .mat with --format mat)");
  cmd.add_option("--format", o.format,
                 "Result format: csv, or mat (the MAT v4 layout of Dymola and OpenModelica, "
                 "parameters stored once, aliases shared, no Strings); default: by the extension "
                 "of -o, else csv")
      ->check(CLI::IsMember({"csv", "mat"}));
  cmd.add_option("--variables", o.variables,
                 "Write only the variables whose whole name matches this regular expression "
                 "(ECMAScript), such as 'x|der\\(x\\)|body\\..*' (default: all)")
      ->type_name("REGEX");
  cmd.add_option("--override", o.overrides,
                 "NAME=VALUE: set a parameter, or the start value of a variable (repeatable)")
      ->type_name("NAME=VALUE");
  cmd.add_option("--overrides-file", o.overridesFile,
                 "A file of NAME=VALUE lines (blank lines and # comments ignored), applied before "
                 "the --override options")
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  cmd.add_option("--plot", o.plot,
                 "Plot these variables over time into <results>.png (script: <results>.gp)")
      ->expected(1, -1)
      ->type_name("VAR...");
  cmd.add_option("--max-event-iterations", o.maxEventIterations,
                 "Event-iteration steps allowed at one event before failing (default 100)")
      ->check(CLI::PositiveNumber);
  cmd.add_flag("--derivatives", o.derivatives, "Also write der(x) columns");
  cmd.add_flag("--parameters", o.parameters,
               "Also write parameters (and constants) as columns, their values in every row "
               "(String parameters as quoted texts in CSV)");
  cmd.add_flag("--timings", o.timings,
               "After the summary, print the wall time of each phase and the peak memory");
  cmd.add_flag("-q,--quiet", o.quiet,
               "Print no summary and no progress, only warnings and errors (on stderr)");
  cmd.add_flag("-v,--verbose", o.verbose,
               "Print the integrator's work in detail after the summary (Jacobian, Newton "
               "iterations, root evaluations, initialization time)");
}

std::optional<runtime::SimulationOptions>
resolveOptions(const mocc_model& model, const SimulatorOptions& o, std::string& error) {
  auto span = runtime::optionsForSpan(model, o.startTime, o.stopTime, o.interval, error);
  if (!span) return std::nullopt;
  runtime::SimulationOptions s = *span;
  if (o.tolerance) s.tolerance = *o.tolerance;
  s.solver = o.solver;
  if (o.step) s.fixedStep = *o.step;
  s.eventLocator = o.eventLocator;
  s.concurrencyWindow = o.concurrencyWindow;
  if (o.concurrencyAmplitude) {
    if (o.concurrencyWindow == 0) {
      error = "--concurrency-amplitude bounds a region of concurrency: give --concurrency-window";
      return std::nullopt;
    }
    s.concurrencyAmplitude = *o.concurrencyAmplitude;
  }
  s.stopOnZeno = o.zeno != "continue";
  s.filippovSliding = o.filippov;
  if (o.filippov && o.solver == "ida") {
    error = "--filippov slides on the ODE form, which --solver ida does not integrate";
    return std::nullopt;
  }
  s.maxEventIterations = o.maxEventIterations;
  s.derivativeColumns = o.derivatives;
  s.parameterColumns = o.parameters || resultFormat(o) == runtime::ResultFormat::Mat;
  s.variableSelection = o.variables;
  try {
    runtime::resultColumns(model, s.derivativeColumns, s.parameterColumns, s.variableSelection);
  } catch (const std::regex_error& e) {
    error = fmt::format("--variables '{}' is not a regular expression: {}", o.variables, e.what());
    return std::nullopt;
  }
  if (!(s.tolerance > 0)) {
    error = fmt::format("the tolerance must be positive, not {}", s.tolerance);
    return std::nullopt;
  }
  return s;
}

std::optional<ResolvedRun> resolveRun(const mocc_model& model, const SimulatorOptions& o,
                                      std::string& error) {
  auto options = resolveOptions(model, o, error);
  if (!options) return std::nullopt;
  std::vector<std::string> texts;
  if (!o.overridesFile.empty() && !readOverridesFile(o.overridesFile, texts, error))
    return std::nullopt;
  texts.insert(texts.end(), o.overrides.begin(), o.overrides.end());
  auto overrides = runtime::parseOverrides(model, texts, error);
  if (!overrides) return std::nullopt;
  return ResolvedRun{std::move(*options), std::move(*overrides), resultFormat(o)};
}

runtime::ResultFormat resultFormat(const SimulatorOptions& o) {
  if (auto named = runtime::resultFormatNamed(o.format)) return *named;
  return runtime::resultFormatOf(o.output);
}

std::filesystem::path resultPath(const mocc_model& model, const SimulatorOptions& o) {
  if (!o.output.empty()) return o.output;
  bool mat = resultFormat(o) == runtime::ResultFormat::Mat;
  return std::string(model.name) + (mat ? "_res.mat" : "_res.csv");
}

std::optional<ResultPlot> resolvePlot(const mocc_model& model, const SimulatorOptions& o,
                                      const runtime::SimulationOptions& s,
                                      const std::filesystem::path& results, std::string& error) {
  if (o.plot.empty()) return std::nullopt;
  ResultPlot plot{results, o.plot, results, model.name};
  plot.image.replace_extension(".png");
  auto columns =
      runtime::resultColumns(model, s.derivativeColumns, s.parameterColumns, s.variableSelection);
  for (const std::string& name : o.plot) {
    auto found = std::find_if(columns.begin(), columns.end(),
                              [&](const runtime::ResultColumn& c) { return c.name == name; });
    if (found == columns.end()) {
      error = "--plot " + name + ": no such result column";
      return std::nullopt;
    }
  }
  return plot;
}

} // namespace mocc::cli
