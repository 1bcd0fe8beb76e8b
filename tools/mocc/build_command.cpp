// `mocc build MODEL.mo -o EXE`: emit-cpp and the C++ compiler in one step. The generated source
// is compiled from a temporary directory, removed afterwards; the executable is a standalone
// simulator linked to the runtime's shared libraries (with an rpath to them).
#include "commands.h"
#include "cpp_source.h"
#include "cpp_toolchain.h"
#include "driver.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

int compileError(const CompilerRun& run) {
  std::string command;
  for (const std::string& part : run.command)
    command += (command.empty() ? "" : " ") + part;
  if (run.exitCode < 0) {
    std::cerr << "mocc: error: cannot run the C++ compiler '" << run.command.front()
              << "': " << run.output << "\n(set it with --cxx or $CXX)\n";
  } else {
    std::cerr << "mocc: error: the C++ compiler failed (exit code " << run.exitCode
              << "): " << command << "\n"
              << run.output;
  }
  return kModelError;
}

} // namespace

std::string compilerOf(const std::string& requested) {
  if (!requested.empty()) return requested;
  const char* environment = std::getenv("CXX");
  return environment && *environment ? environment : "c++";
}

std::optional<BuiltSimulator> buildSimulator(const ModelSelection& selection,
                                             const fs::path& requestedExecutable, int optLevel,
                                             const std::string& compiler,
                                             const CppOptions& cppOptions) {
  std::string error;
  auto runtime = findRuntime(error);
  if (!runtime) {
    std::cerr << "mocc: error: " << error << "\n";
    return std::nullopt;
  }
  auto source = compileToCpp(selection, cppOptions);
  if (!source) return std::nullopt;
  fs::path executable = requestedExecutable.empty() ? fs::path(source->stem) : requestedExecutable;
  ScratchDirectory directory("mocc-build");
  if (directory.path().empty()) {
    std::cerr << "mocc: error: cannot create a temporary directory\n";
    return std::nullopt;
  }
  fs::path cpp = directory.path() / (source->stem + ".cpp");
  std::ofstream(cpp, std::ios::binary) << source->text;
  CompilerRun run =
      compileSimulator(compiler, cpp, executable, optLevel, *runtime, source->nativeObjects);
  if (run.exitCode != 0) {
    compileError(run);
    return std::nullopt;
  }
  return BuiltSimulator{source->modelName, executable, run.command.front()};
}

namespace {

struct BuildOptions {
  ModelSelection selection;
  std::string executable;
  int optLevel = 2;
  std::string compiler;
  CppOptions cpp;
};

int build(const BuildOptions& o) {
  auto begin = std::chrono::steady_clock::now();
  fs::path executable = o.executable; // empty: named after the model, by buildSimulator
  auto built = buildSimulator(o.selection, executable, o.optLevel, compilerOf(o.compiler), o.cpp);
  if (!built) return kModelError;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::cout << fmt::format("{}: built {} ({} -O{}, {:.2f} s)\n", built->modelName,
                           built->executable.string(), built->compiler, o.optLevel, seconds);
  return kSuccess;
}

} // namespace

CommandAction addBuildCommand(CLI::App& app) {
  auto options = std::make_shared<BuildOptions>();
  CLI::App* cmd = app.add_subcommand(
      "build", "Compile a model through C++ into a standalone simulator executable that takes "
               "the options of `mocc run`");
  addModelOptions(*cmd, options->selection);
  cmd->add_option("-o,--output", options->executable,
                  "The executable to write (default: ./<Model>)")
      ->type_name("EXE");
  cmd->add_option("-O,--opt-level", options->optLevel,
                  "C++ optimisation level 0..3 (default 2); every level gives the same results")
      ->check(CLI::Range(0, 3));
  addMaxModesOption(*cmd, options->cpp.maxModes,
                    "A model whose if-equations change its structure is emitted with every "
                    "mode; more modes than this are an error");
  cmd->add_option("--cxx", options->compiler, "The C++ compiler (default: $CXX, else c++)")
      ->type_name("COMPILER");
  cmd->footer("Exit codes: 0 success, 1 model error or failed compilation (its messages are "
              "shown), 2 usage error.");
  return [options]() { return build(*options); };
}

} // namespace mocc::tool
