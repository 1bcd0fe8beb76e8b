// Result files: the formats mocc writes (CSV, the default, and the MAT v4 layout of Dymola and
// OpenModelica), chosen by name or by the file's extension, behind one interface.
#pragma once

#include "mocc/runtime/result_sink.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>

namespace mocc::runtime {

enum class ResultFormat { Csv, Mat };

/// "csv" or "mat"; nullopt for anything else.
std::optional<ResultFormat> resultFormatNamed(std::string_view name);
/// Mat for a path ending in ".mat" (any case), else Csv.
ResultFormat resultFormatOf(const std::filesystem::path& path);

/// A sink that owns its file. close() finishes the file and reports what went wrong; the
/// destructor closes it too, ignoring errors.
class ResultFile : public ResultSink {
public:
  /// Throws std::runtime_error naming the file when it cannot be completed.
  virtual void close() = 0;
};

/// Creates or truncates `path` in `format`; throws std::runtime_error naming it on failure.
std::unique_ptr<ResultFile> openResultFile(const std::filesystem::path& path, ResultFormat format);

} // namespace mocc::runtime
