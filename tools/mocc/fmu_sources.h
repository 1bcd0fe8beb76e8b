// The sources/ folder of an FMU that `mocc fmu` writes: the generated C++ and the descriptions
// that build it again into the FMU's shared object where mocc is installed (the runtime and
// the FMI layer come from there, mocc::fmu_runtime): a CMakeLists.txt, and for FMI 3.0 the
// standard's sources/buildDescription.xml.
#pragma once

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

/// sources/CMakeLists.txt: find_package(mocc), the shared object linked whole with
/// mocc::fmu_runtime and the version script that exports the FMI functions only.
std::string fmuSourcesCMakeLists(const FmuSources& sources);

/// sources/buildDescription.xml of FMI 3.0 (section 2.6.3 of the standard).
std::string fmuBuildDescription(const FmuSources& sources);

} // namespace mocc::tool
