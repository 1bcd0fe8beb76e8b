// CSV reading and command execution for model and CLI tests.
#include "csv.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>

namespace mocc::test {

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.push_back(field);
      field.clear();
    } else {
      field += c;
    }
  }
  fields.push_back(field);
  return fields;
}

} // namespace

std::size_t CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  throw std::out_of_range("no column '" + name + "'");
}

std::vector<double> CsvTable::values(const std::string& name) const {
  std::size_t c = column(name);
  std::vector<double> out;
  for (const auto& row : rows)
    out.push_back(row[c]);
  return out;
}

std::vector<double> CsvTable::eventTimes() const {
  std::vector<double> times;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i][0] == rows[i - 1][0] && (times.empty() || times.back() != rows[i][0])) {
      times.push_back(rows[i][0]);
    }
  }
  return times;
}

CsvTable readCsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  CsvTable table;
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error("empty file " + path);
  table.header = split(line);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<double> row;
    for (const std::string& field : split(line))
      row.push_back(std::stod(field));
    if (row.size() != table.header.size()) throw std::runtime_error("ragged row in " + path);
    table.rows.push_back(std::move(row));
  }
  return table;
}

CommandResult runCommand(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.output.append(buffer.data(), n);
  int status = pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

} // namespace mocc::test
