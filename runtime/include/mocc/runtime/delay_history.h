// DelayHistory: the recorded past of a model's delayed expressions (delay(), MLS 3.6 section
// 3.7.4.2; model.h, delay_inputs and mocc_delay). The simulator records every delayed
// expression at each accepted integrator step and at both limits of each event; generated code
// reads delay(expr, delayTime, delayMax) through mocc_delay, interpolating linearly between the
// recorded points. A jump recorded at an event instant t_e reappears at exactly
// t_e + delayTime: the simulator schedules a time event there (nextEvent), reads give the left
// limit until its event iteration begins (enterEvent) and the right limit from then on.
#pragma once

#include <cstddef>
#include <deque>
#include <span>
#include <vector>

namespace mocc::runtime {

class DelayHistory {
public:
  /// Histories for `count` delay operators, empty.
  explicit DelayHistory(int count = 0);

  int count() const { return static_cast<int>(buffers_.size()); }

  /// Forgets everything: a run starting at `startTime`.
  void reset(double startTime);
  /// Records the delayed expressions' values at time t, in continuous mode (an accepted step,
  /// the initial point, the left limit of an event). Points later than t (the end of a step
  /// that an event inside it cut short) are dropped first; a value at the time of the last
  /// point replaces it. Points older than the largest delayMax allows are dropped.
  void record(double t, std::span<const double> values);
  /// Records the values at an output point t inside the last step (the dense output there):
  /// inserted in time order, later points kept, so that the recorded points lie no farther
  /// apart than the output interval even where the integrator's steps are longer.
  void insert(double t, std::span<const double> values);
  /// Records the right limits at the event instant t, after its event iteration: a value that
  /// differs from the left limit recorded at t is a jump, which reappears delayTime later.
  void recordRightLimit(double t, std::span<const double> values);
  /// The event iteration at time t begins: from now on, reads at t give right limits.
  void enterEvent(double t) { eventTime_ = t; }

  /// delay(expr, delayTime, delayMax) of delay operator k at time t, `current` being the value
  /// of expr at t (model.h, mocc_delay). Remembers delayTime and delayMax for nextEvent() and
  /// for how much history to keep.
  double value(int k, double t, double current, double delayTime, double delayMax);
  /// The earliest time after t at which a recorded jump reappears (t_e + delayTime, with the
  /// delayTime read last), or +infinity.
  double nextEvent(double t) const;

  /// Points held for delay operator k (a jump holds two at one time).
  std::size_t size(int k) const { return buffers_[static_cast<std::size_t>(k)].points.size(); }

private:
  struct Point {
    double t, y;
  };
  struct Buffer {
    std::deque<Point> points;
    std::deque<double> jumps; // event instants at which the value jumped, ascending
    double delayTime = -1.0;  // the latest read; negative before the first
    double delayMax = -1.0;   // the largest read; negative: keep everything
  };
  void append(Buffer& buffer, double t, double y);
  void forgetOld(Buffer& buffer, double before);
  /// Interpolation in the recorded points; t > time.start + delayTime.
  double interpolate(const Buffer& buffer, double t, double current, double delayTime) const;

  std::vector<Buffer> buffers_;
  std::vector<double> startValues_; // expr(time.start): the first record
  double startTime_ = 0.0;
  double eventTime_;
  double lastRecord_; // the time of the latest record
};

} // namespace mocc::runtime
