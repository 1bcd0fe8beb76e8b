// Syntax-error reporting with de-duplication and the per-file error limit.
#include "syntax_error_sink.h"

#include <algorithm>

namespace mocc::frontend {

void SyntaxErrorSink::atToken(const antlr4::Token* token, DiagnosticKind kind, std::string message,
                              std::vector<DiagnosticNote> notes, const antlr4::Token* previous) {
  std::size_t index = token->getTokenIndex();
  if (index != INVALID_INDEX) {
    if (index >= silencedFrom_) return;
    if (std::find(silencedAt_.begin(), silencedAt_.end(), index) != silencedAt_.end()) return;
    // An error within a few tokens of the previous one is its consequence: the recovery has
    // not found its footing yet (a missing '"' turns the text after it into tokens).
    bool cascade =
        lastTokenIndex_ && index >= *lastTokenIndex_ && index <= *lastTokenIndex_ + cascadeDistance;
    lastTokenIndex_ = index;
    if (cascade) return;
  }
  SourceRange range = positions_.range(token);
  if (token->getType() == antlr4::Token::EOF && previous != nullptr) {
    SourceLocation after = positions_.at(positions_.endOffset(previous));
    range = SourceRange{after, after};
  }
  atRange(range, kind, std::move(message), std::move(notes));
}

void SyntaxErrorSink::atRange(SourceRange range, DiagnosticKind kind, std::string message,
                              std::vector<DiagnosticNote> notes) {
  emit(Diagnostic{kind, Severity::Error, range, std::move(message), std::move(notes)});
}

void SyntaxErrorSink::emit(Diagnostic diagnostic) {
  ++count_;
  bool last = count_ == limit;
  if (last) {
    diagnostic.notes.push_back(DiagnosticNote{
        {}, "stopping after " + std::to_string(limit) + " syntax errors in this file"});
  }
  pending_.push_back(std::move(diagnostic));
  if (last) throw TooManySyntaxErrors();
}

void SyntaxErrorSink::flush() {
  std::stable_sort(pending_.begin(), pending_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    const SourceLocation& x = a.range.begin;
    const SourceLocation& y = b.range.begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  for (Diagnostic& diagnostic : pending_)
    diagnostics_.report(std::move(diagnostic));
  pending_.clear();
}

} // namespace mocc::frontend
