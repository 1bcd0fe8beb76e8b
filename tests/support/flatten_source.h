// Test helpers: flattening Modelica text held in memory, through the real frontend.
#pragma once

#include "mocc/frontend/class_tree.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>
#include <string>

namespace mocc::test {

/// Source text registered as "test.mo", with its diagnostics and the class tree it is loaded
/// into (the project's stdlib is a library root).
struct SourceCompilation {
  SourceManager sources;
  Diagnostics diagnostics;
  frontend::ClassTree tree{sources, diagnostics};

  SourceCompilation();

  /// Every diagnostic rendered, in order (what `mocc` would print).
  std::string rendered() const;
};

/// Parses `text` and flattens its only model (or `className`).
std::optional<flat::Model> flattenSource(SourceCompilation& c, const std::string& text,
                                         const std::string& className = "");

/// Flattens `text`, which must fail, and returns the rendered diagnostics.
std::string flattenErrors(const std::string& text, const std::string& className = "");

} // namespace mocc::test
