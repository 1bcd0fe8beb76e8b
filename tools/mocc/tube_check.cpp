// The csv-compare tube check of tube_check.h.
#include "tube_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace mocc::tool {

namespace {

double interpolate(const Signal& s, std::size_t k, double t) {
  double t0 = s.time[k], t1 = s.time[k + 1];
  double share = (t - t0) / (t1 - t0);
  return s.value[k] + share * (s.value[k + 1] - s.value[k]);
}

/// The value of `s` at `t` on the segment that strictly contains it, if any: rows k, k+1 with
/// time[k] < t < time[k+1]. (A time equal to a row's is that row's, checked on its own.)
std::optional<double> valueInsideSegment(const Signal& s, double t) {
  auto after = std::upper_bound(s.time.begin(), s.time.end(), t);
  if (after == s.time.begin() || after == s.time.end()) return std::nullopt;
  std::size_t k = static_cast<std::size_t>(after - s.time.begin()) - 1;
  if (s.time[k] == t) return std::nullopt;
  return interpolate(s, k, t);
}

struct Excursion {
  double units;
  double time, value;
};

Excursion excursionAt(const Signal& reference, const TubeSize& tube, double t, double y) {
  if (!std::isfinite(y)) return {std::numeric_limits<double>::infinity(), t, y};
  auto range = rangeOver(reference, t - tube.time, t + tube.time);
  if (!range) return {0.0, t, y};
  double outside = std::max({0.0, range->low - y, y - range->high});
  return {outside / tube.value, t, y};
}

void record(SignalVerdict& verdict, const Excursion& e) {
  ++verdict.checkedPoints;
  if (e.units > 1.0) ++verdict.pointsOutside;
  if (verdict.checkedPoints == 1 || e.units > verdict.worstExcursion) {
    verdict.worstExcursion = e.units;
    verdict.worstTime = e.time;
    verdict.worstValue = e.value;
  }
}

} // namespace

TubeSize tubeSize(const Signal& reference, double tolerance) {
  double span = reference.time.back() - reference.time.front();
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (double v : reference.value) {
    if (!std::isfinite(v)) continue;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  if (low > high) low = high = 0.0;
  return {tolerance * std::max(span, std::abs(reference.time.front())),
          tolerance * std::max({high - low, std::abs(low), 1e-3})};
}

std::optional<ValueRange> rangeOver(const Signal& reference, double from, double to) {
  const std::vector<double>& time = reference.time;
  if (time.empty() || to < time.front() || from > time.back()) return std::nullopt;
  from = std::max(from, time.front());
  to = std::min(to, time.back());
  ValueRange range{std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity()};
  auto include = [&range](double v) {
    range.low = std::min(range.low, v);
    range.high = std::max(range.high, v);
  };
  for (double edge : {from, to})
    if (auto v = valueInsideSegment(reference, edge)) include(*v);
  auto first = std::lower_bound(time.begin(), time.end(), from);
  auto last = std::upper_bound(time.begin(), time.end(), to);
  for (auto it = first; it != last; ++it)
    include(reference.value[static_cast<std::size_t>(it - time.begin())]);
  return range;
}

/// The times csv-compare checks a result at: the reference's times and the corners of their
/// rectangles (t - dt, t + dt), inside the reference's span, sorted and without repeats.
std::vector<double> tubeTimes(const Signal& reference, double halfWidth) {
  std::vector<double> times;
  double begin = reference.time.front(), end = reference.time.back();
  for (double t : reference.time)
    for (double at : {t - halfWidth, t, t + halfWidth})
      if (at >= begin && at <= end) times.push_back(at);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

/// The result's values at `t`: every row at exactly that time (both limits of an event), else
/// the value interpolated in the segment that contains it; none outside the result's span.
std::vector<double> valuesAt(const Signal& result, double t) {
  auto first = std::lower_bound(result.time.begin(), result.time.end(), t);
  auto last = std::upper_bound(first, result.time.end(), t);
  if (first != last)
    return {result.value.begin() + (first - result.time.begin()),
            result.value.begin() + (last - result.time.begin())};
  if (auto y = valueInsideSegment(result, t)) return {*y};
  return {};
}

/// The points where both curves have data: the reference's rows and the result's event
/// instants (two rows at one time) inside the reference's span, sorted, without repeats.
std::vector<double> sharedTimes(const Signal& reference, const Signal& result) {
  std::vector<double> times = reference.time;
  double begin = reference.time.front(), end = reference.time.back();
  for (std::size_t k = 1; k < result.time.size(); ++k) {
    double t = result.time[k];
    if (t == result.time[k - 1] && t >= begin && t <= end) times.push_back(t);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

PointsVerdict checkAtRows(const Signal& result, const Signal& reference, const TubeSize& tube,
                          bool coversSpan) {
  PointsVerdict verdict;
  for (double t : sharedTimes(reference, result)) {
    for (double y : valuesAt(result, t)) {
      Excursion e = excursionAt(reference, tube, t, y);
      if (verdict.checkedPoints++ == 0 || e.units > verdict.worstExcursion) {
        verdict.worstExcursion = e.units;
        verdict.worstTime = e.time;
      }
    }
  }
  verdict.passed = coversSpan && verdict.checkedPoints > 0 && verdict.worstExcursion <= 1.0;
  return verdict;
}

SignalVerdict checkSignal(const Signal& result, const Signal& reference, double tolerance) {
  SignalVerdict verdict;
  verdict.tube = tubeSize(reference, tolerance);
  for (double t : tubeTimes(reference, verdict.tube.time))
    for (double y : valuesAt(result, t))
      record(verdict, excursionAt(reference, verdict.tube, t, y));
  double begin = reference.time.front(), end = reference.time.back();
  verdict.coversSpan = !result.time.empty() && result.time.back() >= end - verdict.tube.time &&
                       result.time.front() <= begin + verdict.tube.time;
  verdict.passed = verdict.coversSpan && verdict.checkedPoints > 0 && verdict.worstExcursion <= 1.0;
  verdict.atRows = checkAtRows(result, reference, verdict.tube, verdict.coversSpan);
  return verdict;
}

std::optional<Signal> signalOf(const ResultData& data, const std::string& name) {
  auto column = std::find(data.names.begin(), data.names.end(), name);
  if (column == data.names.end()) return std::nullopt;
  auto index = static_cast<std::size_t>(column - data.names.begin());
  Signal signal;
  signal.time.reserve(data.rows.size());
  signal.value.reserve(data.rows.size());
  for (const ResultData::Row& row : data.rows) {
    signal.time.push_back(row.time);
    signal.value.push_back(row.values[index]);
  }
  return signal;
}

std::vector<SignalVerdict> checkTube(const ResultData& result, const ResultData& reference,
                                     const std::vector<std::string>& signals, double tolerance) {
  const std::vector<std::string>& names = signals.empty() ? reference.names : signals;
  std::vector<SignalVerdict> verdicts;
  for (const std::string& name : names) {
    auto expected = signalOf(reference, name);
    if (!expected || expected->time.empty())
      throw std::runtime_error(fmt::format("the reference has no signal '{}'", name));
    auto actual = signalOf(result, name);
    SignalVerdict verdict;
    if (actual) {
      verdict = checkSignal(*actual, *expected, tolerance);
    } else {
      verdict.inResult = false;
      verdict.tube = tubeSize(*expected, tolerance);
    }
    verdict.name = name;
    verdicts.push_back(std::move(verdict));
  }
  return verdicts;
}

std::vector<std::string> readSignalList(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot read '{}'", path.string()));
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);) {
    line.erase(
        std::remove_if(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); }),
        line.end());
    if (!line.empty() && line != "time" && line.rfind("//", 0) != 0) names.push_back(line);
  }
  return names;
}

TubeEdges tubeEdges(const Signal& reference, double tolerance) {
  TubeSize tube = tubeSize(reference, tolerance);
  TubeEdges edges;
  for (double t : tubeTimes(reference, tube.time)) {
    auto range = rangeOver(reference, t - tube.time, t + tube.time);
    edges.time.push_back(t);
    edges.lower.push_back(range->low - tube.value);
    edges.upper.push_back(range->high + tube.value);
  }
  return edges;
}

} // namespace mocc::tool
