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

namespace mocc::dae {

/// Differentiation of user-function calls through dae::Function::derivative.
std::function<std::optional<expr::FunctionDerivative>(std::uint32_t, std::uint32_t)>
functionDerivatives(const System& system);

/// For expr::DerivativeRules::inlined: a call of a function without a derivative annotation
/// whose body assigns whole variables in sequence, as the expression of the call's argument
/// elements its output element has (its comparisons under noEvent, as in the function,
/// MLS 12.4).
std::function<std::optional<expr::Id>(std::uint32_t, std::uint32_t, std::span<const expr::Id>)>
inlinedFunctions(System& system);

/// For expr::DerivativeRules::linearTail: a function that is the derivative of another is
/// linear in its trailing arguments, one per Real input element of the other (MLS 12.7.1).
std::function<std::uint32_t(std::uint32_t)> derivativeFunctionTails(const System& system);

} // namespace mocc::dae
