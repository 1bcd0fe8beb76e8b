// Choosing and opening the result file's format.
#include "mocc/runtime/result_file.h"

#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/mat_writer.h"

#include <algorithm>
#include <cctype>

namespace mocc::runtime {

namespace {

/// The CSV writer as a file that closes by flushing.
class CsvFile final : public ResultFile {
public:
  explicit CsvFile(const std::filesystem::path& path) : writer_(path) {}
  bool writesTexts() const override { return writer_.writesTexts(); }
  void useTexts(const TextTable& texts) override { writer_.useTexts(texts); }
  void begin(std::span<const ResultColumn> columns) override { writer_.begin(columns); }
  void row(double time, RowKind kind, std::span<const double> values) override {
    writer_.row(time, kind, values);
  }
  void flush() override { writer_.flush(); }
  void close() override { writer_.flush(); }

private:
  CsvWriter writer_;
};

} // namespace

std::optional<ResultFormat> resultFormatNamed(std::string_view name) {
  if (name == "csv") return ResultFormat::Csv;
  if (name == "mat") return ResultFormat::Mat;
  return std::nullopt;
}

ResultFormat resultFormatOf(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".mat" ? ResultFormat::Mat : ResultFormat::Csv;
}

std::unique_ptr<ResultFile> openResultFile(const std::filesystem::path& path, ResultFormat format) {
  if (format == ResultFormat::Mat) return std::make_unique<MatWriter>(path);
  return std::make_unique<CsvFile>(path);
}

} // namespace mocc::runtime
