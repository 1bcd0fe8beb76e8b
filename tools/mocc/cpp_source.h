// The part `mocc emit-cpp` and `mocc build` share: a model file compiled through the backend
// and emitted as C++ (backend/cpp), with its diagnostics printed.
#pragma once

#include "commands.h"
#include "driver.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

struct CppSource {
  std::string modelName;
  std::string stem; // file and target name
  std::string text; // the C++ source
  /// The shared objects its external functions need (native_loading.h), to link.
  std::vector<std::filesystem::path> nativeObjects;
};

struct CppOptions {
  /// For an FMU (backend::PipelineOptions); a model whose structure changes at events is then
  /// refused.
  bool tunableParameters = false;
  /// A model whose structure changes at events is emitted with every mode, up to this many.
  int maxModes = kDefaultMaxModes;
};

/// Compiles the selected model and emits its C++ source. On failure prints the diagnostics or
/// the emitter's error and returns nullopt (the exit code is then kModelError).
std::optional<CppSource> compileToCpp(const ModelSelection& selection, const CppOptions& cpp = {});

/// The C++ compiler to use: `requested` (--cxx) when given, else $CXX, else c++.
std::string compilerOf(const std::string& requested);

struct BuiltSimulator {
  std::string modelName;
  std::filesystem::path executable;
  std::string compiler; // as it was run
};

/// What `mocc build` does: compiles the selected model to C++ and the C++ with `compiler` into
/// the standalone simulator `executable` (default: ./<stem of the model>). On failure prints the
/// diagnostics or the compiler's messages and returns nullopt (exit code kModelError).
std::optional<BuiltSimulator> buildSimulator(const ModelSelection& selection,
                                             const std::filesystem::path& executable, int optLevel,
                                             const std::string& compiler,
                                             const CppOptions& cpp = {});

} // namespace mocc::tool
