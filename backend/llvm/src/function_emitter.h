// The functions of the model ABI (runtime/include/mocc/model.h), each emitted from its part of
// a sim::Program: bind, derivatives, crossings, outputs, event_update, next_time_event,
// initialize, and when the program has them jacobian, crossing_rates, state_set_jacobian and
// dae_residuals.
#pragma once

#include "module_context.h"

#include "mocc/sim/model_entries.h"

#include <string>

namespace mocc::backend::jit {

using Entry = sim::ModelEntry;

/// Emits the ABI functions that `module.program` defines (sim::definesEntry) into
/// `module.module`. Throws EmitError for a malformed program.
void emitModelFunctions(ModuleContext& module);

} // namespace mocc::backend::jit
