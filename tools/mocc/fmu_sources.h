// The sources/ folder of an FMU that `mocc fmu` writes: the generated C++, the runtime's sources
// with its FMI layer (runtime/), and what builds them into the FMU's shared object anywhere the
// runtime's Debian packages are: a CMakeLists.txt, and for FMI 3.0 the standard's
// sources/buildDescription.xml.
#pragma once

#include "zip_archive.h"

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::tool {

struct FmuSources {
  std::string modelIdentifier; // the .cpp and the shared object are named after it
  std::string modelName;
  int fmiVersion = 3;
  /// The shared objects of the model's external functions, linked by path.
  std::vector<std::filesystem::path> nativeObjects;
};

/// The runtime's sources under `runtime` (src/, include/, fmi/) as entries sources/runtime/...
std::vector<ZipEntry> fmuRuntimeSources(const std::filesystem::path& runtime);

/// sources/CMakeLists.txt: the model and the runtime into one shared object, linked with the
/// version script that exports the FMI functions only.
std::string fmuSourcesCMakeLists(const FmuSources& sources);

/// sources/buildDescription.xml of FMI 3.0 (section 2.6.3 of the standard), listing the model's
/// source and the runtime's (`runtime`, from fmuRuntimeSources).
std::string fmuBuildDescription(const FmuSources& sources, const std::vector<ZipEntry>& runtime);

} // namespace mocc::tool
