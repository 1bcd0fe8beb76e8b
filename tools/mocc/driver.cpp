// The compile driver: reading, parsing, flattening and the backend pipeline.
#include "driver.h"

#include <chrono>
#include <filesystem>
#include <ostream>
#include <regex>
#include <unordered_set>

namespace mocc::tool {

bool isQualifiedClassName(const std::string& text) {
  static const std::regex name(R"([A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*)");
  return std::regex_match(text, name);
}

bool namesLibraryClass(const std::string& model) {
  std::error_code ignored;
  return !std::filesystem::exists(model, ignored) && isQualifiedClassName(model) &&
         std::filesystem::path(model).extension() != ".mo";
}

std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className, FrontendTimings* timings) {
  auto begin = std::chrono::steady_clock::now();
  frontend::addLibraryRoots(compilation.tree, compilation.libraries);
  if (namesLibraryClass(path)) {
    // `mocc run Modelica.Blocks.Examples.PID_Controller`: the class from the library path, as
    // simulate(...) takes it in other tools; --class is then not needed.
    frontend::ClassEntry* selected = frontend::selectClass(compilation.tree, {}, path);
    if (!selected) return std::nullopt;
    return frontend::flatten(compilation.tree, *selected, timings ? &timings->flatten : nullptr,
                             &compilation.external);
  }
  auto entries = compilation.tree.loadFile(path);
  if (timings) {
    timings->parseSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  if (compilation.diagnostics.hasErrors()) return std::nullopt;
  frontend::ClassEntry* selected = frontend::selectClass(compilation.tree, entries, className);
  if (!selected) return std::nullopt;
  return frontend::flatten(compilation.tree, *selected, timings ? &timings->flatten : nullptr,
                           &compilation.external);
}

std::optional<sim::Program> compileFile(Compilation& compilation, const std::string& path,
                                        const std::string& className,
                                        const backend::PipelineOptions& options) {
  auto model = flattenFile(compilation, path, className);
  if (!model) return std::nullopt;
  return backend::compile(*model, compilation.sources, compilation.diagnostics, options);
}

void printDiagnostics(const Compilation& compilation, std::ostream& out) {
  // An expression lowered more than once (for its size, then for its value) reports the same
  // error each time: show it once.
  std::unordered_set<std::string> shown;
  for (const Diagnostic& d : compilation.diagnostics.all()) {
    std::string text = render(d, compilation.sources);
    if (shown.insert(text).second) out << text;
  }
  out.flush();
}

} // namespace mocc::tool
