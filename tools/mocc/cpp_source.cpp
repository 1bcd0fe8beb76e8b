// compileToCpp: the compile driver followed by the C++ emitter.
#include "cpp_source.h"

#include "driver.h"
#include "native_loading.h"

#include "mocc/cpp/emit.h"

#include <filesystem>
#include <iostream>

namespace mocc::tool {

std::optional<CppSource> compileToCpp(const ModelSelection& selection, bool tunableParameters) {
  Compilation compilation;
  configure(compilation, selection);
  backend::PipelineOptions options;
  options.tunableParameters = tunableParameters;
  auto program = compileFile(compilation, selection.model, selection.className, options);
  printDiagnostics(compilation, std::cerr);
  if (!program) return std::nullopt;
  CppSource source{program->modelName, backend::cpp::fileStem(program->modelName), {}, {}};
  auto native = prepareNativeCode(program->externalLibraries);
  if (!native) return std::nullopt;
  source.nativeObjects = native->sharedObjects;
  try {
    backend::cpp::EmitOptions emitOptions;
    emitOptions.source = std::filesystem::path(selection.model).filename().string();
    source.text = backend::cpp::emitCpp(*program, emitOptions);
  } catch (const backend::cpp::EmitError& e) {
    std::cerr << "mocc: error: code generation failed: cannot compile " << program->modelName
              << ": " << e.what() << "\n";
    return std::nullopt;
  }
  return source;
}

} // namespace mocc::tool
