// Partial evaluation of user-function calls at translation: the value an output element of a
// call has when only some of its inputs are known, if its body determines it without the
// others. The MSL's semiconductor models compute their junction capacitances in functions of
// parameter records and node voltages; with the model card's values some capacitances are zero
// whatever the voltages are (Spice3 BJT: capbx = CJC*(1 - XCJC)*..., zero for the default
// XCJC = 1), and the state their equation would give (der(vbx) in capbx*der(vbx)) does not
// exist. OpenModelica's backend evaluates functions with constant inputs the same way.
#pragma once

#include "mocc/dae/system.h"

#include <cstdint>
#include <optional>
#include <span>

namespace mocc::dae {

/// Output element `output` of a call of `function` with the inputs' values (nullopt: unknown),
/// when the body determines it: statements are executed on a frame of known and unknown
/// values; an if whose condition is unknown runs each branch and keeps what they agree on;
/// a product with a known zero factor is zero, as the expression pool folds it. nullopt when
/// the output depends on an unknown input, or the body has what this does not follow (loops
/// over unknown ranges, return and break, external calls, calls nested too deeply).
std::optional<double> partialCallValue(const System& system, std::uint32_t function,
                                       std::uint32_t output,
                                       std::span<const std::optional<double>> inputs);

} // namespace mocc::dae
