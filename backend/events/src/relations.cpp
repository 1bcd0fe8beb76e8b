// The `relations` pass: event-generating comparisons become frozen Relation nodes.
#include "mocc/events/relations.h"

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
    for (dae::Equation& equation : system_.equations) {
      currentRange_ = equation.range;
      equation.lhs = translator_(equation.lhs);
      equation.rhs = translator_(equation.rhs);
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

  dae::System& system_;
  expr::Pool& pool_;
  expr::Translator translator_;
  std::unordered_map<std::uint32_t, bool> continuous_;
  std::unordered_map<std::uint32_t, std::size_t> indices_;
  SourceRange currentRange_;
};

} // namespace

void findRelations(dae::System& system) { RelationFinder(system).run(); }

} // namespace mocc::backend::events
