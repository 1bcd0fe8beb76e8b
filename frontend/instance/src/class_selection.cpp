// Choosing the class to simulate (`--class`, or the file's only model) and registering the
// library roots.
#include "mocc/frontend/instantiate.h"

#include <functional>
#include <set>

namespace mocc::frontend {

namespace {

bool isSimulationKind(ast::ClassKind kind) {
  return kind == ast::ClassKind::Model || kind == ast::ClassKind::Block ||
         kind == ast::ClassKind::Class;
}

std::string candidateList(const std::vector<ClassEntry*>& candidates) {
  std::string list;
  for (const ClassEntry* c : candidates)
    list += (list.empty() ? "" : ", ") + c->qualifiedName();
  return list;
}

} // namespace

void addLibraryRoots(ClassTree& tree, const LibraryOptions& options) {
  for (const auto& directory : options.libraries)
    tree.addLibraryRoot(directory);
  if (options.useModelicaPath) {
    for (const auto& directory : modelicaPathFromEnvironment())
      tree.addLibraryRoot(directory);
  }
  if (options.useStandardLibrary) tree.addLibraryRoot(defaultStandardLibrary());
}

std::vector<ClassEntry*> simulationCandidates(const std::vector<ClassEntry*>& entries) {
  std::vector<ClassEntry*> candidates;
  for (ClassEntry* c : entries) {
    if (c->definition && isSimulationKind(c->definition->kind) && !c->definition->partial) {
      candidates.push_back(c);
    }
  }
  return candidates;
}

ClassEntry* selectClass(ClassTree& tree, const std::vector<ClassEntry*>& fileEntries,
                        const std::string& name) {
  Diagnostics& diagnostics = tree.diagnostics();
  std::vector<ClassEntry*> candidates = simulationCandidates(fileEntries);
  if (!name.empty()) {
    for (ClassEntry* c : fileEntries) {
      if (c->name == name || c->qualifiedName() == name) return c;
    }
    // A class nested in the file's classes, or any class of the libraries.
    for (ClassEntry* c : fileEntries) {
      if (name.rfind(c->name + ".", 0) == 0) {
        if (ClassEntry* nested = tree.find(c->parent && !c->parent->isRoot()
                                               ? c->parent->qualifiedName() + "." + name
                                               : name)) {
          return nested;
        }
      }
    }
    if (ClassEntry* found = tree.find(name)) return found;
    std::string where = fileEntries.empty()
                            ? "on the library path (--lib, MODELICAPATH, the project's stdlib)"
                            : "in the file or its libraries";
    auto& d = diagnostics.error(DiagnosticKind::ClassNotFound, {},
                                "no class named '" + name + "' " + where);
    if (!candidates.empty()) d.notes.push_back({{}, "candidates: " + candidateList(candidates)});
    return nullptr;
  }
  if (candidates.size() == 1) return candidates.front();
  if (candidates.empty()) {
    diagnostics.error(DiagnosticKind::ClassNotFound, {},
                      "the file defines no model to simulate (a non-partial model, block or "
                      "class at its top level)");
    return nullptr;
  }
  auto& d = diagnostics.error(DiagnosticKind::AmbiguousClass, {},
                              "the file defines several models; choose one with --class");
  d.notes.push_back({{}, "candidates: " + candidateList(candidates)});
  return nullptr;
}

BalanceReport checkBalance(const flat::Model& model) {
  BalanceReport report;
  for (const flat::Variable& v : model.variables) {
    bool unknown = v.variability == flat::Variability::Continuous ||
                   v.variability == flat::Variability::Discrete;
    if (!unknown) continue;
    if (v.causality == flat::Causality::Input && v.name.find('.') == std::string::npos) {
      ++report.inputs;
      continue;
    }
    ++report.variables;
  }
  // Non-parameter bindings are equations too.
  for (const flat::Variable& v : model.variables) {
    bool unknown = v.variability == flat::Variability::Continuous ||
                   v.variability == flat::Variability::Discrete;
    if (unknown && v.binding) ++report.equations;
  }
  std::function<std::size_t(const std::vector<flat::Equation>&)> count =
      [&](const std::vector<flat::Equation>& equations) -> std::size_t {
    std::size_t n = 0;
    for (const flat::Equation& e : equations) {
      if (std::holds_alternative<flat::Equality>(e.node)) {
        ++n;
      } else if (auto* w = std::get_if<flat::When>(&e.node)) {
        n += count(w->branches.front().body);
      } else if (auto* i = std::get_if<flat::IfEquation>(&e.node)) {
        n += count(i->branches.front().body);
      }
    }
    return n;
  };
  report.equations += count(model.equations);
  for (const flat::Algorithm& algorithm : model.algorithms) {
    std::set<std::uint32_t> assigned;
    std::function<void(const std::vector<flat::Statement>&)> visit =
        [&](const std::vector<flat::Statement>& statements) {
          for (const flat::Statement& s : statements) {
            if (auto* a = std::get_if<flat::AssignStatement>(&s.node))
              assigned.insert(a->target.variable);
            if (auto* c = std::get_if<flat::CallStatement>(&s.node)) {
              for (const auto& output : c->outputs)
                if (output) assigned.insert(output->variable);
            }
            if (auto* f = std::get_if<flat::ForStatement>(&s.node)) visit(f->body);
            if (auto* i = std::get_if<flat::IfStatement>(&s.node)) {
              for (const auto& b : i->branches)
                visit(b.body);
              visit(i->elseBody);
            }
            if (auto* w = std::get_if<flat::WhenStatement>(&s.node)) {
              for (const auto& b : w->branches)
                visit(b.body);
            }
            if (auto* w = std::get_if<flat::WhileStatement>(&s.node)) visit(w->body);
          }
        };
    visit(algorithm.statements);
    if (!algorithm.initial) report.equations += assigned.size();
  }
  return report;
}

} // namespace mocc::frontend
