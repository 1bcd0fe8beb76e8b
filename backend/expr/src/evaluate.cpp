// Numeric evaluation of the expression DAG, iterative and memoised per call.
#include "mocc/expr/evaluate.h"

#include "mocc/expr/builtins.h"
#include "post_order.h"

#include <cmath>
#include <unordered_map>

namespace mocc::expr {

namespace {

class Evaluator {
public:
  Evaluator(const Pool& pool, const Values& values) : pool_(pool), values_(values) {}

  std::optional<double> run(Id root) {
    bool ok = detail::postOrder(
        root,
        [&](Id id, std::vector<Id>& out) {
          auto args = pool_.args(id);
          out.insert(out.end(), args.begin(), args.end());
        },
        [&](Id id) { return memo_.count(id.value) > 0; },
        [&](Id id) {
          auto value = compute(id);
          if (!value) return false;
          memo_.emplace(id.value, *value);
          return true;
        });
    if (!ok) return std::nullopt;
    return memo_.at(root.value);
  }

private:
  double at(Id id, std::size_t i) const { return memo_.at(pool_.arg(id, i).value); }

  std::optional<double> leaf(const Node& n) const {
    switch (n.op) {
    case Op::Constant: return n.value;
    case Op::Variable: return values_.variable ? values_.variable(n.index) : std::nullopt;
    case Op::Pre:
      if (values_.pre) return values_.pre(n.index);
      return values_.variable ? values_.variable(n.index) : std::nullopt;
    case Op::Time: return values_.time;
    default: return std::nullopt;
    }
  }

  std::optional<double> compute(Id id) const {
    const Node& n = pool_.node(id);
    switch (n.op) {
    case Op::Constant:
    case Op::Variable:
    case Op::Pre:
    case Op::Time: return leaf(n);
    case Op::Neg: return -at(id, 0);
    case Op::Add: return at(id, 0) + at(id, 1);
    case Op::Sub: return at(id, 0) - at(id, 1);
    case Op::Mul: return at(id, 0) * at(id, 1);
    case Op::Div: return at(id, 0) / at(id, 1);
    case Op::Pow: return std::pow(at(id, 0), at(id, 1));
    case Op::Lt: return at(id, 0) < at(id, 1) ? 1.0 : 0.0;
    case Op::Le: return at(id, 0) <= at(id, 1) ? 1.0 : 0.0;
    case Op::Gt: return at(id, 0) > at(id, 1) ? 1.0 : 0.0;
    case Op::Ge: return at(id, 0) >= at(id, 1) ? 1.0 : 0.0;
    case Op::Eq: return at(id, 0) == at(id, 1) ? 1.0 : 0.0;
    case Op::Ne: return at(id, 0) != at(id, 1) ? 1.0 : 0.0;
    case Op::Not: return at(id, 0) == 0 ? 1.0 : 0.0;
    case Op::And: return at(id, 0) != 0 && at(id, 1) != 0 ? 1.0 : 0.0;
    case Op::Or: return at(id, 0) != 0 || at(id, 1) != 0 ? 1.0 : 0.0;
    case Op::If: return at(id, 0) != 0 ? at(id, 1) : at(id, 2);
    case Op::Call: {
      if (isTextBuiltin(static_cast<Builtin>(n.index))) return std::nullopt; // the runtime's
      double args[2] = {0, 0};
      for (std::size_t i = 0; i < n.argCount; ++i)
        args[i] = at(id, i);
      return evaluateBuiltin(static_cast<Builtin>(n.index),
                             std::span<const double>(args, n.argCount));
    }
    case Op::NoEvent:
    case Op::Homotopy: // its value outside the initialization: lambda = 1
    case Op::Relation: return at(id, 0);
    default: return std::nullopt;
    }
  }

  const Pool& pool_;
  const Values& values_;
  std::unordered_map<std::uint32_t, double> memo_;
};

} // namespace

std::optional<double> evaluate(const Pool& pool, Id id, const Values& values) {
  return Evaluator(pool, values).run(id);
}

} // namespace mocc::expr
