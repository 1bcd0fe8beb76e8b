// The compile driver shared by the commands: file -> AST -> flat::Model -> sim::Program,
// collecting diagnostics; and how diagnostics and exit codes reach the user.
#pragma once

#include "external_evaluation.h"

#include "mocc/backend/pipeline.h"
#include "mocc/cli/simulator_cli.h"
#include "mocc/flat/model.h"
#include "mocc/flat/modes.h"
#include "mocc/frontend/class_tree.h"
#include "mocc/frontend/instantiate.h"
#include "mocc/sim/modal_program.h"
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
  /// Verify the state after each backend pass (--verify-each).
  bool verifyEach = backend::kVerifyEachByDefault;
};

/// The backend's options that a compilation's command line chose (--verify-each).
backend::PipelineOptions pipelineOptions(const Compilation& compilation);

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

/// Reads `path` into the class tree (with the library roots) and selects the class `className`
/// (or the file's only model); a `path` that names a library class (namesLibraryClass) selects
/// that class instead. Null after reporting why.
frontend::ClassEntry* selectModel(Compilation& compilation, const std::string& path,
                                  const std::string& className, FrontendTimings* timings = nullptr);

/// selectModel(), then flattens the class. `timings`, when given, receives where the time
/// went.
std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className,
                                       FrontendTimings* timings = nullptr);

/// The structural if-equations of `model` (mocc/flat/modes.h) when the model needs a
/// compilation per mode, else none: when one structure serves every branch combination, the
/// single compilation stays. It serves when the backend analyses the model whole and neither
/// differentiates an equation of such an if-equation nor solves one for an unknown that some
/// branch of it lacks (`i = u/R` and `i = 0` both solve for i; a branch equation inside an
/// algebraic loop is a residual there, which Newton solves in either mode), and every mode
/// analysed alone integrates the same states (a constraint in one branch only changes the
/// index: the pendulum on a rope); of more than 16 modes, those that differ from the start
/// values' mode in one if-equation are analysed.
std::vector<flat::StructuralIf> modeIfEquations(const Compilation& compilation,
                                                const flat::Model& model);

/// Every branch combination of `ifs` (the first branches first), or none when there are more
/// than `limit`.
std::vector<flat::ModeKey> allModes(const std::vector<flat::StructuralIf>& ifs, std::size_t limit);

/// How many modes a run may compile, or generated C++ enumerate, unless --max-modes says
/// otherwise.
constexpr int kDefaultMaxModes = 64;

/// Refuses (a located error) a structural-dynamic model that holds an ExternalObject: such an
/// object keeps state of its own (a table's current interval, a random generator's seed), which
/// a switch could not carry into the next mode's objects.
bool refuseModeExternalObjects(Compilation& compilation, const flat::Model& model,
                               const flat::StructuralIf& structural);

/// Every mode of `model` (the branch combinations of `ifs`) through the backend, for generated
/// C++, which cannot compile a mode when a run first reaches it. A mode that does not compile
/// keeps the compiler's messages and fails only the run that reaches it. Nullopt with the
/// errors in the diagnostics when there are more than `maxModes` modes (a located error that
/// names the bound) or the initial mode (flat::initialModeGuess) does not compile.
std::optional<sim::ModalProgram> compileModes(Compilation& compilation, const flat::Model& model,
                                              const std::vector<flat::StructuralIf>& ifs,
                                              int maxModes,
                                              const backend::PipelineOptions& options = {});

/// Writes the diagnostics to `out` in compiler style: every error, the first
/// kWarningsShownPerKind warnings of each kind (all with --all-warnings) and a count of the
/// rest, then, when `summaryLine`, the line counting the warnings by kind. Returns that count.
cli::WarningCounts printDiagnostics(const Compilation& compilation, std::ostream& out,
                                    bool summaryLine = true);

} // namespace mocc::tool
