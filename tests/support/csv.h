// Reading mocc's result files in tests, and finding the events in them.
#pragma once

#include <string>
#include <vector>

namespace mocc::test {

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;       // a String column's values are NaN here
  std::vector<std::vector<std::string>> texts; // texts[row][column]: a String's text, else ""

  /// Index of a column by name; throws std::out_of_range when absent.
  std::size_t column(const std::string& name) const;
  std::vector<double> values(const std::string& name) const;
  /// The text of String column `name` in row `row`.
  const std::string& text(std::size_t row, const std::string& name) const;
  /// Times that appear in two consecutive rows: the event instants (left and right limits).
  std::vector<double> eventTimes() const;
};

/// Reads a CSV file written by mocc (header line, rows of numbers and quoted Strings). Throws
/// on malformed input.
CsvTable readCsv(const std::string& path);

/// Runs a shell command and returns its exit status and combined output.
struct CommandResult {
  int exitCode = -1;
  std::string output;
};
CommandResult runCommand(const std::string& command);

} // namespace mocc::test
