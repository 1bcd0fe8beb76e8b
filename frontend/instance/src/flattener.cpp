// Flattener driver: checks the class, then runs declaration, binding and equation lowering.
#include "flattener.h"

#include "experiment.h"
#include "mocc/frontend/instantiate.h"

namespace mocc::frontend {

Flattener::Flattener(const ast::ClassDef& model, Diagnostics& diagnostics)
    : class_(model), diagnostics_(diagnostics), expressions_(model_, scope_, diagnostics) {}

void Flattener::unsupported(SourceRange range, const std::string& what) {
  diagnostics_.error(DiagnosticKind::Unsupported, range, what);
}

std::optional<flat::Model> Flattener::run() {
  std::size_t errorsBefore = diagnostics_.errorCount();
  model_.name = class_.name;
  model_.range = class_.nameRange; // diagnostics about the whole model point at its name
  const auto* body = std::get_if<ast::LongClassSpecifier>(&class_.specifier);
  if (!body) {
    unsupported(class_.nameRange, "'" + class_.name +
                                      "' is a short class definition; only classes with a body "
                                      "(model ... end) can be simulated yet");
    return std::nullopt;
  }
  if (body->extendsForm) {
    unsupported(class_.nameRange, "'model extends' (class extension) is not supported yet");
    return std::nullopt;
  }
  model_.description = body->description;
  declareElements(body->composition);
  for (const PendingDeclaration& pending : pending_)
    lowerDeclaration(pending);
  lowerSections(body->composition);
  std::vector<const ast::ClassModification*> annotations;
  for (const auto& annotation : body->composition.annotations) {
    annotations.push_back(annotation.get());
  }
  readAnnotations(annotations, model_.experiment, diagnostics_);
  if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
  return std::move(model_);
}

std::optional<flat::Model> flatten(const ast::ClassDef& model, Diagnostics& diagnostics) {
  return Flattener(model, diagnostics).run();
}

} // namespace mocc::frontend
