// How `mocc compare --reference` shows the tube check of tube_check.h: a table of signals and,
// with --plot, a PNG of each failing signal with its tube (gnuplot).
#pragma once

#include "tube_check.h"

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace mocc::tool {

/// Prints one line per signal: name, pass/FAIL, worst excursion in tube units, where.
void printTubeTable(std::ostream& out, const std::vector<SignalVerdict>& verdicts);

/// True when every signal passed.
bool allPassed(const std::vector<SignalVerdict>& verdicts);

/// Draws every failing signal that the result has: the tube's edges, the reference and the
/// result, to `<prefix><signal>.png` (with its data and script beside it). Returns the PNGs
/// written; problems are printed to `errors`.
std::vector<std::filesystem::path> plotFailingSignals(const ResultData& result,
                                                      const ResultData& reference,
                                                      const std::vector<SignalVerdict>& verdicts,
                                                      double tolerance, const std::string& prefix,
                                                      std::ostream& errors);

} // namespace mocc::tool
