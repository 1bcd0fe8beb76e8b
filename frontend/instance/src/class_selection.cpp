// Choosing the class to simulate from a parsed file (`--class`, or the only model).
#include "mocc/frontend/instantiate.h"

namespace mocc::frontend {

namespace {

bool isSimulationKind(ast::ClassKind kind) {
  return kind == ast::ClassKind::Model || kind == ast::ClassKind::Block ||
         kind == ast::ClassKind::Class;
}

std::string candidateList(const std::vector<const ast::ClassDef*>& candidates) {
  std::string list;
  for (const ast::ClassDef* c : candidates)
    list += (list.empty() ? "" : ", ") + c->name;
  return list;
}

} // namespace

std::vector<const ast::ClassDef*> simulationCandidates(const ast::StoredDefinition& file) {
  std::vector<const ast::ClassDef*> candidates;
  for (const ast::ClassDefPtr& c : file.classes) {
    if (isSimulationKind(c->kind) && !c->partial) candidates.push_back(c.get());
  }
  return candidates;
}

const ast::ClassDef* selectClass(const ast::StoredDefinition& file, const std::string& name,
                                 Diagnostics& diagnostics) {
  std::vector<const ast::ClassDef*> candidates = simulationCandidates(file);
  if (!name.empty()) {
    for (const ast::ClassDefPtr& c : file.classes) {
      if (c->name == name) return c.get();
    }
    auto& d = diagnostics.error(DiagnosticKind::ClassNotFound, {},
                                "no class named '" + name + "' in the file");
    if (!candidates.empty()) d.notes.push_back({{}, "candidates: " + candidateList(candidates)});
    return nullptr;
  }
  if (candidates.size() == 1) return candidates.front();
  if (candidates.empty()) {
    diagnostics.error(DiagnosticKind::ClassNotFound, {},
                      "the file defines no model to simulate (a non-partial model, block or "
                      "class at the top level)");
    return nullptr;
  }
  auto& d = diagnostics.error(DiagnosticKind::AmbiguousClass, {},
                              "the file defines several models; choose one with --class");
  d.notes.push_back({{}, "candidates: " + candidateList(candidates)});
  return nullptr;
}

} // namespace mocc::frontend
