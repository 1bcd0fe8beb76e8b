// The syntax stage's entry points. One ParseSession lexes a file once, parses it with ANTLR's
// two-stage strategy (fast SLL prediction that bails out on the first error, then full LL with
// error recovery and readable messages), applies the grammar checks and builds the AST.
#include "mocc/syntax/parser.h"

#include "ast_builder.h"
#include "checking_lexer.h"
#include "grammar_checks.h"
#include "source_positions.h"
#include "syntax_error_sink.h"
#include "syntax_error_strategy.h"
#include "token_names.h"

#include "ModelicaParser.h"

#include <algorithm>
#include <string>

namespace mocc::frontend {

namespace {

using grammar::ModelicaParser;

// Reports the first byte of the file that is not UTF-8 (MLS 13.4); returns false if any.
bool checkEncoding(const Utf8InputStream& input, const SourcePositions& positions,
                   Diagnostics& diagnostics) {
  const std::vector<std::size_t>& invalid = input.invalidBytes();
  if (invalid.empty()) return true;
  SourceLocation where = positions.at(invalid.front());
  std::string message = "the file is not valid UTF-8 (MLS 13.4): invalid byte";
  if (invalid.size() > 1) message += " (and " + std::to_string(invalid.size() - 1) + " more)";
  diagnostics.error(DiagnosticKind::SyntaxError,
                    SourceRange{where, positions.at(invalid.front() + 1)}, message);
  return false;
}

class ParseSession {
public:
  ParseSession(FileId file, std::string_view text, Diagnostics& diagnostics)
      : input_(text), positions_(file, text, input_), errors_(positions_, diagnostics),
        lexer_(input_, errors_), tokens_(&lexer_), parser_(&tokens_), names_(parser_),
        encodingValid_(checkEncoding(input_, positions_, diagnostics)) {}
  ~ParseSession() { errors_.flush(); }
  ParseSession(const ParseSession&) = delete;
  ParseSession& operator=(const ParseSession&) = delete;

  /// Lexes and parses with `rule`; returns null when the parse was abandoned (invalid
  /// encoding or too many errors). Afterwards `errorCount()` tells whether the tree is valid.
  template <class Rule> auto* run(Rule rule) {
    using Context = std::remove_pointer_t<decltype(rule(parser_))>;
    if (!encodingValid_) return static_cast<Context*>(nullptr);
    try {
      tokens_.fill(); // lexical errors are reported once, here
      if (!checkNesting()) return static_cast<Context*>(nullptr);
      return parseTwoStage(rule);
    } catch (TooManySyntaxErrors&) {
      return static_cast<Context*>(nullptr);
    }
  }

  bool checkGrammar(ModelicaParser::StoredDefinitionContext* tree) {
    try {
      GrammarChecks(errors_, names_, tokens_, errors_.count() == 0).check(tree);
      return true;
    } catch (TooManySyntaxErrors&) {
      return false;
    }
  }

  std::size_t errorCount() const { return errors_.count(); }
  const SourcePositions& positions() const { return positions_; }
  void fillStatistics(ParseStatistics* statistics) {
    if (statistics == nullptr) return;
    statistics->tokens = tokens_.size() > 0 ? tokens_.size() - 1 : 0; // without EOF
    statistics->neededFullLL = neededFullLL_;
  }

private:
  /// How deeply parentheses, brackets and braces may nest: the parser and every later stage
  /// recurse once per level, and a few hundred levels are far beyond any real model (the MSL
  /// nests about 20) while thousands would exhaust the stack.
  static constexpr int kMaxNesting = 256;

  /// Reports the first opening token beyond kMaxNesting levels; false if there is one.
  bool checkNesting() {
    int depth = 0;
    for (antlr4::Token* token : tokens_.getTokens()) {
      switch (token->getType()) {
      case ModelicaParser::LPAREN:
      case ModelicaParser::LBRACKET:
      case ModelicaParser::LBRACE:
        if (++depth <= kMaxNesting) break;
        errors_.atToken(token, DiagnosticKind::SyntaxError,
                        "nesting deeper than " + std::to_string(kMaxNesting) +
                            " levels of parentheses, brackets and braces; split the "
                            "expression into named parts");
        return false;
      case ModelicaParser::RPAREN:
      case ModelicaParser::RBRACKET:
      case ModelicaParser::RBRACE: depth = std::max(0, depth - 1); break;
      default: break;
      }
    }
    return true;
  }

  template <class Rule> auto* parseTwoStage(Rule rule) {
    auto* interpreter = parser_.getInterpreter<antlr4::atn::ParserATNSimulator>();
    parser_.removeErrorListeners();
    parser_.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    try {
      return rule(parser_);
    } catch (antlr4::ParseCancellationException&) {
      // SLL prediction failed: either a real syntax error or (rarely) a decision that needs
      // full context. Parse again from the start with LL prediction and error recovery.
    }
    neededFullLL_ = true;
    parser_.reset();
    parser_.setErrorHandler(std::make_shared<SyntaxErrorStrategy>(errors_, names_));
    interpreter->setPredictionMode(antlr4::atn::PredictionMode::LL);
    return rule(parser_);
  }

  Utf8InputStream input_;
  SourcePositions positions_;
  SyntaxErrorSink errors_;
  CheckingLexer lexer_;
  antlr4::CommonTokenStream tokens_;
  ModelicaParser parser_;
  TokenDescriber names_;
  bool encodingValid_;
  bool neededFullLL_ = false;
};

} // namespace

std::optional<ast::StoredDefinition> parse(FileId file, const SourceManager& sources,
                                           Diagnostics& diagnostics, ParseStatistics* statistics) {
  ParseSession session(file, sources.text(file), diagnostics);
  auto* tree = session.run([](ModelicaParser& parser) { return parser.storedDefinition(); });
  session.fillStatistics(statistics);
  if (tree == nullptr || !session.checkGrammar(tree) || session.errorCount() > 0) {
    return std::nullopt;
  }
  return AstBuilder(session.positions()).storedDefinition(tree);
}

ast::ExprPtr parseExpression(FileId file, const SourceManager& sources, Diagnostics& diagnostics) {
  ParseSession session(file, sources.text(file), diagnostics);
  auto* tree = session.run([](ModelicaParser& parser) { return parser.standaloneExpression(); });
  if (tree == nullptr || session.errorCount() > 0) return nullptr;
  return AstBuilder(session.positions()).expression(tree->expression());
}

} // namespace mocc::frontend
