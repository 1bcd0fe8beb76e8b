// The differentiation rules for user-function calls of function_derivatives.h.
#include "mocc/dae/function_derivatives.h"

#include <algorithm>

namespace mocc::dae {

std::optional<std::uint32_t> functionOutputSlot(const sim::Function& code, std::uint32_t output) {
  std::uint32_t before = 0;
  for (const sim::FunctionLocal& local : code.locals) {
    if (local.role != sim::FunctionLocal::Role::Output) continue;
    if (output < before + local.size) return local.slot + (output - before);
    before += local.size;
  }
  return std::nullopt;
}

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

/// `value` with every frame slot it reads replaced by that slot's value so far (inputs take
/// the first slots, element by element); nullopt when it reads a slot without one.
std::optional<expr::Id> substituteSlots(expr::Pool& pool, expr::Id value,
                                        const std::vector<std::optional<expr::Id>>& slots) {
  const expr::Node node = pool.node(value);
  auto slotValue = [&](std::size_t slot) {
    return slot < slots.size() ? slots[slot] : std::nullopt;
  };
  if (node.op == expr::Op::Local) return slotValue(node.index);
  if (node.op == expr::Op::LocalElement) {
    expr::Id offset = pool.arg(value, 0);
    if (!pool.isConstant(offset)) return std::nullopt;
    return slotValue(static_cast<std::size_t>(node.index + pool.constantValue(offset)));
  }
  auto span = pool.args(value);
  if (span.empty()) return value;
  std::vector<expr::Id> children(span.begin(), span.end());
  for (expr::Id& child : children) {
    auto substituted = substituteSlots(pool, child, slots);
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

// MLS 12.7.1 leaves open how a function without a derivative annotation is differentiated:
// a body of whole-variable assignments in sequence (the MSL's Complex operators, ComplexMath,
// Blocks.Interfaces.Adaptors.Functions.state1der1 with its InlineAfterIndexReduction) is
// substituted into the call and differentiated as an expression.
// A function that a derivative annotation names keeps being called as such, unless it is
// marked for inlining itself.
std::function<std::optional<expr::Id>(std::uint32_t, std::uint32_t, std::span<const expr::Id>)>
inlinedFunctions(System& system, bool annotatedToo) {
  std::vector<bool> namedDerivative(system.functions.size(), false);
  for (const Function& f : system.functions)
    if (f.derivative < namedDerivative.size()) namedDerivative[f.derivative] = true;
  return [&system, namedDerivative,
          annotatedToo](std::uint32_t function, std::uint32_t output,
                        std::span<const expr::Id> args) -> std::optional<expr::Id> {
    if (function >= system.functions.size()) return std::nullopt;
    const Function& f = system.functions[function];
    if (args.size() != f.code.inputCount) return std::nullopt;
    if (!annotatedToo && f.derivative != kNone) return std::nullopt;
    if (!annotatedToo && namedDerivative[function] && !f.inlineAnnotated) return std::nullopt;
    auto slot = functionOutputSlot(f.code, output);
    if (!slot) return std::nullopt;
    std::vector<std::optional<expr::Id>> slots(std::max(f.code.frameSize, f.code.inputCount));
    std::copy(args.begin(), args.end(), slots.begin());
    for (const sim::FunctionStatement& statement : f.code.body) {
      const auto* assign = std::get_if<sim::LocalAssign>(&statement.node);
      if (!assign || assign->offset.valid() || assign->slot >= slots.size()) return std::nullopt;
      auto value = substituteSlots(system.pool, assign->value, slots);
      if (!value) return std::nullopt;
      slots[assign->slot] = *value;
    }
    auto value = *slot < slots.size() ? slots[*slot] : std::nullopt;
    if (!value) return std::nullopt;
    return comparesValues(system.pool, *value) ? system.pool.noEvent(*value) : *value;
  };
}

namespace {

/// The union of the input elements that the frame slots read by `value` depend on; nullopt
/// when it reads a slot of unknown dependencies or an element at a computed offset.
std::optional<std::vector<bool>>
slotDependencies(const expr::Pool& pool, expr::Id value,
                 const std::vector<std::optional<std::vector<bool>>>& slots, std::size_t inputs) {
  std::vector<bool> reads(inputs, false);
  bool known = true;
  auto add = [&](std::size_t slot) {
    if (slot >= slots.size() || !slots[slot]) {
      known = false;
      return;
    }
    for (std::size_t i = 0; i < inputs; ++i)
      reads[i] = reads[i] || (*slots[slot])[i];
  };
  expr::visitNodes(pool, value, [&](expr::Id node) {
    const expr::Node& n = pool.node(node);
    if (n.op == expr::Op::Local) add(n.index);
    if (n.op != expr::Op::LocalElement) return true;
    expr::Id offset = pool.arg(node, 0);
    if (!pool.isConstant(offset)) {
      known = false;
      return true;
    }
    add(static_cast<std::size_t>(n.index + pool.constantValue(offset)));
    return true;
  });
  if (!known) return std::nullopt;
  return reads;
}

} // namespace

std::vector<bool> callInputsRead(const System& system, std::uint32_t function,
                                 std::uint32_t output) {
  if (function >= system.functions.size()) return {};
  const sim::Function& code = system.functions[function].code;
  std::vector<bool> all(code.inputCount, true);
  auto slot = functionOutputSlot(code, output);
  if (!slot) return all;
  std::vector<std::optional<std::vector<bool>>> slots(std::max(code.frameSize, code.inputCount));
  for (std::uint32_t i = 0; i < code.inputCount; ++i) {
    slots[i] = std::vector<bool>(code.inputCount, false);
    (*slots[i])[i] = true;
  }
  for (const sim::FunctionStatement& statement : code.body) {
    const auto* assign = std::get_if<sim::LocalAssign>(&statement.node);
    if (!assign || assign->offset.valid() || assign->slot >= slots.size()) return all;
    auto reads = slotDependencies(system.pool, assign->value, slots, code.inputCount);
    if (!reads) return all;
    slots[assign->slot] = std::move(*reads);
  }
  return *slot < slots.size() && slots[*slot] ? *slots[*slot] : all;
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
