// Reading result files back: mocc's CSV and the MAT v4 layout of Dymola and OpenModelica (as
// MatWriter writes it, "binTrans", or "binNormal"), for `mocc compare`, `mocc plot` and tests.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::runtime {

/// A simulation result: variable names (without time) and rows of time and values.
struct ResultData {
  struct Row {
    double time;
    std::vector<double> values; // values[i] belongs to names[i]
  };
  std::vector<std::string> names;
  std::vector<Row> rows;
};

/// Reads a result file in mocc's CSV format (header `time,<name>,...`, quoted names allowed).
/// Throws std::runtime_error naming the file and line when it cannot be read.
ResultData readResultCsv(const std::filesystem::path& path);

/// Reads a MAT v4 result file: every name of `name` but the abscissa, its trajectory from
/// data_2 or its constant from data_1, negated where dataInfo says so. Throws
/// std::runtime_error naming the file and the matrix that is missing or malformed.
ResultData readResultMat(const std::filesystem::path& path);

/// readResultMat for a path ending in ".mat" (any case), else readResultCsv.
ResultData readResultFile(const std::filesystem::path& path);

} // namespace mocc::runtime
