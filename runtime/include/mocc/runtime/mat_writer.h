// The MAT v4 result file in the layout Dymola and OpenModelica write ("binTrans"), through
// Debian's libmatio: Aclass, then name and description (one column of characters per
// variable), dataInfo (block, signed 1-based row, interpolation, extrapolation per variable),
// data_1 (parameters and constants at the start and stop times) and data_2 (time and the
// trajectories, one column per row of results). An alias is stored once: its dataInfo points at
// the row of the variable it equals, negated when it equals minus that variable.
//
// The file is written when the writer is closed (at the end of a run, also a failed one): the
// v4 layout stores each matrix's size before its data.
#pragma once

#include "mocc/runtime/result_file.h"

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::runtime {

class MatWriter final : public ResultFile {
public:
  /// Checks that `path` can be created; throws std::runtime_error naming it when not.
  explicit MatWriter(std::filesystem::path path);
  ~MatWriter() override;
  MatWriter(const MatWriter&) = delete;
  MatWriter& operator=(const MatWriter&) = delete;

  void begin(std::span<const ResultColumn> columns) override;
  void row(double time, RowKind kind, std::span<const double> values) override;
  void flush() override {}
  void close() override;

private:
  /// Where a column's values go: data_1 (block 1) or data_2 (block 2), and its row there.
  struct Placement {
    int block;
    int row; // 1-based; row 1 of either block is time
    bool negated = false;
  };
  void placeColumns();

  std::filesystem::path path_;
  std::vector<ResultColumn> columns_;
  std::vector<Placement> placements_;
  std::vector<std::size_t> storedColumns_[2]; // columns whose values data_1 / data_2 hold
  std::vector<double> first_, last_;          // the first and last row (data_1)
  std::vector<double> trajectories_;          // data_2, row by row: time, then the stored values
  double startTime_ = 0, stopTime_ = 0;
  bool anyRow_ = false, closed_ = false;
};

} // namespace mocc::runtime
