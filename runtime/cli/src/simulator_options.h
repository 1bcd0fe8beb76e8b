// Resolving the command line's simulation options against a model (private to the library).
#pragma once

#include "mocc/cli/plot.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/result_file.h"
#include "mocc/runtime/result_sink.h"
#include "mocc/runtime/simulation.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::cli {

/// The model's experiment annotation, then the command line on top; nullopt with `error` set
/// when the interval, tolerance or output interval cannot be simulated.
std::optional<runtime::SimulationOptions>
resolveOptions(const mocc_model& model, const SimulatorOptions& options, std::string& error);

/// --format, else the format of --output's extension (CSV without either).
runtime::ResultFormat resultFormat(const SimulatorOptions& options);
/// --output, else <Model>_res.csv (or .mat).
std::filesystem::path resultPath(const mocc_model& model, const SimulatorOptions& options);

/// The plot of the result columns named by --plot beside `results`; nullopt without --plot, or
/// with `error` set for a name that is not a result column.
std::optional<ResultPlot> resolvePlot(const mocc_model& model, const SimulatorOptions& options,
                                      const runtime::SimulationOptions& resolved,
                                      const std::filesystem::path& results, std::string& error);

} // namespace mocc::cli
