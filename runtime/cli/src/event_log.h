// --event-log FILE.csv: one row per event, and for a state event one per crossing that fired.
#pragma once

#include "mocc/runtime/simulation.h"

#include <filesystem>
#include <optional>
#include <string>

namespace mocc::cli {

/// Writes the events of `result`; the problem when the file cannot be written.
std::optional<std::string> writeEventLog(const std::filesystem::path& path,
                                         const runtime::SimulationResult& result,
                                         const std::string& locator);

} // namespace mocc::cli
