// The event log's columns: time, kind (state, time, terminal), the crossing index, its source
// expression and file:line (split from the crossing's description "h < 0 at Ball.mo:9:8"), the
// direction it crossed zero in, the residual |g(t_e)|, the root-function evaluations the
// location took, and the locating method.
#include "event_log.h"

#include <fmt/format.h>

#include <fstream>

namespace mocc::cli {

namespace {

/// CSV quoting: every field that may hold a comma or a quote is quoted.
std::string csvQuoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

} // namespace

std::optional<std::string> writeEventLog(const std::filesystem::path& path,
                                         const runtime::SimulationResult& result,
                                         const std::string& locator) {
  std::ofstream out(path);
  if (!out) return fmt::format("cannot write the event log {}", path.string());
  out << "time,kind,crossing,expression,location,direction,residual,iterations,locator\n";
  for (const runtime::EventRecord& event : result.events) {
    std::string expression = event.description, location;
    if (auto at = expression.rfind(" at "); at != std::string::npos) {
      location = expression.substr(at + 4);
      expression.resize(at);
    }
    bool state = event.kind == runtime::EventRecord::Kind::State;
    out << fmt::format(
        "{:.17g},{},{},{},{},{},{},{},{}\n", event.time, runtime::eventKindName(event.kind),
        state ? std::to_string(event.crossing) : std::string(), csvQuoted(expression),
        csvQuoted(location), state ? std::to_string(event.direction) : std::string(),
        state ? fmt::format("{:.3e}", event.residual) : std::string(),
        state ? std::to_string(event.iterations) : std::string(), state ? locator : std::string());
  }
  out.close();
  if (!out) return fmt::format("cannot write the event log {}", path.string());
  return std::nullopt;
}

} // namespace mocc::cli
