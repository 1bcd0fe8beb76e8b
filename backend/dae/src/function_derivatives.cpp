// The differentiation rules for user-function calls of function_derivatives.h.
#include "mocc/dae/function_derivatives.h"

#include <algorithm>

namespace mocc::dae {

std::function<std::optional<expr::FunctionDerivative>(std::uint32_t, std::uint32_t)>
functionDerivatives(const System& system) {
  return [&system](std::uint32_t function,
                   std::uint32_t output) -> std::optional<expr::FunctionDerivative> {
    if (function >= system.functions.size()) return std::nullopt;
    const Function& f = system.functions[function];
    if (f.derivative == kNone) return std::nullopt;
    // The derivative's outputs are the derivatives of f's Real output elements (MLS 12.7.1).
    std::uint32_t element = 0, realElementsBefore = 0;
    for (const sim::FunctionLocal& local : f.code.locals) {
      if (local.role != sim::FunctionLocal::Role::Output) continue;
      for (std::uint32_t k = 0; k < local.size; ++k, ++element) {
        if (element == output) {
          if (local.type != expr::Type::Real) return std::nullopt;
          return expr::FunctionDerivative{f.derivative, realElementsBefore, f.differentiatedInputs};
        }
        if (local.type == expr::Type::Real) ++realElementsBefore;
      }
    }
    return std::nullopt;
  };
}

std::function<std::uint32_t(std::uint32_t)> derivativeFunctionTails(const System& system) {
  std::vector<std::uint32_t> tails(system.functions.size(), 0);
  for (const Function& f : system.functions) {
    if (f.derivative == kNone || f.derivative >= tails.size()) continue;
    tails[f.derivative] = static_cast<std::uint32_t>(
        std::count(f.differentiatedInputs.begin(), f.differentiatedInputs.end(), true));
  }
  return [tails = std::move(tails)](std::uint32_t function) {
    return function < tails.size() ? tails[function] : 0u;
  };
}

} // namespace mocc::dae
