// Test helpers for the structural passes: Modelica text through backend::analyse (every pass
// up to initialization) and the `mocc dae` listing of the result.
#pragma once

#include "compile_source.h"
#include "mocc/backend/pipeline.h"
#include "mocc/structure/analysis.h"

#include <gtest/gtest.h>

namespace mocc::test {

struct Analysed {
  SourceCompilation c;
  std::optional<backend::Analysis> analysis;
  std::string printed; // what --print-after wrote

  std::string listing() const {
    return analysis
               ? backend::structure::printAnalysis(analysis->system, analysis->schedule, &c.sources)
               : std::string("(failed)\n") + c.rendered();
  }
};

/// Flattens and analyses `text`; the passes in `printAfter` print into `printed`.
inline std::unique_ptr<Analysed> analyse(const std::string& text,
                                         const std::vector<std::string>& printAfter = {}) {
  auto result = std::make_unique<Analysed>();
  auto model = flattenSource(result->c, text);
  if (!model) return result;
  backend::PipelineOptions options;
  options.verifyEach = true;
  options.printAfter = printAfter;
  Analysed* self = result.get();
  options.print = [self](const std::string&, const std::string& out) { self->printed += out; };
  result->analysis = backend::analyse(*model, result->c.sources, result->c.diagnostics, options);
  return result;
}

/// `listing` contains `part`, with both shown when it does not.
inline ::testing::AssertionResult contains(const std::string& listing, const std::string& part) {
  if (listing.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "missing:\n" << part << "\nin:\n" << listing;
}

} // namespace mocc::test
