// The functions of the model ABI (runtime/include/mocc/model.h), each emitted from its part of
// a sim::Program: bind, derivatives, crossings, outputs, event_update, next_time_event,
// initialize, and when the program has them jacobian, crossing_rates, state_set_jacobian and
// dae_residuals.
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
  static constexpr const char* initialize = "mocc_initialize";
  static constexpr const char* jacobian = "mocc_jacobian";
  static constexpr const char* crossingRates = "mocc_crossing_rates";
  static constexpr const char* stateSetJacobian = "mocc_state_set_jacobian";
  static constexpr const char* daeResiduals = "mocc_dae_residuals";
  static constexpr const char* daeJacobian = "mocc_dae_jacobian";
  static constexpr const char* destroyExternalObjects = "mocc_destroy_external_objects";
  static constexpr const char* delayInputs = "mocc_delay_inputs";
  static constexpr const char* updateParameters = "mocc_update_parameters";
};

/// Emits the ABI functions of `module.program` into `module.module`: the seven every model
/// has, jacobian when program.jacobian is not empty, crossing_rates when there are crossings,
/// state_set_jacobian when there are state
/// sets, dae_residuals when derivatives solves a loop (openedSystems()), dae_jacobian when
/// program.daeJacobian is not empty, delay_inputs when there are delays. Throws EmitError for
/// a malformed program; update_parameters when program.parameterUpdate is not empty.
void emitModelFunctions(ModuleContext& module);

} // namespace mocc::backend::jit
