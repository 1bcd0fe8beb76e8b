// `mocc emit-cpp MODEL.mo -o DIR`: writes DIR/<Model>.cpp, the model as readable C++
// implementing the model ABI, and DIR/CMakeLists.txt building it into a standalone simulator
// against the installed runtime (find_package(mocc)).
#include "commands.h"
#include "cpp_source.h"
#include "driver.h"

#include "mocc/cpp/emit.h"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace mocc::tool {

namespace {

struct EmitCppOptions {
  ModelSelection selection;
  std::string directory;
  std::optional<int> optLevel;
  CppOptions cpp;
};

bool writeFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) std::cerr << "mocc: error: cannot write " << path.string() << "\n";
  return static_cast<bool>(out);
}

int emitCpp(const EmitCppOptions& o) {
  auto source = compileToCpp(o.selection, o.cpp);
  if (!source) return kModelError;
  std::filesystem::path directory = o.directory;
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    std::cerr << "mocc: error: cannot create the directory " << directory.string() << ": "
              << error.message() << "\n";
    return kUsageError;
  }
  std::filesystem::path cpp = directory / (source->stem + ".cpp");
  std::filesystem::path cmake = directory / "CMakeLists.txt";
  std::string lists = backend::cpp::emitCMakeLists(source->stem, source->modelName);
  if (o.optLevel) {
    lists += "# -O" + std::to_string(*o.optLevel) + " as given to mocc emit-cpp\n" +
             "target_compile_options(" + source->stem + " PRIVATE -O" +
             std::to_string(*o.optLevel) + ")\n";
  }
  if (!source->nativeObjects.empty()) {
    lists += "# The C code of the model's external functions, as mocc built it (MLS 12.9.4)\n";
    for (const std::filesystem::path& object : source->nativeObjects)
      lists += "target_link_libraries(" + source->stem + " PRIVATE \"" + object.string() + "\")\n";
  }
  if (!writeFile(cpp, source->text) || !writeFile(cmake, lists)) return kUsageError;
  std::cout << source->modelName << ": wrote " << cpp.string() << " and " << cmake.string() << "\n";
  return kSuccess;
}

} // namespace

CommandAction addEmitCppCommand(CLI::App& app) {
  auto options = std::make_shared<EmitCppOptions>();
  CLI::App* cmd = app.add_subcommand(
      "emit-cpp", "Write a model as C++ (DIR/<Model>.cpp) with a CMakeLists.txt that builds a "
                  "standalone simulator taking the options of `mocc run`");
  addModelOptions(*cmd, options->selection);
  cmd->add_option("-o,--output", options->directory, "The directory to write the files to")
      ->required()
      ->type_name("DIR");
  cmd->add_option("-O,--opt-level", options->optLevel,
                  "C++ optimisation level 0..3 written into the CMakeLists.txt (default: the "
                  "build type's, Release)")
      ->check(CLI::Range(0, 3));
  addMaxModesOption(*cmd, options->cpp.maxModes,
                    "A model whose if-equations change its structure is emitted with every "
                    "mode; more modes than this are an error");
  cmd->footer("Build: cmake -S DIR -B DIR/build -Dmocc_DIR=<mocc install or build "
              "tree>/lib/cmake/mocc && cmake --build DIR/build");
  return [options]() { return emitCpp(*options); };
}

} // namespace mocc::tool
