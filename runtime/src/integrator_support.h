// Pieces shared by the SUNDIALS integrators (CVODE, IDA): spans over serial N_Vectors, the
// distance below which a target time counts as reached, and CallbackGuard, which runs
// OdeSystem callbacks from C and keeps their exceptions for the integrator to rethrow.
#pragma once

#include "mocc/runtime/integrator.h"

#include <nvector/nvector_serial.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <span>
#include <utility>

namespace mocc::runtime {

inline std::span<double> view(N_Vector vector) {
  return {N_VGetArrayPointer(vector), static_cast<std::size_t>(N_VGetLength(vector))};
}

/// Targets closer than this to the current time are "reached" without calling the solver,
/// which refuses to start toward them (CV_TOO_CLOSE, IDA_TOO_CLOSE).
inline double tooCloseDistance(double t, double target) {
  return 16.0 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t), std::abs(target));
}

/// Runs callbacks for SUNDIALS, which expects 0 (ok), a positive value (recoverable: retry
/// with a smaller step) or a negative one (fatal). Exceptions must not unwind through C: the
/// first is kept and rethrown by rethrowPending() once the solver call has returned.
class CallbackGuard {
public:
  template <class Callback> int operator()(Callback&& callback) {
    try {
      switch (callback()) {
      case CallbackStatus::Ok: return 0;
      case CallbackStatus::Recoverable: return 1;
      case CallbackStatus::Fatal: return -1;
      }
    } catch (...) {
      if (!pending_) pending_ = std::current_exception();
    }
    return -1;
  }

  void rethrowPending() {
    if (pending_) std::rethrow_exception(std::exchange(pending_, {}));
  }

private:
  std::exception_ptr pending_;
};

} // namespace mocc::runtime
