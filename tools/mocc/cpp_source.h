// The part `mocc emit-cpp` and `mocc build` share: a model file compiled through the backend
// and emitted as C++ (backend/cpp), with its diagnostics printed.
#pragma once

#include "commands.h"

#include <optional>
#include <string>

namespace mocc::tool {

struct CppSource {
  std::string modelName;
  std::string stem; // file and target name
  std::string text; // the C++ source
};

/// Compiles the selected model and emits its C++ source. On failure prints the diagnostics or
/// the emitter's error and returns nullopt (the exit code is then kModelError).
std::optional<CppSource> compileToCpp(const ModelSelection& selection);

} // namespace mocc::tool
