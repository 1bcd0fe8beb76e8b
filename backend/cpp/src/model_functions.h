// The functions of the model ABI (runtime/include/mocc/model.h), each written from its part of
// a sim::Program, as backend/llvm's function_emitter.cpp emits them: bind, derivatives,
// crossings, outputs, event_update, next_time_event, initialize, and (when the program has
// them) the residual and Jacobian functions of algebraic loops, jacobian, state_set_jacobian
// and dae_residuals.
#pragma once

#include "context.h"

#include "mocc/sim/model_entries.h"

namespace mocc::backend::cpp {

/// Writes every ABI function `context.program` defines (sim::definesEntry) into `code`, each
/// named after its field of mocc_model (model_entries.def). Throws EmitError for a malformed
/// program.
void writeModelFunctions(Context& context, Code& code);

} // namespace mocc::backend::cpp
