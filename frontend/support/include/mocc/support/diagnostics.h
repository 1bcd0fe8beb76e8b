// One diagnostic type for every stage, reported through one sink (DESIGN.md, "Diagnostics").
// Stages never print or exit: they report here, and tools/mocc decides what to show and the
// exit code.
#pragma once

#include "mocc/support/source.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc {

enum class DiagnosticKind {
#define DIAGNOSTIC(Id, Name, Code) Id,
#include "mocc/support/diagnostic_kinds.def"
#undef DIAGNOSTIC
};

/// The kebab-case name of a kind (`undefined-name`).
const char* diagnosticKindName(DiagnosticKind kind);
/// The kind's stable code, shown with every diagnostic (`error[E0412]: ...`).
const char* diagnosticCode(DiagnosticKind kind);
/// What a kind means, the rule behind it (with its MLS section) and how to fix it: the
/// paragraph `mocc explain CODE` prints (diagnostic_explanations.cpp); every kind has one.
const char* diagnosticExplanation(DiagnosticKind kind);
/// Every kind, in the registry's order.
const std::vector<DiagnosticKind>& allDiagnosticKinds();
/// The kind a code (`E0412`, `e0412`, `0412`) or a kebab-case name (`undefined-name`) names.
std::optional<DiagnosticKind> findDiagnosticKind(std::string_view codeOrName);

enum class Severity { Note, Warning, Error };

struct DiagnosticNote {
  SourceRange range; // may be invalid: a note without a position
  std::string message;
};

struct Diagnostic {
  DiagnosticKind kind;
  Severity severity = Severity::Error;
  SourceRange range; // may be invalid for errors that concern no particular text
  std::string message;
  std::vector<DiagnosticNote> notes;
};

/// Collects diagnostics in the order they were reported.
class Diagnostics {
public:
  Diagnostic& error(DiagnosticKind kind, SourceRange range, std::string message);
  Diagnostic& warning(DiagnosticKind kind, SourceRange range, std::string message);
  void report(Diagnostic diagnostic);

  bool hasErrors() const { return errorCount_ > 0; }
  std::size_t errorCount() const { return errorCount_; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  void clear();

  /// How many items a message lists before it says how many more there are (listed); 0
  /// lists all (`--all-warnings`).
  std::size_t listLimit() const { return listLimit_; }
  void setListLimit(std::size_t limit) { listLimit_ = limit; }
  /// `items` joined by ", ", the first listLimit() of them and then "and N more".
  std::string listed(const std::vector<std::string>& items) const;

private:
  std::vector<Diagnostic> diagnostics_;
  std::size_t errorCount_ = 0;
  std::size_t listLimit_ = 10;
};

/// Renders one diagnostic in compiler style:
///   file:line:col: error[E0412]: message
///     <source line>
///     ^~~~
/// followed by its notes in the same form.
std::string render(const Diagnostic& diagnostic, const SourceManager& sources);

} // namespace mocc
