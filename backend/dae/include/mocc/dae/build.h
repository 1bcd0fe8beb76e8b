// backend/dae: flat::Model -> dae::System. Constants are folded, der() becomes derivative
// variables, variables are classified (MLS appendix B: states, algebraic, discrete),
// edge/change are expanded, when-conditions get internal Boolean variables, if-equations
// become equations over if-expressions, algorithm sections become blocks and user functions
// are translated into the function IR.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/flat/model.h"
#include "mocc/support/diagnostics.h"

#include <optional>

namespace mocc::dae {

/// Builds the DAE of a flat model. Reports every independent error it finds and returns
/// nullopt when there was any.
std::optional<System> build(const flat::Model& model, Diagnostics& diagnostics);

/// What the model's external functions need (MLS 12.9.4): their annotations merged, each
/// entry once, in order of first use. Known from the flat model, so that a model loaded
/// from the JIT cache finds its native code without the backend.
sim::ExternalLibraries externalLibraries(const flat::Model& model);

} // namespace mocc::dae
