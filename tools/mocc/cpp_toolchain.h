// What `mocc build` needs of the machine: where the runtime's headers and libraries are (the
// build tree mocc was built in, or an install tree around the mocc binary) and running the
// system C++ compiler on a generated file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

struct RuntimeLocation {
  std::vector<std::filesystem::path> includeDirectories;
  std::filesystem::path libraryDirectory; // libmocc_runtime and libmocc_simulator_cli
  /// The runtime's sources (src/, include/, fmi/), which FMUs carry in sources/runtime/.
  std::filesystem::path sourceDirectory;
};

/// The install tree around the running mocc (<prefix>/bin/mocc with <prefix>/include and
/// <prefix>/lib), else the build tree it was built in; nullopt with `error` naming where it
/// looked when neither has the runtime.
std::optional<RuntimeLocation> findRuntime(std::string& error);

/// A fresh directory under the system's temporary directory (named `<prefix>-XXXXXX`), removed
/// with this object; path() is empty when it could not be created.
class ScratchDirectory {
public:
  explicit ScratchDirectory(const std::string& prefix);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

private:
  std::filesystem::path path_;
};

struct CompilerRun {
  std::vector<std::string> command; // the compiler, then its arguments
  int exitCode = -1;                // -1: it could not be started
  std::string output;               // its stdout and stderr, or why it could not start
};

/// Runs `run.command` (its first entry searched on PATH), collecting what it writes to stdout
/// and stderr into `run.output` and its exit status into `run.exitCode`.
void runProcess(CompilerRun& run);

/// The external functions' shared objects in the order to link them: the Include code's object
/// (the last of `nativeObjects`) first, since the dynamic linker searches in link order.
std::vector<std::filesystem::path>
linkOrder(const std::vector<std::filesystem::path>& nativeObjects);

/// Compiles `source` into the executable `executable` with `compiler` at optimisation level
/// `optLevel`, linked to the runtime's simulator library (with an rpath to it).
CompilerRun compileSimulator(const std::string& compiler, const std::filesystem::path& source,
                             const std::filesystem::path& executable, int optLevel,
                             const RuntimeLocation& runtime,
                             const std::vector<std::filesystem::path>& nativeObjects = {});

} // namespace mocc::tool
