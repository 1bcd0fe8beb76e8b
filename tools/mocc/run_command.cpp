// `mocc run MODEL.mo`: compile, JIT, simulate, write results (and a plot), print a summary.
#include "commands.h"
#include "driver.h"
#include "plot.h"

#include "mocc/llvm/jit.h"
#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/result_sink.h"
#include "mocc/runtime/simulation.h"

#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <iostream>

namespace mocc::tool {

namespace {

struct RunOptions {
  ModelSelection selection;
  std::optional<double> startTime, stopTime, tolerance, interval;
  std::string solver = "cvode";
  std::string output;
  std::vector<std::string> overrides;
  std::vector<std::string> plot;
  std::vector<std::string> printAfter;
  int maxEventIterations = 100;
  int optLevel = 2;
  bool derivatives = false;
};

void addOptions(CLI::App& cmd, RunOptions& o) {
  addModelOptions(cmd, o.selection);
  cmd.add_option("--start-time", o.startTime, "Start time (default: experiment StartTime, else 0)");
  cmd.add_option("--stop-time", o.stopTime, "Stop time (default: experiment StopTime, else 1)");
  cmd.add_option("--tolerance", o.tolerance,
                 "Relative and absolute integrator tolerance (default: experiment Tolerance, "
                 "else 1e-6)");
  cmd.add_option("--interval", o.interval,
                 "Output interval (default: experiment Interval, else (stop - start)/500)");
  cmd.add_option("--solver", o.solver, "Integrator: cvode (BDF, Newton, dense direct solver)")
      ->check(CLI::IsMember({"cvode"}));
  cmd.add_option("-o,--output", o.output, "Result file (default: <Model>_res.csv)");
  cmd.add_option("--override", o.overrides,
                 "NAME=VALUE: set a parameter, or the start value of a variable (repeatable)")
      ->type_name("NAME=VALUE");
  cmd.add_option("--plot", o.plot,
                 "Plot these variables over time into <results>.png (script: <results>.gp)")
      ->expected(1, -1)
      ->type_name("VAR...");
  cmd.add_option("--max-event-iterations", o.maxEventIterations,
                 "Event-iteration steps allowed at one event before failing (default 100)")
      ->check(CLI::PositiveNumber);
  cmd.add_option("-O,--opt-level", o.optLevel, "LLVM optimisation level 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  cmd.add_flag("--derivatives", o.derivatives, "Also write der(x) columns");
  cmd.add_option("--print-after", o.printAfter,
                 "Print the backend's state after this pass (repeatable): build-dae, "
                 "relations, sort, build-program");
}

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kUsageError;
}

/// Options from the model's experiment annotation, then the command line on top.
std::optional<runtime::SimulationOptions>
simulationOptions(const mocc_model& model, const RunOptions& o, std::string& error) {
  runtime::SimulationOptions s = runtime::defaultOptions(model);
  if (o.startTime) s.startTime = *o.startTime;
  if (o.stopTime) s.stopTime = *o.stopTime;
  if ((o.startTime || o.stopTime) && !o.interval && !model.has_interval) {
    s.interval = (s.stopTime - s.startTime) / 500;
  }
  if (o.tolerance) s.tolerance = *o.tolerance;
  if (o.interval) s.interval = *o.interval;
  s.solver = o.solver;
  s.maxEventIterations = o.maxEventIterations;
  s.derivativeColumns = o.derivatives;
  if (!(s.stopTime > s.startTime)) {
    error =
        fmt::format("the stop time {} must be after the start time {}", s.stopTime, s.startTime);
  } else if (!(s.tolerance > 0)) {
    error = fmt::format("the tolerance must be positive, not {}", s.tolerance);
  } else if (!(s.interval > 0)) {
    error = fmt::format("the output interval must be positive, not {}", s.interval);
  }
  if (!error.empty()) return std::nullopt;
  return s;
}

std::optional<std::vector<runtime::Override>>
parseOverrides(const mocc_model& model, const RunOptions& o, std::string& error) {
  std::vector<runtime::Override> overrides;
  for (const std::string& text : o.overrides) {
    auto parsed = runtime::parseOverride(text, error);
    if (!parsed) return std::nullopt;
    if (!runtime::findVariable(model, parsed->name)) {
      error = "--override " + text + ": the model has no variable '" + parsed->name + "'";
      return std::nullopt;
    }
    overrides.push_back(*parsed);
  }
  return overrides;
}

std::optional<PlotRequest> plotRequest(const mocc_model& model, const RunOptions& o,
                                       const std::filesystem::path& csv, std::string& error) {
  if (o.plot.empty()) return std::nullopt;
  PlotRequest request{csv, csv, csv, model.name, {}};
  request.script.replace_extension(".gp");
  request.png.replace_extension(".png");
  auto columns = runtime::resultColumns(model, o.derivatives);
  for (const std::string& name : o.plot) {
    auto found = std::find_if(columns.begin(), columns.end(),
                              [&](const runtime::ResultColumn& c) { return c.name == name; });
    if (found == columns.end()) {
      error = "--plot " + name + ": no such result column";
      return std::nullopt;
    }
    request.series.push_back({name, static_cast<int>(found - columns.begin()) + 2});
  }
  return request;
}

void printSummary(const mocc_model& model, const runtime::SimulationOptions& s,
                  const runtime::SimulationResult& r, const std::string& csv,
                  double compileSeconds) {
  const runtime::Statistics& st = r.statistics;
  std::cout << fmt::format("{}: simulated from {} to {} with {} (tolerance {})\n", model.name,
                           s.startTime, r.endTime, s.solver, s.tolerance);
  std::cout << fmt::format("  events: {} ({} state, {} time), event iterations: {}\n",
                           st.stateEvents + st.timeEvents, st.stateEvents, st.timeEvents,
                           st.eventIterations);
  std::cout << fmt::format("  steps: {}, f-evals: {}, jacobians: {}, error-test failures: {}\n",
                           st.steps, st.rhsEvaluations, st.jacobianEvaluations,
                           st.errorTestFailures);
  std::cout << fmt::format("  wall time: {:.4f} s simulation, {:.4f} s compilation\n",
                           st.wallSeconds, compileSeconds);
  std::cout << fmt::format("  results: {} ({} rows)\n", csv, st.rows);
}

int report(const runtime::SimulationResult& result) {
  for (const runtime::SimulationWarning& w : result.warnings) {
    std::cerr << fmt::format("mocc: warning: at time {}: {}{}\n", w.time, w.message,
                             w.count > 1 ? fmt::format(" (reported {} times)", w.count) : "");
  }
  switch (result.outcome) {
  case runtime::Outcome::Finished: return kSuccess;
  case runtime::Outcome::Terminated:
    std::cout << fmt::format("  terminated at time {}: {}\n", result.endTime, result.message);
    return kSuccess;
  case runtime::Outcome::Failed:
    // The runtime's message names the time and the cause.
    std::cerr << "mocc: error: simulation failed: " << result.message << "\n";
    return kSimulationFailure;
  }
  return kSimulationFailure;
}

int run(const RunOptions& o) {
  for (const std::string& pass : o.printAfter) {
    if (!backend::isPass(pass)) return usageError("--print-after " + pass + ": no such pass");
  }
  auto begin = std::chrono::steady_clock::now();
  Compilation compilation;
  configure(compilation, o.selection);
  backend::PipelineOptions pipeline;
  pipeline.printAfter = o.printAfter;
  pipeline.print = [](const std::string& pass, const std::string& text) {
    std::cout << "--- after " << pass << " ---\n" << text;
  };
  auto program = compileFile(compilation, o.selection.model, o.selection.className, pipeline);
  printDiagnostics(compilation, std::cerr);
  if (!program) return kModelError;
  std::string error;
  auto compiled = backend::jit::compile(*program, {o.optLevel}, error);
  if (!compiled) {
    std::cerr << "mocc: error: code generation failed: " << error << "\n";
    return kModelError;
  }
  double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const mocc_model& model = compiled->model();
  auto options = simulationOptions(model, o, error);
  if (!options) return usageError(error);
  auto overrides = parseOverrides(model, o, error);
  if (!overrides) return usageError(error);
  std::filesystem::path csv = o.output.empty() ? std::string(model.name) + "_res.csv" : o.output;
  auto plot = plotRequest(model, o, csv, error);
  if (!error.empty()) return usageError(error);
  std::unique_ptr<runtime::CsvWriter> writer;
  try {
    writer = std::make_unique<runtime::CsvWriter>(csv);
  } catch (const std::exception& e) {
    return usageError(e.what());
  }
  runtime::SimulationResult result = runtime::simulate(model, *options, *overrides, *writer);
  writer.reset(); // close the file before plotting it
  printSummary(model, *options, result, csv.string(), compileSeconds);
  if (plot) {
    if (auto problem = plotResults(*plot)) {
      std::cerr << "mocc: warning: " << *problem << "\n";
    } else {
      std::cout << "  plot: " << plot->png.string() << " (script " << plot->script.string()
                << ")\n";
    }
  }
  return report(result);
}

} // namespace

CommandAction addRunCommand(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Compile a model, JIT it through LLVM and simulate it; write the results as CSV");
  addOptions(*cmd, *options);
  cmd->footer("Exit codes: 0 success, 1 model error, 2 usage error, 3 simulation failure "
              "(the results computed so far are kept).");
  return [options]() { return run(*options); };
}

} // namespace mocc::tool
