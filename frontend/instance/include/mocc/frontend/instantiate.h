// frontend/instance: ast::StoredDefinition -> flat::Model. Selects the class to simulate,
// declares its components, resolves names, type-checks expressions and lowers equations.
// Classes, inheritance, modifications of class types, arrays, connectors and functions come
// with the language issue; until then they are reported as unsupported, with their position.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// Top-level classes that can be simulated (models, blocks and plain classes), in file order.
std::vector<const ast::ClassDef*> simulationCandidates(const ast::StoredDefinition& file);

/// The class named `name` (or, when `name` is empty, the only candidate). Reports
/// ClassNotFound or AmbiguousClass listing the candidates, and returns null, otherwise.
const ast::ClassDef* selectClass(const ast::StoredDefinition& file, const std::string& name,
                                 Diagnostics& diagnostics);

/// Instantiates and flattens one class. Reports every independent error it finds; returns
/// nullopt when there was any.
std::optional<flat::Model> flatten(const ast::ClassDef& model, Diagnostics& diagnostics);

} // namespace mocc::frontend
