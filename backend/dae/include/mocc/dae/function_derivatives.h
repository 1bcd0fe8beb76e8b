// How user-function calls of a dae::System are differentiated (MLS 12.7.1): the rules of
// expr::Differentiator for calls, shared by der() of expressions (build-dae) and the
// structural passes (index reduction, dummy derivatives, Jacobians).
#pragma once

#include "mocc/dae/system.h"
#include "mocc/expr/differentiate.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace mocc::dae {

/// Differentiation of user-function calls through dae::Function::derivative.
std::function<std::optional<expr::FunctionDerivative>(std::uint32_t, std::uint32_t)>
functionDerivatives(const System& system);

/// For expr::DerivativeRules::inlined: a call of a function without a derivative annotation
/// whose body assigns whole variables in sequence, as the expression of the call's argument
/// elements its output element has (its comparisons under noEvent, as in the function,
/// MLS 12.4); a function that a derivative annotation names only when it is marked for inlining
/// itself. With `annotatedToo`, any such body (expr::DerivativeRules::bodies).
std::function<std::optional<expr::Id>(std::uint32_t, std::uint32_t, std::span<const expr::Id>)>
inlinedFunctions(System& system, bool annotatedToo = false);

/// The argument elements that output element `output` of a call of `function` reads: those its
/// body's assignments in sequence pass on to it, or all when the body is not such a sequence.
/// Structure analysis looks through `Blocks.Interfaces.Adaptors.Functions.state1(u, time)`,
/// whose output is u[1] alone, this way (its derivative annotation reads u[2]).
std::vector<bool> callInputsRead(const System& system, std::uint32_t function,
                                 std::uint32_t output);

/// The frame slot of output element `output` (outputs flatten in declaration order).
std::optional<std::uint32_t> functionOutputSlot(const sim::Function& code, std::uint32_t output);

/// For expr::DerivativeRules::linearTail: a function that is the derivative of another is
/// linear in its trailing arguments, one per Real input element of the other (MLS 12.7.1).
std::function<std::uint32_t(std::uint32_t)> derivativeFunctionTails(const System& system);

} // namespace mocc::dae
