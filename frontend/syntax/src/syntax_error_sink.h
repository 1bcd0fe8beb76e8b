// Where the lexer, the parser's error strategy and the grammar checks send syntax errors: turns
// them into Diagnostics, drops repeats that one mistake causes, stops the parse after a fixed
// number of errors, and hands the errors on in source order.
#pragma once

#include "source_positions.h"

#include "mocc/support/diagnostics.h"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// Thrown after the error limit is reached; the parse of the file stops.
struct TooManySyntaxErrors : std::exception {
  const char* what() const noexcept override { return "too many syntax errors"; }
};

class SyntaxErrorSink {
public:
  /// Errors after this many are not reported; the parse stops instead.
  static constexpr std::size_t limit = 20;
  static constexpr std::size_t cascadeDistance = 1;

  SyntaxErrorSink(const SourcePositions& positions, Diagnostics& diagnostics)
      : positions_(positions), diagnostics_(diagnostics) {}

  /// Reports an error at a token, unless it is a cascade: within `cascadeDistance` tokens
  /// after the previous error at a token, or beyond an unterminated comment or string (see
  /// `silenceFrom`). An error at the end of the file points just after `previous`, the last
  /// real token, when it is given.
  void atToken(const antlr4::Token* token, DiagnosticKind kind, std::string message,
               std::vector<DiagnosticNote> notes = {}, const antlr4::Token* previous = nullptr);
  /// Reports an error at a range (lexical problems inside a token).
  void atRange(SourceRange range, DiagnosticKind kind, std::string message,
               std::vector<DiagnosticNote> notes = {});
  /// Errors at tokens from `tokenIndex` on are consequences of an earlier lexical error that
  /// swallowed the rest of the file, and are dropped.
  void silenceFrom(std::size_t tokenIndex) { silencedFrom_ = std::min(silencedFrom_, tokenIndex); }
  /// An error at token `tokenIndex` would be a consequence of an earlier lexical error (an
  /// unterminated quoted identifier that took the `;` after it), and is dropped.
  void silenceAt(std::size_t tokenIndex) { silencedAt_.push_back(tokenIndex); }

  /// Passes the collected errors to Diagnostics, sorted by position (the grammar checks run
  /// after the parse, the lexer before it).
  void flush();

  std::size_t count() const { return count_; }
  const SourcePositions& positions() const { return positions_; }

private:
  void emit(Diagnostic diagnostic);

  const SourcePositions& positions_;
  Diagnostics& diagnostics_;
  std::vector<Diagnostic> pending_;
  std::size_t count_ = 0;
  std::optional<std::size_t> lastTokenIndex_; // of the last error at a token
  std::size_t silencedFrom_ = static_cast<std::size_t>(-1);
  std::vector<std::size_t> silencedAt_;
};

} // namespace mocc::frontend
