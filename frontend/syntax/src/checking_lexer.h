// The generated Modelica lexer plus the lexical checks of MLS 2: malformed literals, illegal
// characters and unterminated comments are reported here, once, and replaced by the token the
// author meant, so that the parser does not report a cascade of errors for them.
#pragma once

#include "syntax_error_sink.h"

#include "ModelicaLexer.h"

namespace mocc::frontend {

class CheckingLexer : public grammar::ModelicaLexer {
public:
  CheckingLexer(Utf8InputStream& input, SyntaxErrorSink& errors);

  std::unique_ptr<antlr4::Token> nextToken() override;

private:
  /// Checks one token; returns false when it is to be dropped from the stream.
  bool check(antlr4::Token& token);
  void reportInside(const antlr4::Token& token, std::size_t offset, std::size_t length,
                    DiagnosticKind kind, std::string message);

  SyntaxErrorSink& errors_;
  std::size_t emitted_ = 0; // tokens handed to the parser so far (their index)
};

} // namespace mocc::frontend
