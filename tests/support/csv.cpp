// CSV reading and command execution for model and CLI tests.
#include "csv.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>

namespace mocc::test {

namespace {

struct Field {
  std::string text;
  bool quoted = false;
};

std::vector<Field> split(const std::string& line) {
  std::vector<Field> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back().text += c;
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
      fields.back().quoted = true;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back().text += c;
    }
  }
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

const std::string& CsvTable::text(std::size_t row, const std::string& name) const {
  return texts.at(row).at(column(name));
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
  for (const Field& name : split(line))
    table.header.push_back(name.text);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<double> row;
    std::vector<std::string> texts;
    for (const Field& field : split(line)) {
      row.push_back(field.quoted ? std::nan("") : std::stod(field.text));
      texts.push_back(field.quoted ? field.text : "");
    }
    if (row.size() != table.header.size()) throw std::runtime_error("ragged row in " + path);
    table.rows.push_back(std::move(row));
    table.texts.push_back(std::move(texts));
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
