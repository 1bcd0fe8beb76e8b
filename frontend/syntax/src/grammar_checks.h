// Syntax rules that the ANTLR grammar leaves to a check on the parse tree:
// - the name after `end` repeats the class name (MLS 4.5 writes `class IDENT1 ... end IDENT1`);
// - an equation without `=` is a function call (MLS A.2.6; see the deviation in Modelica.g4);
// - no element or enumeration literal is named Real, Integer, Boolean or String (MLS 2.3.3).
// The checks tolerate the incomplete trees that error recovery leaves; on such a tree only the
// end names are checked, as the other checks could misread a recovered tree.
#pragma once

#include "syntax_error_sink.h"
#include "token_names.h"

#include "ModelicaParser.h"

#include <string>
#include <vector>

namespace mocc::frontend {

class GrammarChecks {
public:
  /// `treeIsComplete` is false when the parser recovered from syntax errors.
  GrammarChecks(SyntaxErrorSink& errors, const TokenDescriber& tokens,
                antlr4::TokenStream& tokenStream, bool treeIsComplete)
      : errors_(errors), tokens_(tokens), tokenStream_(tokenStream),
        treeIsComplete_(treeIsComplete) {}

  /// Checks the whole tree; expressions are skipped, as no rule concerns them.
  void check(antlr4::tree::ParseTree* tree);

private:
  /// Checks a subtree; returns true when a mismatched end name was reported in it.
  bool checkTree(antlr4::tree::ParseTree* tree);
  bool checkLongClass(grammar::ModelicaParser::LongClassSpecifierContext* specifier);
  bool checkEndName(grammar::ModelicaParser::LongClassSpecifierContext* specifier);
  bool checkClosed(grammar::ModelicaParser::LongClassSpecifierContext* specifier);
  void checkEquation(grammar::ModelicaParser::EquationContext* equation);
  void checkDeclaredName(antlr4::tree::TerminalNode* name);

  SyntaxErrorSink& errors_;
  const TokenDescriber& tokens_;
  antlr4::TokenStream& tokenStream_;
  bool treeIsComplete_;
  std::vector<std::string> openClasses_; // names of the long classes around the current node
};

} // namespace mocc::frontend
