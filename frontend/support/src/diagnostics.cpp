// Diagnostics sink and the compiler-style renderer (file:line:col, source line, caret).
#include "mocc/support/diagnostics.h"

#include <algorithm>

namespace mocc {

const char* diagnosticKindName(DiagnosticKind kind) {
  switch (kind) {
#define DIAGNOSTIC(Id, Name)                                                                       \
  case DiagnosticKind::Id:                                                                         \
    return Name;
#include "mocc/support/diagnostic_kinds.def"
#undef DIAGNOSTIC
  }
  return "unknown";
}

Diagnostic& Diagnostics::error(DiagnosticKind kind, SourceRange range, std::string message) {
  report(Diagnostic{kind, Severity::Error, range, std::move(message), {}});
  return diagnostics_.back();
}

Diagnostic& Diagnostics::warning(DiagnosticKind kind, SourceRange range, std::string message) {
  report(Diagnostic{kind, Severity::Warning, range, std::move(message), {}});
  return diagnostics_.back();
}

void Diagnostics::report(Diagnostic diagnostic) {
  if (diagnostic.severity == Severity::Error) ++errorCount_;
  diagnostics_.push_back(std::move(diagnostic));
}

void Diagnostics::clear() {
  diagnostics_.clear();
  errorCount_ = 0;
}

namespace {

const char* severityName(Severity severity) {
  switch (severity) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "error";
}

// The quoted source line with a caret under the start of the range and tildes under the
// rest of it when the range stays on that line.
void appendSnippet(std::string& out, const SourceRange& range, const SourceManager& sources) {
  if (!range.valid()) return;
  std::string_view text = sources.line(range.begin.file, range.begin.line);
  if (text.empty()) return;
  out += "  ";
  out += text;
  out += "\n  ";
  std::uint32_t column = std::max<std::uint32_t>(range.begin.column, 1);
  for (std::uint32_t i = 1; i < column && i - 1 < text.size(); ++i) {
    out += text[i - 1] == '\t' ? '\t' : ' ';
  }
  out += '^';
  if (range.end.file == range.begin.file && range.end.line == range.begin.line &&
      range.end.column > column + 1) {
    std::uint32_t last = std::min<std::uint32_t>(range.end.column, text.size() + 1);
    for (std::uint32_t i = column + 1; i < last; ++i)
      out += '~';
  }
  out += '\n';
}

void appendHeader(std::string& out, const SourceRange& range, const char* severity,
                  const std::string& message, const SourceManager& sources) {
  if (range.valid()) {
    out += sources.describe(range.begin);
    out += ": ";
  }
  out += severity;
  out += ": ";
  out += message;
  out += '\n';
}

} // namespace

std::string render(const Diagnostic& diagnostic, const SourceManager& sources) {
  std::string out;
  appendHeader(out, diagnostic.range, severityName(diagnostic.severity), diagnostic.message,
               sources);
  appendSnippet(out, diagnostic.range, sources);
  for (const DiagnosticNote& note : diagnostic.notes) {
    appendHeader(out, note.range, "note", note.message, sources);
    appendSnippet(out, note.range, sources);
  }
  return out;
}

} // namespace mocc
