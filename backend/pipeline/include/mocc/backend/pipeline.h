// The backend pipeline: flat::Model -> sim::Program through the passes of passes.def.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/flat/model.h"
#include "mocc/sim/program.h"
#include "mocc/structure/sort.h"
#include "mocc/support/diagnostics.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mocc::backend {

struct PassInfo {
  const char* name;
  const char* description;
};

/// Every pass in pipeline order.
const std::vector<PassInfo>& passes();
bool isPass(const std::string& name);

#ifdef NDEBUG
inline constexpr bool kVerifyEachByDefault = false;
#else
inline constexpr bool kVerifyEachByDefault = true;
#endif

struct PipelineOptions {
  /// Passes after which the printed state is handed to `print`.
  std::vector<std::string> printAfter;
  std::function<void(const std::string& pass, const std::string& text)> print;
  /// Called after each pass with its wall time.
  std::function<void(const std::string& pass, std::chrono::nanoseconds)> timed;
  /// Check what each pass leaves behind (dae::verify, structure::verify) and stop with an
  /// internal error naming the pass at the first violation (`--verify-each`; always in
  /// debug builds).
  bool verifyEach = kVerifyEachByDefault;
  /// build-program marks tunable parameters and emits update_parameters (program::build), for
  /// an FMU whose importer may change them.
  bool tunableParameters = false;
};

/// The analysed model: the index-reduced system and its schedules (simulation and
/// initialization), as build-program receives them.
struct Analysis {
  dae::System system;
  structure::Schedule schedule;
};

/// Runs every pass up to and including `initialization` (what `mocc dae` prints with
/// structure::printAnalysis); nullopt after reporting errors.
std::optional<Analysis> analyse(const flat::Model& model, const SourceManager& sources,
                                Diagnostics& diagnostics, const PipelineOptions& options = {});

/// Runs the whole pipeline: analyse, then build-program.
std::optional<sim::Program> compile(const flat::Model& model, const SourceManager& sources,
                                    Diagnostics& diagnostics, const PipelineOptions& options = {});

} // namespace mocc::backend
