#include "fuzz_stages.h"

#include "mocc/backend/pipeline.h"
#include "mocc/frontend/class_tree.h"
#include "mocc/frontend/instantiate.h"
#include "mocc/support/diagnostics.h"

#include <cstdlib>
#include <optional>
#include <string>

namespace mocc::fuzz {

long acceptedStages[4] = {};

int runStages(std::string_view text, Stage last) {
  SourceManager sources;
  Diagnostics diagnostics;
  frontend::ClassTree tree(sources, diagnostics);
  frontend::LibraryOptions libraries;
  // The project's stdlib/ and, when the build names it, the compliance suite, which most of
  // the seeds belong to (`within ModelicaCompliance...;`); never MODELICAPATH.
  libraries.useModelicaPath = false;
#ifdef MOCC_FUZZ_LIBRARY
  libraries.libraries.push_back(MOCC_FUZZ_LIBRARY);
#endif
  frontend::addLibraryRoots(tree, libraries);
  std::vector<frontend::ClassEntry*> entries = tree.loadText("fuzz.mo", std::string(text));
  if (diagnostics.hasErrors()) return 0;
  if (last == Stage::Parse) return 1;
  frontend::ClassEntry* selected = frontend::selectClass(tree, entries, "");
  if (!selected) return 1;
  // No external evaluator: an input must not make the fuzzer call C functions it names.
  std::optional<flat::Model> model = frontend::flatten(tree, *selected);
  if (!model || !frontend::checkBalance(*model).balanced()) return 1;
  if (last == Stage::Flatten) return 2;
  backend::PipelineOptions options;
  options.verifyEach = true; // a pass that breaks the DAE's invariants is a finding too
  if (backend::compile(*model, sources, diagnostics, options)) return 3;
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.kind == DiagnosticKind::PassVerification) std::abort();
  }
  return 2;
}

} // namespace mocc::fuzz
