// Helpers shared by the syntax-stage tests: parse text held in memory, look at diagnostics,
// and walk to the parts of an AST a test is about.
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/ast/printer.h"
#include "mocc/syntax/parser.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <variant>

namespace mocc::test {

/// One parse of a text: the AST (when there was no error) and everything reported.
struct ParsedText {
  SourceManager sources;
  Diagnostics diagnostics;
  FileId file = 0;
  std::optional<ast::StoredDefinition> definition;
  frontend::ParseStatistics statistics;

  /// Diagnostics rendered like the compiler shows them, for failure messages.
  std::string rendered() const {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics.all())
      text += render(diagnostic, sources);
    return text;
  }
};

inline std::unique_ptr<ParsedText> parseText(const std::string& text,
                                             const std::string& path = "test.mo") {
  auto parsed = std::make_unique<ParsedText>();
  parsed->file = parsed->sources.add(path, text);
  parsed->definition =
      frontend::parse(parsed->file, parsed->sources, parsed->diagnostics, &parsed->statistics);
  return parsed;
}

/// Parses text that must be valid; the test fails (with the diagnostics) otherwise.
inline const ast::StoredDefinition& parseValid(const std::unique_ptr<ParsedText>& parsed) {
  EXPECT_TRUE(parsed->definition.has_value()) << parsed->rendered();
  EXPECT_EQ(parsed->diagnostics.all().size(), 0u) << parsed->rendered();
  if (!parsed->definition) throw std::runtime_error("parse failed");
  return *parsed->definition;
}

/// Parses one expression; null when it is not valid (diagnostics in `diagnostics`).
inline ast::ExprPtr parseExpr(const std::string& text, Diagnostics* diagnostics = nullptr) {
  SourceManager sources;
  Diagnostics local;
  FileId file = sources.add("expr", text);
  return frontend::parseExpression(file, sources, diagnostics ? *diagnostics : local);
}

/// The canonical text of an expression, or "<invalid>" when it does not parse.
inline std::string canonical(const std::string& text) {
  ast::ExprPtr expr = parseExpr(text);
  return expr ? ast::toModelica(*expr) : "<invalid>";
}

/// The first class of a parsed file and its long specifier.
inline const ast::LongClassSpecifier& longClass(const ast::StoredDefinition& definition,
                                                std::size_t index = 0) {
  return std::get<ast::LongClassSpecifier>(definition.classes.at(index)->specifier);
}

template <class Node> const Node& as(const ast::Expr& expr) {
  const Node* node = std::get_if<Node>(&expr.node);
  if (node == nullptr)
    throw std::runtime_error("unexpected expression kind: " + ast::toModelica(expr));
  return *node;
}

/// "line:column" of a location, for compact assertions.
inline std::string at(const SourceLocation& location) {
  return std::to_string(location.line) + ":" + std::to_string(location.column);
}

} // namespace mocc::test
