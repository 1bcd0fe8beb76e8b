// ReportHandler: the bookkeeping of what generated code reports: assert errors, assert
// warnings (one entry per message), terminate() and messages to show.
#include "report_handler.h"

#include "mocc/runtime/instance_services.h"

#include <fmt/format.h>

#include <cstdio>
#include <utility>

namespace mocc::runtime {

void ReportHandler::record(int32_t kind, int32_t message, double time, const double* values) {
  std::string text = formatMessage(model_, message, values, &texts_);
  switch (kind) {
  case MOCC_REPORT_ASSERT_WARNING:
    if (!trialEvaluation_) addWarning(message, time, std::move(text));
    return;
  case MOCC_REPORT_TERMINATE:
    if (!termination_) termination_ = ModelReport{time, std::move(text)};
    return;
  case MOCC_REPORT_MESSAGE:
    // Shown as ModelicaMessage shows external code's (MLS 12.9.6), on a line of its own;
    // an integrator's trial point is no run of the statement.
    if (!trialEvaluation_) std::printf("%s\n", text.c_str());
    return;
  case MOCC_REPORT_ASSERT_ERROR: break;
  default: text = fmt::format("unknown report kind {} ({})", kind, text); break;
  }
  const char* origin = model_.message_origins && message >= 0 && message < model_.n_messages
                           ? model_.message_origins[message]
                           : nullptr;
  addError(ModelReport{time, std::move(text), false, origin ? origin : ""});
}

void ReportHandler::recordExternal(ExternalReportKind kind, double time, const std::string& text) {
  if (kind == ExternalReportKind::Error) {
    addError(ModelReport{time, text, true});
  } else if (!trialEvaluation_) {
    // "can skip duplicated messages similarly as an assert with level = AssertionLevel.warning"
    // (MLS 3.6 section 12.9.6.1): trial points do not count, as for asserts.
    addWarning(-1, time, text);
  }
}

void ReportHandler::addError(ModelReport report) {
  ++assertErrorCount_;
  if (!firstAssertError_) firstAssertError_ = report;
  latestAssertError_ = std::move(report);
}

std::string ModelReport::describe() const {
  std::string where = origin.empty() ? std::string() : fmt::format(" (assert at {})", origin);
  return fmt::format("{} at time {}: {}{}", external ? "ModelicaError" : "assertion failed", time,
                     message, where);
}

void ReportHandler::addWarning(int32_t message, double time, std::string text) {
  // One entry per message (with the text of its first report, when it has values): an assert
  // evaluated at every step would otherwise flood the list.
  for (std::size_t i = 0; i < warnings_.size(); ++i)
    if (warningMessages_[i] == message && (message >= 0 || warnings_[i].message == text)) {
      ++warnings_[i].count;
      return;
    }
  warnings_.push_back(SimulationWarning{time, std::move(text), 1});
  warningMessages_.push_back(message);
}

std::optional<ModelReport> ReportHandler::takeFirstAssertError() {
  latestAssertError_.reset();
  return std::exchange(firstAssertError_, std::nullopt);
}

std::optional<ModelReport> ReportHandler::takeLatestAssertError() {
  firstAssertError_.reset();
  return std::exchange(latestAssertError_, std::nullopt);
}

} // namespace mocc::runtime
