// Where simulation results go: the ResultSink interface the event loop writes rows to, the
// choice of columns from the model's variable table, and ResultTable, an in-memory sink for
// embedding and tests. CsvWriter (csv_writer.h) is the file sink.
#pragma once

#include "mocc/model.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::runtime {

class TextTable;

struct ResultColumn {
  std::string name;
  std::string description;
  mocc_type type;
  mocc_kind kind;
  mocc_region region;
  int index;                 // within the region
  std::string origin;        // "file:line:col" of the equation computing it, or ""
  int variable = -1;         // its index in mocc_model.variables
  int aliasOf = -1;          // the index in mocc_model.variables of the variable it equals, or -1
  bool aliasNegated = false; // it equals minus that variable
};

/// The role of a row; two rows with the same time are the left and right limits of an event.
enum class RowKind {
  Initial,    // after initialization, at the start time
  Output,     // an output point, or the stop time
  EventLeft,  // at an event, before event iteration (relations still frozen)
  EventRight, // at an event, after event iteration
  Terminal,   // after the terminal() event iteration, when it changed something
};

/// Every non-hidden variable of kind STATE, ALGEBRAIC and DISCRETE and every top-level input
/// (a PARAMETER whose value may change during the run), plus DERIVATIVE when
/// `derivativeColumns` and PARAMETER and CONSTANT when `parameterColumns` (their values repeat
/// in every row), in table order; Strings only with `textColumns` (for a sink that
/// writesTexts: their values are handles, which mean nothing to a reader of numbers). With a
/// `selection` (an ECMAScript regular expression), only the names it matches as a whole;
/// throws std::regex_error when it is not a regular expression.
std::vector<ResultColumn> resultColumns(const mocc_model& model, bool derivativeColumns,
                                        bool parameterColumns = false,
                                        const std::string& selection = "",
                                        bool textColumns = false);

class ResultSink {
public:
  virtual ~ResultSink() = default;
  /// Whether the format has room for String columns (CSV has; the numeric matrices of MAT v4
  /// have not). Only such a sink gets them, after useTexts.
  virtual bool writesTexts() const { return false; }
  /// The run's table of texts, which resolves the handles of String columns; it outlives the
  /// rows. Called before begin, for sinks that writesTexts.
  virtual void useTexts(const TextTable&) {}
  /// Called once, before any row.
  virtual void begin(std::span<const ResultColumn> columns) = 0;
  /// values[i] belongs to columns[i]; rows arrive in time order. Throws std::runtime_error
  /// when the row cannot be stored.
  virtual void row(double time, RowKind kind, std::span<const double> values) = 0;
  /// Makes every row so far durable; called at events and on every exit path.
  virtual void flush() = 0;
};

/// Passes everything on to another sink; a wrapper overrides what it adds.
class ForwardingSink : public ResultSink {
public:
  explicit ForwardingSink(ResultSink& inner) : inner_(inner) {}
  bool writesTexts() const override { return inner_.writesTexts(); }
  void useTexts(const TextTable& texts) override { inner_.useTexts(texts); }
  void begin(std::span<const ResultColumn> columns) override { inner_.begin(columns); }
  void row(double time, RowKind kind, std::span<const double> values) override {
    inner_.row(time, kind, values);
  }
  void flush() override { inner_.flush(); }

protected:
  ResultSink& inner_;
};

/// Keeps every row in memory.
class ResultTable final : public ResultSink {
public:
  struct Row {
    double time;
    RowKind kind;
    std::vector<double> values;
  };

  void begin(std::span<const ResultColumn> columns) override;
  void row(double time, RowKind kind, std::span<const double> values) override;
  void flush() override {}

  const std::vector<ResultColumn>& columns() const { return columns_; }
  const std::vector<Row>& rows() const { return rows_; }
  /// Position of the column called `name`, or nullopt.
  std::optional<std::size_t> columnIndex(std::string_view name) const;
  /// The value of column `name` in row `row`; throws std::out_of_range for an unknown name.
  double value(std::size_t row, std::string_view name) const;

private:
  std::vector<ResultColumn> columns_;
  std::vector<Row> rows_;
};

} // namespace mocc::runtime
