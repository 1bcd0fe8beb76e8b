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

namespace {

/// `value` with the function's input slots replaced by the call's argument elements (inputs
/// take the first frame slots, element by element); nullopt when it reads anything else.
std::optional<expr::Id> substituteInputs(expr::Pool& pool, expr::Id value,
                                         std::span<const expr::Id> args) {
  const expr::Node node = pool.node(value);
  if (node.op == expr::Op::Local)
    return node.index < args.size() ? std::optional(args[node.index]) : std::nullopt;
  if (node.op == expr::Op::LocalElement) {
    expr::Id offset = pool.arg(value, 0);
    if (!pool.isConstant(offset)) return std::nullopt;
    auto slot = static_cast<std::size_t>(node.index + pool.constantValue(offset));
    return slot < args.size() ? std::optional(args[slot]) : std::nullopt;
  }
  auto span = pool.args(value);
  if (span.empty()) return value;
  std::vector<expr::Id> children(span.begin(), span.end());
  for (expr::Id& child : children) {
    auto substituted = substituteInputs(pool, child, args);
    if (!substituted) return std::nullopt;
    child = *substituted;
  }
  return pool.rebuild(node, children);
}

bool comparesValues(const expr::Pool& pool, expr::Id value) {
  const expr::Op op = pool.node(value).op;
  if (op >= expr::Op::Lt && op <= expr::Op::Ne) return true;
  for (expr::Id arg : pool.args(value))
    if (comparesValues(pool, arg)) return true;
  return false;
}

} // namespace

// MLS 18.3: the MSL's Blocks.Interfaces.Adaptors.Functions.state1der1 (`sder1 := u[2]`) has
// no derivative annotation but InlineAfterIndexReduction; index reduction must differentiate
// it a second time, which its body allows.
std::function<std::optional<expr::Id>(std::uint32_t, std::uint32_t, std::span<const expr::Id>)>
inlinedFunctions(System& system) {
  return [&system](std::uint32_t function, std::uint32_t output,
                   std::span<const expr::Id> args) -> std::optional<expr::Id> {
    if (function >= system.functions.size() || output != 0) return std::nullopt;
    const Function& f = system.functions[function];
    if (!f.inlineAfterIndexReduction || f.code.outputCount != 1 || f.code.body.size() != 1 ||
        args.size() != f.code.inputCount)
      return std::nullopt;
    const auto* assign = std::get_if<sim::LocalAssign>(&f.code.body[0].node);
    if (!assign || assign->offset.valid() || assign->slot != f.code.inputCount) return std::nullopt;
    auto value = substituteInputs(system.pool, assign->value, args);
    if (!value) return std::nullopt;
    return comparesValues(system.pool, *value) ? system.pool.noEvent(*value) : *value;
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
