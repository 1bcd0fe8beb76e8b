// Equations, assertions and when-clauses of the DAE (MLS 8.3); if-equations are lowered in
// if_equations.cpp.
#include "builder.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace mocc::dae {

void SystemBuilder::addEquation(const flat::Equation& equation) {
  if (auto* e = std::get_if<flat::Equality>(&equation.node)) {
    auto lhs = translate(e->lhs);
    auto rhs = translate(e->rhs);
    if (lhs && rhs) system_.equations.push_back(Equation{*lhs, *rhs, equation.range});
  } else if (auto* w = std::get_if<flat::When>(&equation.node)) {
    addWhen(*w, equation.range);
  } else if (auto* a = std::get_if<flat::AssertEquation>(&equation.node)) {
    if (auto lowered = assertion(*a, equation.range)) system_.assertions.push_back(*lowered);
  } else if (auto* i = std::get_if<flat::IfEquation>(&equation.node)) {
    addIfEquation(*i, equation.range);
  } else if (std::holds_alternative<flat::Terminate>(equation.node)) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, equation.range,
                       "terminate() outside a when-clause would stop the simulation at once; "
                       "put it in a when-clause");
  }
}

std::optional<Assertion> SystemBuilder::assertion(const flat::AssertEquation& a,
                                                  SourceRange range) {
  auto condition = translate(a.condition);
  auto code = message(a.message);
  if (!condition || !code) return std::nullopt;
  static_assert(static_cast<int>(AssertLevel::Message) ==
                static_cast<int>(flat::AssertionLevel::Message));
  auto level = static_cast<AssertLevel>(a.level); // the same enumerators
  return Assertion{*condition, std::move(code->message), level, range, std::move(code->values)};
}

void SystemBuilder::addWhen(const flat::When& when, SourceRange range) {
  WhenClause clause;
  clause.range = range;
  bool ok = true;
  for (const flat::EquationBranch& branch : when.branches) {
    auto lowered = whenBranch(branch);
    if (lowered) {
      clause.branches.push_back(std::move(*lowered));
    } else {
      ok = false;
    }
  }
  if (!ok) return;
  std::set<std::uint32_t> assigned;
  for (const WhenBranch& branch : clause.branches) {
    for (const WhenStatement& s : branch.body) {
      if (auto* a = std::get_if<Assignment>(&s)) assigned.insert(a->variable);
    }
  }
  clause.assigned.assign(assigned.begin(), assigned.end());
  checkBranchesAssignSameVariables(clause);
  auto index = static_cast<std::uint32_t>(system_.whens.size());
  whenAssigned_.resize(system_.variables.size(), kNone);
  for (std::uint32_t v : clause.assigned) {
    if (whenAssigned_[v] != kNone) {
      auto& d = diagnostics_.error(DiagnosticKind::MultipleAssignment, range,
                                   "'" + system_.variables[v].name +
                                       "' is assigned in more than one when-clause; use "
                                       "elsewhen to give one clause several conditions "
                                       "(MLS 8.3.5.2)");
      d.notes.push_back({system_.whens[whenAssigned_[v]].range, "the other when-clause"});
    }
    whenAssigned_[v] = index;
  }
  system_.whens.push_back(std::move(clause));
}

// MLS 8.3.5.1: every branch of a when-equation assigns the same variables.
void SystemBuilder::checkBranchesAssignSameVariables(const WhenClause& clause) {
  if (clause.branches.size() < 2) return;
  for (const WhenBranch& branch : clause.branches) {
    std::set<std::uint32_t> assigned;
    for (const WhenStatement& s : branch.body) {
      if (auto* a = std::get_if<Assignment>(&s)) assigned.insert(a->variable);
    }
    for (std::uint32_t v : clause.assigned) {
      if (assigned.count(v)) continue;
      diagnostics_.error(DiagnosticKind::InvalidWhen, branch.range,
                         "this branch does not assign '" + system_.variables[v].name +
                             "', which another branch of the when-clause assigns "
                             "(MLS 8.3.5.1)");
      return;
    }
  }
}

std::optional<WhenBranch> SystemBuilder::whenBranch(const flat::EquationBranch& branch) {
  WhenBranch out;
  out.range = branch.range;
  bool ok = translateWhenCondition(branch.condition, out.activeAtInitial,
                                   [&](expr::Id value, SourceRange range) {
                                     out.conditions.push_back(conditionVariable(value, range));
                                   });
  for (const flat::Equation& equation : branch.body) {
    if (auto* nested = std::get_if<flat::IfEquation>(&equation.node)) {
      auto statements = whenIfStatements(*nested, equation.range);
      if (statements) {
        out.body.insert(out.body.end(), statements->begin(), statements->end());
      } else {
        ok = false;
      }
      continue;
    }
    auto statement = whenStatement(equation);
    if (statement) {
      out.body.push_back(std::move(*statement));
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  orderBranch(out);
  return out;
}

// Each when-condition element becomes an internal Boolean defined by an ordinary equation,
// so that its pre() value is kept like any discrete variable's and edges can be detected.
bool SystemBuilder::translateWhenCondition(const flat::Expr& condition, bool& activeAtInitial,
                                           const std::function<void(expr::Id, SourceRange)>& use) {
  std::vector<const flat::Expr*> elements;
  if (condition.kind == flat::Expr::Kind::Call && condition.text == "array") {
    for (const flat::Expr& element : condition.args)
      elements.push_back(&element);
  } else {
    elements.push_back(&condition);
  }
  bool ok = true;
  for (const flat::Expr* element : elements) {
    bool isInitial = element->kind == flat::Expr::Kind::Call && element->text == "initial";
    activeAtInitial = activeAtInitial || isInitial;
    if (auto translated = translate(*element)) {
      use(*translated, element->range);
    } else {
      ok = false;
    }
  }
  return ok;
}

std::uint32_t SystemBuilder::conditionVariable(expr::Id condition, SourceRange range) {
  Variable v;
  v.name = fmt::format("$whenCondition{}", ++nextCondition_);
  v.type = expr::Type::Boolean;
  v.kind = VariableKind::Internal;
  v.range = range;
  auto index = static_cast<std::uint32_t>(system_.variables.size());
  system_.variables.push_back(std::move(v));
  system_.equations.push_back(Equation{system_.ref(index), condition, range});
  return index;
}

std::optional<WhenStatement> SystemBuilder::whenStatement(const flat::Equation& equation) {
  if (auto* e = std::get_if<flat::Equality>(&equation.node)) {
    auto target = variableIndex(e->lhs);
    auto value = translate(e->rhs);
    if (!target || !value) return std::nullopt;
    if (expr::dependsOn(system_.pool, *value, [&](std::uint32_t v) { return v == *target; })) {
      const std::string& name = system_.variables[*target].name;
      diagnostics_.error(DiagnosticKind::InvalidWhen, equation.range,
                         "'" + name + "' appears on both sides of its when-equation; write pre(" +
                             name + ") for its value before the event (MLS 8.3.5)");
      return std::nullopt;
    }
    return Assignment{*target, *value, equation.range};
  }
  if (auto* r = std::get_if<flat::Reinit>(&equation.node)) {
    auto target = variableIndex(r->state);
    auto value = translate(r->value);
    if (!target || !value) return std::nullopt;
    return Reinit{*target, *value, equation.range};
  }
  if (auto* a = std::get_if<flat::AssertEquation>(&equation.node)) {
    auto lowered = assertion(*a, equation.range);
    if (!lowered) return std::nullopt;
    return *lowered;
  }
  if (auto* t = std::get_if<flat::Terminate>(&equation.node)) {
    auto code = message(t->message);
    if (!code) return std::nullopt;
    return Termination{std::move(code->message), equation.range, std::move(code->values)};
  }
  diagnostics_.error(DiagnosticKind::InvalidWhen, equation.range,
                     "this equation cannot appear inside a when-clause");
  return std::nullopt;
}

// Equations inside one branch are unordered like all equations: an assignment that reads a
// variable assigned in the same branch must come after it. Other statements keep their place
// relative to each other, after the assignments they read.
void SystemBuilder::orderBranch(WhenBranch& branch) {
  std::vector<WhenStatement> pending = std::move(branch.body);
  branch.body.clear();
  std::set<std::uint32_t> unassigned;
  for (const WhenStatement& s : pending) {
    if (auto* a = std::get_if<Assignment>(&s)) unassigned.insert(a->variable);
  }
  auto ready = [&](const WhenStatement& s) {
    expr::Id value = std::visit(
        [](const auto& x) -> expr::Id {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, Assertion>)
            return x.condition;
          else if constexpr (std::is_same_v<T, Termination>)
            return expr::Id{};
          else
            return x.value;
        },
        s);
    if (!value.valid()) return true;
    auto* self = std::get_if<Assignment>(&s);
    return !expr::dependsOn(system_.pool, value, [&](std::uint32_t v) {
      return unassigned.count(v) && !(self && self->variable == v);
    });
  };
  while (!pending.empty()) {
    auto next = std::find_if(pending.begin(), pending.end(), ready);
    if (next == pending.end()) {
      diagnostics_.error(DiagnosticKind::AlgebraicLoop, branch.range,
                         "the equations of this when-clause depend on each other in a cycle; "
                         "use pre() to refer to values before the event");
      return;
    }
    if (auto* a = std::get_if<Assignment>(&*next)) unassigned.erase(a->variable);
    branch.body.push_back(std::move(*next));
    pending.erase(next);
  }
}

} // namespace mocc::dae
