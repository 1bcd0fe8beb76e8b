// SourceManager: file text and line lookup for diagnostics.
#include "mocc/support/source.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace mocc {

struct SourceManager::File {
  std::string path;
  std::string text;
  std::vector<std::size_t> lineStarts; // byte offset of each line's first character

  File(std::string p, std::string t) : path(std::move(p)), text(std::move(t)) {
    lineStarts.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') lineStarts.push_back(i + 1);
    }
  }
};

SourceManager::SourceManager() = default;
SourceManager::~SourceManager() = default;

std::optional<FileId> SourceManager::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return add(path, buffer.str());
}

FileId SourceManager::add(std::string path, std::string text) {
  files_.push_back(std::make_unique<File>(std::move(path), std::move(text)));
  return static_cast<FileId>(files_.size()); // ids start at 1; 0 is "no file"
}

const std::string& SourceManager::path(FileId file) const {
  static const std::string none = "<unknown>";
  if (file == 0 || file > files_.size()) return none;
  return files_[file - 1]->path;
}

std::string_view SourceManager::text(FileId file) const {
  if (file == 0 || file > files_.size()) return {};
  return files_[file - 1]->text;
}

std::string_view SourceManager::line(FileId file, std::uint32_t line) const {
  if (file == 0 || file > files_.size() || line == 0) return {};
  const File& f = *files_[file - 1];
  if (line > f.lineStarts.size()) return {};
  std::size_t begin = f.lineStarts[line - 1];
  std::size_t end = line < f.lineStarts.size() ? f.lineStarts[line] : f.text.size();
  while (end > begin && (f.text[end - 1] == '\n' || f.text[end - 1] == '\r'))
    --end;
  return std::string_view(f.text).substr(begin, end - begin);
}

std::string SourceManager::describe(const SourceLocation& location) const {
  if (!location.valid()) return path(location.file);
  return path(location.file) + ":" + std::to_string(location.line) + ":" +
         std::to_string(location.column);
}

} // namespace mocc
