// The CSV result file: header `time,<name>,...`, one line per row, numbers in shortest
// round-trip form, Integers and Booleans as integers, Strings as quoted texts (so that a
// reader tells them from numbers: "12" is a String). Written through a buffer that is handed
// to the stream at every flush (events, exit paths), so a failed run keeps its rows.
#pragma once

#include "mocc/runtime/result_sink.h"

#include <filesystem>
#include <fstream>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace mocc::runtime {

class CsvWriter final : public ResultSink {
public:
  /// Writes to `out`, which must outlive the writer.
  explicit CsvWriter(std::ostream& out);
  /// Creates or truncates `path`; throws std::runtime_error naming it when that fails.
  explicit CsvWriter(const std::filesystem::path& path);
  /// Flushes what is still buffered (errors are ignored here; call flush() to see them).
  ~CsvWriter() override;
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  bool writesTexts() const override { return true; }
  void useTexts(const TextTable& texts) override { texts_ = &texts; }
  void begin(std::span<const ResultColumn> columns) override;
  void row(double time, RowKind kind, std::span<const double> values) override;
  /// Throws std::runtime_error when the stream has failed (disk full, closed pipe).
  void flush() override;

private:
  void writeBuffer();

  std::unique_ptr<std::ofstream> file_;
  std::ostream* out_;
  std::string where_; // the path, or "the output stream", for error messages
  std::string buffer_;
  enum class Field { Real, Integer, Text };
  std::vector<Field> fields_;        // per column: how its values are written
  const TextTable* texts_ = nullptr; // resolves the handles of Text columns
};

/// `text` as one CSV field: quoted (with doubled quotes) when it holds a comma, a quote or a
/// line break, as array names such as `a[1,2]` do.
std::string csvField(std::string_view text);

/// `text` as a quoted CSV field, whatever it holds.
std::string quotedCsvField(std::string_view text);

} // namespace mocc::runtime
