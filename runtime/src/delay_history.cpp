// DelayHistory: recording and linear interpolation of delayed expressions (MLS 3.6 section
// 3.7.4.2), with jumps at event instants kept as a left and a right point at the same time.
#include "mocc/runtime/delay_history.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace mocc::runtime {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

} // namespace

DelayHistory::DelayHistory(int count)
    : buffers_(static_cast<std::size_t>(std::max(count, 0))), eventTime_(-infinity),
      lastRecord_(-infinity) {}

void DelayHistory::reset(double startTime) {
  for (Buffer& buffer : buffers_)
    buffer = Buffer{};
  startValues_.clear();
  startTime_ = startTime;
  eventTime_ = -infinity;
  lastRecord_ = -infinity;
}

void DelayHistory::append(Buffer& buffer, double t, double y) {
  while (!buffer.points.empty() && buffer.points.back().t > t)
    buffer.points.pop_back();
  while (!buffer.jumps.empty() && buffer.jumps.back() > t)
    buffer.jumps.pop_back();
  if (!buffer.points.empty() && buffer.points.back().t == t) {
    buffer.points.back().y = y;
    return;
  }
  buffer.points.push_back({t, y});
}

// Reads come at times from the previous record on (an event found inside the step just
// recorded goes back at most to its start), and read at most delayMax into the past: the point
// at or before that time is the oldest one interpolation needs.
void DelayHistory::forgetOld(Buffer& buffer, double before) {
  while (buffer.points.size() > 1 && buffer.points[1].t <= before)
    buffer.points.pop_front();
  while (!buffer.jumps.empty() && buffer.jumps.front() < before)
    buffer.jumps.pop_front();
}

void DelayHistory::record(double t, std::span<const double> values) {
  if (startValues_.empty()) startValues_.assign(values.begin(), values.end());
  double reference = std::min(lastRecord_, t);
  for (std::size_t k = 0; k < buffers_.size() && k < values.size(); ++k) {
    Buffer& buffer = buffers_[k];
    append(buffer, t, values[k]);
    if (buffer.delayMax >= 0) forgetOld(buffer, reference - buffer.delayMax);
  }
  lastRecord_ = t;
}

void DelayHistory::insert(double t, std::span<const double> values) {
  for (std::size_t k = 0; k < buffers_.size() && k < values.size(); ++k) {
    std::deque<Point>& points = buffers_[k].points;
    auto later = std::upper_bound(points.begin(), points.end(), t,
                                  [](double time, const Point& p) { return time < p.t; });
    if (later != points.begin() && std::prev(later)->t == t) continue; // recorded already
    points.insert(later, Point{t, values[k]});
  }
}

void DelayHistory::recordRightLimit(double t, std::span<const double> values) {
  for (std::size_t k = 0; k < buffers_.size() && k < values.size(); ++k) {
    Buffer& buffer = buffers_[k];
    std::deque<Point>& points = buffer.points;
    if (points.empty() || points.back().t != t) {
      append(buffer, t, values[k]); // no left limit recorded at t
      continue;
    }
    std::size_t n = points.size();
    bool jumped = n >= 2 && points[n - 2].t == t; // an earlier event at t left a jump
    double left = jumped ? points[n - 2].y : points.back().y;
    if (values[k] == left) {
      if (!jumped) continue;
      points.pop_back(); // the value went back to its left limit: no jump after all
      if (!buffer.jumps.empty() && buffer.jumps.back() == t) buffer.jumps.pop_back();
    } else if (jumped) {
      points.back().y = values[k];
    } else {
      points.push_back({t, values[k]});
      buffer.jumps.push_back(t);
    }
  }
  lastRecord_ = t;
}

// MLS 3.7.4.2: expr(time.start) up to time.start + delayTime, expr(time - delayTime) after.
// At time.start + delayTime itself the event there (if a jump at the start time scheduled
// one) gives the right limit.
double DelayHistory::value(int k, double t, double current, double delayTime, double delayMax) {
  Buffer& buffer = buffers_[static_cast<std::size_t>(k)];
  buffer.delayTime = delayTime;
  buffer.delayMax = std::max(buffer.delayMax, delayMax);
  if (!(delayTime > 0) || buffer.points.empty()) return current;
  double end = startTime_ + delayTime;
  if (t < end || (t == end && t > eventTime_))
    return static_cast<std::size_t>(k) < startValues_.size()
               ? startValues_[static_cast<std::size_t>(k)]
               : buffer.points.front().y;
  return interpolate(buffer, t, current, delayTime);
}

// The points reached are those with p.t + delayTime <= t: compared in that form, which is how
// nextEvent() computes the instant a jump reappears, so the jump is met exactly there. At that
// instant the right point of the jump is reached only once the event iteration has begun.
double DelayHistory::interpolate(const Buffer& buffer, double t, double current,
                                 double delayTime) const {
  const std::deque<Point>& points = buffer.points;
  auto reached = std::partition_point(points.begin(), points.end(),
                                      [&](const Point& p) { return p.t + delayTime <= t; });
  std::size_t j = static_cast<std::size_t>(reached - points.begin());
  bool leftLimit = t > eventTime_;
  if (leftLimit && j >= 2 && points[j - 1].t + delayTime == t && points[j - 2].t == points[j - 1].t)
    --j;
  if (j == 0) return points.front().y; // older than the history kept: delayMax was exceeded
  const Point& p = points[j - 1];
  if (p.t + delayTime == t) return p.y;
  double s = t - delayTime;
  // Beyond the last point (a delay shorter than the step being taken), the current value
  // stands for expr at t.
  const Point q = j < points.size() ? points[j] : Point{t, current};
  if (!(q.t > p.t)) return p.y;
  double fraction = std::clamp((s - p.t) / (q.t - p.t), 0.0, 1.0);
  return p.y + fraction * (q.y - p.y);
}

double DelayHistory::nextEvent(double t) const {
  double next = infinity;
  for (const Buffer& buffer : buffers_) {
    if (!(buffer.delayTime > 0)) continue;
    for (double jump : buffer.jumps) {
      double at = jump + buffer.delayTime;
      if (at > t) {
        next = std::min(next, at);
        break;
      }
    }
  }
  return next;
}

} // namespace mocc::runtime
