// compileToCpp: the compile driver followed by the C++ emitter.
#include "cpp_source.h"

#include "driver.h"
#include "native_loading.h"

#include "mocc/cpp/emit.h"

#include <filesystem>
#include <iostream>

namespace mocc::tool {

std::optional<CppSource> compileToCpp(const ModelSelection& selection) {
  Compilation compilation;
  configure(compilation, selection);
  auto program = compileFile(compilation, selection.model, selection.className);
  printDiagnostics(compilation, std::cerr);
  if (!program) return std::nullopt;
  CppSource source{program->modelName, backend::cpp::fileStem(program->modelName), {}, {}};
  auto native = prepareNativeCode(program->externalLibraries);
  if (!native) return std::nullopt;
  source.nativeObjects = native->sharedObjects;
  try {
    backend::cpp::EmitOptions options;
    options.source = std::filesystem::path(selection.model).filename().string();
    source.text = backend::cpp::emitCpp(*program, options);
  } catch (const backend::cpp::EmitError& e) {
    std::cerr << "mocc: error: code generation failed: cannot compile " << program->modelName
              << ": " << e.what() << "\n";
    return std::nullopt;
  }
  return source;
}

} // namespace mocc::tool
