// MatWriter: collects the rows and writes the MAT v4 matrices through libmatio when closed.
#include "mocc/runtime/mat_writer.h"

#include <fmt/format.h>
#include <matio.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace mocc::runtime {

namespace {

/// How texts fill a character matrix: one per column (the "binTrans" name and description,
/// whose characters column-major storage keeps together) or one per row (Aclass).
enum class TextLayout { Columns, Rows };

/// The texts padded with blanks to the longest, as a column-major matrix.
std::vector<char> textMatrix(const std::vector<std::string>& texts, TextLayout layout,
                             std::size_t& length) {
  length = 1;
  for (const std::string& text : texts)
    length = std::max(length, text.size());
  std::vector<char> matrix(length * texts.size(), ' ');
  for (std::size_t j = 0; j < texts.size(); ++j)
    for (std::size_t k = 0; k < texts[j].size(); ++k)
      matrix[layout == TextLayout::Columns ? j * length + k : k * texts.size() + j] = texts[j][k];
  return matrix;
}

class MatFile {
public:
  explicit MatFile(const std::filesystem::path& path)
      : where_(path.string()), file_(Mat_CreateVer(where_.c_str(), nullptr, MAT_FT_MAT4)) {
    if (!file_) throw std::runtime_error(fmt::format("cannot create '{}'", where_));
  }
  ~MatFile() { Mat_Close(file_); }
  MatFile(const MatFile&) = delete;
  MatFile& operator=(const MatFile&) = delete;

  /// Writes a rows x columns matrix stored column by column.
  template <typename T>
  void write(const char* name, std::size_t rows, std::size_t columns, std::vector<T> data) {
    size_t dims[2] = {rows, columns};
    auto [classType, dataType] = types<T>();
    matvar_t* matrix = Mat_VarCreate(name, classType, dataType, 2, dims, data.data(), 0);
    int failed = matrix ? Mat_VarWrite(file_, matrix, MAT_COMPRESSION_NONE) : 1;
    Mat_VarFree(matrix);
    if (failed) throw std::runtime_error(fmt::format("cannot write '{}' to '{}'", name, where_));
  }
  void writeTexts(const char* name, const std::vector<std::string>& texts,
                  TextLayout layout = TextLayout::Columns) {
    std::size_t length = 0;
    std::vector<char> matrix = textMatrix(texts, layout, length);
    if (layout == TextLayout::Columns)
      write(name, length, texts.size(), std::move(matrix));
    else
      write(name, texts.size(), length, std::move(matrix));
  }

private:
  template <typename T> static std::pair<matio_classes, matio_types> types() {
    if constexpr (std::is_same_v<T, char>)
      return {MAT_C_CHAR, MAT_T_UINT8};
    else if constexpr (std::is_same_v<T, std::int32_t>)
      return {MAT_C_INT32, MAT_T_INT32};
    else
      return {MAT_C_DOUBLE, MAT_T_DOUBLE};
  }

  std::string where_;
  mat_t* file_;
};

bool inFirstBlock(const ResultColumn& column) {
  return column.kind == MOCC_KIND_PARAMETER || column.kind == MOCC_KIND_CONSTANT;
}

} // namespace

MatWriter::MatWriter(std::filesystem::path path) : path_(std::move(path)) {
  std::ofstream probe(path_, std::ios::binary | std::ios::trunc);
  if (!probe)
    throw std::runtime_error(
        fmt::format("cannot open '{}' for writing: {}", path_.string(), std::strerror(errno)));
}

MatWriter::~MatWriter() {
  try {
    close();
  } catch (const std::exception&) {
    // close() reports to callers that ask; a destructor has no one to tell.
  }
}

void MatWriter::begin(std::span<const ResultColumn> columns) {
  columns_.assign(columns.begin(), columns.end());
  placeColumns();
}

// Columns that are not aliases get rows of their own; an alias takes the row of the column it
// equals (following chains), when that column is written at all.
void MatWriter::placeColumns() {
  std::vector<int> columnOfVariable;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    int variable = columns_[i].variable;
    if (variable >= int(columnOfVariable.size())) columnOfVariable.resize(variable + 1, -1);
    columnOfVariable[variable] = int(i);
  }
  auto aliasTarget = [&](int i) -> int {
    int alias = columns_[i].aliasOf;
    bool known = alias >= 0 && alias < int(columnOfVariable.size());
    return known ? columnOfVariable[alias] : -1;
  };
  std::vector<Placement> placements(columns_.size(), Placement{0, 0});
  std::vector<int> stored(columns_.size());
  for (int i = 0; i < int(columns_.size()); ++i) {
    int target = i;
    bool negated = false;
    for (std::size_t hops = 0; aliasTarget(target) >= 0 && hops <= columns_.size(); ++hops) {
      negated = negated != columns_[target].aliasNegated;
      target = aliasTarget(target);
    }
    if (aliasTarget(target) >= 0) target = i, negated = false; // a cycle: not an alias
    stored[i] = target;
    placements[i].negated = negated;
  }
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (stored[i] != int(i)) continue;
    int block = inFirstBlock(columns_[i]) ? 1 : 2;
    storedColumns_[block - 1].push_back(i);
    placements[i].block = block;
    placements[i].row = int(storedColumns_[block - 1].size()) + 1;
  }
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    placements[i].block = placements[stored[i]].block;
    placements[i].row = placements[stored[i]].row;
  }
  placements_ = std::move(placements);
}

void MatWriter::row(double time, RowKind, std::span<const double> values) {
  if (!anyRow_) {
    startTime_ = time;
    first_.assign(values.begin(), values.end());
    anyRow_ = true;
  }
  stopTime_ = time;
  last_.assign(values.begin(), values.end());
  trajectories_.push_back(time);
  for (std::size_t column : storedColumns_[1])
    trajectories_.push_back(values[column]);
}

void MatWriter::close() {
  if (closed_) return;
  closed_ = true;
  std::vector<std::string> names{"time"}, descriptions{"Time in [s]"};
  std::vector<std::int32_t> dataInfo{0, 1, 0, -1};
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    names.push_back(columns_[i].name);
    descriptions.push_back(columns_[i].description);
    const Placement& p = placements_[i];
    dataInfo.insert(dataInfo.end(),
                    {p.block, p.negated ? -p.row : p.row, 0, p.block == 1 ? 0 : -1});
  }
  std::vector<double> constants{startTime_};
  for (std::size_t column : storedColumns_[0])
    constants.push_back(anyRow_ ? first_[column] : 0.0);
  constants.push_back(stopTime_);
  for (std::size_t column : storedColumns_[0])
    constants.push_back(anyRow_ ? last_[column] : 0.0);

  MatFile file(path_);
  file.writeTexts("Aclass", {"Atrajectory", "1.1", "", "binTrans"}, TextLayout::Rows);
  file.writeTexts("name", names);
  file.writeTexts("description", descriptions);
  file.write("dataInfo", 4, names.size(), std::move(dataInfo));
  file.write("data_1", storedColumns_[0].size() + 1, 2, std::move(constants));
  std::size_t height = storedColumns_[1].size() + 1;
  std::size_t rows = trajectories_.size() / height;
  file.write("data_2", height, rows, std::move(trajectories_));
}

} // namespace mocc::runtime
