#include "mocc/dae/function_partial_evaluation.h"

#include "mocc/dae/function_derivatives.h"
#include "mocc/expr/builtins.h"

#include <cmath>
#include <vector>

namespace mocc::dae {

namespace {

using Value = std::optional<double>;
using Frame = std::vector<Value>;

/// Nested calls followed at most this deep, and statements executed at most this often per
/// evaluation, so that recursion and long loops end the evaluation instead of the compiler.
constexpr int kMaxDepth = 8;
constexpr long kMaxStatements = 100000;

/// Thrown where the body does something partial evaluation does not follow.
struct GiveUp {};

class PartialEvaluator {
public:
  explicit PartialEvaluator(const System& system) : system_(system), pool_(system.pool) {}

  /// The frame after running `function` on `inputs`.
  Frame run(std::uint32_t function, std::span<const Value> inputs, int depth) {
    if (depth > kMaxDepth || function >= system_.functions.size()) throw GiveUp{};
    const sim::Function& code = system_.functions[function].code;
    if (inputs.size() != code.inputCount) throw GiveUp{};
    // Slots without an initial value start as 0 (sim::Function::body).
    Frame frame(std::max(code.frameSize, code.inputCount), 0.0);
    std::copy(inputs.begin(), inputs.end(), frame.begin());
    execute(code.body, frame, depth);
    return frame;
  }

  Value output(std::uint32_t function, std::uint32_t output, std::span<const Value> inputs,
               int depth) {
    auto slot = functionOutputSlot(system_.functions.at(function).code, output);
    if (!slot) throw GiveUp{};
    Frame frame = run(function, inputs, depth);
    return *slot < frame.size() ? frame[*slot] : throw GiveUp{};
  }

private:
  void execute(const std::vector<sim::FunctionStatement>& body, Frame& frame, int depth) {
    for (const sim::FunctionStatement& statement : body) {
      countStatement();
      std::visit([&](const auto& node) { step(node, frame, depth); }, statement.node);
    }
  }

  void countStatement() {
    if (++statements_ > kMaxStatements) throw GiveUp{};
  }

  std::size_t slotOf(std::uint32_t slot, expr::Id offset, const Frame& frame, int depth) {
    std::size_t at = slot;
    if (offset.valid()) {
      Value shift = value(offset, frame, depth);
      if (!shift || *shift < 0) throw GiveUp{};
      at += static_cast<std::size_t>(*shift);
    }
    if (at >= frame.size()) throw GiveUp{};
    return at;
  }

  void step(const sim::LocalAssign& assign, Frame& frame, int depth) {
    frame[slotOf(assign.slot, assign.offset, frame, depth)] = value(assign.value, frame, depth);
  }

  void step(const sim::FunctionIf& statement, Frame& frame, int depth) {
    branchesFrom(statement, 0, frame, depth);
  }

  /// Branches `first`.. of an if: a known condition picks its branch; an unknown one runs its
  /// branch and the rest on copies and keeps the values both leave.
  void branchesFrom(const sim::FunctionIf& statement, std::size_t first, Frame& frame, int depth) {
    if (first == statement.branches.size()) return execute(statement.elseBody, frame, depth);
    const sim::FunctionBranch& branch = statement.branches[first];
    Value condition = value(branch.condition, frame, depth);
    if (condition) {
      if (*condition != 0) return execute(branch.body, frame, depth);
      return branchesFrom(statement, first + 1, frame, depth);
    }
    Frame taken = frame;
    execute(branch.body, taken, depth);
    branchesFrom(statement, first + 1, frame, depth);
    for (std::size_t i = 0; i < frame.size(); ++i)
      if (frame[i] != taken[i]) frame[i] = std::nullopt;
  }

  void step(const sim::FunctionFor& loop, Frame& frame, int depth) {
    Value start = value(loop.start, frame, depth), stepSize = value(loop.step, frame, depth),
          stop = value(loop.stop, frame, depth);
    if (!start || !stepSize || !stop || loop.slot >= frame.size()) throw GiveUp{};
    if (*stepSize == 0) return;
    for (double k = *start; *stepSize > 0 ? k <= *stop : k >= *stop; k += *stepSize) {
      countStatement(); // an empty body still counts, so that a long loop gives up
      frame[loop.slot] = k;
      execute(loop.body, frame, depth);
    }
  }

  void step(const sim::FunctionWhile& loop, Frame& frame, int depth) {
    for (;;) {
      countStatement();
      Value condition = value(loop.condition, frame, depth);
      if (!condition) throw GiveUp{};
      if (*condition == 0) return;
      execute(loop.body, frame, depth);
    }
  }

  void step(const sim::FunctionAssert& check, Frame& frame, int depth) {
    // An assertion that fails leaves the function: not followed. One whose condition is
    // unknown is taken to hold (where it fails, the run stops anyway).
    Value condition = value(check.condition, frame, depth);
    if (check.level == sim::AssertLevel::Error && condition && *condition == 0) throw GiveUp{};
  }

  void step(const sim::FunctionCallOutputs& call, Frame& frame, int depth) {
    Frame callee = run(pool_.node(call.call).index, arguments(call.call, frame, depth), depth + 1);
    const sim::Function& code = system_.functions[pool_.node(call.call).index].code;
    for (const sim::FunctionCallOutputs::Target& target : call.targets) {
      auto slot = functionOutputSlot(code, target.output);
      if (!slot || *slot >= callee.size()) throw GiveUp{};
      frame[slotOf(target.slot, target.offset, frame, depth)] = callee[*slot];
    }
  }

  void step(const sim::FunctionBreak&, Frame&, int) { throw GiveUp{}; }
  void step(const sim::FunctionReturn&, Frame&, int) { throw GiveUp{}; }
  void step(const sim::FunctionExternalCall&, Frame&, int) { throw GiveUp{}; }

  std::vector<Value> arguments(expr::Id call, const Frame& frame, int depth) {
    std::vector<Value> values;
    for (expr::Id arg : pool_.args(call))
      values.push_back(value(arg, frame, depth));
    return values;
  }

  Value value(expr::Id id, const Frame& frame, int depth) {
    const expr::Node& n = pool_.node(id);
    auto arg = [&](std::size_t k) { return value(pool_.arg(id, k), frame, depth); };
    switch (n.op) {
    case expr::Op::Constant: return n.value;
    case expr::Op::Local: return n.index < frame.size() ? frame[n.index] : throw GiveUp{};
    case expr::Op::LocalElement: return frame[slotOf(n.index, pool_.arg(id, 0), frame, depth)];
    case expr::Op::Mul: return product(arg(0), arg(1));
    case expr::Op::Div: return quotient(arg(0), arg(1));
    case expr::Op::And: return logical(arg(0), arg(1), 0.0);
    case expr::Op::Or: return logical(arg(0), arg(1), 1.0);
    case expr::Op::If: return choice(arg(0), id, frame, depth);
    case expr::Op::NoEvent:
    case expr::Op::Relation: return arg(0);
    case expr::Op::FunctionCall:
      return output(n.index, n.subindex, arguments(id, frame, depth), depth + 1);
    default: return strict(id, frame, depth);
    }
  }

  /// x*0 is 0 for every finite x, as expr::Pool::mul folds it.
  static Value product(Value a, Value b) {
    if ((a && *a == 0) || (b && *b == 0)) return 0.0;
    if (a && b) return *a * *b;
    return std::nullopt;
  }
  /// 0/x is 0 for every x that is not 0, as expr::Pool::div folds it.
  static Value quotient(Value a, Value b) {
    if (a && b) return *a / *b;
    if (a && *a == 0 && !(b && *b == 0)) return 0.0;
    return std::nullopt;
  }
  /// and (decisive 0) / or (decisive 1): a known decisive operand decides.
  static Value logical(Value a, Value b, double decisive) {
    if ((a && (*a != 0) == (decisive != 0)) || (b && (*b != 0) == (decisive != 0))) return decisive;
    if (a && b) return 1.0 - decisive;
    return std::nullopt;
  }
  Value choice(Value condition, expr::Id id, const Frame& frame, int depth) {
    if (condition) return value(pool_.arg(id, *condition != 0 ? 1 : 2), frame, depth);
    Value then = value(pool_.arg(id, 1), frame, depth);
    Value otherwise = value(pool_.arg(id, 2), frame, depth);
    return then == otherwise ? then : std::nullopt;
  }

  /// Operators that need every operand: evaluated by expr::evaluate on the known values.
  Value strict(expr::Id id, const Frame& frame, int depth) {
    const expr::Node& n = pool_.node(id);
    std::vector<double> args;
    for (std::size_t k = 0; k < n.argCount; ++k) {
      Value a = value(pool_.arg(id, k), frame, depth);
      if (!a) return std::nullopt;
      args.push_back(*a);
    }
    auto at = [&](std::size_t k) { return args[k]; };
    switch (n.op) {
    case expr::Op::Neg: return -at(0);
    case expr::Op::Add: return at(0) + at(1);
    case expr::Op::Sub: return at(0) - at(1);
    case expr::Op::Pow: return std::pow(at(0), at(1));
    case expr::Op::Lt: return at(0) < at(1) ? 1.0 : 0.0;
    case expr::Op::Le: return at(0) <= at(1) ? 1.0 : 0.0;
    case expr::Op::Gt: return at(0) > at(1) ? 1.0 : 0.0;
    case expr::Op::Ge: return at(0) >= at(1) ? 1.0 : 0.0;
    case expr::Op::Eq: return at(0) == at(1) ? 1.0 : 0.0;
    case expr::Op::Ne: return at(0) != at(1) ? 1.0 : 0.0;
    case expr::Op::Not: return at(0) == 0 ? 1.0 : 0.0;
    case expr::Op::Call: return expr::evaluateBuiltin(static_cast<expr::Builtin>(n.index), args);
    default: return std::nullopt; // time, variables, events: not values of a function's frame
    }
  }

  const System& system_;
  const expr::Pool& pool_;
  long statements_ = 0;
};

} // namespace

std::optional<double> partialCallValue(const System& system, std::uint32_t function,
                                       std::uint32_t output,
                                       std::span<const std::optional<double>> inputs) {
  try {
    Value result = PartialEvaluator(system).output(function, output, inputs, 0);
    if (result && !std::isfinite(*result)) return std::nullopt;
    return result;
  } catch (const GiveUp&) {
    return std::nullopt;
  }
}

} // namespace mocc::dae
