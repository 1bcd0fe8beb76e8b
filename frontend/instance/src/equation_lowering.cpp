// Lowering equations (MLS 8.3): simple (array equations element by element), for, if, when,
// connect and the equation operators reinit, assert and terminate.
#include "equation_lowering.h"

#include <algorithm>

#include "flat_builders.h"
#include "lower_expression.h"

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

void EquationLowering::lowerSection(const SectionRef& section) {
  LowerContext context;
  context.scope = section.scope;
  if (section.algorithm) {
    lowerAlgorithm(*section.algorithm, section.scope);
    return;
  }
  Equations& target = section.equations->initial ? initialEquations_ : equations_;
  for (const ast::Equation& equation : section.equations->equations) {
    lower(equation, context, false, target);
  }
}

void EquationLowering::lower(const ast::Equation& equation, const LowerContext& context,
                             bool insideWhen, Equations& out) {
  if (!el_.connectionGraph() && asksConnectionGraph(equation)) {
    deferUntilGraphSolved(equation, context, insideWhen, out);
    return;
  }
  if (auto* s = std::get_if<ast::SimpleEquation>(&equation.node)) {
    simple(equation, *s, context, insideWhen, out);
  } else if (auto* f = std::get_if<ast::ForEquation>(&equation.node)) {
    forEquation(equation, *f, context, insideWhen, out);
  } else if (auto* i = std::get_if<ast::IfEquation>(&equation.node)) {
    ifEquation(equation, *i, context, insideWhen, out);
  } else if (auto* w = std::get_if<ast::WhenEquation>(&equation.node)) {
    whenEquation(equation, *w, context, insideWhen, out);
  } else if (auto* c = std::get_if<ast::CallEquation>(&equation.node)) {
    callEquation(equation.range, c->function, c->args, context, insideWhen, out);
  } else if (auto* connect = std::get_if<ast::ConnectEquation>(&equation.node)) {
    if (insideWhen) {
      el_.diagnostics().error(DiagnosticKind::InvalidWhen, equation.range,
                              "connect-equations cannot be inside when-clauses (MLS 9.1)");
      return;
    }
    if (variableIfDepth_ > 0) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, equation.range,
                              "connect-equations cannot be inside if-equations whose conditions "
                              "are not parameter expressions (MLS 9.3)");
      return;
    }
    flattener_.addConnect({connect, context.scope, equation.range,
                           context.bindings ? *context.bindings : std::vector<Binding>{}});
  }
}

void EquationLowering::simple(const ast::Equation& equation, const ast::SimpleEquation& s,
                              const LowerContext& context, bool insideWhen, Equations& out) {
  if (!s.rhs) {
    el_.diagnostics().error(DiagnosticKind::SyntaxError, equation.range,
                            "expected '=' in the equation");
    return;
  }
  if (auto* tuple = std::get_if<ast::TupleExpr>(&s.lhs->node)) {
    tupleEquation(equation, *tuple, *s.rhs, context, insideWhen, out);
    return;
  }
  // An equation outside when-clauses and if-equations that change during simulation is
  // always evaluated, so its run-time subscripts are checked (MLS 10.5).
  std::vector<RangeCheck> rangeChecks;
  LowerContext checked = context;
  if (!insideWhen && variableIfDepth_ == 0) checked.readRangeChecks = &rangeChecks;
  auto lhs = el_.lower(*s.lhs, checked);
  auto rhs = el_.lower(*s.rhs, checked);
  if (!lhs || !rhs) return;
  addRangeChecks(std::move(rangeChecks), equation.range, out);
  if (lhs->isRecord() || rhs->isRecord()) {
    recordEquation(equation, *lhs, *rhs, insideWhen, out);
    return;
  }
  if (lhs->dims != rhs->dims) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, equation.range,
                            "the two sides of this equation have different sizes");
    return;
  }
  for (std::size_t k = 0; k < lhs->size(); ++k) {
    Expr& a = lhs->elements[k];
    Expr& b = rhs->elements[k];
    bool compatible = a.type == b.type || (make::isNumeric(a.type) && make::isNumeric(b.type));
    if (!compatible) {
      el_.diagnostics().error(
          DiagnosticKind::TypeMismatch, equation.range,
          std::string("the two sides of the equation have incompatible types ") +
              flat::spelling(a.type) + " and " + flat::spelling(b.type));
      return;
    }
    if (insideWhen && a.kind != Expr::Kind::Variable) {
      el_.diagnostics().error(DiagnosticKind::InvalidWhen, s.lhs->range,
                              "the left side of an equation in a when-clause must be a variable "
                              "(MLS 8.3.5)");
      return;
    }
    out.push_back(flat::Equation{flat::Equality{std::move(a), std::move(b)}, equation.range});
  }
}

void EquationLowering::addRangeChecks(std::vector<RangeCheck> checks, SourceRange range,
                                      Equations& out) {
  for (RangeCheck& check : checks)
    out.push_back(flat::Equation{
        flat::AssertEquation{std::move(check.condition), std::move(check.message)}, range});
}

// r1 = r2 for records: one equation per scalar field (MLS 10.6.1 for records).
void EquationLowering::recordEquation(const ast::Equation& equation, const Tensor& lhs,
                                      const Tensor& rhs, bool insideWhen, Equations& out) {
  if (!sameShape(lhs, rhs)) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, equation.range,
                            "the two sides of this equation are not records of the same type");
    return;
  }
  std::vector<Expr> a = lhs.leaves(), b = rhs.leaves();
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (insideWhen && a[k].kind != Expr::Kind::Variable) {
      el_.diagnostics().error(DiagnosticKind::InvalidWhen, equation.range,
                              "the left side of an equation in a when-clause must be a variable");
      return;
    }
    out.push_back(flat::Equation{flat::Equality{std::move(a[k]), std::move(b[k])}, equation.range});
  }
}

// (a, , b) = f(x): each named output of the call equals its target (MLS 8.3.1).
void EquationLowering::tupleEquation(const ast::Equation& equation, const ast::TupleExpr& tuple,
                                     const ast::Expr& rhs, const LowerContext& context,
                                     bool insideWhen, Equations& out) {
  const auto* call = std::get_if<ast::CallExpr>(&rhs.node);
  if (!call) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, rhs.range,
                            "a list of outputs on the left needs a function call on the right");
    return;
  }
  auto result = ExpressionLowering(el_, context).functionCall(rhs, *call);
  if (!result) return;
  if (tuple.elements.size() > result->outputs.size()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, equation.range,
                            "the function has " + std::to_string(result->outputs.size()) +
                                " outputs, but " + std::to_string(tuple.elements.size()) +
                                " are given on the left");
    return;
  }
  for (std::size_t i = 0; i < tuple.elements.size(); ++i) {
    if (!tuple.elements[i]) continue;
    auto target = el_.lower(*tuple.elements[i], context);
    if (!target) return;
    const Tensor& value = result->outputs[i];
    if (!sameShape(*target, value)) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, tuple.elements[i]->range,
                              "output " + std::to_string(i + 1) +
                                  (value.isRecord() || target->isRecord()
                                       ? " is not a record of the type it is equated to"
                                       : " has a different size"));
      return;
    }
    // A record output equals its target field by field (Spice3's `(cc, m_dCap) = f(...)`).
    std::vector<Expr> targets = target->leaves(), values = value.leaves();
    for (std::size_t k = 0; k < targets.size(); ++k) {
      if (insideWhen && targets[k].kind != Expr::Kind::Variable) {
        el_.diagnostics().error(DiagnosticKind::InvalidWhen, tuple.elements[i]->range,
                                "the outputs of a call in a when-clause must go to variables");
        return;
      }
      out.push_back(flat::Equation{flat::Equality{std::move(targets[k]), std::move(values[k])},
                                   equation.range});
    }
  }
}

bool forEachIteration(Elaborator& el, const ast::ForIterator& iterator, const LowerContext& context,
                      const std::function<void(const LowerContext&)>& body,
                      const std::vector<IteratorUse>& uses, bool parameterRange) {
  auto range = iterator.range ? el.lower(*iterator.range, context)
                              : deducedRange(el, iterator, uses, context);
  if (!range) return false;
  if (range->dims.size() != 1) {
    el.diagnostics().error(DiagnosticKind::TypeMismatch, iterator.range->range,
                           "the range of a for-loop must be a vector (MLS 11.2.2)");
    return false;
  }
  if (parameterRange && iterator.range) {
    for (const flat::Expr& element : range->elements) {
      if (el.fold(element)) continue;
      el.diagnostics().error(DiagnosticKind::InvalidOperator, iterator.range->range,
                             "the range of a for-equation must be a parameter expression "
                             "(MLS 8.3.2)");
      return false;
    }
  }
  for (std::size_t k = 0; k < range->size(); ++k) {
    std::vector<Binding> bindings = context.bindings ? *context.bindings : std::vector<Binding>{};
    bindings.push_back({iterator.name, range->row(k)});
    LowerContext inner = context;
    inner.bindings = &bindings;
    body(inner);
  }
  return true;
}

// MLS 8.3.2: for-equations are unrolled; their ranges are parameter expressions.
void EquationLowering::forEquation(const ast::Equation& equation, const ast::ForEquation& loop,
                                   const LowerContext& context, bool insideWhen, Equations& out) {
  std::function<void(std::size_t, const LowerContext&)> nest = [&](std::size_t i,
                                                                   const LowerContext& inner) {
    if (i == loop.iterators.size()) {
      for (const ast::Equation& e : loop.body)
        lower(e, inner, insideWhen, out);
      return;
    }
    forEachIteration(
        el_, loop.iterators[i], inner, [&](const LowerContext& next) { nest(i + 1, next); },
        iteratorUses(loop.iterators[i].name, loop.body), /*parameterRange=*/true);
  };
  nest(0, context);
  (void)equation;
}

// MLS 8.3.4: with parameter conditions the branch is chosen now; otherwise every branch
// keeps its equations and the choice is made during simulation.
void EquationLowering::ifEquation(const ast::Equation& equation, const ast::IfEquation& e,
                                  const LowerContext& context, bool insideWhen, Equations& out) {
  std::vector<Expr> conditions;
  bool allConstant = true;
  for (const auto& branch : e.branches) {
    auto condition = el_.lowerScalar(*branch.condition, context);
    if (!condition) return;
    if (condition->type != Type::Boolean) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, branch.condition->range,
                              "the condition of an if-equation must be Boolean");
      return;
    }
    conditions.push_back(std::move(*condition));
  }
  std::vector<std::optional<ConstValue>> folded;
  for (const Expr& condition : conditions) {
    folded.push_back(el_.fold(condition));
    allConstant = allConstant && folded.back();
    if (folded.back() && folded.back()->number != 0) break; // later branches never matter
  }
  if (allConstant) {
    for (std::size_t i = 0; i < folded.size(); ++i) {
      if (folded[i]->number == 0) continue;
      for (const ast::Equation& inner : e.branches[i].body)
        lower(inner, context, insideWhen, out);
      return;
    }
    for (const ast::Equation& inner : e.elseBody)
      lower(inner, context, insideWhen, out);
    return;
  }
  flat::IfEquation result;
  ++variableIfDepth_;
  for (std::size_t i = 0; i < e.branches.size(); ++i) {
    flat::EquationBranch branch;
    branch.condition = conditions[i];
    branch.range = e.branches[i].range;
    for (const ast::Equation& inner : e.branches[i].body)
      lower(inner, context, insideWhen, branch.body);
    result.branches.push_back(std::move(branch));
  }
  for (const ast::Equation& inner : e.elseBody)
    lower(inner, context, insideWhen, result.elseBody);
  --variableIfDepth_;
  if (!insideWhen) checkBranchSizes(equation, result, !e.elseBody.empty());
  out.push_back(flat::Equation{std::move(result), equation.range});
}

namespace {

/// The equations a branch contributes to the balance: equalities, and what a nested
/// if-equation's first branch contributes (asserts, reinit and terminate give none).
std::size_t equationCount(const std::vector<flat::Equation>& body) {
  std::size_t count = 0;
  for (const flat::Equation& e : body) {
    if (std::holds_alternative<flat::Equality>(e.node)) ++count;
    if (const auto* nested = std::get_if<flat::IfEquation>(&e.node)) {
      count += nested->branches.empty() ? 0 : equationCount(nested->branches.front().body);
    }
  }
  return count;
}

} // namespace

// MLS 8.3.4: when the conditions are not parameter expressions, every branch (and a
// mandatory else) has the same number of equations, so the model is balanced whichever holds.
void EquationLowering::checkBranchSizes(const ast::Equation& equation,
                                        const flat::IfEquation& result, bool hasElse) {
  std::size_t first = equationCount(result.branches.front().body);
  if (!hasElse && first > 0) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, equation.range,
                            "this if-equation has conditions that are not parameter expressions, "
                            "so it needs an else branch with the same number of equations (" +
                                std::to_string(first) + ") as the others (MLS 8.3.4)");
    return;
  }
  auto check = [&](std::size_t count, SourceRange range) {
    if (count == first) return;
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, range,
                            "this branch has " + std::to_string(count) + " equation" +
                                (count == 1 ? "" : "s") + " but the first has " +
                                std::to_string(first) +
                                ": with conditions that are not parameter expressions every "
                                "branch needs the same number (MLS 8.3.4)");
  };
  for (const flat::EquationBranch& branch : result.branches)
    check(equationCount(branch.body), branch.range);
  if (hasElse) check(equationCount(result.elseBody), equation.range);
}

std::optional<Expr> EquationLowering::whenCondition(const ast::Expr& condition,
                                                    const LowerContext& context) {
  LowerContext inner = context;
  inner.whenCondition = true;
  auto value = el_.lower(condition, inner);
  if (!value) return std::nullopt;
  for (const Expr& element : value->elements) {
    if (element.type != Type::Boolean) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, condition.range,
                              "a when-condition must be Boolean (or a vector of Booleans)");
      return std::nullopt;
    }
  }
  if (value->isScalar()) return value->scalarValue();
  if (value->dims.size() != 1) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, condition.range,
                            "a when-condition must be a Boolean scalar or vector (MLS 8.3.5)");
    return std::nullopt;
  }
  return make::call("array", Type::Boolean, std::move(value->elements), condition.range);
}

void EquationLowering::whenEquation(const ast::Equation& equation, const ast::WhenEquation& when,
                                    const LowerContext& context, bool insideWhen, Equations& out) {
  if (insideWhen) {
    el_.diagnostics().error(DiagnosticKind::InvalidWhen, equation.range,
                            "when-clauses cannot be nested (MLS 8.3.5.2)");
    return;
  }
  flat::When result;
  std::vector<std::vector<flat::Statement>> calls(when.branches.size());
  for (std::size_t k = 0; k < when.branches.size(); ++k) {
    const auto& branch = when.branches[k];
    auto condition = whenCondition(*branch.condition, context);
    if (!condition) return;
    flat::EquationBranch lowered;
    lowered.condition = std::move(*condition);
    lowered.range = branch.range;
    whenCalls_ = &calls[k];
    for (const ast::Equation& inner : branch.body)
      lower(inner, context, true, lowered.body);
    whenCalls_ = nullptr;
    result.branches.push_back(std::move(lowered));
  }
  whenCallAlgorithm(result, std::move(calls), equation.range);
  out.push_back(flat::Equation{std::move(result), equation.range});
}

// MLS 8.3.5.1: `() = f(...)` in a when-equation calls f for its effects where the branch is
// active. The calls become a when-statement of their own with the same branches (so the first
// active branch's calls run, MLS 8.3.5), sorted like any algorithm after what they read.
void EquationLowering::whenCallAlgorithm(const flat::When& when,
                                         std::vector<std::vector<flat::Statement>> calls,
                                         SourceRange range) {
  bool any = std::any_of(calls.begin(), calls.end(), [](const auto& c) { return !c.empty(); });
  if (!any) return;
  flat::WhenStatement statement;
  for (std::size_t k = 0; k < calls.size(); ++k)
    statement.branches.push_back(flat::StatementBranch{
        when.branches[k].condition, std::move(calls[k]), when.branches[k].range});
  flat::Algorithm algorithm;
  algorithm.range = range;
  algorithm.statements.push_back(flat::Statement{std::move(statement), range});
  algorithms_.push_back(std::move(algorithm));
}

std::optional<Expr> EquationLowering::message(const ast::Expr& e, const LowerContext& context) {
  auto value = el_.lowerScalar(e, context);
  if (!value) return std::nullopt;
  if (value->type != Type::String) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range, "a message must be a String");
    return std::nullopt;
  }
  return value;
}

void EquationLowering::callEquation(SourceRange range, const ast::ComponentRef& function,
                                    const ast::FunctionArgs& args, const LowerContext& context,
                                    bool insideWhen, Equations& out) {
  std::string name = function.parts.size() == 1 && !function.global ? function.parts[0].ident
                                                                    : globalName(function);
  Diagnostics& d = el_.diagnostics();
  if (name == "reinit") {
    if (!insideWhen) {
      d.error(DiagnosticKind::InvalidReinit, range,
              "reinit() is only allowed inside a when-clause (MLS 8.3.6)");
      return;
    }
    if (args.positional.size() != 2 || !args.named.empty()) {
      d.error(DiagnosticKind::WrongArguments, range,
              "reinit takes two arguments: reinit(state, value)");
      return;
    }
    auto state = el_.lower(*args.positional[0], context);
    auto value = el_.lower(*args.positional[1], context);
    if (!state || !value) return;
    if (state->dims != value->dims && !value->isScalar()) {
      d.error(DiagnosticKind::TypeMismatch, range,
              "reinit: the value must have the size of the state");
      return;
    }
    for (std::size_t k = 0; k < state->size(); ++k) {
      Expr& x = state->elements[k];
      if (x.kind != Expr::Kind::Variable || x.type != Type::Real) {
        d.error(DiagnosticKind::InvalidReinit, args.positional[0]->range,
                "the first argument of reinit() must be a Real state variable (MLS 8.3.6)");
        return;
      }
      const flat::Variable& target = el_.variable(x.variable).variable;
      if (target.variability != flat::Variability::Continuous) {
        d.error(DiagnosticKind::InvalidReinit, args.positional[0]->range,
                "reinit() changes a continuous-time state, but '" + target.name + "' is a " +
                    flat::spelling(target.variability) + " (MLS 8.3.6)");
        return;
      }
      Expr v = value->isScalar() ? value->elements[0] : value->elements[k];
      out.push_back(flat::Equation{flat::Reinit{std::move(x), std::move(v)}, range});
    }
    return;
  }
  if (name == "assert") {
    std::size_t count = args.positional.size() + args.named.size();
    if (args.positional.size() < 2 || count > 3) {
      d.error(DiagnosticKind::WrongArguments, range,
              "assert takes assert(condition, message [, level])");
      return;
    }
    const ast::Expr* levelExpr = args.positional.size() == 3 ? args.positional[2].get() : nullptr;
    for (const ast::NamedArgument& named : args.named) {
      if (named.name != "level") {
        d.error(DiagnosticKind::WrongArguments, named.range,
                "assert has no argument named '" + named.name + "'");
        return;
      }
      levelExpr = named.value.get();
    }
    auto condition = el_.lowerScalar(*args.positional[0], context);
    auto text = message(*args.positional[1], context);
    if (!condition || !text) return;
    if (condition->type != Type::Boolean) {
      d.error(DiagnosticKind::TypeMismatch, args.positional[0]->range,
              "the condition of assert must be Boolean");
      return;
    }
    flat::AssertEquation lowered{std::move(*condition), std::move(*text)};
    if (levelExpr) {
      auto level = el_.lowerScalar(*levelExpr, context);
      if (!level) return;
      if (level->type != Type::Enumeration || level->text.find("AssertionLevel.") != 0) {
        d.error(DiagnosticKind::TypeMismatch, levelExpr->range,
                "the level of assert must be AssertionLevel.error or AssertionLevel.warning");
        return;
      }
      if (level->text == "AssertionLevel.warning") lowered.level = flat::AssertionLevel::Warning;
    }
    out.push_back(flat::Equation{std::move(lowered), range});
    return;
  }
  if (name == "terminate") {
    if (args.positional.size() != 1 || !args.named.empty()) {
      d.error(DiagnosticKind::WrongArguments, range,
              "terminate takes one argument: terminate(message)");
      return;
    }
    auto text = message(*args.positional[0], context);
    if (!text) return;
    out.push_back(flat::Equation{flat::Terminate{std::move(*text)}, range});
    return;
  }
  if (name.rfind("Connections.", 0) == 0) {
    if (insideWhen || variableIfDepth_ > 0) {
      d.error(DiagnosticKind::InvalidOperator, range,
              name + " can only be used where a connect-equation can: not inside when-clauses "
                     "or if-equations whose conditions are not parameter expressions (MLS 9.4)");
      return;
    }
    connectionGraphOperator(range, name, args, context);
    return;
  }
  if (insideWhen && variableIfDepth_ == 0 && whenCalls_) {
    callStatement(range, function, args, context, *whenCalls_);
    return;
  }
  if (insideWhen || variableIfDepth_ > 0) {
    d.error(DiagnosticKind::Unsupported, range,
            "the function-call equation '" + name +
                "(...)' is supported outside if-equations whose conditions change during "
                "simulation only; write it as a statement of an algorithm");
    return;
  }
  emptyCallEquation(range, function, args, context);
}

// MLS 12.4.7: an empty call as an equation (a "null equation") contributes no equation; it is
// made for its effects, such as its asserts, so it runs like the same call as the one
// statement of an algorithm section (which discards any outputs, as callStatement does).
void EquationLowering::emptyCallEquation(SourceRange range, const ast::ComponentRef& function,
                                         const ast::FunctionArgs& args,
                                         const LowerContext& context) {
  flat::Algorithm algorithm;
  algorithm.range = range;
  callStatement(range, function, args, context, algorithm.statements);
  if (!algorithm.statements.empty()) algorithms_.push_back(std::move(algorithm));
}

} // namespace mocc::frontend
