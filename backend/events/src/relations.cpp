// The `relations` pass: event-generating comparisons become frozen Relation nodes, and the
// event-generating functions floor, ceil, integer, div, mod and rem of continuous-time arguments
// (MLS 3.7.1.1) frozen values that change only at events.
#include "mocc/events/relations.h"

#include <fmt/format.h>

#include <array>
#include <unordered_map>

namespace mocc::backend::events {

namespace {

expr::Op mirrored(expr::Op op) {
  switch (op) {
  case expr::Op::Lt: return expr::Op::Gt;
  case expr::Op::Le: return expr::Op::Ge;
  case expr::Op::Gt: return expr::Op::Lt;
  case expr::Op::Ge: return expr::Op::Le;
  default: return op;
  }
}

class RelationFinder {
public:
  explicit RelationFinder(dae::System& system)
      : system_(system), pool_(system.pool),
        translator_(pool_, pool_,
                    [this](expr::Id id, expr::Translator& self) { return rewrite(id, self); }) {}

  void run() {
    for (std::size_t e = 0; e < system_.equations.size(); ++e) {
      // The equations of frozen floors are appended while this runs, their relations made.
      if (e >= firstMadeEquation_) break;
      dae::Equation& equation = system_.equations[e];
      currentRange_ = equation.range;
      expr::Id lhs = translator_(equation.lhs);
      expr::Id rhs = translator_(system_.equations[e].rhs);
      system_.equations[e].lhs = lhs;
      system_.equations[e].rhs = rhs;
    }
    for (dae::Algorithm& algorithm : system_.algorithms)
      statements(algorithm.statements);
  }

private:
  // Algorithm statements outside when-statements generate events like equations do (MLS 8.5);
  // assignments of when-condition variables stand before their when-statement, so they are
  // included. When-bodies and asserts are evaluated literally, as for equations.
  void statements(std::vector<dae::AlgorithmStatement>& list) {
    for (dae::AlgorithmStatement& s : list) {
      if (auto* a = std::get_if<dae::Assignment>(&s.node)) {
        currentRange_ = a->range;
        a->value = translator_(a->value);
      } else if (auto* branching = std::get_if<dae::AlgorithmIf>(&s.node)) {
        for (dae::AlgorithmBranch& branch : branching->branches) {
          currentRange_ = branch.range;
          branch.condition = translator_(branch.condition);
          statements(branch.body);
        }
        statements(branching->elseBody);
      }
    }
  }

  bool isContinuousTime(expr::Id id) {
    if (auto found = continuous_.find(id.value); found != continuous_.end()) return found->second;
    const expr::Node& node = pool_.node(id);
    bool result = false;
    if (node.op == expr::Op::Time) {
      result = true;
    } else if (node.op == expr::Op::Variable) {
      dae::VariableKind kind = system_.variables[node.index].kind;
      result = kind == dae::VariableKind::State || kind == dae::VariableKind::Derivative ||
               kind == dae::VariableKind::Algebraic;
    } else {
      // Also delay(): delaying a discrete-time value by a parameter time changes it only at
      // the time events where its jumps reappear (MLS 3.7.4.2, runtime DelayHistory).
      auto args = pool_.args(id);
      std::vector<expr::Id> copy(args.begin(), args.end());
      for (expr::Id arg : copy)
        result = result || isContinuousTime(arg);
    }
    continuous_.emplace(id.value, result);
    return result;
  }

  expr::Id rewrite(expr::Id id, expr::Translator& self) {
    expr::Op op = pool_.op(id);
    if (op == expr::Op::NoEvent) return id; // nothing inside generates events
    if (op == expr::Op::Call) return eventFunction(id, self);
    if (!expr::isComparison(op)) return {};
    expr::Id comparison = self.copyNode(id); // nested relations first
    if (!expr::isComparison(pool_.op(comparison)) || !isContinuousTime(comparison)) {
      return comparison;
    }
    return relationFor(comparison);
  }

  expr::Id relationFor(expr::Id comparison) {
    expr::Op op = pool_.op(comparison);
    expr::Id lhs = pool_.arg(comparison, 0);
    expr::Id rhs = pool_.arg(comparison, 1);
    dae::Relation relation;
    relation.range = currentRange_;
    if (pool_.op(rhs) == expr::Op::Time && !isContinuousTime(lhs)) {
      comparison = pool_.compare(mirrored(op), rhs, lhs); // T < time  ->  time > T
      std::swap(lhs, rhs);
    }
    if (pool_.op(lhs) == expr::Op::Time && !isContinuousTime(rhs)) {
      relation.kind = dae::RelationKind::Time;
      relation.threshold = rhs;
    }
    relation.comparison = comparison;
    auto [entry, inserted] = indices_.try_emplace(comparison.value, system_.relations.size());
    if (inserted) system_.relations.push_back(relation);
    return pool_.relation(static_cast<std::uint32_t>(entry->second), comparison);
  }

  // MLS 3.7.1.1: floor, ceil, integer, div, mod and rem of continuous-time arguments change
  // only at events. Each is expressed through one frozen floor (frozenFloor); its arguments
  // are rewritten first.
  expr::Id eventFunction(expr::Id id, expr::Translator& self) {
    auto fn = static_cast<expr::Builtin>(pool_.node(id).index);
    bool generatesEvents = fn == expr::Builtin::Floor || fn == expr::Builtin::Ceil ||
                           fn == expr::Builtin::Integer || fn == expr::Builtin::Div ||
                           fn == expr::Builtin::Mod || fn == expr::Builtin::Rem;
    if (!generatesEvents || !isContinuousTime(id)) return {};
    expr::Id call = self.copyNode(id);
    // Copies, not a span: making nodes below may move the pool's argument storage.
    expr::Id x = pool_.arg(call, 0);
    expr::Id y = pool_.args(call).size() > 1 ? pool_.arg(call, 1) : expr::Id{};
    switch (fn) {
    case expr::Builtin::Floor: return frozenFloor(x, false);
    case expr::Builtin::Integer: return frozenFloor(x, true);
    case expr::Builtin::Ceil: return pool_.neg(frozenFloor(pool_.neg(x), false));
    case expr::Builtin::Mod: {
      expr::Id quotient = frozenFloor(pool_.div(x, y), false);
      return pool_.sub(x, pool_.mul(quotient, y));
    }
    case expr::Builtin::Div: return truncatedQuotient(x, y);
    case expr::Builtin::Rem: {
      expr::Id quotient = truncatedQuotient(x, y);
      return pool_.sub(x, pool_.mul(quotient, y));
    }
    default: return call;
    }
  }

  // div(x, y): x / y truncated toward zero, sign(q) floor(|q|); it is continuous where q
  // changes sign (both sides are 0 there), so only floor(|q|) generates events.
  expr::Id truncatedQuotient(expr::Id x, expr::Id y) {
    expr::Id q = pool_.div(x, y);
    std::array<expr::Id, 1> arg{q};
    return pool_.mul(pool_.noEvent(pool_.call(expr::Builtin::Sign, arg)),
                     frozenFloor(pool_.noEvent(pool_.call(expr::Builtin::Abs, arg)), false));
  }

  // floor(e) (integer(e) when `integer`) as a hidden discrete variable F that changes only at
  // events, watched by two relations:
  //   F = if initial() then floor(e)
  //       elseif e >= pre(F) + 1 then max(floor(e), pre(F) + 1)
  //       elseif e < pre(F) then min(floor(e), pre(F) - 1)
  //       else pre(F)
  // The relations take their right-limit values at a located crossing, so F steps to the
  // floor just after it even when e is a rounding error short of the integer. At any other
  // event they compare literally, so an e that jumps onto an integer (a step input, a
  // delay(), MLS 3.7.1.1: floor(e) is e there) moves F onto it. The two are partners: when F
  // has just stepped down at a located crossing onto e = pre(F) + 1, the upper one takes the
  // right limit of that crossing's direction too (e falling: false), rather than stepping
  // back up. A time argument (floor(time)) makes them time events.
  expr::Id frozenFloor(expr::Id e, bool integer) {
    auto key = std::make_pair(e.value, integer);
    if (auto found = floors_.find(key); found != floors_.end()) return found->second;
    expr::Type type = integer ? expr::Type::Integer : expr::Type::Real;
    dae::Variable v;
    v.name = fmt::format("${}{}", integer ? "integer" : "floor", floors_.size() + 1);
    v.type = type;
    v.kind = dae::VariableKind::Internal;
    v.range = currentRange_;
    auto index = static_cast<std::uint32_t>(system_.variables.size());
    system_.variables.push_back(std::move(v));
    std::array<expr::Id, 1> arg{e};
    expr::Id literal =
        pool_.noEvent(pool_.call(integer ? expr::Builtin::Integer : expr::Builtin::Floor, arg));
    expr::Id pre = pool_.pre(index, type);
    expr::Id one = pool_.constant(type, 1);
    expr::Id above = pool_.add(pre, one), below = pool_.sub(pre, one);
    std::array<expr::Id, 2> up{literal, above}, down{literal, below};
    // The lower one first: the numbering the relations have always had.
    expr::Id falling = relationFor(pool_.compare(expr::Op::Lt, e, pre));
    expr::Id rising = relationFor(pool_.compare(expr::Op::Ge, e, above));
    pair(pool_.node(rising).index, pool_.node(falling).index);
    expr::Id value = pool_.ifThenElse(
        pool_.initial(), literal,
        pool_.ifThenElse(rising, pool_.call(expr::Builtin::Max, up),
                         pool_.ifThenElse(falling, pool_.call(expr::Builtin::Min, down), pre)));
    system_.equations.push_back(dae::Equation{system_.ref(index), value, currentRange_});
    firstMadeEquation_ = std::min(firstMadeEquation_, system_.equations.size() - 1);
    expr::Id result = system_.ref(index);
    floors_.emplace(key, result);
    return result;
  }

  void pair(std::uint32_t a, std::uint32_t b) {
    system_.relations[a].partner = b;
    system_.relations[b].partner = a;
  }

  struct PairHash {
    std::size_t operator()(const std::pair<std::uint32_t, bool>& p) const {
      return std::hash<std::uint64_t>()((std::uint64_t{p.first} << 1) | p.second);
    }
  };

  dae::System& system_;
  expr::Pool& pool_;
  expr::Translator translator_;
  std::unordered_map<std::uint32_t, bool> continuous_;
  std::unordered_map<std::uint32_t, std::size_t> indices_;
  std::unordered_map<std::pair<std::uint32_t, bool>, expr::Id, PairHash> floors_;
  std::size_t firstMadeEquation_ = SIZE_MAX;
  SourceRange currentRange_;
};

} // namespace

void findRelations(dae::System& system) { RelationFinder(system).run(); }

} // namespace mocc::backend::events
