// Output points start + k * interval, computed in that form (never accumulated) so they agree
// bitwise with sample(start, interval) time events; points within 1e-9 intervals of the stop
// time merge into the final row at the stop time.
#pragma once

#include <algorithm>
#include <cmath>

namespace mocc::runtime {

class OutputGrid {
public:
  OutputGrid(double start, double interval, double stop)
      : start_(start), interval_(interval), stop_(stop) {}

  /// The first output point strictly after t: a grid point or, at the end, the stop time.
  double after(double t) const {
    double k = std::max(1.0, std::floor((t - start_) / interval_));
    while (k > 1 && point(k - 1) > t)
      --k; // the division may round either way
    while (point(k) <= t)
      ++k;
    double next = point(k);
    return next >= stop_ - 1e-9 * interval_ ? stop_ : next;
  }

private:
  double point(double k) const { return start_ + k * interval_; }

  double start_, interval_, stop_;
};

} // namespace mocc::runtime
