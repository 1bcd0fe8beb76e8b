// Lowering algorithm sections of the model (MLS 11.1, 11.2): assignments to model
// variables, if, while and when statements; for-loops over constant ranges are unrolled.
#include "equation_lowering.h"

#include "flat_builders.h"
#include "lower_expression.h"

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

void EquationLowering::lowerAlgorithm(const ast::AlgorithmSection& section, const Scope& scope) {
  LowerContext context;
  context.scope = scope;
  flat::Algorithm algorithm;
  algorithm.initial = section.initial;
  algorithm.range = section.range;
  for (const ast::Statement& s : section.statements)
    statement(s, context, false, algorithm.statements);
  algorithms_.push_back(std::move(algorithm));
}

bool EquationLowering::isBuiltinCallStatement(const ast::ComponentRef& function) {
  if (function.parts.size() != 1 || function.global) return false;
  const std::string& name = function.parts[0].ident;
  return name == "assert" || name == "terminate" || name == "reinit";
}

// `f(x);` calls a user function for its effects, such as the asserts of its body (MLS 11.2:
// `component-reference function-call-args` is a statement); its outputs, if any, are
// discarded. The call stays in the algorithm, so its asserts are checked where it stands.
void EquationLowering::callStatement(SourceRange range, const ast::ComponentRef& function,
                                     const ast::FunctionArgs& args, const LowerContext& context,
                                     std::vector<flat::Statement>& out) {
  ExpressionLowering lowering(el_, context);
  if (auto report = lowering.utilityReport(range, function, args)) {
    out.push_back(flat::Statement{std::move(*report), range});
    return;
  }
  ast::Expr where;
  where.range = range;
  auto result = lowering.functionCallOf(where, function, args);
  if (!result) return;
  out.push_back(flat::Statement{
      flat::CallStatement{make::functionCall(result->function, result->args, range), {}}, range});
}

namespace {

/// `target := value` for a target element that is a variable, or that run-time subscripts
/// chose among variables (`if i == 1 then x[1] elseif ... else x[n]`): the assignment then
/// goes to the chosen variable, one if-branch per candidate. False when an element is not a
/// variable.
bool assignChosen(const Expr& target, const Expr& value, SourceRange range,
                  std::vector<flat::Statement>& out) {
  if (target.kind == Expr::Kind::Variable) {
    out.push_back(
        flat::Statement{flat::AssignStatement{flat::LValue{target.variable, {}}, value}, range});
    return true;
  }
  if (target.kind != Expr::Kind::If) return false;
  flat::IfStatement choice;
  for (std::size_t k = 0; k + 1 < target.args.size(); k += 2) {
    flat::StatementBranch branch;
    branch.condition = target.args[k];
    branch.range = range;
    if (!assignChosen(target.args[k + 1], value, range, branch.body)) return false;
    choice.branches.push_back(std::move(branch));
  }
  if (!assignChosen(target.args.back(), value, range, choice.elseBody)) return false;
  out.push_back(flat::Statement{std::move(choice), range});
  return true;
}

} // namespace

void EquationLowering::assignment(const ast::Statement& s, const ast::AssignStatement& assign,
                                  const LowerContext& context, std::vector<flat::Statement>& out) {
  ast::Expr target;
  target.range = assign.target.range;
  target.node = ast::RefExpr{};
  // The target is lowered like a reference expression: its elements must be variables.
  std::vector<Expr> rangeChecks;
  LowerContext targetContext = context;
  targetContext.targetRangeChecks = &rangeChecks;
  auto targets = ExpressionLowering(el_, targetContext).reference(target, assign.target);
  auto value = el_.lower(*assign.value, context);
  if (!targets || !value) return;
  if (targets->isRecord() || value->isRecord()) {
    // A record is assigned field by field (Spice3's `vp := resistorInitEquations(rp, lp)`).
    if (!sameShape(*targets, *value)) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                              "a record of a different type is assigned");
      return;
    }
    Tensor targetLeaves, valueLeaves;
    targetLeaves.elements = targets->leaves();
    valueLeaves.elements = value->leaves();
    targetLeaves.dims = valueLeaves.dims = {targetLeaves.elements.size()};
    *targets = std::move(targetLeaves);
    *value = std::move(valueLeaves);
  }
  if (targets->dims != value->dims && !value->isScalar()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                            "the two sides of this assignment have different sizes");
    return;
  }
  for (Expr& check : rangeChecks) {
    Expr message = Expr::string("array subscript out of range in this assignment (MLS 10.5)",
                                assign.target.range);
    out.push_back(flat::Statement{flat::AssertStatement{std::move(check), std::move(message)},
                                  assign.target.range});
  }
  for (std::size_t k = 0; k < targets->size(); ++k) {
    const Expr& t = targets->elements[k];
    const Expr& v = value->isScalar() ? value->elements[0] : value->elements[k];
    if (!typesCompatible(t.type, v.type)) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                              std::string("cannot assign ") + flat::spelling(v.type) + " to " +
                                  flat::spelling(t.type) + " variable");
      return;
    }
    if (!assignChosen(t, v, s.range, out)) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, assign.target.range,
                              "only variables can be assigned (MLS 11.2.1)");
      return;
    }
  }
}

std::optional<std::vector<flat::StatementBranch>> EquationLowering::statementBranches(
    const std::vector<ast::ConditionalBranch<ast::Statement>>& branches,
    const LowerContext& context, bool insideWhen, bool whenBranches) {
  std::vector<flat::StatementBranch> result;
  for (const auto& branch : branches) {
    std::optional<Expr> condition = whenBranches ? whenCondition(*branch.condition, context)
                                                 : el_.lowerScalar(*branch.condition, context);
    if (!condition) return std::nullopt;
    if (condition->type != Type::Boolean) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, branch.condition->range,
                              "a condition must be Boolean");
      return std::nullopt;
    }
    flat::StatementBranch lowered;
    lowered.condition = std::move(*condition);
    lowered.range = branch.range;
    for (const ast::Statement& inner : branch.body) {
      statement(inner, context, insideWhen || whenBranches, lowered.body);
    }
    result.push_back(std::move(lowered));
  }
  return result;
}

namespace {

/// A break of this loop's own body: in it or in its if-statements, not in a nested loop.
bool containsBreak(const std::vector<ast::Statement>& body) {
  for (const ast::Statement& s : body) {
    if (std::holds_alternative<ast::BreakStatement>(s.node)) return true;
    if (auto* i = std::get_if<ast::IfStatement>(&s.node)) {
      for (const auto& branch : i->branches)
        if (containsBreak(branch.body)) return true;
      if (containsBreak(i->elseBody)) return true;
    }
  }
  return false;
}

bool guardAfterBreak(std::vector<flat::Statement>& list, std::uint32_t flag);

/// Whether `s` may set `flag` (a lowered break), guarding what follows a break inside it.
bool setsFlag(flat::Statement& s, std::uint32_t flag) {
  if (auto* a = std::get_if<flat::AssignStatement>(&s.node))
    return a->target.variable == flag && a->value.kind == Expr::Kind::Literal &&
           a->value.number != 0;
  auto* i = std::get_if<flat::IfStatement>(&s.node);
  if (!i) return false;
  bool sets = false;
  for (flat::StatementBranch& branch : i->branches)
    sets = guardAfterBreak(branch.body, flag) || sets;
  return guardAfterBreak(i->elseBody, flag) || sets;
}

/// The statements after one that may break run only while `flag` is false: they move into
/// `if not flag then ... end if`. Returns whether the list may set the flag.
bool guardAfterBreak(std::vector<flat::Statement>& list, std::uint32_t flag) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!setsFlag(list[k], flag)) continue;
    if (k + 1 == list.size()) return true;
    SourceRange range = list[k + 1].range;
    flat::StatementBranch rest;
    rest.condition = make::unary(flat::UnaryOp::Not, make::variable(flag, Type::Boolean, range),
                                 Type::Boolean, range);
    rest.range = range;
    rest.body.assign(std::make_move_iterator(list.begin() + static_cast<std::ptrdiff_t>(k + 1)),
                     std::make_move_iterator(list.end()));
    list.resize(k + 1);
    guardAfterBreak(rest.body, flag);
    flat::IfStatement guard;
    guard.branches.push_back(std::move(rest));
    list.push_back(flat::Statement{std::move(guard), range});
    return true;
  }
  return false;
}

} // namespace

flat::Statement EquationLowering::setFlag(std::uint32_t flag, bool value, SourceRange range) {
  return flat::Statement{
      flat::AssignStatement{flat::LValue{flag, {}}, make::literal(Type::Boolean, value, range)},
      range};
}

// Model algorithms iterate over constant ranges: the loop is unrolled (MLS 11.2.2). A break
// (MLS 11.2.4) sets a flag the compiler adds, and every statement after it, in this and the
// later iterations, runs only while the flag is false.
void EquationLowering::forStatement(const ast::Statement& s, const ast::ForStatement& loop,
                                    const LowerContext& context, bool insideWhen,
                                    std::vector<flat::Statement>& out) {
  std::optional<std::uint32_t> flag;
  if (containsBreak(loop.body)) {
    flat::Variable v;
    v.type = Type::Boolean;
    v.variability = flat::Variability::Discrete;
    v.range = s.range;
    flag = el_.addInternalVariable(std::move(v));
    el_.variable(*flag).variable.name = "$break" + std::to_string(*flag);
    flattener_.addInternal(*flag);
    breakFlags_.push_back(*flag);
  }
  std::vector<flat::Statement> body;
  std::function<void(std::size_t, const LowerContext&)> nest = [&](std::size_t k,
                                                                   const LowerContext& inner) {
    if (k == loop.iterators.size()) {
      for (const ast::Statement& statement : loop.body)
        this->statement(statement, inner, insideWhen, body);
      return;
    }
    forEachIteration(
        el_, loop.iterators[k], inner, [&](const LowerContext& next) { nest(k + 1, next); },
        iteratorUses(loop.iterators[k].name, loop.body));
  };
  nest(0, context);
  if (flag) {
    breakFlags_.pop_back();
    out.push_back(setFlag(*flag, false, s.range));
    guardAfterBreak(body, *flag);
  }
  out.insert(out.end(), std::make_move_iterator(body.begin()), std::make_move_iterator(body.end()));
}

void EquationLowering::statement(const ast::Statement& s, const LowerContext& context,
                                 bool insideWhen, std::vector<flat::Statement>& out) {
  Diagnostics& d = el_.diagnostics();
  if (auto* assign = std::get_if<ast::AssignStatement>(&s.node)) {
    assignment(s, *assign, context, out);
  } else if (auto* i = std::get_if<ast::IfStatement>(&s.node)) {
    auto branches = statementBranches(i->branches, context, insideWhen, false);
    if (!branches) return;
    flat::IfStatement result;
    result.branches = std::move(*branches);
    for (const ast::Statement& inner : i->elseBody)
      statement(inner, context, insideWhen, result.elseBody);
    out.push_back(flat::Statement{std::move(result), s.range});
  } else if (auto* w = std::get_if<ast::WhenStatement>(&s.node)) {
    if (insideWhen) {
      d.error(DiagnosticKind::InvalidWhen, s.range,
              "when-statements cannot be nested (MLS 11.2.7)");
      return;
    }
    auto branches = statementBranches(w->branches, context, insideWhen, true);
    if (!branches) return;
    out.push_back(flat::Statement{flat::WhenStatement{std::move(*branches)}, s.range});
  } else if (auto* loop = std::get_if<ast::ForStatement>(&s.node)) {
    forStatement(s, *loop, context, insideWhen, out);
  } else if (auto* loop = std::get_if<ast::WhileStatement>(&s.node)) {
    auto condition = el_.lowerScalar(*loop->condition, context);
    if (!condition) return;
    flat::WhileStatement result;
    result.condition = std::move(*condition);
    for (const ast::Statement& inner : loop->body)
      statement(inner, context, insideWhen, result.body);
    out.push_back(flat::Statement{std::move(result), s.range});
  } else if (auto* call = std::get_if<ast::CallStatement>(&s.node)) {
    if (!isBuiltinCallStatement(call->function)) {
      callStatement(s.range, call->function, call->args, context, out);
      return;
    }
    // assert, terminate and reinit as statements mean what their equations mean.
    Equations lowered;
    callEquation(s.range, call->function, call->args, context, insideWhen, lowered);
    for (flat::Equation& e : lowered) {
      if (auto* r = std::get_if<flat::Reinit>(&e.node)) {
        out.push_back({flat::ReinitStatement{std::move(r->state), std::move(r->value)}, s.range});
      } else if (auto* a = std::get_if<flat::AssertEquation>(&e.node)) {
        out.push_back(
            {flat::AssertStatement{std::move(a->condition), std::move(a->message), a->level},
             s.range});
      } else if (auto* t = std::get_if<flat::Terminate>(&e.node)) {
        out.push_back({flat::TerminateStatement{std::move(t->message)}, s.range});
      }
    }
  } else if (std::holds_alternative<ast::ReturnStatement>(s.node)) {
    d.error(DiagnosticKind::InvalidOperator, s.range,
            "return is only allowed in functions (MLS 11.2.3)");
  } else if (std::holds_alternative<ast::BreakStatement>(s.node)) {
    if (breakFlags_.empty()) {
      d.error(DiagnosticKind::InvalidOperator, s.range,
              "break is only allowed inside a loop (MLS 11.2.4)");
      return;
    }
    out.push_back(setFlag(breakFlags_.back(), true, s.range));
  } else if (auto* tuple = std::get_if<ast::TupleAssignStatement>(&s.node)) {
    // (a, b) := f(x): one call, all outputs assigned together (MLS 11.2.1.1).
    ast::Expr where;
    where.range = s.range;
    auto result =
        ExpressionLowering(el_, context).functionCallOf(where, tuple->function, tuple->args);
    if (!result) return;
    if (tuple->targets.size() > result->outputs.size()) {
      d.error(DiagnosticKind::WrongArguments, s.range,
              "the call has " + std::to_string(result->outputs.size()) + " outputs, but " +
                  std::to_string(tuple->targets.size()) + " are assigned");
      return;
    }
    flat::CallStatement call;
    call.call = make::functionCall(result->function, result->args, s.range);
    for (std::size_t i = 0; i < result->outputs.size(); ++i) {
      std::vector<Expr> leaves = columnLeaves(result->outputs[i]);
      const ast::Expr* target = i < tuple->targets.size() ? tuple->targets[i].get() : nullptr;
      if (!target) {
        for (std::size_t k = 0; k < leaves.size(); ++k)
          call.outputs.push_back(std::nullopt);
        continue;
      }
      auto* ref = std::get_if<ast::RefExpr>(&target->node);
      if (!ref) {
        d.error(DiagnosticKind::InvalidOperator, target->range, "only variables can be assigned");
        return;
      }
      auto targets = ExpressionLowering(el_, context).reference(*target, ref->ref);
      if (!targets) return;
      // the call's outputs are numbered in its frame's layout
      std::vector<Expr> variables = columnLeaves(*targets);
      if (variables.size() != leaves.size()) {
        d.error(DiagnosticKind::TypeMismatch, target->range,
                "output " + std::to_string(i + 1) + " of the call has a different size");
        return;
      }
      for (const Expr& v : variables) {
        if (v.kind != Expr::Kind::Variable) {
          d.error(DiagnosticKind::InvalidOperator, target->range, "only variables can be assigned");
          return;
        }
        call.outputs.push_back(flat::LValue{v.variable, {}});
      }
    }
    out.push_back(flat::Statement{std::move(call), s.range});
  } else {
    d.error(DiagnosticKind::Unsupported, s.range, "this statement is not supported yet");
  }
}

} // namespace mocc::frontend
