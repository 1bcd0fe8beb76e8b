// Crossing guards: a relation whose value cannot matter until the next event generates no
// events until then.
//
// Between events every relation keeps its stored value (MLS 3.6 section 8.5), and so does
// every Boolean, Integer and pre() value computed from them. Where a relation occurs as
// `c and r`, `not c or r`, or in a branch of `if c then ... else ...` with such a c, its value
// matters only while c holds, and c cannot change before the next event. While no occurrence
// of r matters, an event at r's crossing would evaluate the model to the very values it has
// (event iteration re-evaluates every relation literally, r included, MLS 8.6), so the crossing
// function reports the side of the stored value instead: no event. This is the discontinuity
// locking of the seeds applied to the event functions. A friction element with its mode
// decided has some twenty such relations, a free clutch's relations compare quantities that
// are zero up to rounding, and without guards their crossings fire at every integrator step
// (Modelica.Mechanics.Rotational.Examples.CoupledClutches).
#include "program_builder.h"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace mocc::backend::program {

namespace {

class CrossingGuards {
public:
  explicit CrossingGuards(sim::Program& program)
      : program_(program), pool_(program.pool), conditionsOf_(program.relations.size()) {}

  // A guard must read exact values: a relation whose own crossing is guarded keeps a stale
  // value while its guard is false, and a guard reading it could keep two relations from
  // ever firing (`y = pre(y) and T < 0.5 or T < -0.5`). So the first round guards with
  // conditions that read no relation at all (pre(mode) == Stuck); the second guards the
  // relations still watched with conditions reading only relations that stay watched (a
  // clutch's `not free`, free = fn <= 0).
  void run() {
    findOccurrences();
    if (visited_.size() > maxVisits) return; // too large to decide: every crossing watched
    std::vector<bool> guarded(program_.relations.size(), false);
    std::vector<bool> readByGuards(program_.relations.size(), false);
    for (bool readingRelations : {false, true}) {
      for (sim::Crossing& crossing : program_.crossings) {
        std::uint32_t r = crossing.relation;
        if (guarded[r] || readByGuards[r]) continue;
        auto admissible = [&](const std::set<std::uint32_t>& reads) {
          if (!readingRelations) return reads.empty();
          return std::none_of(reads.begin(), reads.end(),
                              [&](std::uint32_t s) { return s == r || guarded[s]; });
        };
        std::set<std::uint32_t> reads;
        std::optional<expr::Id> condition = guardOf(r, admissible, reads);
        if (!condition) continue;
        guard(crossing, *condition);
        guarded[r] = true;
        for (std::uint32_t s : reads)
          readByGuards[s] = true;
      }
    }
  }

private:
  /// A conjunction of terms that are frozen until the next event, as a linked list:
  /// conditions_[i] is conditions_[parent] and term (parent none: just term).
  struct Condition {
    std::optional<std::uint32_t> parent;
    expr::Id term;
  };
  using ConditionRef = std::optional<std::uint32_t>; // none: unconditionally

  void findOccurrences() {
    // The event list holds every equation; all but its when-clauses also run between events.
    for (const sim::Statement& s : program_.event)
      collectDefinitions(s);
    forEachExpression(program_, program_.event, {[&](expr::Id id) { visit(id, {}); }});
    // A relation read by a crossing function matters whenever that crossing is watched.
    for (const sim::Crossing& crossing : program_.crossings)
      visit(crossing.function, {});
  }

  /// The disjunction over r's occurrences of the conjunction of their admissible terms, and
  /// the relations it reads; none when some occurrence has no admissible term.
  template <typename Admissible>
  std::optional<expr::Id> guardOf(std::uint32_t r, Admissible admissible,
                                  std::set<std::uint32_t>& reads) {
    std::optional<expr::Id> anyOf;
    for (ConditionRef ref : conditionsOf_[r]) {
      std::optional<expr::Id> allOf;
      for (; ref; ref = conditions_[*ref].parent) {
        expr::Id term = conditions_[*ref].term;
        const std::set<std::uint32_t>& termReads = *relationsRead(term);
        if (!admissible(termReads)) continue;
        reads.insert(termReads.begin(), termReads.end());
        allOf = allOf ? pool_.logicalAnd(*allOf, term) : term;
      }
      if (!allOf) return std::nullopt;
      anyOf = anyOf ? pool_.logicalOr(*anyOf, *allOf) : *allOf;
    }
    return anyOf;
  }

  void collectDefinitions(const sim::Statement& s) {
    if (auto* assign = std::get_if<sim::Assign>(&s.node)) {
      definitions_[assign->variable] = assign->value;
    } else if (auto* call = std::get_if<sim::Call>(&s.node)) {
      for (const sim::Call::Output& output : call->outputs)
        definitions_[output.variable] = call->call;
    } else if (auto* solve = std::get_if<sim::Solve>(&s.node)) {
      const sim::AlgebraicSystem& system = program_.systems[solve->system];
      for (std::uint32_t unknown : system.unknowns)
        definitions_[unknown] = expr::Id{}; // solved: continuous-time
      for (const sim::Statement& inner : system.inner)
        collectDefinitions(inner);
    } else if (auto* branching = std::get_if<sim::If>(&s.node)) {
      // An algorithm's if-statement: its outputs depend on its conditions too.
      for (const sim::IfBranch& branch : branching->branches)
        for (const sim::Statement& inner : branch.body)
          markUnknown(inner);
      for (const sim::Statement& inner : branching->elseBody)
        markUnknown(inner);
    }
  }

  void markUnknown(const sim::Statement& s) {
    if (auto* assign = std::get_if<sim::Assign>(&s.node)) definitions_[assign->variable] = {};
    if (auto* call = std::get_if<sim::Call>(&s.node))
      for (const sim::Call::Output& output : call->outputs)
        definitions_[output.variable] = {};
  }

  /// Visits `id` reached under `condition`.
  void visit(expr::Id id, ConditionRef condition) {
    auto key = std::make_pair(id.value, condition ? *condition : UINT32_MAX);
    if (visited_.size() > maxVisits || !visited_.insert(key).second) return;
    // Copies: the conditions made below add nodes to the pool.
    const expr::Node node = pool_.node(id);
    auto view = pool_.args(id);
    const std::vector<expr::Id> args(view.begin(), view.end());
    switch (node.op) {
    case expr::Op::Relation: {
      conditionsOf_[node.index].push_back(condition);
      visit(args[0], {}); // its operands are evaluated at events
      return;
    }
    case expr::Op::And:
    case expr::Op::Or: {
      // The value of one operand matters only where the other does not decide the result.
      bool conjunction = node.op == expr::Op::And;
      for (std::size_t i = 0; i < 2; ++i) {
        expr::Id other = args[1 - i];
        visit(args[i], when(condition, other, conjunction));
      }
      return;
    }
    case expr::Op::If:
      visit(args[0], condition);
      visit(args[1], when(condition, args[0], true));
      visit(args[2], when(condition, args[0], false));
      return;
    default:
      for (expr::Id arg : args)
        visit(arg, condition);
    }
  }

  /// `condition` and (`c` is `holds`), where c changes only at events; else just `condition`.
  ConditionRef when(ConditionRef condition, expr::Id c, bool holds) {
    if (!relationsRead(c)) return condition;
    expr::Id term = holds ? c : pool_.logicalNot(c);
    relationsRead(term);
    conditions_.push_back(Condition{condition, term});
    return static_cast<std::uint32_t>(conditions_.size() - 1);
  }

  // A value that changes only at events: built from constants, parameters, pre(), stored
  // relations and variables whose continuous-mode definitions are such values, or which only
  // when-clauses assign (MLS 3.8.3: discrete-time expressions; noEvent() and time are not).
  // The relations it reads, through those definitions too; none when it is not such a value.
  const std::optional<std::set<std::uint32_t>>& relationsRead(expr::Id id) {
    if (auto found = reads_.find(id.value); found != reads_.end()) return found->second;
    reads_[id.value] = std::nullopt; // a cycle through definitions is not decided frozen
    std::optional<std::set<std::uint32_t>> result = decideReads(id);
    return reads_[id.value] = std::move(result);
  }

  std::optional<std::set<std::uint32_t>> decideReads(expr::Id id) {
    const expr::Node node = pool_.node(id);
    switch (node.op) {
    case expr::Op::Relation: return std::set<std::uint32_t>{node.index};
    case expr::Op::Constant:
    case expr::Op::Pre:
    case expr::Op::Initial:
    case expr::Op::Terminal:
    case expr::Op::Sample: return std::set<std::uint32_t>{};
    case expr::Op::Time:
    case expr::Op::NoEvent:
    case expr::Op::Delay:
    case expr::Op::Homotopy:
    case expr::Op::Local:
    case expr::Op::LocalElement: return std::nullopt;
    case expr::Op::Variable: return variableReads(node.index);
    default: break;
    }
    std::set<std::uint32_t> result;
    auto args = pool_.args(id);
    std::vector<expr::Id> copy(args.begin(), args.end());
    for (expr::Id arg : copy) {
      const auto& reads = relationsRead(arg);
      if (!reads) return std::nullopt;
      result.insert(reads->begin(), reads->end());
    }
    return result;
  }

  std::optional<std::set<std::uint32_t>> variableReads(std::uint32_t index) {
    const sim::Variable& v = program_.variables[index];
    if (v.kind == sim::Kind::Constant || v.kind == sim::Kind::Parameter)
      return std::set<std::uint32_t>{};
    bool discreteType = v.type != expr::Type::Real;
    if (!discreteType && v.kind != sim::Kind::Discrete && v.kind != sim::Kind::Internal)
      return std::nullopt;
    auto definition = definitions_.find(index);
    if (definition == definitions_.end()) return std::set<std::uint32_t>{}; // when-clauses only
    if (!definition->second.valid()) return std::nullopt;
    return relationsRead(definition->second);
  }

  // The crossing reports the side of the relation's stored value while `condition` is false:
  // the sign where its function (lhs - rhs) has that value.
  void guard(sim::Crossing& crossing, expr::Id condition) {
    const sim::Relation& relation = program_.relations[crossing.relation];
    expr::Id stored = pool_.relation(crossing.relation, relation.comparison); // in continuous mode
    expr::Op op = pool_.op(relation.comparison);
    bool trueWherePositive = op == expr::Op::Gt || op == expr::Op::Ge;
    expr::Id positive = pool_.real(1.0), negative = pool_.real(-1.0);
    expr::Id side = trueWherePositive ? pool_.ifThenElse(stored, positive, negative)
                                      : pool_.ifThenElse(stored, negative, positive);
    crossing.function = pool_.ifThenElse(condition, crossing.function, side);
  }

  /// Each node is visited once per condition it occurs under; beyond this many visits the
  /// conditions are given up rather than the translation slowed.
  static constexpr std::size_t maxVisits = 1'000'000;

  struct PairHash {
    std::size_t operator()(const std::pair<std::uint32_t, std::uint32_t>& p) const {
      return std::hash<std::uint64_t>()((std::uint64_t{p.first} << 32) | p.second);
    }
  };

  sim::Program& program_;
  expr::Pool& pool_;
  /// By relation: the condition under which each of its occurrences matters.
  std::vector<std::vector<ConditionRef>> conditionsOf_;
  std::vector<Condition> conditions_;
  std::unordered_map<std::uint32_t, expr::Id> definitions_; // continuous-mode values
  std::unordered_map<std::uint32_t, std::optional<std::set<std::uint32_t>>> reads_; // by node
  std::unordered_set<std::pair<std::uint32_t, std::uint32_t>, PairHash> visited_;
};

} // namespace

void ProgramBuilder::addCrossingGuards() { CrossingGuards(program_).run(); }

} // namespace mocc::backend::program
