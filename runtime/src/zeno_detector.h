// ZenoDetector: watches the sequence of events for the two ways a simulation can stall on them
// (issue 5): accumulation (Zeno behaviour: a bouncing ball coming to rest, twin relays), where
// events come closer and closer together toward a limit point, and chattering, where one
// crossing fires back and forth in events that are all extremely close together (a sliding
// surface). The thresholds are documented in README.md ("Events").
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace mocc::runtime {

struct ZenoThresholds {
  /// Accumulation: at least this many consecutive intervals between the events of one crossing
  /// in one direction (the landings of a ball), none longer than the one before it (up to
  /// 0.1 %), shrinking on average...
  int accumulationRun = 10;
  /// ...and the accumulation point they extrapolate to (a geometric series) is within this
  /// many seconds per second of simulated time (times max(1, |t|)) after the last event.
  double horizon = 1e-6;
  /// Chattering: at least this many consecutive events of one crossing, in alternating
  /// directions, each within `horizon` (relative, as above) of the one before.
  int chatteringRun = 50;
};

/// What the detector found: which kind, and the crossings involved (root function indices).
struct ZenoFinding {
  bool chattering = false;
  double time = 0.0;
  long events = 0;    // events since the start of the simulation
  int run = 0;        // events in the accumulating or chattering run
  double ratio = 0.0; // accumulation: mean interval ratio
  double accumulationPoint = 0.0;
  std::set<int> crossings;
  /// Accumulation: the times of the events of the run, ascending.
  std::vector<double> runTimes;
};

class ZenoDetector {
public:
  explicit ZenoDetector(ZenoThresholds thresholds = {}) : thresholds_(thresholds) {}

  /// Records an event at `time`; `directions` (+1/-1/0 per root function, empty for a time
  /// event) tells which crossings fired. Returns a finding when the events accumulate or
  /// chatter.
  std::optional<ZenoFinding> record(double time, std::span<const int> directions);
  /// The distance in time below which events count as accumulated or chattering, near `t`.
  double horizon(double t) const;

private:
  struct Event {
    double time;
    std::vector<int> directions;
  };
  std::optional<ZenoFinding> accumulation(int crossing, const std::vector<double>& times) const;
  std::optional<ZenoFinding> chattering() const;

  ZenoThresholds thresholds_;
  std::vector<Event> recent_; // the last events, enough for a chattering run
  /// The latest times at which each crossing fired, per direction (index 2 i for down, 2 i + 1
  /// for up), enough for an accumulating run.
  std::vector<std::vector<double>> firings_;
  long events_ = 0;
};

} // namespace mocc::runtime
