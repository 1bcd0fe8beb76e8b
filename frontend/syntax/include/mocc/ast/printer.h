// Prints the AST back as Modelica source. Used by golden tests (parse, print, parse again
// gives the same text) and by diagnostics that quote an expression.
#pragma once

#include "mocc/ast/ast.h"

#include <string>

namespace mocc::ast {

/// Canonical Modelica text: two-space indentation, one element or equation per line,
/// minimal parentheses that preserve the tree's structure.
std::string toModelica(const StoredDefinition& definition);
std::string toModelica(const ClassDef& classDef, int indent = 0);
std::string toModelica(const Expr& expr);
std::string toModelica(const ComponentRef& ref);
std::string toModelica(const Modification& modification);

} // namespace mocc::ast
