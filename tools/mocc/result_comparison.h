// Comparing two simulation results event by event (`mocc compare`). A result is mocc's row
// format: a time column, then variables; two or more consecutive rows with the same time are
// one event instant (the first is the left limit, the last the right limit).
//
// The method, chosen so that a jump is never interpolated across:
//  1. Each result is split at its event instants into segments: segment k runs from the right
//     limit of event k-1 (or the first row) to the left limit of event k (or the last row).
//     Event instants closer together than 1e-9 of the reference's time span are one event
//     (its left limit is the first row, its right limit the last): a landing and the release
//     of its relation a rounding error later are two instants at one tolerance and one at
//     another.
//  2. Events are matched in order: the k-th event of the run with the k-th of the reference.
//     The event-time deviation is the largest |t_run - t_ref| over matched events; when the
//     counts differ, that is reported and only the common events (and segments 0..common)
//     are compared.
//  3. Every reference row inside segment k is compared with the run interpolated linearly in
//     the run's segment k only. A reference time outside that segment's span (the run's event
//     came earlier or later) takes the segment's end value, so a shifted event shows up as a
//     deviation of the order of the time shift times the slope, never as the size of the jump.
//  4. At each matched event, left limits are compared with left limits and right limits with
//     right limits, each at its own time.
// Reference rows past the end of the run (a failed run stops early) are not compared.
// Relative deviations divide by |reference value|, but by no less than 1e-3 times the largest
// magnitude the variable reaches in the reference (by 1 when it is zero throughout), so that
// zero crossings do not make them infinite. A NaN on one side only is an infinite deviation.
#pragma once

#include "mocc/runtime/result_reader.h"
#include "mocc/runtime/result_sink.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mocc::tool {

using runtime::readResultCsv;
using runtime::ResultData;

/// The rows an in-memory sink collected.
ResultData fromResultTable(const runtime::ResultTable& table);

/// Where a result's events are: one entry per event instant.
struct EventInstant {
  double time;
  std::size_t leftRow;  // the first row at this time
  std::size_t rightRow; // the last row at this time
};
/// Instants within `mergeWindow` of the previous one (from its first time) join it.
std::vector<EventInstant> findEvents(const ResultData& result, double mergeWindow = 0.0);

/// The merge window compareResults uses: 1e-9 of the reference's time span.
double eventMergeWindow(const ResultData& reference);

/// The largest deviations of one variable.
struct VariableDeviation {
  std::string name;
  double maxAbsolute = 0.0;
  double maxRelative = 0.0;
};

/// One matched event: its time in the reference and in the run.
struct EventTimes {
  double reference;
  double run;
};

struct Deviation {
  double maxAbsolute = 0.0;
  std::string absoluteVariable; // where the largest absolute deviation occurs; empty: none
  double absoluteTime = 0.0;
  double maxRelative = 0.0;
  std::string relativeVariable;
  double relativeTime = 0.0;
  std::size_t comparedValues = 0;
  std::size_t runEvents = 0, referenceEvents = 0;
  double maxEventTimeDeviation = 0.0; // over the matched (common) events
  std::vector<EventTimes> events;     // the matched events, in order
  /// Per compared variable (in the reference's column order), over all compared values.
  std::vector<VariableDeviation> variables;
  /// Reference variables the run does not have (not compared).
  std::vector<std::string> missingVariables;

  bool eventCountsDiffer() const { return runEvents != referenceEvents; }
};

/// Compares `run` with `reference` by the method above.
Deviation compareResults(const ResultData& run, const ResultData& reference);

} // namespace mocc::tool
