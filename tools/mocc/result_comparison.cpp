// The event-aware comparison of two results (method in result_comparison.h).
#include "result_comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace mocc::tool {

namespace {

/// The rows of a segment: [first, last], inclusive.
struct Segment {
  std::size_t first, last;
};

/// Segment k runs from the right limit of event k-1 to the left limit of event k.
std::vector<Segment> segmentsOf(const ResultData& result, const std::vector<EventInstant>& events) {
  std::vector<Segment> segments;
  if (result.rows.empty()) return segments;
  std::size_t start = 0;
  for (const EventInstant& event : events) {
    segments.push_back({start, event.leftRow});
    start = event.rightRow;
  }
  segments.push_back({start, result.rows.size() - 1});
  return segments;
}

/// The run's value of `column` at `time`, linear within `segment` and held at its ends.
class SegmentInterpolation {
public:
  SegmentInterpolation(const ResultData& result, Segment segment, double time)
      : rows_(result.rows) {
    auto begin = rows_.begin() + static_cast<std::ptrdiff_t>(segment.first);
    auto end = rows_.begin() + static_cast<std::ptrdiff_t>(segment.last) + 1;
    auto after = std::upper_bound(
        begin, end, time, [](double t, const ResultData::Row& row) { return t < row.time; });
    if (after == begin) {
      lower_ = upper_ = segment.first;
    } else if (after == end) {
      lower_ = upper_ = segment.last;
    } else {
      upper_ = static_cast<std::size_t>(after - rows_.begin());
      lower_ = upper_ - 1;
      double span = rows_[upper_].time - rows_[lower_].time;
      weight_ = span > 0 ? (time - rows_[lower_].time) / span : 0.0;
    }
  }

  double value(std::size_t column) const {
    double low = rows_[lower_].values[column];
    if (weight_ == 0.0) return low;
    return low + weight_ * (rows_[upper_].values[column] - low);
  }

private:
  const std::vector<ResultData::Row>& rows_;
  std::size_t lower_ = 0, upper_ = 0;
  double weight_ = 0.0;
};

/// Collects the largest deviations over the compared values of the common columns.
class DeviationTracker {
public:
  DeviationTracker(const ResultData& run, const ResultData& reference, Deviation& deviation)
      : reference_(reference), deviation_(deviation) {
    for (std::size_t i = 0; i < reference.names.size(); ++i) {
      auto found = std::find(run.names.begin(), run.names.end(), reference.names[i]);
      if (found == run.names.end()) {
        deviation.missingVariables.push_back(reference.names[i]);
        continue;
      }
      columns_.push_back({i, static_cast<std::size_t>(found - run.names.begin()),
                          relativeFloor(reference, i), deviation.variables.size()});
      deviation.variables.push_back({reference.names[i], 0.0, 0.0});
    }
  }

  /// Compares the reference row `referenceRow` with the run's values given by `runValue`.
  template <typename RunValue> void compare(std::size_t referenceRow, RunValue runValue) {
    const ResultData::Row& row = reference_.rows[referenceRow];
    for (const Column& column : columns_) {
      double expected = row.values[column.reference];
      double actual = runValue(column.run);
      double difference = absoluteDifference(actual, expected);
      double relative = difference / std::max(std::abs(expected), column.relativeFloor);
      record(difference, relative, reference_.names[column.reference], row.time);
      VariableDeviation& variable = deviation_.variables[column.variable];
      variable.maxAbsolute = std::max(variable.maxAbsolute, difference);
      variable.maxRelative = std::max(variable.maxRelative, relative);
    }
  }

private:
  struct Column {
    std::size_t reference, run;
    double relativeFloor;
    std::size_t variable; // index into Deviation::variables
  };

  static double relativeFloor(const ResultData& reference, std::size_t column) {
    double largest = 0.0;
    for (const ResultData::Row& row : reference.rows)
      if (std::isfinite(row.values[column]))
        largest = std::max(largest, std::abs(row.values[column]));
    return largest > 0 ? 1e-3 * largest : 1.0;
  }

  static double absoluteDifference(double actual, double expected) {
    if (std::isnan(actual) || std::isnan(expected))
      return std::isnan(actual) == std::isnan(expected) ? 0.0
                                                        : std::numeric_limits<double>::infinity();
    if (actual == expected) return 0.0; // equal infinities too
    return std::abs(actual - expected);
  }

  void record(double difference, double relative, const std::string& name, double time) {
    bool first = deviation_.comparedValues++ == 0;
    if (first || difference > deviation_.maxAbsolute) {
      deviation_.maxAbsolute = difference;
      deviation_.absoluteVariable = name;
      deviation_.absoluteTime = time;
    }
    if (first || relative > deviation_.maxRelative) {
      deviation_.maxRelative = relative;
      deviation_.relativeVariable = name;
      deviation_.relativeTime = time;
    }
  }

  const ResultData& reference_;
  Deviation& deviation_;
  std::vector<Column> columns_;
};

/// Step 3: the rows strictly inside each common segment, against the run's same segment.
void compareSegments(const ResultData& run, const ResultData& reference,
                     const std::vector<Segment>& runSegments,
                     const std::vector<Segment>& referenceSegments, std::size_t commonEvents,
                     DeviationTracker& tracker) {
  double runEnd = run.rows.back().time;
  for (std::size_t k = 0; k <= commonEvents; ++k) {
    Segment segment = referenceSegments[k];
    // The rows at the segment's bounding events are limits, compared by compareEventLimits.
    std::size_t first = k > 0 ? segment.first + 1 : segment.first;
    std::size_t last = k + 1 < referenceSegments.size() ? segment.last : segment.last + 1;
    for (std::size_t row = first; row < last; ++row) {
      double time = reference.rows[row].time;
      if (time > runEnd) return; // the run stopped early
      SegmentInterpolation interpolation(run, runSegments[k], time);
      tracker.compare(row, [&](std::size_t column) { return interpolation.value(column); });
    }
  }
}

/// Step 4: left limits with left limits, right limits with right limits.
void compareEventLimits(const ResultData& run, const std::vector<EventInstant>& runEvents,
                        const std::vector<EventInstant>& referenceEvents, std::size_t commonEvents,
                        DeviationTracker& tracker) {
  for (std::size_t k = 0; k < commonEvents; ++k) {
    const ResultData::Row& runLeft = run.rows[runEvents[k].leftRow];
    const ResultData::Row& runRight = run.rows[runEvents[k].rightRow];
    tracker.compare(referenceEvents[k].leftRow,
                    [&](std::size_t column) { return runLeft.values[column]; });
    tracker.compare(referenceEvents[k].rightRow,
                    [&](std::size_t column) { return runRight.values[column]; });
  }
}

} // namespace

ResultData fromResultTable(const runtime::ResultTable& table) {
  ResultData result;
  for (const runtime::ResultColumn& column : table.columns())
    result.names.push_back(column.name);
  for (const runtime::ResultTable::Row& row : table.rows())
    result.rows.push_back({row.time, row.values});
  return result;
}

std::vector<EventInstant> findEvents(const ResultData& result, double mergeWindow) {
  std::vector<EventInstant> events;
  const auto& rows = result.rows;
  for (std::size_t i = 0; i + 1 < rows.size();) {
    std::size_t last = i;
    while (last + 1 < rows.size() && rows[last + 1].time == rows[i].time)
      ++last;
    if (last > i) {
      if (!events.empty() && rows[i].time - events.back().time <= mergeWindow)
        events.back().rightRow = last;
      else
        events.push_back({rows[i].time, i, last});
    }
    i = last + 1;
  }
  return events;
}

double eventMergeWindow(const ResultData& reference) {
  if (reference.rows.empty()) return 0.0;
  return 1e-9 * (reference.rows.back().time - reference.rows.front().time);
}

Deviation compareResults(const ResultData& run, const ResultData& reference) {
  Deviation deviation;
  double mergeWindow = eventMergeWindow(reference);
  std::vector<EventInstant> runEvents = findEvents(run, mergeWindow);
  std::vector<EventInstant> referenceEvents = findEvents(reference, mergeWindow);
  deviation.runEvents = runEvents.size();
  deviation.referenceEvents = referenceEvents.size();
  std::size_t commonEvents = std::min(runEvents.size(), referenceEvents.size());
  for (std::size_t k = 0; k < commonEvents; ++k) {
    deviation.events.push_back({referenceEvents[k].time, runEvents[k].time});
    deviation.maxEventTimeDeviation = std::max(
        deviation.maxEventTimeDeviation, std::abs(runEvents[k].time - referenceEvents[k].time));
  }
  DeviationTracker tracker(run, reference, deviation);
  if (run.rows.empty() || reference.rows.empty()) return deviation;
  compareSegments(run, reference, segmentsOf(run, runEvents),
                  segmentsOf(reference, referenceEvents), commonEvents, tracker);
  compareEventLimits(run, runEvents, referenceEvents, commonEvents, tracker);
  return deviation;
}

} // namespace mocc::tool
