// Helpers for the runtime tests: run a model into a ResultTable, find the event row pairs,
// read a CSV result file back, and make scratch file paths.
#pragma once

#include "mocc/runtime/simulation.h"

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::runtime::test {

struct SimulationRun {
  SimulationResult result;
  ResultTable table;
};

/// Simulates `model` with `options` into a ResultTable.
SimulationRun simulateToTable(const mocc_model& model, const SimulationOptions& options,
                              const std::vector<Override>& overrides = {});

/// Indices i of rows i, i+1 sharing one time: the left and right limits of an event.
std::vector<std::size_t> eventPairs(const ResultTable& table);

/// The fields of every line of a CSV file (no quoting support beyond what the header needs).
std::vector<std::vector<std::string>> readCsv(const std::filesystem::path& path);

/// A fresh path in the build tree for a test's file.
std::filesystem::path scratchFile(const std::string& name);

} // namespace mocc::runtime::test
