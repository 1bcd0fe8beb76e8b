// simulateModel: one simulation from resolved options to exit code. Option problems are found
// before anything is written; results are written as the simulation goes, so a failed run
// keeps what it computed; the plot is rendered after the result file is closed.
#include "event_log.h"
#include "phase_timings.h"
#include "progress_bar.h"
#include "simulator_options.h"

#include "mocc/runtime/modes.h"
#include "mocc/runtime/result_file.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>

namespace mocc::cli {

namespace {

void printSummary(const mocc_model& model, const runtime::SimulationOptions& s,
                  const runtime::SimulationResult& r, const std::string& csv,
                  const RunPresentation& presentation) {
  const runtime::Statistics& st = r.statistics;
  std::cout << fmt::format("{}: simulated from {} to {} with {} (tolerance {})\n", model.name,
                           s.startTime, r.endTime, s.solver, s.tolerance);
  std::cout << fmt::format("  events: {} ({} state, {} time), event iterations: {}\n",
                           st.stateEvents + st.timeEvents, st.stateEvents, st.timeEvents,
                           st.eventIterations);
  if (st.concurrentEvents > 0)
    std::cout << fmt::format("  region of concurrency: {} more state events, each at its own time "
                             "inside the step of one of those\n",
                             st.concurrentEvents);
  std::cout << fmt::format("  steps: {}, f-evals: {}, jacobians: {}, error-test failures: {}\n",
                           st.steps, st.rhsEvaluations, st.jacobianEvaluations,
                           st.errorTestFailures);
  if (presentation.compileSeconds) {
    std::cout << fmt::format("  wall time: {:.4f} s simulation, {:.4f} s compilation\n",
                             st.wallSeconds, *presentation.compileSeconds);
  } else {
    std::cout << fmt::format("  wall time: {:.4f} s simulation\n", st.wallSeconds);
  }
  if (st.algebraicSolves > 0) {
    std::cout << fmt::format("  algebraic loops: {} solves, {} Newton iterations\n",
                             st.algebraicSolves, st.algebraicIterations);
  }
  if (st.modes > 0)
    std::cout << fmt::format("  modes: {} used, {} switches (a model whose structure changes at "
                             "events)\n",
                             st.modes, st.modeSwitches);
  if (st.stateSetSwitches > 0)
    std::cout << fmt::format("  state-set switches: {}\n", st.stateSetSwitches);
  // State-set switches and integrator fallbacks, in the order they happened (issue 4 asks
  // for switches to be logged).
  for (const runtime::SimulationNote& note : r.notes)
    std::cout << fmt::format("  at time {}: {}\n", note.time, note.message);
  std::cout << fmt::format("  results: {} ({} rows)\n", csv, st.rows);
}

/// --verbose: how the integrator worked, beyond the summary.
void printWork(const runtime::Statistics& st) {
  std::cout << fmt::format("  jacobian: {}; Newton iterations: {}, convergence failures: {}\n",
                           st.jacobian.empty() ? "none" : st.jacobian, st.nonlinearIterations,
                           st.convergenceFailures);
  std::cout << fmt::format("  root evaluations: {}, algebraic-loop jacobians: {}\n",
                           st.rootEvaluations, st.algebraicJacobianEvaluations);
  std::cout << fmt::format("  initialization: {:.4f} s\n", st.initializationSeconds);
}

/// Warnings, the termination message or the failure; the exit code of the outcome.
int reportOutcome(const runtime::SimulationResult& result, const std::string& tool, bool quiet) {
  for (const runtime::SimulationWarning& w : result.warnings) {
    std::cerr << fmt::format("{}: warning: at time {}: {}{}\n", tool, w.time, w.message,
                             w.count > 1 ? fmt::format(" (reported {} times)", w.count) : "");
  }
  switch (result.outcome) {
  case runtime::Outcome::Finished: return kSuccess;
  case runtime::Outcome::Terminated:
    if (!quiet)
      std::cout << fmt::format("  terminated at time {}: {}\n", result.endTime, result.message);
    return kSuccess;
  case runtime::Outcome::Failed:
    // The runtime's message names the time and the cause.
    std::cerr << tool << ": error: simulation failed: " << result.message << "\n";
    return kSimulationFailure;
  }
  return kSimulationFailure;
}

void renderPlot(const ResultPlot& plot, const std::string& tool, bool quiet) {
  if (auto problem = plotResultFile(plot)) {
    std::cerr << tool << ": warning: " << *problem << "\n";
  } else if (!quiet) {
    std::filesystem::path script = plot.image;
    script.replace_extension(".gp");
    std::cout << "  plot: " << plot.image.string() << " (script " << script.string() << ")\n";
  }
}

} // namespace

std::string warningSummary(const WarningCounts& warnings) {
  std::size_t total = 0;
  std::string kinds;
  for (const auto& [kind, count] : warnings) {
    total += count;
    kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", count, kind);
  }
  if (total < 2) return "";
  return fmt::format("{} warnings: {}", total, kinds);
}

int simulateModel(const mocc_model& model, const SimulatorOptions& o,
                  const RunPresentation& presentation, runtime::ModeCatalog* modes) {
  auto usageError = [&](const std::string& message) {
    std::cerr << presentation.tool << ": error: " << message << "\n";
    return static_cast<int>(kUsageError);
  };
  std::string error;
  auto run = resolveRun(model, o, error);
  if (!run) return usageError(error);
  runtime::SimulationOptions& options = run->simulation;
  std::filesystem::path csv = resultPath(model, o);
  auto plot = resolvePlot(model, o, options, csv, error);
  if (!error.empty()) return usageError(error);
  std::unique_ptr<runtime::ResultFile> writer;
  try {
    writer = runtime::openResultFile(csv, run->format);
  } catch (const std::exception& e) {
    return usageError(e.what());
  }
  // Measures the result writing so that --timings can tell output from simulation.
  TimingSink timedWriter(*writer);
  ProgressBar progress(stderr, options.startTime, options.stopTime, !o.quiet);
  progress.attach(options);
  runtime::SimulationResult result =
      modes ? runtime::simulateModes(*modes, options, run->overrides, timedWriter)
            : runtime::simulate(model, options, run->overrides, timedWriter);
  progress.finish();
  auto afterRun = std::chrono::steady_clock::now();
  std::string closeProblem;
  try {
    writer->close(); // before plotting the file
  } catch (const std::exception& e) {
    closeProblem = e.what();
  }
  double closingSeconds = secondsSince(afterRun);
  if (!o.quiet) printSummary(model, options, result, csv.string(), presentation);
  if (o.verbose) printWork(result.statistics);
  if (!o.eventLog.empty()) {
    if (auto problem = writeEventLog(o.eventLog, result, options.eventLocator))
      std::cerr << presentation.tool << ": warning: " << *problem << "\n";
    else if (!o.quiet)
      std::cout << "  event log: " << o.eventLog << " (" << result.events.size() << " rows)\n";
  }
  auto plotting = std::chrono::steady_clock::now();
  if (plot) renderPlot(*plot, presentation.tool, o.quiet);
  double outputAfterRun = closingSeconds + secondsSince(plotting);
  int exitCode = reportOutcome(result, presentation.tool, o.quiet);
  WarningCounts warnings = presentation.compileWarnings;
  for (const runtime::SimulationWarning& w : result.warnings)
    warnings["at run time"] += static_cast<std::size_t>(std::max(1L, w.count));
  if (std::string summary = warningSummary(warnings); !summary.empty()) {
    std::cout.flush(); // the count ends the run's output, also when both streams are one pipe
    std::cerr << presentation.tool << ": " << summary << "\n";
  }
  if (!closeProblem.empty()) {
    std::cerr << presentation.tool << ": error: " << closeProblem << "\n";
    exitCode = kSimulationFailure;
  }
  if (o.timings) {
    printTimings(std::cout, presentation.compilePhases,
                 splitRuntime(result.statistics, timedWriter, outputAfterRun));
  }
  return exitCode;
}

} // namespace mocc::cli
