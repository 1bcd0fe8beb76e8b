// The model as an OdeSystem for the integrators: during a callback instance->x and dx point at
// the integrator's own vectors (no copies) and are restored afterwards; relations stay frozen
// (continuous mode). A model without states gets one dummy state with zero derivative.
#pragma once

#include "mocc/runtime/integrator.h"
#include "mocc/runtime/model_instance.h"
#include "report_handler.h"

#include <string>
#include <vector>

namespace mocc::runtime {

class ModelOde final : public OdeSystem {
public:
  ModelOde(ModelInstance& instance, ReportHandler& reports);

  int size() const override;
  int rootCount() const override { return instance_.model().n_crossings; }
  /// Recoverable when the model reported an assert error or a derivative is not finite: the
  /// point may be a trial the integrator rejects (MLS asserts concern the solution).
  CallbackStatus derivatives(double t, std::span<const double> y, std::span<double> dy) override;
  /// Fatal on an assert error or a non-finite value: root functions are evaluated on the
  /// accepted solution only.
  CallbackStatus roots(double t, std::span<const double> y, std::span<double> g) override;

  /// Why the latest callback was not Ok ("der(x) is nan at time 1"), or empty.
  const std::string& problem() const { return problem_; }
  void clearProblem() { problem_.clear(); }

  /// The integrator's vector for the instance's current states (the dummy when there are none).
  std::vector<double> integratorState() const;
  /// Copies the integrator's vector into the instance's states.
  void loadState(std::span<const double> y);
  /// Description of crossing function i for messages.
  std::string crossingDescription(int crossing) const;

private:
  ModelInstance& instance_;
  ReportHandler& reports_;
  std::vector<std::string> derivativeNames_;
  std::string problem_;
};

} // namespace mocc::runtime
