// The backend pipeline: flat::Model -> sim::Program through the passes of passes.def.
#pragma once

#include "mocc/flat/model.h"
#include "mocc/sim/program.h"
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

struct PipelineOptions {
  /// Passes after which the printed state is handed to `print`.
  std::vector<std::string> printAfter;
  std::function<void(const std::string& pass, const std::string& text)> print;
  /// Called after each pass with its wall time.
  std::function<void(const std::string& pass, std::chrono::nanoseconds)> timed;
};

std::optional<sim::Program> compile(const flat::Model& model, const SourceManager& sources,
                                    Diagnostics& diagnostics, const PipelineOptions& options = {});

} // namespace mocc::backend
