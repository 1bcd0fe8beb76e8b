// A progress line on a terminal for runs longer than about a second: simulated time against the
// stop time, events and steps, redrawn in place on stderr and erased when the run ends. Shown
// only when stderr is a terminal, so pipes, files and CI logs stay clean.
#pragma once

#include "mocc/runtime/simulation.h"

#include <chrono>
#include <cstdio>

namespace mocc::cli {

class ProgressBar {
public:
  /// Draws on `out` when it is a terminal and `enabled`.
  ProgressBar(std::FILE* out, double startTime, double stopTime, bool enabled);
  /// Erases the line if one was drawn.
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Installs the progress callback on `options` when the bar is enabled.
  void attach(runtime::SimulationOptions& options);
  /// Erases the line if one was drawn; nothing is drawn afterwards.
  void finish();

private:
  void draw(double time, const runtime::Statistics& work);

  std::FILE* out_;
  double startTime_, stopTime_;
  bool enabled_, drawn_ = false;
  std::chrono::steady_clock::time_point shownFrom_; // a second after the run began
};

} // namespace mocc::cli
