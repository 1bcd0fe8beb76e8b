// The one place SUNDIALS results are checked (DESIGN.md, "Diagnostics"): a failure becomes an
// IntegratorError naming the function, the flag's name and the time, with the explanation
// CVODE or IDA passed to its error handler (captured here instead of printed).
#pragma once

#include "mocc/runtime/integrator.h"

#include <string>

namespace mocc::runtime {

class SundialsCheck {
public:
  /// Which table names a flag: CVODE's (CV_*), its linear-solver interface's (CVLS_*), IDA's
  /// (IDA_*), IDA's linear-solver interface's (IDALS_*), or none (matrix and vector
  /// operations: the number is shown).
  enum class Flags { Cvode, LinearSolver, Ida, IdaLinearSolver, Other };

  /// Returns `flag` when it is not an error (>= 0); otherwise throws IntegratorError.
  int operator()(int flag, const char* function, double time, Flags flags = Flags::Cvode);

  /// Returns `object`, or throws IntegratorError when a constructor returned null.
  template <class T> T* created(T* object, const char* function, double time) {
    if (object == nullptr) fail(function, "NULL", time);
    return object;
  }

  /// CVErrHandlerFn and IDAErrHandlerFn: keeps the latest message; `self` is this object.
  static void errorHandler(int code, const char* module, const char* function, char* message,
                           void* self);

  /// The name SUNDIALS gives a flag ("CV_CONV_FAILURE", "IDA_CONV_FAIL").
  static std::string flagName(int flag, Flags flags = Flags::Cvode);

private:
  [[noreturn]] void fail(const char* function, const std::string& flagName, double time);

  std::string lastMessage_;
};

} // namespace mocc::runtime
