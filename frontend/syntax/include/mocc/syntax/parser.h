// frontend/syntax: Modelica text -> ast::StoredDefinition, through the ANTLR grammar in
// grammar/Modelica.g4 and one parse-tree visitor. No semantics here.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/support/diagnostics.h"

#include <cstddef>
#include <optional>

namespace mocc::frontend {

struct ParseStatistics {
  std::size_t tokens = 0;
  /// True when SLL prediction reported a syntax error and the file was parsed again with full
  /// LL prediction (ANTLR's two-stage strategy).
  bool neededFullLL = false;
};

/// Parses a file registered with `sources`. Syntax errors are reported to `diagnostics` with
/// the position of the offending token, the source line and what was expected; several
/// independent errors in one file are all reported, in source order, up to 20 per file.
/// Kinds: SyntaxError, InvalidLiteral (bad escapes, numbers out of range, characters not
/// allowed in quoted identifiers) and MismatchedEndName (`model A ... end B;`, with a note at
/// `A`). Returns nullopt when there was any error.
std::optional<ast::StoredDefinition> parse(FileId file, const SourceManager& sources,
                                           Diagnostics& diagnostics,
                                           ParseStatistics* statistics = nullptr);

/// Parses a single expression (for `--override`, tests and tools). `file` holds only the
/// expression text. Returns null (with diagnostics) when it is not one valid expression.
ast::ExprPtr parseExpression(FileId file, const SourceManager& sources,
                             Diagnostics& diagnostics);

} // namespace mocc::frontend
