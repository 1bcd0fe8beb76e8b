// compileToCpp: the compile driver followed by the C++ emitter.
#include "cpp_source.h"

#include "driver.h"
#include "native_loading.h"

#include "mocc/cpp/emit.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <variant>

namespace mocc::tool {

namespace {

/// The program (or, for a model whose structure changes at events, every mode's program) of
/// the selected model; nullopt after errors, which are in the diagnostics.
using Compiled = std::variant<sim::Program, sim::ModalProgram>;
std::optional<Compiled> compileSelection(Compilation& compilation, const ModelSelection& selection,
                                         const CppOptions& cpp) {
  auto model = flattenFile(compilation, selection.model, selection.className);
  if (!model) return std::nullopt;
  backend::PipelineOptions options = pipelineOptions(compilation);
  options.tunableParameters = cpp.tunableParameters;
  std::vector<flat::StructuralIf> ifs = modeIfEquations(compilation, *model);
  if (ifs.empty()) {
    auto program = backend::compile(*model, compilation.sources, compilation.diagnostics, options);
    if (!program) return std::nullopt;
    return Compiled(std::move(*program));
  }
  if (cpp.tunableParameters) {
    // An FMU for model exchange has one number of continuous states (FMI 2.0 section 3.1).
    compilation.diagnostics.error(
        DiagnosticKind::Unsupported, ifs.front().range,
        "the branches of this if-equation share no unknown, so the number of the model's "
        "states changes at events, which an FMU for model exchange cannot express; `mocc run`, "
        "`mocc build` and `mocc emit-cpp` simulate such models mode by mode");
    return std::nullopt;
  }
  auto modal = compileModes(compilation, *model, ifs, cpp.maxModes, options);
  if (!modal) return std::nullopt;
  return Compiled(std::move(*modal));
}

void appendNew(std::vector<std::string>& to, const std::vector<std::string>& items) {
  for (const std::string& item : items)
    if (std::find(to.begin(), to.end(), item) == to.end()) to.push_back(item);
}

/// The native code of every mode, each entry once.
sim::ExternalLibraries externalLibrariesOf(const Compiled& compiled) {
  if (const auto* program = std::get_if<sim::Program>(&compiled)) return program->externalLibraries;
  sim::ExternalLibraries all;
  for (const sim::ModeProgram& mode : std::get<sim::ModalProgram>(compiled).modes) {
    if (!mode.program) continue;
    const sim::ExternalLibraries& own = mode.program->externalLibraries;
    appendNew(all.includes, own.includes);
    appendNew(all.includeDirectories, own.includeDirectories);
    appendNew(all.libraries, own.libraries);
    appendNew(all.libraryDirectories, own.libraryDirectories);
  }
  return all;
}

} // namespace

std::optional<CppSource> compileToCpp(const ModelSelection& selection, const CppOptions& cpp) {
  Compilation compilation;
  configure(compilation, selection);
  auto compiled = compileSelection(compilation, selection, cpp);
  printDiagnostics(compilation, std::cerr);
  if (!compiled) return std::nullopt;
  std::string modelName = std::visit([](const auto& p) { return p.modelName; }, *compiled);
  CppSource source{modelName, backend::cpp::fileStem(modelName), {}, {}};
  auto native = prepareNativeCode(externalLibrariesOf(*compiled));
  if (!native) return std::nullopt;
  source.nativeObjects = native->sharedObjects;
  try {
    backend::cpp::EmitOptions emitOptions;
    emitOptions.source = std::filesystem::path(selection.model).filename().string();
    if (const auto* program = std::get_if<sim::Program>(&*compiled))
      source.text = backend::cpp::emitCpp(*program, emitOptions);
    else
      source.text = backend::cpp::emitModalCpp(std::get<sim::ModalProgram>(*compiled), emitOptions);
  } catch (const backend::cpp::EmitError& e) {
    std::cerr << "mocc: error: code generation failed: cannot compile " << modelName << ": "
              << e.what() << "\n";
    return std::nullopt;
  }
  return source;
}

} // namespace mocc::tool
