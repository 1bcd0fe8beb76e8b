// Algorithm sections of the model (MLS 11.1, 11.2): statements over model variables with
// for-loops already unrolled. Each section becomes one dae::Algorithm whose outputs are the
// variables it assigns; when-statements get internal condition variables that the algorithm
// assigns itself just before the when-statement.
#include "builder.h"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>
#include <set>

namespace mocc::dae {

void SystemBuilder::addAlgorithm(const flat::Algorithm& algorithm) {
  if (algorithm.initial) {
    addInitialAlgorithm(algorithm);
    return;
  }
  Algorithm out;
  out.range = algorithm.range;
  AlgorithmScope scope;
  scope.out = &out;
  scope.index = system_.algorithms.size();
  if (!appendStatements(algorithm.statements, scope, out.statements)) return;
  recordAlgorithmOutputs(out, scope.index);
  system_.algorithms.push_back(std::move(out));
}

// MLS 8.6, 11.1: an initial algorithm is part of the initialization problem only: a block that
// computes the variables it assigns. It neither classifies them nor competes with the
// simulation's definitions of them (a when-clause's output it assigns keeps its when-clause).
void SystemBuilder::addInitialAlgorithm(const flat::Algorithm& algorithm) {
  Algorithm out;
  out.range = algorithm.range;
  AlgorithmScope scope;
  scope.out = &out;
  scope.initial = true;
  if (!appendStatements(algorithm.statements, scope, out.statements)) return;
  std::set<std::uint32_t> assigned;
  forEachStatement(out.statements, [&](const AlgorithmStatement& s, bool) {
    if (auto* a = std::get_if<Assignment>(&s.node)) assigned.insert(a->variable);
  });
  out.outputs.assign(assigned.begin(), assigned.end());
  for (const Algorithm& other : system_.initialAlgorithms) {
    for (std::uint32_t v : out.outputs) {
      if (!std::binary_search(other.outputs.begin(), other.outputs.end(), v)) continue;
      auto& d = diagnostics_.error(DiagnosticKind::MultipleAssignment, algorithm.range,
                                   "'" + system_.variables[v].name +
                                       "' is assigned in more than one initial algorithm "
                                       "section (MLS 11.1.2)");
      d.notes.push_back({other.range, "the other initial algorithm section"});
      return;
    }
  }
  system_.initialAlgorithms.push_back(std::move(out));
}

// The outputs of the algorithm: every variable it assigns. A variable has one defining block:
// one algorithm section, one when-clause or equations (MLS 11.1.2: an algorithm section is
// treated as one equation system for all the variables it assigns).
void SystemBuilder::recordAlgorithmOutputs(Algorithm& algorithm, std::size_t index) {
  std::set<std::uint32_t> assigned;
  forEachStatement(algorithm.statements, [&](const AlgorithmStatement& s, bool) {
    if (auto* a = std::get_if<Assignment>(&s.node)) assigned.insert(a->variable);
  });
  algorithm.outputs.assign(assigned.begin(), assigned.end());
  whenAssigned_.resize(system_.variables.size(), kNone);
  algorithmOf_.resize(system_.variables.size(), kNone);
  for (std::uint32_t v : algorithm.outputs) {
    const std::string& name = system_.variables[v].name;
    if (whenAssigned_[v] != kNone) {
      auto& d = diagnostics_.error(DiagnosticKind::MultipleAssignment, algorithm.range,
                                   "'" + name +
                                       "' is assigned both in a when-clause and in an "
                                       "algorithm section");
      d.notes.push_back({system_.whens[whenAssigned_[v]].range, "the when-clause"});
    } else if (algorithmOf_[v] != kNone) {
      auto& d = diagnostics_.error(DiagnosticKind::MultipleAssignment, algorithm.range,
                                   "'" + name +
                                       "' is assigned in more than one algorithm "
                                       "section (MLS 11.1.2)");
      d.notes.push_back({system_.algorithms[algorithmOf_[v]].range, "the other algorithm section"});
    }
    algorithmOf_[v] = static_cast<std::uint32_t>(index);
  }
}

bool SystemBuilder::appendStatements(const std::vector<flat::Statement>& statements,
                                     AlgorithmScope& scope, std::vector<AlgorithmStatement>& out) {
  bool ok = true;
  for (const flat::Statement& s : statements)
    ok = appendStatement(s, scope, out) && ok;
  return ok;
}

bool SystemBuilder::appendStatement(const flat::Statement& statement, AlgorithmScope& scope,
                                    std::vector<AlgorithmStatement>& out) {
  SourceRange range = statement.range;
  if (auto* a = std::get_if<flat::AssignStatement>(&statement.node)) {
    return appendAssign(*a, range, scope, out);
  }
  if (auto* c = std::get_if<flat::CallStatement>(&statement.node)) {
    return appendCall(*c, range, scope, out);
  }
  if (auto* i = std::get_if<flat::IfStatement>(&statement.node)) {
    return appendIf(*i, range, scope, out);
  }
  if (auto* w = std::get_if<flat::WhenStatement>(&statement.node)) {
    return appendWhen(*w, range, scope, out);
  }
  if (auto* a = std::get_if<flat::AssertStatement>(&statement.node)) {
    auto lowered = assertion(flat::AssertEquation{a->condition, a->message, a->level}, range);
    if (lowered) out.push_back({*lowered});
    return lowered.has_value();
  }
  if (auto* r = std::get_if<flat::ReinitStatement>(&statement.node)) {
    if (!scope.insideWhen) {
      diagnostics_.error(DiagnosticKind::InvalidReinit, range,
                         "reinit() can only be used inside a when-statement (MLS 8.3.6)");
      return false;
    }
    auto target = variableIndex(r->state);
    auto value = translate(r->value);
    if (!target || !value) return false;
    out.push_back({Reinit{*target, *value, range}});
    return true;
  }
  if (auto* t = std::get_if<flat::TerminateStatement>(&statement.node)) {
    if (!scope.insideWhen) {
      diagnostics_.error(DiagnosticKind::InvalidWhen, range,
                         "terminate() outside a when-statement would stop the simulation at "
                         "once; put it in a when-statement");
      return false;
    }
    auto code = message(t->message);
    if (code)
      out.push_back({Termination{std::move(code->message), range, std::move(code->values)}});
    return code.has_value();
  }
  const char* what = std::holds_alternative<flat::WhileStatement>(statement.node)
                         ? "while-loops in algorithm sections are not supported yet; move the "
                           "loop into a function"
                     : std::holds_alternative<flat::ForStatement>(statement.node)
                         ? "for-loops in algorithm sections must have constant ranges (they are "
                           "unrolled); move this loop into a function"
                     : std::holds_alternative<flat::ReturnStatement>(statement.node)
                         ? "return can only be used inside a function"
                         : "break can only be used inside a loop";
  diagnostics_.error(DiagnosticKind::Unsupported, range, what);
  return false;
}

std::optional<std::uint32_t> SystemBuilder::algorithmTarget(const flat::LValue& target,
                                                            SourceRange range,
                                                            AlgorithmScope& scope) {
  if (!target.subscripts.empty() || target.variable >= model_.variables.size() ||
      daeIndex_[target.variable] == kNone) {
    diagnostics_.error(DiagnosticKind::WrongArguments, range,
                       "an algorithm section can only assign model variables (not constants "
                       "or elements with subscripts left)");
    return std::nullopt;
  }
  std::uint32_t index = daeIndex_[target.variable];
  if (scope.insideWhen) {
    assignedInAlgorithmWhen_.resize(system_.variables.size(), false);
    assignedInAlgorithmWhen_[index] = true;
  }
  return index;
}

bool SystemBuilder::appendAssign(const flat::AssignStatement& a, SourceRange range,
                                 AlgorithmScope& scope, std::vector<AlgorithmStatement>& out) {
  auto target = algorithmTarget(a.target, range, scope);
  auto value = translate(a.value);
  if (!target || !value) return false;
  const Variable& v = system_.variables[*target];
  if (!checkAssignedType(v.type, *value, v.name, range)) return false;
  out.push_back({Assignment{*target, *value, range}});
  return true;
}

std::uint32_t SystemBuilder::addInternal(std::string name, expr::Type type, SourceRange range) {
  Variable v;
  v.name = std::move(name);
  v.type = type;
  v.kind = VariableKind::Internal;
  v.range = range;
  system_.variables.push_back(std::move(v));
  return static_cast<std::uint32_t>(system_.variables.size() - 1);
}

// (a, b) := f(x) assigns output element k of one call to the k-th target. The call is pure, so
// each target reads it separately; when a target is also an argument, every element goes
// through an internal temporary first, so that all of them see the arguments' old values.
// `f(x);` with no output assigned calls f for its effects: the asserts in its body (MLS
// 11.2). The node names output element 0 when there is one; nothing reads it.
std::optional<expr::Id> SystemBuilder::callForEffects(const flat::Expr& e, SourceRange range) {
  if (e.kind != flat::Expr::Kind::FunctionCall || e.variable >= model_.functions.size() ||
      e.args.size() != signatures_[e.variable].inputs.size()) {
    diagnostics_.error(DiagnosticKind::WrongArguments, range,
                       "a call statement must call a function with its inputs");
    return std::nullopt;
  }
  auto args = translateAll(e.args);
  if (!args) return std::nullopt;
  const Signature& signature = signatures_[e.variable];
  expr::Type type = signature.outputs.empty() ? expr::Type::Real : signature.outputs[0];
  return system_.pool.functionCall(e.variable, 0, type, *args);
}

bool SystemBuilder::appendCall(const flat::CallStatement& c, SourceRange range,
                               AlgorithmScope& scope, std::vector<AlgorithmStatement>& out) {
  if (c.outputs.empty()) {
    auto call = callForEffects(c.call, range);
    if (call) out.push_back({CallForEffects{*call, range}});
    return call.has_value();
  }
  auto call = translate(c.call);
  if (!call) return false;
  expr::Pool& pool = system_.pool;
  if (pool.op(*call) != expr::Op::FunctionCall) {
    diagnostics_.error(DiagnosticKind::WrongArguments, range,
                       "the right-hand side of a multiple assignment must be a function call");
    return false;
  }
  const expr::Node node = pool.node(*call);
  const Signature& signature = signatures_[node.index];
  std::vector<expr::Id> args(pool.args(*call).begin(), pool.args(*call).end());
  if (c.outputs.size() > signature.outputs.size()) {
    diagnostics_.error(DiagnosticKind::WrongArguments, range,
                       fmt::format("'{}' has {} output elements, but {} are assigned",
                                   model_.functions[node.index].name, signature.outputs.size(),
                                   c.outputs.size()));
    return false;
  }
  std::vector<std::pair<std::uint32_t, expr::Id>> assignments; // target, value
  bool ok = true;
  for (std::size_t k = 0; k < c.outputs.size(); ++k) {
    if (!c.outputs[k]) continue;
    auto target = algorithmTarget(*c.outputs[k], range, scope);
    if (!target) {
      ok = false;
      continue;
    }
    auto output = static_cast<std::uint32_t>(k);
    assignments.emplace_back(*target,
                             pool.functionCall(node.index, output, signature.outputs[k], args));
  }
  if (!ok) return false;
  bool readsTarget = false;
  for (const auto& [target, value] : assignments) {
    std::uint32_t t = target;
    readsTarget =
        readsTarget || expr::dependsOn(pool, *call, [t](std::uint32_t v) { return v == t; });
  }
  std::uint32_t multiple = ++multipleAssignments_;
  if (readsTarget && assignments.size() > 1) {
    for (auto& [target, value] : assignments) {
      std::uint32_t temporary =
          addInternal(fmt::format("$tuple{}", ++nextTemporary_), pool.type(value), range);
      out.push_back({Assignment{temporary, value, range, multiple}});
      value = system_.ref(temporary);
    }
    multiple = 0; // the targets are assigned from the temporaries
  }
  for (const auto& [target, value] : assignments)
    out.push_back({Assignment{target, value, range, multiple}});
  return true;
}

bool SystemBuilder::appendIf(const flat::IfStatement& statement, SourceRange range,
                             AlgorithmScope& scope, std::vector<AlgorithmStatement>& out) {
  AlgorithmIf result;
  result.range = range;
  bool wasInsideIf = scope.insideIf;
  scope.insideIf = true;
  bool ok = true;
  for (const flat::StatementBranch& branch : statement.branches) {
    auto condition = translate(branch.condition);
    AlgorithmBranch lowered{condition.value_or(expr::Id{}), {}, branch.range};
    ok = appendStatements(branch.body, scope, lowered.body) && condition && ok;
    result.branches.push_back(std::move(lowered));
  }
  ok = appendStatements(statement.elseBody, scope, result.elseBody) && ok;
  scope.insideIf = wasInsideIf;
  if (ok) out.push_back({std::move(result)});
  return ok;
}

// One internal Boolean per element of the branch's condition (a vector `{c1, c2}` or a scalar),
// with its assignment appended to `assignments`.
bool SystemBuilder::addWhenConditions(const flat::StatementBranch& branch,
                                      AlgorithmWhenBranch& lowered,
                                      std::vector<AlgorithmStatement>& assignments) {
  return translateWhenCondition(
      branch.condition, lowered.activeAtInitial, [&](expr::Id value, SourceRange range) {
        SourceRange where = range.valid() ? range : branch.range;
        std::uint32_t variable = addInternal(fmt::format("$whenCondition{}", ++nextCondition_),
                                             expr::Type::Boolean, where);
        assignments.push_back({Assignment{variable, value, where}});
        lowered.conditions.push_back(variable);
      });
}

// MLS 11.2.7: when-statements are not nested and not inside if-statements (nor loops, which
// are unrolled here). Each condition element gets an internal Boolean assigned right before
// the when-statement, so its pre() value gives the edge like for when-equations.
bool SystemBuilder::appendWhen(const flat::WhenStatement& when, SourceRange range,
                               AlgorithmScope& scope, std::vector<AlgorithmStatement>& out) {
  if (scope.initial) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, range,
                       "a when-statement cannot be used in an initial algorithm section (MLS "
                       "11.2.7)");
    return false;
  }
  if (scope.insideWhen || scope.insideIf) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, range,
                       std::string("a when-statement cannot be used inside ") +
                           (scope.insideWhen ? "another when-statement" : "an if-statement") +
                           " (MLS 11.2.7)");
    return false;
  }
  AlgorithmWhen result;
  result.range = range;
  std::vector<AlgorithmStatement> conditionAssignments;
  bool ok = true;
  scope.insideWhen = true;
  for (const flat::StatementBranch& branch : when.branches) {
    AlgorithmWhenBranch lowered;
    lowered.range = branch.range;
    ok = addWhenConditions(branch, lowered, conditionAssignments) && ok;
    ok = appendStatements(branch.body, scope, lowered.body) && ok;
    result.branches.push_back(std::move(lowered));
  }
  scope.insideWhen = false;
  if (!ok) return false;
  conditionAssignments.emplace_back().node = std::move(result);
  out.insert(out.end(), std::make_move_iterator(conditionAssignments.begin()),
             std::make_move_iterator(conditionAssignments.end()));
  return true;
}

} // namespace mocc::dae
