// Test helpers: running models into tables, event pairs, CSV reading, scratch paths.
#include "runtime_test_support.h"

#include <fstream>
#include <sstream>

namespace mocc::runtime::test {

SimulationRun simulateToTable(const mocc_model& model, const SimulationOptions& options,
                              const std::vector<Override>& overrides) {
  SimulationRun run;
  run.result = simulate(model, options, overrides, run.table);
  return run;
}

std::vector<std::size_t> eventPairs(const ResultTable& table) {
  std::vector<std::size_t> pairs;
  const auto& rows = table.rows();
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    if (rows[i].time == rows[i + 1].time) pairs.push_back(i);
  return pairs;
}

std::vector<std::vector<std::string>> readCsv(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> lines;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      if (c == ',' && !quoted) {
        fields.push_back(field);
        field.clear();
      } else {
        field += c;
      }
    }
    fields.push_back(field);
    lines.push_back(fields);
  }
  return lines;
}

std::filesystem::path scratchFile(const std::string& name) {
  std::filesystem::path directory = std::filesystem::path(MOCC_BINARY_DIR) / "runtime_test_files";
  std::filesystem::create_directories(directory);
  std::filesystem::path path = directory / name;
  std::filesystem::remove(path);
  return path;
}

} // namespace mocc::runtime::test
