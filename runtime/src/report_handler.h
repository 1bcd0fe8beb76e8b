// Collects what generated code reports through mocc_instance.report (model.h), as forwarded by
// InstanceServices: failed asserts and terminate(); and the errors and warnings of external C
// code (ModelicaUtilities.h), which MLS 3.6 section 12.9.6.1 treats like asserts. Generated
// code carries on after reporting an assert, and a ModelicaError has abandoned the call;
// whoever called the model function decides afterwards (fail, reject a trial step, stop after
// the event).
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/instance_services.h"
#include "mocc/runtime/simulation.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::runtime {

/// A report with its time and message text.
struct ModelReport {
  double time;
  std::string message;
  bool external = false; // from ModelicaError in external code rather than from an assert
  std::string origin;    // "file:line:col" of the assert, or ""
  /// "assertion failed at time <time>: <message> (assert at <origin>)" or "ModelicaError at
  /// time <time>: <message>".
  std::string describe() const;
};

class ReportHandler {
public:
  /// `texts` gives the Strings of messages their text (it may be filled later, but must outlive
  /// this object).
  ReportHandler(const mocc_model& model, const TextTable& texts) : model_(model), texts_(texts) {}
  ReportHandler(const ReportHandler&) = delete;
  ReportHandler& operator=(const ReportHandler&) = delete;

  /// Records one report of generated code (InstanceServices forwards them here) with the
  /// values of its message (model.h; null when it has none).
  void record(int32_t kind, int32_t message, double time, const double* values);
  /// Records a ModelicaError (counted as an assert error) or a ModelicaWarning (collected
  /// like an assert warning, one entry per text) of external code.
  void recordExternal(ExternalReportKind kind, double time, const std::string& text);

  /// How many assert errors and ModelicaErrors were reported so far (to tell whether one
  /// call reported one).
  long assertErrorCount() const { return assertErrorCount_; }
  /// The first assert error reported since the last take, and forgets all pending ones.
  std::optional<ModelReport> takeFirstAssertError();
  /// The latest assert error reported since the last take, and forgets all pending ones.
  std::optional<ModelReport> takeLatestAssertError();

  bool terminateRequested() const { return termination_.has_value(); }
  /// The first terminate() report; only valid when terminateRequested().
  const ModelReport& termination() const { return *termination_; }

  const std::vector<SimulationWarning>& warnings() const { return warnings_; }

  /// While set, assert warnings are dropped: the values are an integrator's trial point, not
  /// the solution (MLS 3.6 section 8.3.7 recommends reporting after accepted steps).
  void setTrialEvaluation(bool trial) { trialEvaluation_ = trial; }

private:
  /// `message` -1 for external code's warnings, which are told apart by their text.
  void addWarning(int32_t message, double time, std::string text);
  void addError(ModelReport report);

  const mocc_model& model_;
  const TextTable& texts_;
  long assertErrorCount_ = 0;
  bool trialEvaluation_ = false;
  std::optional<ModelReport> firstAssertError_, latestAssertError_;
  std::optional<ModelReport> termination_;
  std::vector<SimulationWarning> warnings_;
  std::vector<int32_t> warningMessages_; // the message of each warning, -1 for external code
};

} // namespace mocc::runtime
