// The compiler's stages as one fuzz target each (issue 18): the parser and AST builder, the
// flattener (`mocc check` in process) and the whole translation to sim::Program. An input is a
// .mo text; any input may be rejected with diagnostics, but none may crash, hang or leak.
// Exceptions are not caught: mocc turns none into a diagnostic either, so an escaping
// exception is a finding like a signal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mocc::fuzz {

enum class Stage { Parse, Flatten, Translate };

/// Runs `text`, as the file fuzz.mo, through the stages up to and including `last`. Returns
/// the number of stages that accepted it (0 to 3), which the replay driver counts: a seed set
/// that no stage accepts exercises nothing.
int runStages(std::string_view text, Stage last);

/// How many inputs each stage accepted so far, indexed by the result of runStages.
extern long acceptedStages[4];

} // namespace mocc::fuzz

/// Defines the libFuzzer entry point of a target that runs the stages up to `last`.
#define MOCC_FUZZ_TARGET(last)                                                                     \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {              \
    int accepted =                                                                                 \
        mocc::fuzz::runStages(std::string_view(reinterpret_cast<const char*>(data), size), last);  \
    ++mocc::fuzz::acceptedStages[accepted];                                                        \
    return 0;                                                                                      \
  }
