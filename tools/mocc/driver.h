// The compile driver shared by the commands: file -> AST -> flat::Model -> sim::Program,
// collecting diagnostics; and how diagnostics and exit codes reach the user.
#pragma once

#include "mocc/backend/pipeline.h"
#include "mocc/flat/model.h"
#include "mocc/sim/program.h"
#include "mocc/support/diagnostics.h"

#include <iosfwd>
#include <optional>
#include <string>

namespace mocc::tool {

/// Exit codes of the mocc command (README.md).
enum ExitCode : int {
  kSuccess = 0,
  kModelError = 1, // syntax, semantics, structure
  kUsageError = 2, // bad command line
  kSimulationFailure = 3,
};

/// Everything one compilation owns; diagnostics point into `sources`.
struct Compilation {
  SourceManager sources;
  Diagnostics diagnostics;
};

/// Reads, parses and flattens `path` (the class `className`, or the only model).
std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className);

/// flattenFile followed by the backend pipeline.
std::optional<sim::Program> compileFile(Compilation& compilation, const std::string& path,
                                        const std::string& className,
                                        const backend::PipelineOptions& options = {});

/// Writes every diagnostic to `out` in compiler style.
void printDiagnostics(const Compilation& compilation, std::ostream& out);

} // namespace mocc::tool
