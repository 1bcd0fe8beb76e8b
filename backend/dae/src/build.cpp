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
  if (!model_.initialEquations.empty()) {
    diagnostics_.error(DiagnosticKind::Unsupported, model_.initialEquations.front().range,
                       "initial equations are not supported yet; give states a start value "
                       "instead");
  }
  addFunctions();
  for (const flat::Equation& equation : model_.equations)
    addEquation(equation);
  for (const flat::Algorithm& algorithm : model_.algorithms)
    addAlgorithm(algorithm);
  addBindingEquations();
  classifyVariables();
  checkReinitTargets();
  addAttributes();
  if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
  return std::move(system_);
}

void SystemBuilder::declareVariables() {
  for (std::uint32_t i = 0; i < model_.variables.size(); ++i) {
    const flat::Variable& v = model_.variables[i];
    if (v.variability == flat::Variability::Constant) continue; // folded where used
    if (v.type == flat::Type::String) {
      diagnostics_.error(DiagnosticKind::Unsupported, v.range,
                         "String variables are not supported yet (String constants are)");
      continue;
    }
    Variable variable;
    variable.name = v.name;
    variable.type = exprType(v.type);
    variable.kind = v.variability == flat::Variability::Parameter  ? VariableKind::Parameter
                    : v.variability == flat::Variability::Discrete ? VariableKind::Discrete
                                                                   : VariableKind::Algebraic;
    variable.description = v.description;
    variable.range = v.range;
    if (v.attributes.unit) variable.unit = *v.attributes.unit;
    daeIndex_[i] = static_cast<std::uint32_t>(system_.variables.size());
    system_.variables.push_back(std::move(variable));
  }
}

expr::Type SystemBuilder::exprType(flat::Type type) {
  switch (type) {
  case flat::Type::Integer: return expr::Type::Integer;
  case flat::Type::Boolean: return expr::Type::Boolean;
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
