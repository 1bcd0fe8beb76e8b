#include "fmu_sources.h"

#include "mocc/cpp/emit.h"

#include <fmt/format.h>

#include <algorithm>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

/// The generated code's flags (backend/cpp) without the language standard, which CMake and
/// the build description name on their own.
std::string codeFlags() {
  std::string flags;
  for (const std::string& flag : backend::cpp::requiredCompilerFlags())
    if (flag.rfind("-std=", 0) != 0) flags += (flags.empty() ? "" : " ") + flag;
  return flags;
}

/// The runtime's folders an FMU needs: the runtime and its FMI layer, not its command line.
constexpr const char* kRuntimeFolders[] = {"src", "include", "fmi/src", "fmi/include"};

/// The SUNDIALS, KLU and other libraries the runtime links (Debian's packages).
constexpr const char* kLibraries[] = {"sundials_cvode",
                                      "sundials_ida",
                                      "sundials_arkode",
                                      "sundials_nvecserial",
                                      "sundials_sunmatrixdense",
                                      "sundials_sunlinsoldense",
                                      "sundials_sunmatrixsparse",
                                      "sundials_sunlinsolklu",
                                      "klu",
                                      "fmt",
                                      "matio"};

} // namespace

std::vector<ZipEntry> fmuRuntimeSources(const fs::path& runtime) {
  std::vector<ZipEntry> entries;
  for (const char* folder : kRuntimeFolders) {
    std::error_code error;
    for (fs::recursive_directory_iterator it(runtime / folder, error), end; !error && it != end;
         it.increment(error)) {
      std::string extension = it->path().extension().string();
      if (!it->is_regular_file() ||
          (extension != ".cpp" && extension != ".h" && extension != ".map"))
        continue;
      std::string relative = fs::relative(it->path(), runtime).generic_string();
      entries.push_back({"sources/runtime/" + relative, it->path(), std::nullopt});
    }
  }
  std::sort(entries.begin(), entries.end(),
            [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
  return entries;
}

std::string fmuSourcesCMakeLists(const FmuSources& s) {
  std::string text = fmt::format(
      "# Builds {0}.so, the shared object of the FMU {0} (FMI {1}.0, the model {2}), from the\n"
      "# C++ that mocc generated and the runtime's sources in runtime/ (Debian 12: g++, cmake,\n"
      "# libsundials-dev, libsuitesparse-dev, libeigen3-dev, libfmt-dev, libmatio-dev):\n"
      "#   cmake -S sources -B build && cmake --build build\n"
      "# then replace binaries/<platform>/{0}.so with build/{0}.so.\n"
      "cmake_minimum_required(VERSION 3.24)\n"
      "project({0} LANGUAGES C CXX)\n"
      "find_package(SUNDIALS REQUIRED)\n"
      "find_package(Eigen3 REQUIRED NO_MODULE)\n"
      "find_package(fmt REQUIRED)\n"
      "find_package(PkgConfig REQUIRED)\n"
      "pkg_check_modules(MATIO REQUIRED IMPORTED_TARGET matio)\n"
      "file(GLOB runtime runtime/src/*.cpp runtime/fmi/src/*.cpp)\n"
      "add_library({0} SHARED {0}.cpp ${{runtime}})\n"
      "set_target_properties({0} PROPERTIES PREFIX \"\" CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON\n"
      "                                     CXX_EXTENSIONS OFF)\n"
      "target_compile_definitions({0} PRIVATE {3})\n"
      "# The JIT's numbers, bit for bit: no fused multiply-adds anywhere, and in the model's code\n"
      "# libm calls kept calls.\n"
      "target_compile_options({0} PRIVATE -ffp-contract=off)\n"
      "set_source_files_properties({0}.cpp PROPERTIES COMPILE_OPTIONS \"{4}\")\n"
      "target_include_directories({0} PRIVATE runtime/include runtime/src runtime/fmi/include\n"
      "                                       runtime/fmi/src)\n"
      "target_include_directories({0} SYSTEM PRIVATE /usr/include/suitesparse)\n"
      "target_link_libraries({0} PRIVATE\n"
      "  SUNDIALS::cvode_shared SUNDIALS::ida_shared SUNDIALS::arkode_shared\n"
      "  SUNDIALS::nvecserial_shared SUNDIALS::sunmatrixdense_shared\n"
      "  SUNDIALS::sunlinsoldense_shared SUNDIALS::sunmatrixsparse_shared\n"
      "  SUNDIALS::sunlinsolklu_shared Eigen3::Eigen fmt::fmt PkgConfig::MATIO)\n"
      "# Only the FMI functions are exported: the runtime stays local to the FMU.\n"
      "target_link_options({0} PRIVATE\n"
      "  \"-Wl,--version-script=${{CMAKE_CURRENT_SOURCE_DIR}}/runtime/fmi/src/fmu_exports.map\"\n"
      "  -Wl,--no-undefined -s)\n",
      s.modelIdentifier, s.fmiVersion, s.modelName, backend::cpp::kNoMainMacro,
      fmt::join(backend::cpp::requiredCompilerFlags(), ";"));
  for (const fs::path& object : s.nativeObjects)
    text += fmt::format("target_link_libraries({} PRIVATE \"{}\") # external functions, as "
                        "mocc built them where the FMU was written\n",
                        s.modelIdentifier, object.string());
  return text;
}

std::string fmuBuildDescription(const FmuSources& s, const std::vector<ZipEntry>& runtime) {
  std::string files = fmt::format("      <SourceFile name=\"{}.cpp\"/>\n", s.modelIdentifier);
  for (const ZipEntry& entry : runtime)
    if (entry.name.size() > 4 && entry.name.substr(entry.name.size() - 4) == ".cpp")
      files += fmt::format("      <SourceFile name=\"{}\"/>\n",
                           entry.name.substr(std::string("sources/").size()));
  std::string libraries;
  for (const char* library : kLibraries)
    libraries += fmt::format("    <Library name=\"{}\" external=\"true\"/>\n", library);
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<fmiBuildDescription fmiVersion=\"3.0\">\n"
      "  <BuildConfiguration modelIdentifier=\"{0}\" platform=\"x86_64-linux\" "
      "description=\"the model {1} with mocc's runtime; CMakeLists.txt beside this file builds "
      "it with CMake, linked with the version script runtime/fmi/src/fmu_exports.map\">\n"
      "    <SourceFileSet language=\"C++20\" compilerOptions=\"{2}\">\n"
      "{3}"
      "      <PreprocessorDefinition name=\"{4}\"/>\n"
      "      <IncludeDirectory name=\"runtime/include\"/>\n"
      "      <IncludeDirectory name=\"runtime/src\"/>\n"
      "      <IncludeDirectory name=\"runtime/fmi/include\"/>\n"
      "      <IncludeDirectory name=\"runtime/fmi/src\"/>\n"
      "      <IncludeDirectory name=\"/usr/include/suitesparse\"/>\n"
      "      <IncludeDirectory name=\"/usr/include/eigen3\"/>\n"
      "    </SourceFileSet>\n"
      "{5}"
      "  </BuildConfiguration>\n"
      "</fmiBuildDescription>\n",
      s.modelIdentifier, s.modelName, codeFlags(), files, backend::cpp::kNoMainMacro, libraries);
}

} // namespace mocc::tool
