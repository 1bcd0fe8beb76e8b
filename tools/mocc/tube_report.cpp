// The tube table and plots of tube_report.h.
#include "tube_report.h"

#include "mocc/cli/plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <ostream>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

std::string where(const SignalVerdict& v) {
  if (!v.inResult) return "not in the result";
  if (!v.coversSpan) return "the result does not cover the reference's time span";
  if (v.checkedPoints == 0) return "no point to check";
  return fmt::format("t = {:.6g}, value {:.6g}", v.worstTime, v.worstValue);
}

std::string excursion(const SignalVerdict& v) {
  if (!v.inResult || v.checkedPoints == 0) return "-";
  if (std::isinf(v.worstExcursion)) return "inf";
  return fmt::format("{:.3g}", v.worstExcursion);
}

/// A file name part made of the signal's name: letters, digits, '.', '_' kept.
std::string fileSafe(const std::string& name) {
  std::string out;
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ? c : '_';
  return out;
}

bool writeColumns(const fs::path& path, const std::string& header,
                  const std::vector<const std::vector<double>*>& columns) {
  std::ofstream out(path);
  out << header << "\n";
  for (std::size_t row = 0; row < columns.front()->size(); ++row) {
    for (std::size_t c = 0; c < columns.size(); ++c)
      out << (c ? "," : "") << fmt::format("{}", (*columns[c])[row]);
    out << "\n";
  }
  return static_cast<bool>(out);
}

std::optional<fs::path> plotSignal(const Signal& result, const Signal& reference,
                                   const SignalVerdict& v, double tolerance,
                                   const std::string& stem, std::ostream& errors) {
  TubeEdges edges = tubeEdges(reference, tolerance);
  fs::path tubeCsv = stem + ".tube.csv", referenceCsv = stem + ".reference.csv",
           resultCsv = stem + ".result.csv";
  if (!writeColumns(tubeCsv, "time,lower,upper", {&edges.time, &edges.lower, &edges.upper}) ||
      !writeColumns(referenceCsv, "time,reference", {&reference.time, &reference.value}) ||
      !writeColumns(resultCsv, "time,result", {&result.time, &result.value})) {
    errors << "mocc: error: cannot write the plot data of '" << v.name << "'\n";
    return std::nullopt;
  }
  cli::PlotRequest request;
  request.csv = tubeCsv;
  request.script = stem + ".gp";
  request.png = stem + ".png";
  request.title =
      fmt::format("{}: worst excursion {} tube units at {}", v.name, excursion(v), where(v));
  request.series = {{"tube lower edge", 2},
                    {"tube upper edge", 3},
                    {"reference", 2, referenceCsv},
                    {"result", 2, resultCsv}};
  if (auto problem = cli::plotResults(request)) {
    errors << "mocc: error: " << *problem << "\n";
    return std::nullopt;
  }
  return request.png;
}

std::string excursionAtRows(const SignalVerdict& v) {
  if (!v.inResult || v.atRows.checkedPoints == 0) return "-";
  if (std::isinf(v.atRows.worstExcursion)) return "inf";
  return fmt::format("{:.3g}", v.atRows.worstExcursion);
}

} // namespace

void printTubeTable(std::ostream& out, const std::vector<SignalVerdict>& verdicts) {
  std::vector<std::vector<std::string>> rows = {
      {"signal", "verdict", "worst excursion [tube]", "at the reference's rows", "where"}};
  for (const SignalVerdict& v : verdicts)
    rows.push_back(
        {v.name, v.passed ? "pass" : "FAIL", excursion(v), excursionAtRows(v), where(v)});
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (const auto& row : rows) {
    for (std::size_t i = 0; i + 1 < row.size(); ++i)
      out << fmt::format("{:<{}}  ", row[i], widths[i]);
    out << row.back() << "\n";
  }
}

bool allPassed(const std::vector<SignalVerdict>& verdicts) {
  return std::all_of(verdicts.begin(), verdicts.end(),
                     [](const SignalVerdict& v) { return v.passed; });
}

std::vector<fs::path> plotFailingSignals(const ResultData& result, const ResultData& reference,
                                         const std::vector<SignalVerdict>& verdicts,
                                         double tolerance, const std::string& prefix,
                                         std::ostream& errors) {
  std::vector<fs::path> written;
  for (const SignalVerdict& v : verdicts) {
    if (v.passed || !v.inResult) continue;
    auto actual = signalOf(result, v.name);
    auto expected = signalOf(reference, v.name);
    if (!actual || !expected) continue;
    if (auto png = plotSignal(*actual, *expected, v, tolerance, prefix + fileSafe(v.name), errors))
      written.push_back(*png);
  }
  return written;
}

} // namespace mocc::tool
