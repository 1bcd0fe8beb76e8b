// If-equations with conditions that are not parameter expressions (MLS 8.3.4). Every branch
// has the same number of equations; the k-th equations of all branches become one equation
// whose side is an if-expression, so sorting and the relations pass treat it like any other:
// `v = if c1 then e1 else e2` when every branch's k-th equation has v alone on one side,
// else the residual form `0 = if c1 then l1 - r1 else l2 - r2`.
#include "builder.h"

#include <fmt/format.h>

namespace mocc::dae {

void SystemBuilder::addIfEquation(const flat::IfEquation& equation, SourceRange range) {
  auto lowered = lowerIfEquation(equation, range);
  if (!lowered) return;
  for (const LoweredEquation& e : lowered->equations)
    system_.equations.push_back(Equation{e.lhs, e.rhs, e.range});
  for (const Assertion& a : lowered->assertions)
    system_.assertions.push_back(a);
}

std::optional<SystemBuilder::LoweredBody>
SystemBuilder::lowerBody(const std::vector<flat::Equation>& body) {
  LoweredBody out;
  bool ok = true;
  for (const flat::Equation& equation : body) {
    if (auto* e = std::get_if<flat::Equality>(&equation.node)) {
      auto lhs = translate(e->lhs);
      auto rhs = translate(e->rhs);
      if (lhs && rhs) {
        out.equations.push_back({*lhs, *rhs, equation.range});
      } else {
        ok = false;
      }
    } else if (auto* nested = std::get_if<flat::IfEquation>(&equation.node)) {
      auto inner = lowerIfEquation(*nested, equation.range);
      if (!inner) {
        ok = false;
        continue;
      }
      out.equations.insert(out.equations.end(), inner->equations.begin(), inner->equations.end());
      out.assertions.insert(out.assertions.end(), inner->assertions.begin(),
                            inner->assertions.end());
    } else if (auto* a = std::get_if<flat::AssertEquation>(&equation.node)) {
      auto lowered = assertion(*a, equation.range);
      if (lowered) out.assertions.push_back(*lowered);
      ok = ok && lowered.has_value();
    } else {
      diagnostics_.error(DiagnosticKind::Unsupported, equation.range,
                         "this equation cannot be used inside an if-equation whose conditions "
                         "are not parameter expressions (MLS 8.3.4)");
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

// Lowers every branch, checks their sizes and pairs their k-th equations. An assertion of a
// branch holds when its branch is not the selected one.
std::optional<SystemBuilder::LoweredBody>
SystemBuilder::lowerIfEquation(const flat::IfEquation& equation, SourceRange range) {
  std::vector<expr::Id> conditions;
  std::vector<LoweredBody> bodies;
  bool ok = true;
  for (const flat::EquationBranch& branch : equation.branches) {
    auto condition = translate(branch.condition);
    auto body = lowerBody(branch.body);
    ok = ok && condition && body;
    conditions.push_back(condition.value_or(expr::Id{}));
    bodies.push_back(body ? std::move(*body) : LoweredBody{});
  }
  auto elseBody = lowerBody(equation.elseBody);
  if (!ok || !elseBody) return std::nullopt;
  bodies.push_back(std::move(*elseBody));
  if (!checkBranchSizes(equation, range, bodies)) return std::nullopt;

  LoweredBody out;
  for (std::size_t k = 0; k < bodies.front().equations.size(); ++k)
    out.equations.push_back(combine(conditions, bodies, k));
  expr::Pool& pool = system_.pool;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    for (Assertion a : bodies[b].assertions) {
      std::vector<expr::Id> values(bodies.size(), pool.boolean(true));
      values[b] = a.condition;
      a.condition = chain(conditions, values);
      out.assertions.push_back(std::move(a));
    }
  }
  return out;
}

bool SystemBuilder::checkBranchSizes(const flat::IfEquation& equation, SourceRange range,
                                     const std::vector<LoweredBody>& bodies) {
  std::size_t expected = bodies.front().equations.size();
  bool ok = true;
  auto plural = [](std::size_t n) { return fmt::format("{} equation{}", n, n == 1 ? "" : "s"); };
  for (std::size_t b = 1; b < bodies.size(); ++b) {
    std::size_t count = bodies[b].equations.size();
    if (count == expected) continue;
    bool isElse = b + 1 == bodies.size();
    SourceRange where = isElse
                            ? (equation.elseBody.empty() ? range : equation.elseBody.front().range)
                            : equation.branches[b].range;
    std::string which = isElse ? (equation.elseBody.empty() ? "the missing else-branch counts as "
                                                            : "the else-branch has ")
                               : "this branch has ";
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, where,
        fmt::format("{}{} but the first branch has {}; every branch of an if-equation with "
                    "non-parameter conditions needs the same number of equations (MLS 8.3.4)",
                    which, plural(count), plural(expected)));
    d.notes.push_back({equation.branches.front().range, "the first branch"});
    ok = false;
  }
  return ok;
}

// if c1 then v1 elseif c2 then v2 ... else vElse, built from the else-branch outwards.
expr::Id SystemBuilder::chain(const std::vector<expr::Id>& conditions,
                              const std::vector<expr::Id>& values) {
  expr::Id result = values.back();
  for (std::size_t i = conditions.size(); i-- > 0;)
    result = system_.pool.ifThenElse(conditions[i], values[i], result);
  return result;
}

// The k-th equation of every branch as one equation.
SystemBuilder::LoweredEquation SystemBuilder::combine(const std::vector<expr::Id>& conditions,
                                                      const std::vector<LoweredBody>& bodies,
                                                      std::size_t k) {
  expr::Pool& pool = system_.pool;
  const LoweredEquation& first = bodies.front().equations[k];
  // A variable alone on one side in every branch: the left side of the first branch first.
  for (expr::Id candidate : {first.lhs, first.rhs}) {
    if (pool.op(candidate) != expr::Op::Variable) continue;
    std::vector<expr::Id> values;
    for (const LoweredBody& body : bodies) {
      const LoweredEquation& e = body.equations[k];
      if (e.lhs == candidate) {
        values.push_back(e.rhs);
      } else if (e.rhs == candidate) {
        values.push_back(e.lhs);
      } else {
        break;
      }
    }
    if (values.size() == bodies.size()) return {candidate, chain(conditions, values), first.range};
  }
  std::vector<expr::Id> residuals;
  for (const LoweredBody& body : bodies)
    residuals.push_back(pool.sub(body.equations[k].lhs, body.equations[k].rhs));
  return {pool.real(0), chain(conditions, residuals), first.range};
}

// Inside a when-clause an if-equation assigns: its k-th equations must all have the same
// variable alone on their left side (MLS 8.3.5).
std::optional<std::vector<WhenStatement>>
SystemBuilder::whenIfStatements(const flat::IfEquation& equation, SourceRange range) {
  auto lowered = lowerIfEquation(equation, range);
  if (!lowered) return std::nullopt;
  std::vector<WhenStatement> out;
  bool ok = true;
  for (const LoweredEquation& e : lowered->equations) {
    if (system_.pool.op(e.lhs) != expr::Op::Variable) {
      diagnostics_.error(DiagnosticKind::InvalidWhen, e.range,
                         "inside a when-clause, the equations of every branch of an if-equation "
                         "must assign the same variables in the same order (MLS 8.3.5)");
      ok = false;
      continue;
    }
    std::uint32_t target = system_.pool.node(e.lhs).index;
    if (expr::dependsOn(system_.pool, e.rhs, [&](std::uint32_t v) { return v == target; })) {
      const std::string& name = system_.variables[target].name;
      diagnostics_.error(DiagnosticKind::InvalidWhen, e.range,
                         "'" + name + "' appears on both sides of its when-equation; write pre(" +
                             name + ") for its value before the event (MLS 8.3.5)");
      ok = false;
      continue;
    }
    out.push_back(Assignment{target, e.rhs, e.range});
  }
  for (const Assertion& a : lowered->assertions)
    out.push_back(a);
  if (!ok) return std::nullopt;
  return out;
}

} // namespace mocc::dae
