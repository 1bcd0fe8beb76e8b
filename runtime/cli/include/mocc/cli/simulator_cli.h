// The simulation half of `mocc run`, shared by the mocc command (after JIT compilation) and the
// standalone simulators generated as C++ (mocc_simulator_main): the options (start, stop,
// tolerance, interval, solver, output, overrides, plot, event iterations, derivative columns),
// their validation against the model, the run, the result file and plot, the summary,
// warnings and exit codes.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/modes.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/result_file.h"
#include "mocc/runtime/simulation.h"

#include <CLI/CLI.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mocc::cli {

/// Exit codes of mocc and of generated simulators (README.md).
enum ExitCode : int {
  kSuccess = 0,
  kModelError = 1, // syntax, semantics, structure: only the compiler reports these
  kUsageError = 2, // bad command line
  kSimulationFailure = 3,
  kVerificationFailure = 4, // mocc compare: a signal left its reference's tube
};

/// The simulation options of the command line, as given (unset: from the model).
struct SimulatorOptions {
  std::optional<double> startTime, stopTime, tolerance, interval;
  std::string solver = "cvode";
  std::optional<double> step; // fixed-step solvers
  std::string eventLocator = "solver";
  double concurrencyWindow = 0.0;
  std::optional<double> concurrencyAmplitude;
  std::string zeno = "stop";
  bool filippov = false; // --filippov: chattering on a sliding surface slides (Filippov)
  std::string eventLog;  // empty: none
  std::string output;    // empty: <Model>_res.csv
  std::string format;    // "csv" or "mat"; empty: by the output's extension
  std::string variables; // a regular expression selecting the variables written; empty: all
  std::vector<std::string> overrides;
  std::string overridesFile; // NAME=VALUE lines, applied before `overrides`
  std::vector<std::string> plot;
  int maxEventIterations = 100;
  bool derivatives = false;
  bool parameters = false;
  bool timings = false; // print the wall time of each phase and the peak memory
  bool quiet = false;   // no summary and no progress: only warnings and errors
  bool verbose = false; // the summary with the integrator's work in detail
};

/// Registers the simulation options on `command`. Further options of a command (model
/// selection, compilation) are added beside them by the caller.
void addSimulatorOptions(CLI::App& command, SimulatorOptions& options);

/// One line of the --timings table: a phase with its wall time, or with a note instead
/// (the cache's "hit" or "miss", a phase a cache hit skipped).
struct PhaseTiming {
  std::string name;
  std::optional<double> seconds;
  std::string note;
};

/// Warnings counted by kind ("missing-binding", "at run time").
using WarningCounts = std::map<std::string, std::size_t>;
/// "12 warnings: 8 missing-binding, 4 structurally-singular", or "" for fewer than two.
std::string warningSummary(const WarningCounts& warnings);

/// How the run is presented.
struct RunPresentation {
  /// The name in messages: "mocc: error: ...".
  std::string tool = "mocc";
  /// Seconds spent compiling, shown in the summary; none for a precompiled model.
  std::optional<double> compileSeconds;
  /// The phases before the simulation (parse ... JIT for mocc run), listed by --timings
  /// before the runtime's phases (initialization, simulation, output).
  std::vector<PhaseTiming> compilePhases;
  /// The compiler's warnings by kind, counted again with the run's in the line that ends it.
  WarningCounts compileWarnings;
};

/// What a command line asks of one run of `model`: the simulation options (the experiment
/// annotation under the command line), the parsed overrides and the result format.
struct ResolvedRun {
  runtime::SimulationOptions simulation;
  std::vector<runtime::Override> overrides;
  runtime::ResultFormat format;
};
/// nullopt with `error` set when the options cannot be simulated (a usage error).
std::optional<ResolvedRun> resolveRun(const mocc_model& model, const SimulatorOptions& options,
                                      std::string& error);

/// Validates `options` against `model` (usage errors exit with 2), simulates, writes the
/// results (and the plot), prints the summary to stdout and warnings and errors to stderr.
/// Returns the exit code: kSuccess, kUsageError or kSimulationFailure.
/// With `modes`, `model` is the initial mode's of a structural-dynamic model and the run
/// switches between the catalog's modes (runtime::simulateModes).
int simulateModel(const mocc_model& model, const SimulatorOptions& options,
                  const RunPresentation& presentation, runtime::ModeCatalog* modes = nullptr);

} // namespace mocc::cli
