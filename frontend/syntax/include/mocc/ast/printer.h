// Prints the AST back as Modelica source. Used by golden tests (parse, print, parse again
// gives the same text) and by diagnostics that quote an expression.
#pragma once

#include "mocc/ast/ast.h"

#include <string>

namespace mocc::ast {

/// Canonical Modelica text: two-space indentation, one element or equation per line,
/// minimal parentheses that preserve the tree's structure. Comments are not kept; elements
/// come before equation sections, which come before algorithm sections. Parsing the text
/// gives the same AST again, so printing it again gives the same text (a fixed point).
std::string toModelica(const StoredDefinition& definition);
/// A class definition with its terminating `;` and a newline, every line indented by `indent`.
std::string toModelica(const ClassDef& classDef, int indent = 0);
std::string toModelica(const Expr& expr);
std::string toModelica(const ComponentRef& ref);
/// As written after a name: `(start = 1) = 2`, `= 2`, `:= 2` or `= break`.
std::string toModelica(const Modification& modification);

} // namespace mocc::ast
