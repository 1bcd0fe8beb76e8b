// Finding a Library annotation's name (MLS 12.9.4) as a shared object that exists: in a
// package's library directory or among the system's libraries.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::backend::native {

/// lib<name>.so in `directory`'s platform subdirectory (MLS 12.9.4: "linux64" on x86-64
/// Linux), else in `directory` itself.
std::optional<std::filesystem::path> findInLibraryDirectory(const std::string& name,
                                                            const std::filesystem::path& directory);

/// The directories the dynamic linker searches: LD_LIBRARY_PATH, /etc/ld.so.conf (with its
/// includes), then the default ones.
std::vector<std::filesystem::path> systemLibraryDirectories();

/// The file of a system library: `zlib` is libz.so (the MSL names it so), other names
/// lib<name>.so.
std::string systemLibraryFile(const std::string& name);

/// systemLibraryFile(name) in the first of `directories` that has it.
std::optional<std::filesystem::path>
findSystemLibrary(const std::string& name, const std::vector<std::filesystem::path>& directories);

/// `library` itself when it is an ELF object, or the object a GNU ld script names (libm.so is
/// such a script: dlopen cannot load it, the linker can); nullopt when neither.
std::optional<std::filesystem::path> loadableObject(const std::filesystem::path& library);

} // namespace mocc::backend::native
