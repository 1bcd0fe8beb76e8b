// Test helpers: compile Modelica text held in memory through the real pipeline stages.
#pragma once

#include "mocc/backend/pipeline.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <string>

namespace mocc::test {

/// Source text registered as "test.mo", with its diagnostics.
struct SourceCompilation {
  SourceManager sources;
  Diagnostics diagnostics;

  /// Every diagnostic rendered, in order (what `mocc` would print).
  std::string rendered() const;
};

/// Parses `text` and flattens its only model (or `className`).
std::optional<flat::Model> flattenSource(SourceCompilation& c, const std::string& text,
                                         const std::string& className = "");

/// Flattens and runs the backend pipeline; `printAfter` passes are appended to `printed`.
std::optional<sim::Program> compileSource(SourceCompilation& c, const std::string& text,
                                          const std::vector<std::string>& printAfter = {},
                                          std::string* printed = nullptr);

/// Compiles `text`, which must succeed, and returns what `pass` printed (--print-after).
std::string printedAfter(const std::string& text, const std::string& pass);

/// Compiles `text`, which must fail, and returns the rendered diagnostics.
std::string compileErrors(const std::string& text);

/// Flattens `text`, which must fail, and returns the rendered diagnostics.
std::string flattenErrors(const std::string& text, const std::string& className = "");

} // namespace mocc::test
