#include "progress_bar.h"

#include <fmt/format.h>

#include <algorithm>
#include <unistd.h>

namespace mocc::cli {

namespace {

constexpr int kBarWidth = 30;

} // namespace

ProgressBar::ProgressBar(std::FILE* out, double startTime, double stopTime, bool enabled)
    : out_(out), startTime_(startTime), stopTime_(stopTime),
      enabled_(enabled && isatty(fileno(out))),
      shownFrom_(std::chrono::steady_clock::now() + std::chrono::seconds(1)) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::finish() {
  if (drawn_) std::fputs("\r\033[K", out_);
  drawn_ = false;
  enabled_ = false;
}

void ProgressBar::attach(runtime::SimulationOptions& options) {
  if (!enabled_) return;
  options.progress = [this](double time, const runtime::Statistics& work) { draw(time, work); };
}

void ProgressBar::draw(double time, const runtime::Statistics& work) {
  if (!enabled_ || std::chrono::steady_clock::now() < shownFrom_) return;
  double span = stopTime_ - startTime_;
  double done = span > 0 ? std::clamp((time - startTime_) / span, 0.0, 1.0) : 1.0;
  int filled = static_cast<int>(done * kBarWidth);
  std::string bar(static_cast<std::size_t>(filled), '=');
  bar.resize(kBarWidth, ' ');
  std::string line =
      fmt::format("\r  [{}] {:3.0f}%  t = {:.6g} of {:.6g}, {} events, {} steps\033[K", bar,
                  100 * done, time, stopTime_, work.stateEvents + work.timeEvents, work.steps);
  std::fputs(line.c_str(), out_);
  std::fflush(out_);
  drawn_ = true;
}

} // namespace mocc::cli
