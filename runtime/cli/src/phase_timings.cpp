// The --timings table: see phase_timings.h.
#include "phase_timings.h"

#include <fmt/format.h>

#include <sys/resource.h>

#include <algorithm>
#include <ostream>

namespace mocc::cli {

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

template <class Call> void TimingSink::timed(Call call) {
  auto begin = std::chrono::steady_clock::now();
  call();
  double seconds = secondsSince(begin);
  totalSeconds_ += seconds;
  if (stage_ == Stage::InitialRow) initializationSeconds_ += seconds;
}

void TimingSink::begin(std::span<const runtime::ResultColumn> columns) {
  timed([&] { inner_.begin(columns); });
}

void TimingSink::row(double time, runtime::RowKind kind, std::span<const double> values) {
  if (kind == runtime::RowKind::Initial && stage_ == Stage::BeforeInitialRow)
    stage_ = Stage::InitialRow;
  else if (kind != runtime::RowKind::Initial)
    stage_ = Stage::AfterInitialRow;
  timed([&] { inner_.row(time, kind, values); });
}

void TimingSink::flush() {
  timed([&] { inner_.flush(); });
}

RuntimePhases splitRuntime(const runtime::Statistics& statistics, const TimingSink& sink,
                           double afterRunSeconds) {
  RuntimePhases phases;
  // Clocks read at different places can disagree by a hair; no phase goes below zero.
  phases.initializationSeconds =
      std::max(0.0, statistics.initializationSeconds - sink.initializationSeconds());
  phases.modeCompileSeconds = statistics.modeCompileSeconds;
  phases.modesAfterTheFirst = std::max(0L, statistics.modes - 1);
  phases.simulationSeconds = std::max(0.0, statistics.wallSeconds - phases.initializationSeconds -
                                               sink.totalSeconds() - phases.modeCompileSeconds);
  phases.outputSeconds = sink.totalSeconds() + afterRunSeconds;
  return phases;
}

namespace {

std::string describe(const PhaseTiming& phase) {
  if (!phase.seconds) return phase.note;
  if (phase.note.empty()) return fmt::format("{:.4f} s", *phase.seconds);
  return fmt::format("{} ({:.4f} s)", phase.note, *phase.seconds);
}

double peakMemoryMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0; // Linux reports KiB
}

} // namespace

void printTimings(std::ostream& out, const std::vector<PhaseTiming>& compilePhases,
                  const RuntimePhases& runtime) {
  std::vector<PhaseTiming> phases = compilePhases;
  phases.push_back({"initialization", runtime.initializationSeconds, {}});
  if (runtime.modesAfterTheFirst > 0) {
    // A structural-dynamic model's modes reached after the start are compiled (or loaded from
    // the JIT cache) during the run, at their first switch.
    phases.push_back({"mode compilation", runtime.modeCompileSeconds,
                      fmt::format("{} mode{} reached during the run", runtime.modesAfterTheFirst,
                                  runtime.modesAfterTheFirst == 1 ? "" : "s")});
  }
  phases.push_back({"simulation", runtime.simulationSeconds, {}});
  phases.push_back({"output", runtime.outputSeconds, {}});
  phases.push_back({"peak memory", std::nullopt, fmt::format("{:.1f} MiB", peakMemoryMiB())});
  std::size_t width = 0;
  for (const PhaseTiming& phase : phases)
    width = std::max(width, phase.name.size() + 1);
  out << "  timings:\n";
  for (const PhaseTiming& phase : phases)
    out << fmt::format("    {:<{}} {}\n", phase.name + ":", width, describe(phase));
}

} // namespace mocc::cli
