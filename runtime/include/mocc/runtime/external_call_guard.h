// The guard around every call of the runtime into generated code (modelica_utilities.cpp).
// External C code ends a call with ModelicaError (MLS 3.6 section 12.9.6.1), which never
// returns: it longjmps to the innermost guard of the calling thread. That is only sound when
// the frames it skips are generated code and external C code, which have no destructors; so
// the runtime guards each call into generated code itself (ModelInstance's guarded model for
// the ABI functions, AlgebraicSolver for the loops' residuals and Jacobians) and never lets
// a guarded call run runtime C++ frames.
#pragma once

#include "mocc/model.h"

#include <optional>
#include <string>

namespace mocc::runtime {

/// Runs body(context) under a new innermost guard for `instance` (whose services receive the
/// warnings and strings of external code meanwhile; may be null). nullopt when body returned;
/// the message when external code called ModelicaError inside it: body's frames are gone.
std::optional<std::string> runGuarded(mocc_instance* instance, void (*body)(void*), void* context);

/// runGuarded for a callable: `call` must only call generated code (its own frame and
/// everything it keeps alive must be trivially destructible: a longjmp may skip it).
template <typename Call>
std::optional<std::string> guardedCall(mocc_instance* instance, Call& call) {
  return runGuarded(
      instance, [](void* context) { (*static_cast<Call*>(context))(); }, &call);
}

/// How many guards are active on this thread (0 outside every call into generated code).
int activeGuards();

} // namespace mocc::runtime
