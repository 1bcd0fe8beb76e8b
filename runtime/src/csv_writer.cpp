// CsvWriter: formats rows into a buffer (shortest round-trip doubles via fmt) and hands the
// buffer to the stream when it grows large and at every flush, so rows survive a failed run.
#include "mocc/runtime/csv_writer.h"

#include "mocc/runtime/instance_services.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <ostream>
#include <stdexcept>

namespace mocc::runtime {

namespace {

constexpr std::size_t bufferLimit = 1 << 16;

void appendNumber(std::string& out, double value, bool integral) {
  // Integers and Booleans are stored as exact doubles; anything else in such a column (a NaN,
  // a value past 2^53) is written as a double rather than silently truncated.
  if (std::isnan(value))
    out += "nan"; // whatever its sign bit: "-nan" would only confuse readers
  else if (integral && std::trunc(value) == value && std::abs(value) <= 0x1p53)
    fmt::format_to(std::back_inserter(out), "{}", static_cast<long long>(value));
  else
    fmt::format_to(std::back_inserter(out), "{}", value);
}

} // namespace

std::string csvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  return quotedCsvField(text);
}

std::string quotedCsvField(std::string_view text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

CsvWriter::CsvWriter(std::ostream& out) : out_(&out), where_("the output stream") {}

CsvWriter::CsvWriter(const std::filesystem::path& path)
    : file_(std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc)),
      out_(file_.get()), where_(path.string()) {
  if (!*file_)
    throw std::runtime_error(
        fmt::format("cannot open '{}' for writing: {}", where_, std::strerror(errno)));
}

CsvWriter::~CsvWriter() {
  out_->write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  out_->flush();
}

void CsvWriter::begin(std::span<const ResultColumn> columns) {
  buffer_ += "time";
  fields_.clear();
  for (const ResultColumn& column : columns) {
    buffer_ += ',';
    buffer_ += csvField(column.name);
    fields_.push_back(column.type == MOCC_TYPE_REAL     ? Field::Real
                      : column.type == MOCC_TYPE_STRING ? Field::Text
                                                        : Field::Integer);
  }
  buffer_ += '\n';
}

void CsvWriter::row(double time, RowKind, std::span<const double> values) {
  appendNumber(buffer_, time, false);
  for (std::size_t i = 0; i < values.size(); ++i) {
    buffer_ += ',';
    Field field = i < fields_.size() ? fields_[i] : Field::Real;
    if (field == Field::Text && texts_)
      buffer_ += quotedCsvField(texts_->text(values[i]));
    else
      appendNumber(buffer_, values[i], field == Field::Integer);
  }
  buffer_ += '\n';
  if (buffer_.size() >= bufferLimit) writeBuffer();
}

void CsvWriter::writeBuffer() {
  out_->write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
  if (!*out_) throw std::runtime_error(fmt::format("cannot write results to {}", where_));
}

void CsvWriter::flush() {
  writeBuffer();
  out_->flush();
  if (!*out_) throw std::runtime_error(fmt::format("cannot write results to {}", where_));
}

} // namespace mocc::runtime
