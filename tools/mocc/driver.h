// The compile driver shared by the commands: file -> AST -> flat::Model -> sim::Program,
// collecting diagnostics; and how diagnostics and exit codes reach the user.
#pragma once

#include "external_evaluation.h"

#include "mocc/backend/pipeline.h"
#include "mocc/cli/simulator_cli.h"
#include "mocc/flat/model.h"
#include "mocc/frontend/class_tree.h"
#include "mocc/frontend/instantiate.h"
#include "mocc/sim/program.h"
#include "mocc/support/diagnostics.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace mocc::tool {

/// Exit codes of the mocc command (README.md), shared with generated simulators.
using cli::ExitCode;
using cli::kModelError;
using cli::kSimulationFailure;
using cli::kSuccess;
using cli::kUsageError;
using cli::kVerificationFailure;

/// Everything one compilation owns; diagnostics point into `sources`.
struct Compilation {
  SourceManager sources;
  Diagnostics diagnostics;
  frontend::ClassTree tree{sources, diagnostics};
  frontend::LibraryOptions libraries;
  /// Runs external functions whose arguments are constants during translation.
  frontend::ExternalEvaluator external = externalEvaluator();
  /// Print every warning; else the first kWarningsShownPerKind of each kind and a count.
  bool allWarnings = false;
};

/// Warnings of one kind shown before the rest are counted (`--all-warnings` shows all).
constexpr std::size_t kWarningsShownPerKind = 5;

/// Where flattenFile spent its time (mocc run --timings).
struct FrontendTimings {
  double parseSeconds = 0; // the model's file; library classes are parsed when first used
  frontend::FlattenTimings flatten;
};

/// True for text of the form A.B.C (Modelica identifiers joined by dots).
bool isQualifiedClassName(const std::string& text);

/// The model argument names a class on the library path rather than a file: no such file
/// exists and it reads as a qualified class name (a name ending in ".mo" is always a file).
bool namesLibraryClass(const std::string& model);

/// Reads `path` into the class tree (with the library roots), selects the class `className`
/// (or the file's only model) and flattens it. A `path` that names a library class
/// (namesLibraryClass) selects that class instead. `timings`, when given, receives where the
/// time went.
std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className,
                                       FrontendTimings* timings = nullptr);

/// flattenFile followed by the backend pipeline.
std::optional<sim::Program> compileFile(Compilation& compilation, const std::string& path,
                                        const std::string& className,
                                        const backend::PipelineOptions& options = {});

/// Writes the diagnostics to `out` in compiler style: every error, the first
/// kWarningsShownPerKind warnings of each kind (all with --all-warnings) and a count of the
/// rest, then, when `summaryLine`, the line counting the warnings by kind. Returns that count.
cli::WarningCounts printDiagnostics(const Compilation& compilation, std::ostream& out,
                                    bool summaryLine = true);

} // namespace mocc::tool
