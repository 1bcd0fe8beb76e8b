// ReportHandler: the bookkeeping of what generated code reports: assert errors, assert
// warnings (one entry per message) and terminate().
#include "report_handler.h"

#include <fmt/format.h>

#include <utility>

namespace mocc::runtime {

void ReportHandler::record(int32_t kind, int32_t message, double time) {
  std::string text = messageText(message);
  switch (kind) {
  case MOCC_REPORT_ASSERT_WARNING:
    if (!trialEvaluation_) addWarning(time, std::move(text));
    return;
  case MOCC_REPORT_TERMINATE:
    if (!termination_) termination_ = ModelReport{time, std::move(text)};
    return;
  case MOCC_REPORT_ASSERT_ERROR: break;
  default: text = fmt::format("unknown report kind {} ({})", kind, text); break;
  }
  ++assertErrorCount_;
  if (!firstAssertError_) firstAssertError_ = ModelReport{time, text};
  latestAssertError_ = ModelReport{time, std::move(text)};
}

void ReportHandler::addWarning(double time, std::string text) {
  // One entry per message: an assert evaluated at every step would otherwise flood the list.
  for (SimulationWarning& warning : warnings_)
    if (warning.message == text) {
      ++warning.count;
      return;
    }
  warnings_.push_back(SimulationWarning{time, std::move(text), 1});
}

std::string ReportHandler::messageText(int32_t message) const {
  if (message >= 0 && message < model_.n_messages && model_.messages[message])
    return model_.messages[message];
  return fmt::format("message #{}", message);
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
