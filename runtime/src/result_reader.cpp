// Reading CSV and MAT v4 result files.
#include "mocc/runtime/result_reader.h"

#include "mocc/runtime/result_file.h"

#include <fmt/format.h>
#include <matio.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace mocc::runtime {

namespace {

struct CsvLine {
  std::vector<std::string> fields;
  std::vector<bool> quoted; // per field: it was quoted (in a row: a String, never a number)
};

/// Splits one CSV line into fields, undoing csvField's quoting (names such as `a[1,2]`).
CsvLine splitCsvLine(const std::string& line) {
  CsvLine split{{""}, {false}};
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      split.fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
      split.quoted.back() = true;
    } else if (c == ',' && !quoted) {
      split.fields.emplace_back();
      split.quoted.push_back(false);
    } else if (c != '\r') {
      split.fields.back() += c;
    }
  }
  return split;
}

double parseNumber(const std::string& text, const std::string& where) {
  errno = 0;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  // Out-of-range values (ERANGE) still come back as the nearest double, which is what we want.
  if (text.empty() || end != text.c_str() + text.size())
    throw std::runtime_error(fmt::format("{}: '{}' is not a number", where, text));
  return value;
}

/// One matrix of a MAT file as doubles (characters as their codes), with its size.
struct Matrix {
  std::size_t rows = 0, columns = 0;
  std::vector<double> data; // column-major
  double at(std::size_t row, std::size_t column) const { return data[column * rows + row]; }
};

template <typename T> std::vector<double> widened(const void* data, std::size_t count) {
  const T* values = static_cast<const T*>(data);
  return std::vector<double>(values, values + count);
}

std::vector<double> matrixValues(const matvar_t& matrix, std::size_t count) {
  switch (matrix.data_type) {
  case MAT_T_DOUBLE: return widened<double>(matrix.data, count);
  case MAT_T_SINGLE: return widened<float>(matrix.data, count);
  case MAT_T_INT32: return widened<std::int32_t>(matrix.data, count);
  case MAT_T_INT16: return widened<std::int16_t>(matrix.data, count);
  case MAT_T_UINT16: return widened<std::uint16_t>(matrix.data, count);
  case MAT_T_UINT8:
  case MAT_T_UTF8: return widened<std::uint8_t>(matrix.data, count);
  default: throw std::runtime_error("a matrix of an unsupported type");
  }
}

class MatReader {
public:
  explicit MatReader(const std::filesystem::path& path)
      : where_(path.string()), file_(Mat_Open(where_.c_str(), MAT_ACC_RDONLY)) {
    if (!file_) throw std::runtime_error(fmt::format("cannot read '{}' as a MAT file", where_));
  }
  ~MatReader() { Mat_Close(file_); }
  MatReader(const MatReader&) = delete;
  MatReader& operator=(const MatReader&) = delete;

  Matrix read(const char* name) {
    std::unique_ptr<matvar_t, void (*)(matvar_t*)> matrix(Mat_VarRead(file_, name), Mat_VarFree);
    if (!matrix || matrix->rank != 2 || (!matrix->data && matrix->nbytes))
      throw std::runtime_error(fmt::format("'{}' has no matrix '{}'", where_, name));
    Matrix out{matrix->dims[0], matrix->dims[1], {}};
    try {
      if (matrix->data) out.data = matrixValues(*matrix, out.rows * out.columns);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("'{}': '{}' is {}", where_, name, e.what()));
    }
    return out;
  }
  /// The texts of a character matrix: its columns when `byColumns`, else its rows, without
  /// trailing blanks.
  std::vector<std::string> texts(const char* name, bool byColumns) {
    Matrix m = read(name);
    std::size_t count = byColumns ? m.columns : m.rows, length = byColumns ? m.rows : m.columns;
    std::vector<std::string> out(count);
    for (std::size_t j = 0; j < count; ++j) {
      for (std::size_t k = 0; k < length; ++k)
        out[j] += static_cast<char>(byColumns ? m.at(k, j) : m.at(j, k));
      out[j].erase(out[j].find_last_not_of(" \0") + 1);
    }
    return out;
  }
  const std::string& where() const { return where_; }

private:
  std::string where_;
  mat_t* file_;
};

/// Entry (variable, field) of dataInfo, and entry (variable row, time column) of a data block,
/// in either orientation.
struct Orientation {
  bool transposed; // "binTrans": one column per variable in name, dataInfo and the blocks
  double info(const Matrix& dataInfo, std::size_t variable, std::size_t field) const {
    return transposed ? dataInfo.at(field, variable) : dataInfo.at(variable, field);
  }
  double value(const Matrix& block, std::size_t row, std::size_t time) const {
    return transposed ? block.at(row, time) : block.at(time, row);
  }
  std::size_t times(const Matrix& block) const { return transposed ? block.columns : block.rows; }
  std::size_t rows(const Matrix& block) const { return transposed ? block.rows : block.columns; }
};

} // namespace

ResultData readResultCsv(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read '{}'", path.string()));
  std::string line;
  if (!std::getline(in, line))
    throw std::runtime_error(fmt::format("'{}' is empty", path.string()));
  std::vector<std::string> header = splitCsvLine(line).fields;
  if (header.front() != "time")
    throw std::runtime_error(
        fmt::format("'{}': the first column must be 'time', not '{}'", path.string(), header[0]));
  ResultData result;
  // The columns whose values the first row quotes hold Strings (CsvWriter), and are skipped.
  std::vector<bool> text;
  for (std::size_t number = 2; std::getline(in, line); ++number) {
    if (line.empty() || line == "\r") continue;
    std::string where = fmt::format("{}:{}", path.string(), number);
    CsvLine split = splitCsvLine(line);
    const std::vector<std::string>& fields = split.fields;
    if (fields.size() != header.size())
      throw std::runtime_error(
          fmt::format("{}: {} fields, the header has {}", where, fields.size(), header.size()));
    if (text.empty()) text = split.quoted;
    ResultData::Row row{parseNumber(fields[0], where), {}};
    for (std::size_t i = 1; i < fields.size(); ++i)
      if (!text[i]) row.values.push_back(parseNumber(fields[i], where));
    if (!result.rows.empty() && row.time < result.rows.back().time)
      throw std::runtime_error(fmt::format("{}: time goes backwards", where));
    result.rows.push_back(std::move(row));
  }
  text.resize(header.size(), false);
  for (std::size_t i = 1; i < header.size(); ++i)
    if (!text[i]) result.names.push_back(header[i]);
  return result;
}

ResultData readResultMat(const std::filesystem::path& path) {
  MatReader file(path);
  std::vector<std::string> aclass = file.texts("Aclass", false);
  Orientation o{aclass.size() < 4 || aclass[3] != "binNormal"};
  std::vector<std::string> names = file.texts("name", o.transposed);
  Matrix dataInfo = file.read("dataInfo");
  Matrix blocks[2] = {file.read("data_1"), file.read("data_2")};
  auto bad = [&](const std::string& what) {
    return std::runtime_error(fmt::format("'{}': {}", file.where(), what));
  };
  if ((o.transposed ? dataInfo.columns : dataInfo.rows) != names.size() ||
      (o.transposed ? dataInfo.rows : dataInfo.columns) < 2)
    throw bad("dataInfo does not describe every name");
  std::size_t times = o.times(blocks[1]);
  ResultData result;
  result.rows.resize(times);
  for (std::size_t t = 0; t < times; ++t)
    result.rows[t].time = o.value(blocks[1], 0, t);
  for (std::size_t i = 0; i < names.size(); ++i) {
    int block = static_cast<int>(o.info(dataInfo, i, 0));
    if (block == 0) continue; // the abscissa, time
    double signedRow = o.info(dataInfo, i, 1);
    std::size_t row = static_cast<std::size_t>(std::abs(signedRow)) - 1;
    const Matrix* data = block == 1 || block == 2 ? &blocks[block - 1] : nullptr;
    if (!data || signedRow == 0 || row >= o.rows(*data) || (block == 1 && o.times(*data) == 0))
      throw bad(fmt::format("dataInfo of '{}' points outside data_1 and data_2", names[i]));
    double sign = signedRow < 0 ? -1.0 : 1.0;
    result.names.push_back(names[i]);
    for (std::size_t t = 0; t < times; ++t)
      result.rows[t].values.push_back(sign * o.value(*data, row, block == 2 ? t : 0));
  }
  return result;
}

ResultData readResultFile(const std::filesystem::path& path) {
  return resultFormatOf(path) == ResultFormat::Mat ? readResultMat(path) : readResultCsv(path);
}

} // namespace mocc::runtime
