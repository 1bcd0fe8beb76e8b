// Building dae::System from flat::Model: the order of the steps (functions before the
// equations that call them, classification after everything that assigns).
#include "mocc/dae/build.h"

#include "builder.h"

namespace mocc::dae {

std::optional<System> build(const flat::Model& model, Diagnostics& diagnostics) {
  return SystemBuilder(model, diagnostics).run();
}

SystemBuilder::SystemBuilder(const flat::Model& model, Diagnostics& diagnostics)
    : model_(model), diagnostics_(diagnostics), daeIndex_(model.variables.size(), kNone),
      constantState_(model.variables.size(), ConstantState::Unvisited),
      constantValue_(model.variables.size()) {}

std::optional<System> SystemBuilder::run() {
  std::size_t errorsBefore = diagnostics_.errorCount();
  system_.name = model_.name;
  system_.range = model_.range;
  system_.experiment = {model_.experiment.startTime, model_.experiment.stopTime,
                        model_.experiment.tolerance, model_.experiment.interval};
  declareVariables();
  addFunctions();
  for (const flat::Equation& equation : model_.equations)
    addEquation(equation);
  for (const flat::Equation& equation : model_.initialEquations)
    addInitialEquation(equation);
  for (const flat::Algorithm& algorithm : model_.algorithms)
    addAlgorithm(algorithm);
  addBindingEquations();
  classifyVariables();
  checkReinitTargets();
  addAttributes();
  if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
  return std::move(system_);
}

// Initial equations (MLS 8.6) are equations like any other, kept apart for the
// initialization problem; when-clauses, reinit and assertions have no meaning there.
void SystemBuilder::addInitialEquation(const flat::Equation& equation) {
  if (!std::holds_alternative<flat::Equality>(equation.node) &&
      !std::holds_alternative<flat::IfEquation>(equation.node)) {
    diagnostics_.error(DiagnosticKind::Unsupported, equation.range,
                       "only equations and if-equations are supported in initial equation "
                       "sections");
    return;
  }
  std::size_t before = system_.equations.size();
  std::size_t assertionsBefore = system_.assertions.size();
  addEquation(equation);
  for (std::size_t e = before; e < system_.equations.size(); ++e)
    system_.initialEquations.push_back(system_.equations[e]);
  system_.equations.resize(before);
  if (system_.assertions.size() > assertionsBefore) {
    diagnostics_.error(DiagnosticKind::Unsupported, equation.range,
                       "assertions in initial equation sections are not supported");
    system_.assertions.resize(assertionsBefore);
  }
}

namespace {

/// Whether a flat name is an element of a component: a dot outside subscripts ("a.b",
/// "r[1].x"; not "u[1]", nor a dot inside a subscript expression).
bool nameOfComponentElement(const std::string& name) {
  int depth = 0;
  for (char c : name) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == '.' && depth == 0) return true;
  }
  return false;
}

/// The simulated class's own inputs and outputs are its interface (MLS 4.4.2.2); those of its
/// components are connected inside it.
Causality topLevelCausality(const flat::Variable& v) {
  if (nameOfComponentElement(v.name)) return Causality::Local;
  switch (v.causality) {
  case flat::Causality::Input: return Causality::Input;
  case flat::Causality::Output: return Causality::Output;
  default: return Causality::Local;
  }
}

} // namespace

void SystemBuilder::declareVariables() {
  for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
    const flat::Variable& v = model_.variables[i];
    if (v.variability == flat::Variability::Constant) continue; // folded where used
    Variable variable;
    variable.name = v.name;
    variable.type = exprType(v.type);
    // MLS 3.8.3: a String variable is discrete-time whatever its prefix.
    bool discrete = v.variability == flat::Variability::Discrete || v.type == flat::Type::String;
    // A top-level input without a binding is given from outside (MLS 4.4.2.2): known to every
    // equation like a parameter, set before the run (`--override`, its start value) or by an
    // importer during it (runtime/fmi).
    bool given = topLevelCausality(v) == Causality::Input && !v.binding;
    variable.kind = v.internal ? VariableKind::Internal
                    : v.variability == flat::Variability::Parameter || given
                        ? VariableKind::Parameter
                    : discrete ? VariableKind::Discrete
                               : VariableKind::Algebraic;
    variable.description = v.description;
    variable.range = v.range;
    variable.structural = v.structural;
    variable.translationValue = v.translationValue;
    if (v.destructor) variable.destructor = *v.destructor;
    if (v.attributes.unit) variable.unit = *v.attributes.unit;
    variable.causality = topLevelCausality(v);
    daeIndex_[i] = static_cast<std::uint32_t>(system_.variables.size());
    flatIndex_.push_back(i);
    system_.variables.push_back(std::move(variable));
  }
}

expr::Type SystemBuilder::exprType(flat::Type type) {
  switch (type) {
  case flat::Type::Integer: return expr::Type::Integer;
  case flat::Type::Boolean: return expr::Type::Boolean;
  case flat::Type::String: return expr::Type::String;
  default: return expr::Type::Real;
  }
}

void SystemBuilder::addBindingEquations() {
  for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
    const flat::Variable& v = model_.variables[i];
    if (!v.binding || daeIndex_[i] == kNone) continue;
    if (v.variability == flat::Variability::Parameter) continue; // a value, not an equation
    auto value = translate(*v.binding);
    if (!value) continue;
    std::uint32_t index = daeIndex_[i];
    system_.equations.push_back(Equation{system_.ref(index), *value, v.range});
  }
}

} // namespace mocc::dae
