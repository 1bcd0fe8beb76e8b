// The flattening driver: instance tree to flat::Model (MLS 5.6 "flattening").
#include "model_flattener.h"

#include "equation_lowering.h"
#include "experiment.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace mocc::frontend {

ModelFlattener::ModelFlattener(Elaborator& elaborator, ClassEntry& cls)
    : el_(elaborator), cls_(cls) {}

bool ModelFlattener::checkSimulatable() {
  const ast::ClassDef& definition = *cls_.definition;
  ast::ClassKind kind = definition.kind;
  bool simulatable = kind == ast::ClassKind::Model || kind == ast::ClassKind::Block ||
                     kind == ast::ClassKind::Class;
  if (!simulatable) {
    el_.diagnostics().error(DiagnosticKind::ClassNotFound, definition.nameRange,
                            "'" + cls_.qualifiedName() + "' is a " + ast::spelling(kind) +
                                "; only models, blocks and classes can be simulated");
    return false;
  }
  if (definition.partial) {
    el_.diagnostics().error(DiagnosticKind::ClassNotFound, definition.nameRange,
                            "'" + cls_.qualifiedName() +
                                "' is partial and cannot be simulated (MLS 4.4.2)");
    return false;
  }
  return true;
}

std::optional<flat::Model> ModelFlattener::run(FlattenTimings* timings) {
  auto begin = std::chrono::steady_clock::now();
  std::optional<flat::Model> model = instantiateAndFlatten(timings);
  if (timings) {
    timings->flattenSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() -
        timings->instantiateSeconds;
  }
  return model;
}

std::optional<flat::Model> ModelFlattener::instantiateAndFlatten(FlattenTimings* timings) {
  auto begin = std::chrono::steady_clock::now();
  std::size_t errorsBefore = el_.diagnostics().errorCount();
  if (!checkSimulatable()) return std::nullopt;
  root_ = el_.instantiate(cls_, {}, Scope{nullptr, cls_.parent}, nullptr, "");
  declareVariables(*root_);
  if (timings) {
    timings->instantiateSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  for (std::uint32_t id : order_)
    el_.lowerVariable(id);
  checkBindingCycles();
  checkConstantValues();
  lowerSections(*root_);
  checkUnconditionalAsserts();
  generateConnections();
  if (el_.diagnostics().errorCount() > errorsBefore) return std::nullopt;
  finish();
  if (el_.diagnostics().errorCount() > errorsBefore) return std::nullopt;
  return std::move(el_.model());
}

// MLS 4.4.5: a conditional component whose condition is false is removed with its
// equations and connections.
bool ModelFlattener::componentEnabled(ComponentInstance& component) {
  if (component.enabled) return *component.enabled;
  bool enabled = true;
  if (const ast::ExprPtr& condition = component.declaration->condition) {
    LowerContext context;
    context.scope = component.scope;
    enabled = el_.evaluateBoolean(*condition, context,
                                  "the condition of component '" + component.name + "'")
                  .value_or(false);
  }
  component.enabled = enabled;
  if (!enabled) disabled_.insert(&component);
  return enabled;
}

void ModelFlattener::declareVariables(InstanceNode& node) {
  for (ComponentInstance& component : node.components) {
    // An outer element is its inner one (MLS 5.4): it has no variables of its own.
    if (component.element->outer && !component.element->inner &&
        el_.names().innerOf(component) != &component) {
      continue;
    }
    if (!componentEnabled(component)) continue;
    const ClassEntry* type = el_.componentType(component);
    if (!type) continue;
    if (el_.isScalarType(component)) {
      std::string path = node.path.empty() ? component.name : node.path + "." + component.name;
      std::uint32_t first = el_.variablesOf(component, path);
      const auto* sizes = el_.dims(component);
      if (first == UINT32_MAX || !sizes) continue;
      for (std::size_t k = 0; k < elementCount(*sizes); ++k) {
        std::uint32_t id = first + static_cast<std::uint32_t>(k);
        el_.variable(id).sequence = order_.size();
        order_.push_back(id);
      }
      if (!sizes->empty() && elementCount(*sizes) > 0) {
        el_.model().arrays.push_back({el_.variable(first).variable.name.substr(
                                          0, el_.variable(first).variable.name.find('[')),
                                      *sizes, first});
      }
      continue;
    }
    InstanceNode* typeNode = el_.typeInstance(component);
    if (typeNode && typeNode->partial && typeNode->kind != ast::ClassKind::Function) {
      // MLS 4.4.2: a partial class cannot be instantiated in a simulation model.
      auto& d =
          el_.diagnostics().error(DiagnosticKind::InvalidOperator, component.declaration->range,
                                  "'" + component.name + "' is an instance of the partial class '" +
                                      type->qualifiedName() + "' (MLS 4.4.2)");
      if (type->definition)
        d.notes.push_back({type->definition->nameRange, "declared partial here"});
      continue;
    }
    auto* elements = el_.elements(component);
    if (!elements) continue;
    for (InstanceNode* element : *elements)
      declareVariables(*element);
  }
}

// Equations of the components first (in declaration order), then the instance's own, so
// that a flat model reads from its parts up.
void ModelFlattener::lowerSections(InstanceNode& node) {
  for (ComponentInstance& component : node.components) {
    if (disabled_.count(&component) || !component.enabled || el_.isScalarType(component)) continue;
    if (component.element->outer && !component.element->inner &&
        el_.names().innerOf(component) != &component) {
      continue;
    }
    if (auto* elements = el_.elements(component)) {
      for (InstanceNode* element : *elements)
        lowerSections(*element);
    }
  }
  EquationLowering lowering(el_, *this, equations_, initialEquations_, algorithms_);
  for (const SectionRef& section : node.sections)
    lowering.lowerSection(section);
}

namespace {

// Rewrites every Variable reference of an expression through `map`.
void renumber(flat::Expr& e, const std::function<std::uint32_t(std::uint32_t)>& map) {
  if (e.kind == flat::Expr::Kind::Variable) e.variable = map(e.variable);
  for (flat::Expr& arg : e.args)
    renumber(arg, map);
}

void renumber(flat::Equation& equation, const std::function<std::uint32_t(std::uint32_t)>& map);

void renumberAll(std::vector<flat::Equation>& equations,
                 const std::function<std::uint32_t(std::uint32_t)>& map) {
  for (flat::Equation& eq : equations)
    renumber(eq, map);
}

void renumber(flat::Equation& equation, const std::function<std::uint32_t(std::uint32_t)>& map) {
  std::visit(
      [&](auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, flat::Equality>) {
          renumber(node.lhs, map);
          renumber(node.rhs, map);
        } else if constexpr (std::is_same_v<T, flat::When> || std::is_same_v<T, flat::IfEquation>) {
          for (flat::EquationBranch& branch : node.branches) {
            renumber(branch.condition, map);
            renumberAll(branch.body, map);
          }
          if constexpr (std::is_same_v<T, flat::IfEquation>) renumberAll(node.elseBody, map);
        } else if constexpr (std::is_same_v<T, flat::Reinit>) {
          renumber(node.state, map);
          renumber(node.value, map);
        } else if constexpr (std::is_same_v<T, flat::AssertEquation>) {
          renumber(node.condition, map);
          renumber(node.message, map);
        } else {
          renumber(node.message, map);
        }
      },
      equation.node);
}

void renumber(flat::Statement& statement, const std::function<std::uint32_t(std::uint32_t)>& map);

void renumberStatements(std::vector<flat::Statement>& statements,
                        const std::function<std::uint32_t(std::uint32_t)>& map) {
  for (flat::Statement& s : statements)
    renumber(s, map);
}

void renumberBranches(std::vector<flat::StatementBranch>& branches,
                      const std::function<std::uint32_t(std::uint32_t)>& map) {
  for (flat::StatementBranch& b : branches) {
    renumber(b.condition, map);
    renumberStatements(b.body, map);
  }
}

void renumber(flat::Statement& statement, const std::function<std::uint32_t(std::uint32_t)>& map) {
  std::visit(
      [&](auto& node) {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, flat::AssignStatement>) {
          node.target.variable = map(node.target.variable);
          renumber(node.value, map);
        } else if constexpr (std::is_same_v<T, flat::CallStatement>) {
          renumber(node.call, map);
          for (auto& target : node.outputs) {
            if (target) target->variable = map(target->variable);
          }
        } else if constexpr (std::is_same_v<T, flat::IfStatement>) {
          renumberBranches(node.branches, map);
          renumberStatements(node.elseBody, map);
        } else if constexpr (std::is_same_v<T, flat::WhenStatement>) {
          renumberBranches(node.branches, map);
        } else if constexpr (std::is_same_v<T, flat::WhileStatement>) {
          renumber(node.condition, map);
          renumberStatements(node.body, map);
        } else if constexpr (std::is_same_v<T, flat::AssertStatement>) {
          renumber(node.condition, map);
          renumber(node.message, map);
        } else if constexpr (std::is_same_v<T, flat::ReinitStatement>) {
          renumber(node.state, map);
          renumber(node.value, map);
        } else if constexpr (std::is_same_v<T, flat::TerminateStatement>) {
          renumber(node.message, map);
        }
      },
      statement.node);
}

} // namespace

// The values of numeric parameters that translation can compute (flat::Variable::
// translationValue), without making them structural.
void ModelFlattener::recordTranslationValues() {
  for (std::uint32_t id : order_) {
    flat::Variable& v = el_.variable(id).variable;
    if (v.variability != flat::Variability::Parameter || v.type == flat::Type::String) continue;
    auto value = el_.peekValue(id);
    if (value && value->type != flat::Type::String)
      el_.variable(id).variable.translationValue = value->number;
  }
}

// Variables in declaration order; every reference renumbered from the elaborator's ids.
void ModelFlattener::finish() {
  flat::Model& model = el_.model();
  order_.insert(order_.end(), internal_.begin(), internal_.end());
  recordTranslationValues();
  std::vector<std::uint32_t> index(el_.variableCount(), UINT32_MAX);
  for (std::uint32_t position = 0; position < order_.size(); ++position) {
    index[order_[position]] = position;
  }
  bool ok = true;
  auto map = [&](std::uint32_t id) {
    if (index[id] == UINT32_MAX) {
      el_.diagnostics().error(DiagnosticKind::UndefinedName, el_.variable(id).variable.range,
                              "'" + el_.variable(id).variable.name +
                                  "' is used, but it is not part of the model (a disabled "
                                  "conditional component, a non-constant of a package, or an "
                                  "element of an expandable connector that no connect-equation "
                                  "makes present, MLS 9.1.3)");
      ok = false;
      index[id] = 0;
    }
    return index[id];
  };
  for (std::uint32_t id : order_) {
    model.variables.push_back(el_.variable(id).variable);
    for (const RangeCheck& check : el_.variable(id).rangeChecks)
      equations_.push_back(flat::Equation{flat::AssertEquation{check.condition, check.message},
                                          check.message.range});
  }
  for (flat::Variable& v : model.variables) {
    if (v.binding) renumber(*v.binding, map);
    for (auto* attribute :
         {&v.attributes.start, &v.attributes.fixed, &v.attributes.nominal, &v.attributes.min,
          &v.attributes.max, &v.attributes.stateSelect, &v.attributes.unbounded}) {
      if (*attribute) renumber(**attribute, map);
    }
  }
  std::erase_if(model.arrays, [&](const flat::ArrayDeclaration& array) {
    return index[array.firstVariable] == UINT32_MAX; // removed with its variables
  });
  for (flat::ArrayDeclaration& array : model.arrays)
    array.firstVariable = index[array.firstVariable];
  renumberAll(equations_, map);
  renumberAll(initialEquations_, map);
  for (flat::Algorithm& algorithm : algorithms_)
    renumberStatements(algorithm.statements, map);
  model.name = cls_.qualifiedName();
  model.range = cls_.definition->nameRange;
  if (auto* body = std::get_if<ast::LongClassSpecifier>(&cls_.definition->specifier)) {
    model.description = body->description;
  }
  model.equations = std::move(equations_);
  model.initialEquations = std::move(initialEquations_);
  model.algorithms = std::move(algorithms_);
  readAnnotations(root_->annotations, model.experiment, el_.diagnostics());
  (void)ok;
}

std::optional<flat::Model> flatten(ClassTree& tree, ClassEntry& model, FlattenTimings* timings,
                                   const ExternalEvaluator* external) {
  Elaborator elaborator(tree, external);
  return ModelFlattener(elaborator, model).run(timings);
}

} // namespace mocc::frontend
