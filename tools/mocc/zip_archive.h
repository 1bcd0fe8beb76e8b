// Writing a zip archive (an FMU is one) through Debian's minizip (libminizip-dev).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

struct ZipEntry {
  std::string name;                // the path inside the archive, with '/'
  std::filesystem::path file;      // its contents: a file on disk ...
  std::optional<std::string> text; // ... or this text
};

/// Writes `entries` (deflated) into a new archive at `archive`. Returns an error message, or
/// nullopt on success.
std::optional<std::string> writeZip(const std::filesystem::path& archive,
                                    const std::vector<ZipEntry>& entries);

} // namespace mocc::tool
