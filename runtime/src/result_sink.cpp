// Choosing result columns from the variable table, and ResultTable, the in-memory sink.
#include "mocc/runtime/result_sink.h"

#include <regex>
#include <stdexcept>
#include <string>

namespace mocc::runtime {

std::vector<ResultColumn> resultColumns(const mocc_model& model, bool derivativeColumns,
                                        bool parameterColumns, const std::string& selection,
                                        bool textColumns) {
  std::optional<std::regex> selected;
  if (!selection.empty()) selected.emplace(selection, std::regex::ECMAScript);
  std::vector<ResultColumn> columns;
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    bool wanted = variable.kind == MOCC_KIND_STATE || variable.kind == MOCC_KIND_ALGEBRAIC ||
                  variable.kind == MOCC_KIND_DISCRETE ||
                  variable.causality == MOCC_CAUSALITY_INPUT ||
                  (derivativeColumns && variable.kind == MOCC_KIND_DERIVATIVE) ||
                  (parameterColumns &&
                   (variable.kind == MOCC_KIND_PARAMETER || variable.kind == MOCC_KIND_CONSTANT));
    // A String's value is a handle into the run's texts, which only a sink that has them reads.
    if (!wanted || variable.hidden || (variable.type == MOCC_TYPE_STRING && !textColumns)) continue;
    if (selected && !std::regex_match(variable.name, *selected)) continue;
    columns.push_back(ResultColumn{variable.name, variable.description ? variable.description : "",
                                   static_cast<mocc_type>(variable.type),
                                   static_cast<mocc_kind>(variable.kind),
                                   static_cast<mocc_region>(variable.region), variable.index,
                                   variable.origin ? variable.origin : "", i, variable.alias - 1,
                                   variable.alias_negated != 0});
  }
  return columns;
}

void ResultTable::begin(std::span<const ResultColumn> columns) {
  columns_.assign(columns.begin(), columns.end());
  rows_.clear();
}

void ResultTable::row(double time, RowKind kind, std::span<const double> values) {
  rows_.push_back(Row{time, kind, std::vector<double>(values.begin(), values.end())});
}

std::optional<std::size_t> ResultTable::columnIndex(std::string_view name) const {
  for (std::size_t i = 0; i < columns_.size(); ++i)
    if (columns_[i].name == name) return i;
  return std::nullopt;
}

double ResultTable::value(std::size_t row, std::string_view name) const {
  std::optional<std::size_t> column = columnIndex(name);
  if (!column) throw std::out_of_range("no result column named '" + std::string(name) + "'");
  return rows_.at(row).values.at(*column);
}

} // namespace mocc::runtime
