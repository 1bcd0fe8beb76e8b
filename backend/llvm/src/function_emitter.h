// The six functions of the model ABI (runtime/include/mocc/model.h), each emitted from its part
// of a sim::Program: bind, derivatives, crossings, outputs, event_update, next_time_event.
#pragma once

#include "module_context.h"

namespace mocc::backend::jit {

/// Symbol names of the ABI functions in the emitted module.
struct EntryNames {
  static constexpr const char* bind = "mocc_bind";
  static constexpr const char* derivatives = "mocc_derivatives";
  static constexpr const char* crossings = "mocc_crossings";
  static constexpr const char* outputs = "mocc_outputs";
  static constexpr const char* eventUpdate = "mocc_event_update";
  static constexpr const char* nextTimeEvent = "mocc_next_time_event";
};

/// Emits all six functions of `module.program` into `module.module`. Throws EmitError for a
/// malformed program.
void emitModelFunctions(ModuleContext& module);

} // namespace mocc::backend::jit
