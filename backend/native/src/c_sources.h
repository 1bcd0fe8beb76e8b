// The C-Sources convention of Modelica libraries (the MSL's Resources/C-Sources beside
// Resources/Library): C sources shipped instead of compiled libraries, which the tool builds.
#pragma once

#include "mocc/native/native_code.h"

#include <filesystem>
#include <optional>
#include <string>

namespace mocc::backend::native {

/// The C-Sources directory beside `libraryDirectory` (its sibling: D/../C-Sources), when it
/// holds .c files; `libraryDirectory` itself need not exist (the MSL has none).
std::optional<std::filesystem::path> cSourcesBeside(const std::filesystem::path& libraryDirectory);

/// Every .c file directly in `directory` built into one shared object of the cache, keyed by
/// the bytes of its sources and headers, the flags and the compiler. Subdirectories are not
/// built (the MSL's zlib/ copy: the system's libz is linked instead).
std::optional<std::filesystem::path> buildCSources(const std::filesystem::path& directory,
                                                   const NativeOptions& options, bool& built,
                                                   std::string& error);

} // namespace mocc::backend::native
