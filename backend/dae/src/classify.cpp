// Variable classification (MLS appendix B) and attributes: start, fixed, nominal, min, max,
// stateSelect, and parameter values.
#include "builder.h"

#include "mocc/expr/evaluate.h"

#include <functional>

namespace mocc::dae {

void SystemBuilder::classifyVariables() {
  whenAssigned_.resize(system_.variables.size(), kNone);
  algorithmOf_.resize(system_.variables.size(), kNone);
  assignedInAlgorithmWhen_.resize(system_.variables.size(), false);
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    if (algorithmOf_[i] != kNone) classifyAlgorithmOutput(i);
    Variable& v = system_.variables[i];
    if (whenAssigned_[i] == kNone && !assignedInAlgorithmWhen_[i]) checkDeclaredDiscrete(i);
    if (whenAssigned_[i] == kNone) continue;
    if (v.kind == VariableKind::State) {
      auto& d =
          diagnostics_.error(DiagnosticKind::InvalidWhen, system_.whens[whenAssigned_[i]].range,
                             "'" + v.name +
                                 "' is a state (it appears in der()) and cannot "
                                 "be assigned in a when-clause; use reinit(" +
                                 v.name + ", ...) (MLS 8.3.6)");
      d.notes.push_back({v.range, "declared here"});
    } else if (v.kind == VariableKind::Parameter) {
      diagnostics_.error(DiagnosticKind::InvalidWhen, system_.whens[whenAssigned_[i]].range,
                         "parameter '" + v.name + "' cannot be assigned in a when-clause");
    } else if (v.kind == VariableKind::Algebraic) {
      v.kind = VariableKind::Discrete; // a Real assigned in a when-clause (MLS 3.8.5)
    }
  }
}

// MLS 4.5: "If a Real variable is declared with the prefix discrete it must in a simulation
// model be assigned in a when-clause, either by an assignment or an equation." Called for the
// variables that no when-clause assigns; Real variables are discrete here only by that prefix.
void SystemBuilder::checkDeclaredDiscrete(std::uint32_t variable) {
  const Variable& v = system_.variables[variable];
  if (v.kind != VariableKind::Discrete || variable >= flatIndex_.size()) return;
  if (model_.variables[flatIndex_[variable]].type != flat::Type::Real) return;
  diagnostics_.error(DiagnosticKind::InvalidWhen, v.range,
                     "'" + v.name +
                         "' is declared discrete, so it must be assigned in a when-clause, but "
                         "none assigns it (MLS 4.5)");
}

// A variable assigned by an algorithm is computed by it, so it cannot be a state or a
// parameter; a Real assigned in one of its when-statements is discrete (MLS 3.8.5).
void SystemBuilder::classifyAlgorithmOutput(std::uint32_t variable) {
  Variable& v = system_.variables[variable];
  const Algorithm& algorithm = system_.algorithms[algorithmOf_[variable]];
  if (v.kind == VariableKind::State) {
    auto& d = diagnostics_.error(DiagnosticKind::InvalidWhen, algorithm.range,
                                 "'" + v.name +
                                     "' is a state (it appears in der()) and cannot be "
                                     "assigned in an algorithm section; use reinit(" +
                                     v.name + ", ...) in a when-statement (MLS 8.3.6)");
    d.notes.push_back({v.range, "declared here"});
  } else if (v.kind == VariableKind::Parameter) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, algorithm.range,
                       "parameter '" + v.name + "' cannot be assigned in an algorithm section");
  } else if (v.kind == VariableKind::Algebraic && assignedInAlgorithmWhen_[variable]) {
    v.kind = VariableKind::Discrete;
  }
}

void SystemBuilder::checkReinitTargets() {
  for (const WhenClause& clause : system_.whens) {
    for (const WhenBranch& branch : clause.branches) {
      for (const WhenStatement& s : branch.body) {
        if (auto* r = std::get_if<Reinit>(&s)) checkReinitTarget(*r);
      }
    }
  }
  for (const Algorithm& algorithm : system_.algorithms) {
    forEachStatement(algorithm.statements, [&](const AlgorithmStatement& s, bool) {
      if (auto* r = std::get_if<Reinit>(&s.node)) checkReinitTarget(*r);
    });
  }
}

void SystemBuilder::checkReinitTarget(const Reinit& r) {
  if (system_.variables[r.state].kind == VariableKind::State) return;
  auto& d = diagnostics_.error(DiagnosticKind::InvalidReinit, r.range,
                               "reinit() needs a state, but '" + system_.variables[r.state].name +
                                   "' does not appear in der() (MLS 8.3.6)");
  d.notes.push_back({system_.variables[r.state].range, "declared here"});
}

std::optional<expr::Id> SystemBuilder::attribute(const std::optional<flat::Expr>& value) {
  if (!value) return expr::Id{};
  return translate(*value);
}

namespace {

StateSelect stateSelectFromLiteral(const std::string& literal) {
  if (literal == "StateSelect.never") return StateSelect::Never;
  if (literal == "StateSelect.avoid") return StateSelect::Avoid;
  if (literal == "StateSelect.prefer") return StateSelect::Prefer;
  if (literal == "StateSelect.always") return StateSelect::Always;
  return StateSelect::Default;
}

} // namespace

void SystemBuilder::addAttributes() {
  for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
    if (daeIndex_[i] == kNone) continue;
    const flat::Attributes& a = model_.variables[i].attributes;
    Variable& v = system_.variables[daeIndex_[i]];
    auto start = attribute(a.start);
    auto nominal = attribute(a.nominal);
    auto min = attribute(a.min);
    auto max = attribute(a.max);
    if (!start || !nominal || !min || !max) continue;
    v.start = *start;
    v.nominal = *nominal;
    v.min = *min;
    v.max = *max;
    if (a.stateSelect) v.stateSelect = stateSelectFromLiteral(a.stateSelect->text);
    if (a.fixed) {
      if (auto fixed = fixedAttribute(*a.fixed)) v.fixed = *fixed;
    } else {
      v.fixed = v.kind == VariableKind::Parameter; // MLS 4.9.1: default fixed
    }
  }
  freeParametersBoundToFreeOnes();
  for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
    if (daeIndex_[i] == kNone) continue;
    Variable& v = system_.variables[daeIndex_[i]];
    if (v.kind == VariableKind::Parameter) addParameterValue(i, v);
  }
}

// MLS 8.6: a parameter bound to one with fixed = false only has its value once the
// initialization problem is solved, so it is solved there too (its binding becomes an
// initial equation), like a parameter with fixed = false: `final parameter Integer
// actualGlobalSeed = globalSeed.seed` of the MSL's noise blocks.
void SystemBuilder::freeParametersBoundToFreeOnes() {
  auto isFreeParameter = [&](std::uint32_t v) {
    return v < system_.variables.size() && system_.variables[v].kind == VariableKind::Parameter &&
           !system_.variables[v].fixed;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
      if (daeIndex_[i] == kNone || !model_.variables[i].binding) continue;
      Variable& v = system_.variables[daeIndex_[i]];
      if (v.kind != VariableKind::Parameter || !v.fixed || v.structural) continue;
      auto binding = translate(*model_.variables[i].binding);
      if (!binding || !expr::dependsOn(system_.pool, *binding, isFreeParameter)) continue;
      v.fixed = false;
      changed = true;
    }
  }
}

// The value of an expression of parameters with constant bindings, evaluated at compile
// time (the structure of the initialization problem depends on `fixed`).
std::optional<double> SystemBuilder::parameterValue(expr::Id e) {
  std::vector<std::uint32_t> visiting;
  std::function<std::optional<double>(std::uint32_t)> value =
      [&](std::uint32_t p) -> std::optional<double> {
    const flat::Variable* flatVariable =
        p < flatIndex_.size() ? &model_.variables[flatIndex_[p]] : nullptr;
    if (!flatVariable || flatVariable->variability != flat::Variability::Parameter ||
        !flatVariable->binding || visiting.size() > 64) {
      return std::nullopt;
    }
    auto binding = translate(*flatVariable->binding);
    if (!binding) return std::nullopt;
    visiting.push_back(p);
    auto result = expr::evaluate(system_.pool, *binding, expr::Values{value, nullptr, 0});
    visiting.pop_back();
    return result;
  };
  return expr::evaluate(system_.pool, e, expr::Values{value, nullptr, 0});
}

// fixed = true/false, or an expression of parameters with values: it decides the structure
// of the initialization problem, so it is evaluated now (MLS 8.6).
std::optional<bool> SystemBuilder::fixedAttribute(const flat::Expr& fixed) {
  auto translated = translate(fixed);
  if (!translated) return std::nullopt;
  if (auto value = parameterValue(*translated)) return *value != 0;
  diagnostics_.error(DiagnosticKind::NotConstant, fixed.range,
                     "fixed must be true, false or an expression of parameters with values "
                     "(it decides the structure of the initialization problem, MLS 8.6)");
  return std::nullopt;
}

// A parameter takes its binding; without one, its start value (default 0) with a warning,
// as MLS 8.6 prescribes for fixed parameters. A parameter with fixed = false is an unknown of
// the initialization problem: its binding becomes an initial equation and its value until
// then is its start value.
void SystemBuilder::addParameterValue(std::uint32_t flatIndex, Variable& variable) {
  const flat::Variable& v = model_.variables[flatIndex];
  if (!variable.fixed) {
    if (v.binding) {
      if (auto value = translate(*v.binding)) {
        system_.initialEquations.push_back(
            Equation{system_.ref(daeIndex_[flatIndex]), *value, v.range});
      }
    }
    variable.binding =
        variable.start.valid() ? variable.start : system_.pool.constant(variable.type, 0);
    return;
  }
  if (v.binding) {
    if (auto value = translate(*v.binding)) variable.binding = *value;
    return;
  }
  // A top-level input starts from its start value (0 without one) until it is set from outside:
  // nothing to warn about.
  if (variable.causality == Causality::Input) {
    variable.binding =
        variable.start.valid() ? variable.start : system_.pool.constant(variable.type, 0);
    return;
  }
  if (variable.start.valid()) {
    variable.binding = variable.start;
    diagnostics_.warning(DiagnosticKind::MissingBinding, v.range,
                         "parameter '" + v.name + "' has no value; using its start value");
    return;
  }
  variable.binding = system_.pool.constant(variable.type, 0);
  diagnostics_.warning(DiagnosticKind::MissingBinding, v.range,
                       "parameter '" + v.name +
                           "' has neither a value nor a start value; "
                           "using the default start value 0 (MLS 4.9)");
}

} // namespace mocc::dae
