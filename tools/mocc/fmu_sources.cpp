#include "fmu_sources.h"

#include "mocc/cpp/emit.h"

#include <fmt/format.h>

namespace mocc::tool {

namespace {

/// The generated code's flags (backend/cpp) without the language standard, which CMake and
/// the build description name on their own.
std::string codeFlags() {
  std::string flags;
  for (const std::string& flag : backend::cpp::requiredCompilerFlags())
    if (flag.rfind("-std=", 0) != 0) flags += (flags.empty() ? "" : " ") + flag;
  return flags;
}

} // namespace

std::string fmuSourcesCMakeLists(const FmuSources& s) {
  std::string text = fmt::format(
      "# Builds {0}.so, the shared object of the FMU {0} (FMI {1}.0, the model {2}), from the\n"
      "# C++ that mocc generated, against an installed mocc (its runtime and FMI layer):\n"
      "#   cmake -S sources -B build [-Dmocc_DIR=<mocc prefix>/lib/cmake/mocc]\n"
      "#   cmake --build build    # then replace binaries/<platform>/{0}.so with build/{0}.so\n"
      "cmake_minimum_required(VERSION 3.24)\n"
      "project({0} LANGUAGES CXX)\n"
      "find_package(mocc REQUIRED CONFIG)\n"
      "add_library({0} SHARED {0}.cpp)\n"
      "set_target_properties({0} PROPERTIES PREFIX \"\")\n"
      "target_compile_features({0} PRIVATE cxx_std_20)\n"
      "target_compile_definitions({0} PRIVATE {3})\n"
      "# The JIT's numbers, bit for bit: no fused multiply-adds, libm calls kept calls.\n"
      "target_compile_options({0} PRIVATE {4})\n"
      "# The FMI functions and the runtime, linked whole; only the FMI functions are exported.\n"
      "target_link_libraries({0} PRIVATE \"$<LINK_LIBRARY:WHOLE_ARCHIVE,mocc::fmu_runtime>\")\n"
      "target_link_options({0} PRIVATE \"-Wl,--version-script=${{mocc_FMU_EXPORTS_MAP}}\"\n"
      "                    -Wl,--no-undefined -s)\n",
      s.modelIdentifier, s.fmiVersion, s.modelName, backend::cpp::kNoMainMacro, codeFlags());
  for (const std::filesystem::path& object : s.nativeObjects)
    text += fmt::format("target_link_libraries({} PRIVATE \"{}\") # external functions\n",
                        s.modelIdentifier, object.string());
  return text;
}

std::string fmuBuildDescription(const FmuSources& s) {
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<fmiBuildDescription fmiVersion=\"3.0\">\n"
      "  <BuildConfiguration modelIdentifier=\"{0}\" platform=\"x86_64-linux\" "
      "description=\"the model {1}; CMakeLists.txt beside this file builds it with CMake\">\n"
      "    <SourceFileSet language=\"C++20\" compilerOptions=\"{2}\">\n"
      "      <SourceFile name=\"{0}.cpp\"/>\n"
      "      <PreprocessorDefinition name=\"{3}\"/>\n"
      "    </SourceFileSet>\n"
      "    <Library name=\"mocc_fmu_runtime\" external=\"true\" description=\"the FMI functions "
      "and the runtime of a mocc installation (lib/libmocc_fmu_runtime.a), linked whole with "
      "the version script lib/mocc_fmu_exports.map; it needs SUNDIALS, KLU, fmt and matio\"/>\n"
      "  </BuildConfiguration>\n"
      "</fmiBuildDescription>\n",
      s.modelIdentifier, s.modelName, codeFlags(), backend::cpp::kNoMainMacro);
}

} // namespace mocc::tool
