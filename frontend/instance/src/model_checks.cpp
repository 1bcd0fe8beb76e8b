// Checks of the flattened model as a whole that no single declaration or equation can make:
// acyclic parameter bindings, constants with values, assertions that always fail.
#include "model_flattener.h"

#include <functional>

namespace mocc::frontend {

namespace {

void collectVariables(const flat::Expr& e, std::vector<std::uint32_t>& out) {
  if (e.kind == flat::Expr::Kind::Variable) out.push_back(e.variable);
  for (const flat::Expr& arg : e.args)
    collectVariables(arg, out);
}

} // namespace

// MLS 4.4.3: the bindings of constants and parameters are acyclic (a parameter cannot be
// given by an equation through a cycle of bindings).
void ModelFlattener::checkBindingCycles() {
  enum class Mark : std::uint8_t { New, Open, Done };
  std::map<std::uint32_t, Mark> marks;
  std::vector<std::uint32_t> path;
  std::function<void(std::uint32_t)> visit = [&](std::uint32_t id) {
    const flat::Variable& v = el_.variable(id).variable;
    if (v.variability > flat::Variability::Parameter || !v.binding) return;
    Mark& mark = marks[id];
    if (mark == Mark::Done) return;
    if (mark == Mark::Open) {
      std::string cycle;
      for (auto at = std::find(path.begin(), path.end(), id); at != path.end(); ++at) {
        cycle += "'" + el_.variable(*at).variable.name + "' -> ";
      }
      el_.diagnostics().error(DiagnosticKind::NotConstant, v.range,
                              "the value of '" + v.name + "' depends on itself: " + cycle + "'" +
                                  v.name + "' (MLS 4.4.3)");
      mark = Mark::Done; // report each cycle once
      return;
    }
    mark = Mark::Open;
    path.push_back(id);
    std::vector<std::uint32_t> reads;
    collectVariables(*v.binding, reads);
    for (std::uint32_t read : reads)
      visit(read);
    path.pop_back();
    marks[id] = Mark::Done;
  };
  for (std::uint32_t id : order_)
    visit(id);
}

// MLS 4.4.4: a constant has a declaration equation (a parameter may rely on its start value).
void ModelFlattener::checkConstantValues() {
  for (std::uint32_t id : order_) {
    const flat::Variable& v = el_.variable(id).variable;
    if (v.variability != flat::Variability::Constant || v.binding) continue;
    el_.diagnostics().error(DiagnosticKind::NotConstant, v.range,
                            "the constant '" + v.name + "' has no value (MLS 4.4.4)");
  }
}

// An assert with level error whose condition is the constant false, outside any if, when or
// loop, fails whenever the model runs: report it now (MLS 8.3.7).
void ModelFlattener::checkUnconditionalAsserts() {
  auto alwaysFails = [&](const flat::Expr& condition, flat::AssertionLevel level) {
    if (level != flat::AssertionLevel::Error) return false;
    if (el_.expressionVariability(condition) != flat::Variability::Constant) return false;
    auto value = el_.fold(condition);
    return value && value->number == 0;
  };
  auto report = [&](SourceRange range) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, range,
                            "this assertion always fails: its condition is the constant false");
  };
  for (const flat::Equation& equation : equations_) {
    const auto* a = std::get_if<flat::AssertEquation>(&equation.node);
    if (a && alwaysFails(a->condition, a->level)) report(equation.range);
  }
  for (const flat::Algorithm& algorithm : algorithms_) {
    for (const flat::Statement& statement : algorithm.statements) {
      const auto* a = std::get_if<flat::AssertStatement>(&statement.node);
      if (a && alwaysFails(a->condition, a->level)) report(statement.range);
    }
  }
}

} // namespace mocc::frontend
