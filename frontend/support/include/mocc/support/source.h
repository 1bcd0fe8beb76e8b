// Source files and positions in them. Every stage of the pipeline refers to Modelica source
// through SourceLocation/SourceRange, so that any diagnostic, however late, can point at text.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc {

/// Identifies a file registered with a SourceManager; 0 means "no file".
using FileId = std::uint32_t;

/// A position in a source file; line and column count from 1 (column in bytes).
struct SourceLocation {
  FileId file = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  bool valid() const { return file != 0 && line != 0; }
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

/// A half-open range of source text; `end` may equal `begin` for a single point.
struct SourceRange {
  SourceLocation begin;
  SourceLocation end;

  bool valid() const { return begin.valid(); }
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

/// Owns the text of every file the compiler reads and maps positions back to lines.
class SourceManager {
public:
  SourceManager();
  ~SourceManager();
  SourceManager(const SourceManager&) = delete;
  SourceManager& operator=(const SourceManager&) = delete;

  /// Reads a file from disk; returns nullopt (and leaves no entry) when it cannot be read.
  std::optional<FileId> load(const std::string& path);
  /// Registers text that did not come from disk (tests, generated sources).
  FileId add(std::string path, std::string text);

  /// How many files are registered: their ids are 1 to fileCount().
  FileId fileCount() const { return static_cast<FileId>(files_.size()); }
  const std::string& path(FileId file) const;
  std::string_view text(FileId file) const;
  /// The text of one line (1-based) without its line terminator; empty when out of range.
  std::string_view line(FileId file, std::uint32_t line) const;
  /// "path:line:col" for diagnostics and provenance comments.
  std::string describe(const SourceLocation& location) const;

private:
  struct File;
  std::vector<std::unique_ptr<File>> files_;
};

} // namespace mocc
