// Small questions about the token stream and the rule stack that the error strategy and its
// messages ask while the parser is stopped at a syntax error.
#pragma once

#include "ModelicaParser.h"

namespace mocc::frontend::queries {

using P = grammar::ModelicaParser;

inline bool has(const antlr4::misc::IntervalSet& set, std::size_t type) {
  return set.contains(type);
}

inline bool isOpeningBracket(std::size_t type) {
  return type == P::LPAREN || type == P::LBRACKET || type == P::LBRACE;
}

inline bool isClosingBracket(std::size_t type) {
  return type == P::RPAREN || type == P::RBRACKET || type == P::RBRACE;
}

/// Rules that hold lists of items each terminated by `;`.
inline bool isItemList(std::size_t rule) {
  return rule == P::RuleElementList || rule == P::RuleEquationList || rule == P::RuleStatementList;
}

/// Item lists and the rules where a `;` ends a class or an annotation.
inline bool isTerminatedList(std::size_t rule) {
  return isItemList(rule) || rule == P::RuleStoredDefinition || rule == P::RuleComposition;
}

inline antlr4::Token* tokenAt(antlr4::Parser* parser, std::size_t index) {
  return parser->getTokenStream()->get(index);
}

inline antlr4::Token* previousToken(antlr4::Parser* parser, const antlr4::Token* token) {
  std::size_t index = token->getTokenIndex();
  return index == 0 || index == INVALID_INDEX ? nullptr : tokenAt(parser, index - 1);
}

/// The long class whose `end` the parser is looking for, if that is where it stopped.
inline P::LongClassSpecifierContext* enclosingClass(antlr4::Parser* parser) {
  return dynamic_cast<P::LongClassSpecifierContext*>(parser->getContext());
}

} // namespace mocc::frontend::queries
