// Resolving the command line's simulation options against a model (private to the library).
#pragma once

#include "mocc/cli/plot.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/runtime/overrides.h"
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

/// The plot of the result columns named by --plot beside `csv`; nullopt without --plot, or
/// with `error` set for a name that is not a result column.
std::optional<PlotRequest> resolvePlot(const mocc_model& model, const SimulatorOptions& options,
                                       const std::filesystem::path& csv, std::string& error);

} // namespace mocc::cli
