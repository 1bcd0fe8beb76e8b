// Test helpers: compiling Modelica text held in memory through the backend pipeline.
#pragma once

#include "flatten_source.h"

#include "mocc/sim/program.h"

#include <string>
#include <vector>

namespace mocc::test {

/// Flattens and runs the backend pipeline; `printAfter` passes are appended to `printed`.
std::optional<sim::Program> compileSource(SourceCompilation& c, const std::string& text,
                                          const std::vector<std::string>& printAfter = {},
                                          std::string* printed = nullptr);

/// Compiles `text`, which must succeed (an empty program otherwise, with a test failure).
sim::Program compiledProgram(const std::string& text);

/// Compiles `text`, which must succeed, and returns what `pass` printed (--print-after).
std::string printedAfter(const std::string& text, const std::string& pass);

/// Compiles `text`, which must fail, and returns the rendered diagnostics.
std::string compileErrors(const std::string& text);

} // namespace mocc::test
