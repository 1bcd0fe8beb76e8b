// The functions of the model ABI (runtime/include/mocc/model.h), each written from its part of
// a sim::Program, as backend/llvm's function_emitter.cpp emits them: bind, derivatives,
// crossings, outputs, event_update, next_time_event, initialize, and (when the program has
// them) the residual and Jacobian functions of algebraic loops, jacobian, state_set_jacobian
// and dae_residuals.
#pragma once

#include "context.h"

namespace mocc::backend::cpp {

/// The names the descriptor points to; empty for a function the program does not define.
struct ModelFunctionNames {
  std::string initialize, jacobian, crossingRates, stateSetJacobian, daeResiduals, daeJacobian,
      destroyExternalObjects, delayInputs, updateParameters;
};

/// Writes every ABI function of `context.program` into `code`. Throws EmitError for a
/// malformed program.
ModelFunctionNames writeModelFunctions(Context& context, Code& code);

} // namespace mocc::backend::cpp
