// The --timings table of a run (private to the library): a ResultSink decorator that measures
// the time the simulation spends writing results, the split of the runtime's wall time into
// initialization, simulation and output, and the aligned table with the peak memory.
#pragma once

#include "mocc/cli/simulator_cli.h"
#include "mocc/runtime/result_sink.h"
#include "mocc/runtime/simulation.h"

#include <chrono>
#include <iosfwd>
#include <vector>

namespace mocc::cli {

/// Forwards every call to `inner` and adds up the wall time spent in it, separately for the
/// calls made while the initial row is written (they fall inside the runtime's
/// initialization time, see runtime::Statistics) and for all calls.
class TimingSink final : public runtime::ForwardingSink {
public:
  explicit TimingSink(runtime::ResultSink& inner) : ForwardingSink(inner) {}

  void begin(std::span<const runtime::ResultColumn> columns) override;
  void row(double time, runtime::RowKind kind, std::span<const double> values) override;
  void flush() override;

  double totalSeconds() const { return totalSeconds_; }
  double initializationSeconds() const { return initializationSeconds_; }

private:
  template <class Call> void timed(Call call);

  // The runtime writes the Initial row and flushes it at the end of initialization; the
  // first row of another kind starts the simulation proper.
  enum class Stage {
    BeforeInitialRow,
    InitialRow,
    AfterInitialRow
  } stage_ = Stage::BeforeInitialRow;
  double totalSeconds_ = 0;
  double initializationSeconds_ = 0;
};

/// The runtime's phases of one run.
struct RuntimePhases {
  double initializationSeconds = 0;
  double simulationSeconds = 0;  // without the mode compilation
  double modeCompileSeconds = 0; // the models of modes first reached during the run
  long modesAfterTheFirst = 0;
  double outputSeconds = 0;
};

/// Splits the runtime's wall time so that output is counted once: `sink` measured the result
/// writing during the run, `afterRunSeconds` is closing the file and the plot.
RuntimePhases splitRuntime(const runtime::Statistics& statistics, const TimingSink& sink,
                           double afterRunSeconds);

/// The table: `compilePhases`, the runtime phases, the peak memory (getrusage ru_maxrss).
void printTimings(std::ostream& out, const std::vector<PhaseTiming>& compilePhases,
                  const RuntimePhases& runtime);

double secondsSince(std::chrono::steady_clock::time_point begin);

} // namespace mocc::cli
