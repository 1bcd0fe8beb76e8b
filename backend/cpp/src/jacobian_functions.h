// The ABI functions of derivatives, each present only when the program has its part
// (backend/llvm's function_emitter.cpp): jacobian (dx/dx nonzeros), crossing_rates (dg/dt of the
// crossing functions), state_set_jacobian
// (the constraint Jacobians of dynamic state selection) and dae_residuals (derivatives with
// the loops it solves opened for an implicit integrator). All run in continuous mode.
#pragma once

#include "context.h"

namespace mocc::backend::cpp {

/// `void jacobian(mocc_instance*, double* values)`: the Jacobian inputs, then values[k].
void writeJacobian(Context& context, Code& code);

/// `void crossing_rates(mocc_instance*, double* rates)`: the crossing-rate inputs, then
/// rates[i] = d g_i / dt, NaN where Crossing::rate is invalid.
void writeCrossingRates(Context& context, Code& code);

/// `void state_set_jacobian(mocc_instance*, int32_t set, double* values)`.
void writeStateSetJacobian(Context& context, Code& code);

/// `void dae_residuals(mocc_instance*, const double* z, double* r)`, opening `opened`.
void writeDaeResiduals(Context& context, Code& code);
void writeDaeJacobian(Context& context, Code& code);

} // namespace mocc::backend::cpp
