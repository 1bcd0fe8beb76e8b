// Diagnostics sink and the compiler-style renderer (file:line:col, source line, caret).
#include "mocc/support/diagnostics.h"

#include <algorithm>
#include <cctype>

namespace mocc {

const char* diagnosticKindName(DiagnosticKind kind) {
  switch (kind) {
#define DIAGNOSTIC(Id, Name, Code)                                                                 \
  case DiagnosticKind::Id:                                                                         \
    return Name;
#include "mocc/support/diagnostic_kinds.def"
#undef DIAGNOSTIC
  }
  return "unknown";
}

const char* diagnosticCode(DiagnosticKind kind) {
  switch (kind) {
#define DIAGNOSTIC(Id, Name, Code)                                                                 \
  case DiagnosticKind::Id:                                                                         \
    return Code;
#include "mocc/support/diagnostic_kinds.def"
#undef DIAGNOSTIC
  }
  return "E9999";
}

const std::vector<DiagnosticKind>& allDiagnosticKinds() {
  static const std::vector<DiagnosticKind> kinds = {
#define DIAGNOSTIC(Id, Name, Code) DiagnosticKind::Id,
#include "mocc/support/diagnostic_kinds.def"
#undef DIAGNOSTIC
  };
  return kinds;
}

namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

} // namespace

std::optional<DiagnosticKind> findDiagnosticKind(std::string_view codeOrName) {
  for (DiagnosticKind kind : allDiagnosticKinds()) {
    std::string_view code = diagnosticCode(kind);
    if (sameIgnoringCase(codeOrName, code) || codeOrName == code.substr(1) ||
        codeOrName == diagnosticKindName(kind))
      return kind;
  }
  return std::nullopt;
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

std::string Diagnostics::listed(const std::vector<std::string>& items) const {
  std::size_t shown = listLimit_ == 0 ? items.size() : std::min(items.size(), listLimit_);
  std::string text;
  for (std::size_t i = 0; i < shown; ++i)
    text += (i ? ", " : "") + items[i];
  if (shown < items.size())
    text += " and " + std::to_string(items.size() - shown) + " more (--all-warnings lists all)";
  return text;
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
// rest of it when the range stays on that line. A long line (generated code, a one-line model)
// is shown as a window of kShownColumns around the caret, cut with "...".
constexpr std::size_t kShownColumns = 120;

void appendSnippet(std::string& out, const SourceRange& range, const SourceManager& sources) {
  if (!range.valid()) return;
  std::string_view line = sources.line(range.begin.file, range.begin.line);
  if (line.empty()) return;
  std::size_t caret =
      std::min<std::size_t>(std::max<std::uint32_t>(range.begin.column, 1) - 1, line.size());
  std::size_t first = caret > kShownColumns / 2 && line.size() > kShownColumns
                          ? std::min(caret - kShownColumns / 2, line.size() - kShownColumns)
                          : 0;
  std::size_t last = std::min(line.size(), first + kShownColumns);
  std::string_view text = line.substr(first, last - first);
  std::string before = first > 0 ? "..." : "";
  out += "  " + before;
  out += text;
  if (last < line.size()) out += "...";
  out += "\n  " + std::string(before.size(), ' ');
  for (std::size_t i = first; i < caret; ++i)
    out += line[i] == '\t' ? '\t' : ' ';
  out += '^';
  if (range.end.file == range.begin.file && range.end.line == range.begin.line &&
      range.end.column > caret + 2) {
    std::size_t end = std::min<std::size_t>(range.end.column - 1, last);
    for (std::size_t i = caret + 1; i < end; ++i)
      out += '~';
  }
  out += '\n';
}

// `file:line:col: severity: message` (the severity may carry the kind's code).
void appendHeader(std::string& out, const SourceRange& range, const std::string& severity,
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
  std::string severity =
      std::string(severityName(diagnostic.severity)) + "[" + diagnosticCode(diagnostic.kind) + "]";
  appendHeader(out, diagnostic.range, severity, diagnostic.message, sources);
  appendSnippet(out, diagnostic.range, sources);
  for (const DiagnosticNote& note : diagnostic.notes) {
    appendHeader(out, note.range, "note", note.message, sources);
    appendSnippet(out, note.range, sources);
  }
  return out;
}

} // namespace mocc
