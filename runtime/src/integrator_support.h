// Pieces shared by the SUNDIALS integrators (CVODE, IDA, ARKODE): spans over serial N_Vectors,
// absolute tolerances, the component to blame for a failed error test, the distance below which
// a target time counts as reached, and CallbackGuard, which runs OdeSystem callbacks from C and
// keeps their exceptions for the integrator to rethrow.
#pragma once

#include "mocc/runtime/integrator.h"

#include <nvector/nvector_serial.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>

namespace mocc::runtime {

inline std::span<double> view(N_Vector vector) {
  return {N_VGetArrayPointer(vector), static_cast<std::size_t>(N_VGetLength(vector))};
}

/// A new vector of `size` absolute tolerances (IntegratorSettings::absoluteToleranceOf), for
/// the SV tolerance functions, which copy it; the caller destroys it.
inline N_Vector absoluteTolerances(const IntegratorSettings& settings, sunindextype size,
                                   SUNContext context) {
  N_Vector tolerances = N_VNew_Serial(size, context);
  if (!tolerances) return nullptr;
  std::span<double> values = view(tolerances);
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = settings.absoluteToleranceOf(i);
  return tolerances;
}

/// The component whose local error estimate weighs most in the error test: the largest
/// |error_i * weight_i| (the weights are 1 / (rtol |y_i| + atol_i)). `errors(v)` and
/// `weights(v)` fill a vector like `like` (CVodeGetEstLocalErrors, IDAGetErrWeights, ...) and
/// return 0 on success.
template <typename Errors, typename Weights>
std::optional<std::size_t> largestLocalError(N_Vector like, Errors&& errors, Weights&& weights) {
  std::optional<std::size_t> worst;
  N_Vector e = N_VClone(like), w = N_VClone(like);
  if (e && w && errors(e) == 0 && weights(w) == 0) {
    std::span<const double> ev = view(e), wv = view(w);
    double largest = -1.0;
    for (std::size_t i = 0; i < ev.size(); ++i) {
      double weighted = std::abs(ev[i] * wv[i]);
      if (weighted > largest) largest = weighted, worst = i;
    }
  }
  if (e) N_VDestroy(e);
  if (w) N_VDestroy(w);
  return worst;
}

/// Runs `check()`, which throws IntegratorError for a failed flag, and names in that error the
/// component `blame()` finds (after a failed error test: largestLocalError).
template <typename Check, typename Blame> void checkBlaming(Check&& check, Blame&& blame) {
  try {
    check();
  } catch (IntegratorError& error) {
    if (auto component = blame()) error.setLargestErrorComponent(*component);
    throw;
  }
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
