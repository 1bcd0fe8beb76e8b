// The detection rules of zeno_detector.h. Both look only at the most recent events, so a long
// simulation with many ordinary events costs a constant amount per event.
#include "zeno_detector.h"

#include <algorithm>
#include <cmath>

namespace mocc::runtime {

std::optional<ZenoFinding> ZenoDetector::record(double time, std::span<const int> directions) {
  ++events_;
  recent_.push_back(Event{time, std::vector<int>(directions.begin(), directions.end())});
  std::size_t keep = static_cast<std::size_t>(thresholds_.chatteringRun) + 1;
  if (recent_.size() > 2 * keep) recent_.erase(recent_.begin(), recent_.end() - keep);
  if (firings_.size() < 2 * directions.size()) firings_.resize(2 * directions.size());
  std::optional<ZenoFinding> found;
  for (std::size_t i = 0; i < directions.size(); ++i) {
    if (directions[i] == 0) continue;
    std::vector<double>& times = firings_[2 * i + (directions[i] > 0 ? 1 : 0)];
    times.push_back(time);
    std::size_t needed = static_cast<std::size_t>(thresholds_.accumulationRun) + 2;
    if (times.size() > 2 * needed) times.erase(times.begin(), times.end() - needed);
    if (!found) found = accumulation(static_cast<int>(i), times);
  }
  if (found) return found;
  return chattering();
}

double ZenoDetector::horizon(double t) const {
  return thresholds_.horizon * std::max(1.0, std::abs(t));
}

// A run of intervals that never grow (0.1 % of slack for rounding) is a geometric series when
// it shrinks: with mean ratio r, the events still to come add up to at most last * r/(1 - r).
std::optional<ZenoFinding> ZenoDetector::accumulation(int crossing,
                                                      const std::vector<double>& times) const {
  std::size_t n = times.size();
  int needed = thresholds_.accumulationRun;
  if (n < static_cast<std::size_t>(needed) + 2) return std::nullopt;
  for (std::size_t k = n - static_cast<std::size_t>(needed); k < n; ++k) {
    double interval = times[k] - times[k - 1], before = times[k - 1] - times[k - 2];
    if (!(interval > 0) || interval > before * 1.001) return std::nullopt;
  }
  double last = times[n - 1] - times[n - 2];
  double first = times[n - 1 - static_cast<std::size_t>(needed)] -
                 times[n - 2 - static_cast<std::size_t>(needed)];
  double ratio = std::pow(last / first, 1.0 / needed);
  if (!(ratio < 1.0)) return std::nullopt;
  double remaining = last * ratio / (1.0 - ratio);
  double now = times.back();
  if (remaining > horizon(now)) return std::nullopt;
  return ZenoFinding{false,      now,
                     events_,    needed + 1,
                     ratio,      now + remaining,
                     {crossing}, std::vector<double>(times.end() - needed - 1, times.end())};
}

// One crossing, alternating directions, events all within the horizon of each other.
std::optional<ZenoFinding> ZenoDetector::chattering() const {
  std::size_t n = recent_.size();
  int needed = thresholds_.chatteringRun;
  if (n < static_cast<std::size_t>(needed)) return std::nullopt;
  const Event& latest = recent_.back();
  for (std::size_t i = 0; i < latest.directions.size(); ++i) {
    int direction = latest.directions[i];
    if (direction == 0) continue;
    int run = 1;
    for (std::size_t k = n - 1; k >= 1 && run < needed; --k) {
      const Event& before = recent_[k - 1];
      if (i >= before.directions.size() || before.directions[i] != -direction) break;
      if (recent_[k].time - before.time > horizon(recent_[k].time)) break;
      direction = before.directions[i];
      ++run;
    }
    if (run >= needed)
      return ZenoFinding{true,        latest.time,           events_, run, 0.0,
                         latest.time, {static_cast<int>(i)}, {}};
  }
  return std::nullopt;
}

} // namespace mocc::runtime
