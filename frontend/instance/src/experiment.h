// Reading class annotations that matter to simulation: experiment(...).
#pragma once

#include "mocc/ast/ast.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <vector>

namespace mocc::frontend {

/// Fills `experiment` from `experiment(StartTime=..., StopTime=..., Tolerance=...,
/// Interval=...)` in any of the annotations; other annotations are ignored. A value that is
/// not a literal number is reported as a warning and ignored.
void readAnnotations(const std::vector<const ast::ClassModification*>& annotations,
                     flat::Experiment& experiment, Diagnostics& diagnostics);

} // namespace mocc::frontend
