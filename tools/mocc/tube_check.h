// Verifying a result against a reference the way the Modelica Association's regression tests
// do (csv-compare, ../shared/msl/README.md): a tube around each reference signal, the result
// passes when it stays inside.
//
// The tube of a signal r with tolerance tol (2e-3 in the MSL regression):
//  - half-width in time   dt = tol * max(t_end - t_start, |t_start|),
//  - half-height in value dy = tol * max(max r - min r, |min r|, 1e-3);
//  - it is the set swept by the rectangle [-dt, dt] x [-dy, dy] moving along the reference's
//    polyline (rows in order; the two rows of an event instant are a vertical segment). A point
//    (t, y) is inside when some point (s, r(s)) of the polyline has |t - s| <= dt and
//    |y - r(s)| <= dy. Because the polyline is connected, r takes every value between its
//    least and greatest over the window [t - dt, t + dt], so the test is
//    low(t) - dy <= y <= high(t) + dy with low/high that least and greatest value.
// The excursion of a point in tube units is its distance from [low(t), high(t)] divided by dy:
// 0 on the reference's range, 1 on the tube's edge; a signal passes when no excursion exceeds 1.
// Points checked, as csv-compare checks them: the result at the tube's times, which are the
// reference's times and the corners of their rectangles (t - dt, t + dt) inside its span; at
// each, every result row at exactly that time (both limits of an event) or else the result
// interpolated within its own segment. So a reference feature between two coarse result rows
// is not missed, and a feature of the result between two reference rows (a reference thinned
// to 1,000 rows cannot show it) is not held against it. A late event shows as the old level at
// a tube time whose whole window already lies past the jump (references are dense against the
// tube: the MSL's have 1,000 rows, half the width 2 dt apart).
//
// A reference thinned further than the tube is wide (rows more than 2 dt apart) puts the
// corners between its rows, where the tube follows the chord between two rows that the
// reference tool's own curve left: a peak of the result there leaves it although the reference
// says nothing about that time. So each verdict also says how the result fares at the points
// where both curves have data (SignalVerdict::atRows): the reference's rows, and the result's
// own event instants (both limits), where an event later or earlier than the tube's half-width
// shows as the wrong level in a window that holds only one side of the reference's jump.
#pragma once

#include "result_comparison.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

/// The tolerance of the MSL regression (csv-compare's default for the MSL).
inline constexpr double kMslTubeTolerance = 2e-3;

/// One signal of a reference: times and values, rows in file order.
struct Signal {
  std::vector<double> time, value;
};

struct TubeSize {
  double time;  // half-width dt
  double value; // half-height dy
};
TubeSize tubeSize(const Signal& reference, double tolerance);

/// The reference's least and greatest value over [from, to] (clipped to its span); nullopt
/// when the window misses the span.
struct ValueRange {
  double low, high;
};
std::optional<ValueRange> rangeOver(const Signal& reference, double from, double to);

/// The check at one set of points: the worst excursion there and whether none exceeds 1.
struct PointsVerdict {
  bool passed = false;
  double worstExcursion = 0.0; // in tube units; infinite for NaN
  double worstTime = 0.0;
  std::size_t checkedPoints = 0;
};

/// The verdict on one signal.
struct SignalVerdict {
  std::string name;
  bool inResult = true;   // false: the result has no such column (the signal fails)
  bool coversSpan = true; // false: the result starts or ends more than dt inside the span
  bool passed = false;
  double worstExcursion = 0.0; // in tube units (see above); infinite for NaN
  double worstTime = 0.0;      // where it occurs
  double worstValue = 0.0;     // the result's value there
  std::size_t checkedPoints = 0, pointsOutside = 0;
  TubeSize tube{0.0, 0.0};
  /// The same tube at the reference's rows and the result's event instants only (see above).
  PointsVerdict atRows;
};

/// Checks one signal of the result against its reference.
SignalVerdict checkSignal(const Signal& result, const Signal& reference, double tolerance);

/// The column `name` of `data` as a Signal; nullopt when there is no such column.
std::optional<Signal> signalOf(const ResultData& data, const std::string& name);

/// Checks `signals` (every reference column when empty) of `result` against `reference`.
std::vector<SignalVerdict> checkTube(const ResultData& result, const ResultData& reference,
                                     const std::vector<std::string>& signals, double tolerance);

/// A comparisonSignals.txt: one name a line; `time`, blank lines and `//` comments are skipped.
/// Throws std::runtime_error when the file cannot be read.
std::vector<std::string> readSignalList(const std::filesystem::path& path);

/// The tube's lower and upper edge sampled at `times` (for plots).
struct TubeEdges {
  std::vector<double> time, lower, upper;
};
TubeEdges tubeEdges(const Signal& reference, double tolerance);

} // namespace mocc::tool
