// The compile driver: reading, parsing, flattening and the backend pipeline.
#include "driver.h"

#include "mocc/frontend/instantiate.h"
#include "mocc/syntax/parser.h"

#include <ostream>

namespace mocc::tool {

std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className) {
  auto file = compilation.sources.load(path);
  if (!file) {
    compilation.diagnostics.error(DiagnosticKind::FileNotReadable, {},
                                  "cannot read '" + path + "'");
    return std::nullopt;
  }
  auto parsed = frontend::parse(*file, compilation.sources, compilation.diagnostics);
  if (!parsed) return std::nullopt;
  const ast::ClassDef* selected =
      frontend::selectClass(*parsed, className, compilation.diagnostics);
  if (!selected) return std::nullopt;
  return frontend::flatten(*selected, compilation.diagnostics);
}

std::optional<sim::Program> compileFile(Compilation& compilation, const std::string& path,
                                        const std::string& className,
                                        const backend::PipelineOptions& options) {
  auto model = flattenFile(compilation, path, className);
  if (!model) return std::nullopt;
  return backend::compile(*model, compilation.sources, compilation.diagnostics, options);
}

void printDiagnostics(const Compilation& compilation, std::ostream& out) {
  for (const Diagnostic& d : compilation.diagnostics.all()) {
    out << render(d, compilation.sources);
  }
  out.flush();
}

} // namespace mocc::tool
