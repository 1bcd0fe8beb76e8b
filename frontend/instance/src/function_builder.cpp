// Functions (MLS 12): specialisation by argument sizes, variables, bindings, annotations.
// Statements are lowered in function_statements.cpp.
#include "function_builder.h"

#include "flat_builders.h"
#include "lower_expression.h"

#include <cstdio>
#include <set>

namespace mocc::frontend {

std::string FunctionalArgument::text() const {
  std::string text = cls->qualifiedName() + "(";
  for (std::size_t i = 0; i < bound.size(); ++i) {
    text += (i ? "," : "") + bound[i].name + subscriptText(bound[i].dims);
    if (bound[i].functional) text += "=" + bound[i].functional->text();
  }
  return text + ")";
}

using flat::Expr;
using flat::FunctionVariable;
using flat::Type;

namespace {

/// An input value as the name of a specialisation shows it: `n=3`, `b=true`, `x=0.5`.
std::string valueText(const ConstValue& value) {
  switch (value.type) {
  case Type::Integer: return std::to_string(static_cast<long long>(value.number));
  case Type::Boolean: return value.number != 0 ? "true" : "false";
  case Type::String: return "\"" + value.text + "\"";
  case Type::Enumeration: return value.text;
  case Type::Real: break;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value.number);
  return buffer;
}

/// The name of a specialisation: by the sizes of its array arguments and the values of the
/// inputs its sizes depend on, `f[3]`, `g[2,2;4]`, `h[m=3]`, `k[4;n=2]`.
std::string
specialisationName(const ClassEntry& cls, const std::vector<ComponentInstance*>& inputs,
                   const std::vector<std::vector<std::size_t>>& inputDims,
                   const std::vector<std::optional<ConstValue>>& inputValues,
                   const std::vector<std::shared_ptr<const FunctionalArgument>>& functionals) {
  std::string sizes;
  for (const auto& dims : inputDims) {
    if (dims.empty()) continue;
    std::string text = subscriptText(dims);
    sizes += (sizes.empty() ? "" : ";") + text.substr(1, text.size() - 2);
  }
  for (std::size_t i = 0; i < inputValues.size() && i < inputs.size(); ++i) {
    if (!inputValues[i]) continue;
    sizes += (sizes.empty() ? "" : ";") + inputs[i]->name + "=" + valueText(*inputValues[i]);
  }
  for (std::size_t i = 0; i < functionals.size() && i < inputs.size(); ++i) {
    if (!functionals[i]) continue;
    sizes += (sizes.empty() ? "" : ";") + inputs[i]->name + "=" + functionals[i]->text();
  }
  return cls.qualifiedName() + (sizes.empty() ? "" : "[" + sizes + "]");
}

void collectNames(const ast::Expr& e, std::set<std::string>& names);

void collectNames(const ast::FunctionArgs& args, std::set<std::string>& names) {
  for (const ast::ExprPtr& arg : args.positional)
    collectNames(*arg, names);
  for (const ast::NamedArgument& arg : args.named)
    collectNames(*arg.value, names);
  for (const ast::ForIterator& iterator : args.iterators) {
    if (iterator.range) collectNames(*iterator.range, names);
  }
}

/// The first identifiers of the names an expression reads (and of their subscripts).
void collectNames(const ast::Expr& e, std::set<std::string>& names) {
  auto visit = [&](const ast::ExprPtr& child) {
    if (child) collectNames(*child, names);
  };
  if (auto* r = std::get_if<ast::RefExpr>(&e.node)) {
    names.insert(r->ref.parts.front().ident);
    for (const ast::RefPart& part : r->ref.parts) {
      for (const ast::Subscript& s : part.subscripts)
        visit(s.value);
    }
  } else if (auto* c = std::get_if<ast::CallExpr>(&e.node)) {
    collectNames(c->args, names);
  } else if (auto* u = std::get_if<ast::UnaryExpr>(&e.node)) {
    visit(u->operand);
  } else if (auto* b = std::get_if<ast::BinaryExpr>(&e.node)) {
    visit(b->lhs);
    visit(b->rhs);
  } else if (auto* i = std::get_if<ast::IfExpr>(&e.node)) {
    for (const ast::IfBranch& branch : i->branches) {
      visit(branch.condition);
      visit(branch.value);
    }
    visit(i->elseValue);
  } else if (auto* r = std::get_if<ast::RangeExpr>(&e.node)) {
    visit(r->start);
    visit(r->step);
    visit(r->stop);
  } else if (auto* a = std::get_if<ast::ArrayExpr>(&e.node)) {
    collectNames(a->args, names);
  } else if (auto* m = std::get_if<ast::MatrixExpr>(&e.node)) {
    for (const auto& row : m->rows) {
      for (const ast::ExprPtr& element : row)
        visit(element);
    }
  } else if (auto* t = std::get_if<ast::TupleExpr>(&e.node)) {
    for (const ast::ExprPtr& element : t->elements)
      visit(element);
  }
}

void collectAssigned(const std::vector<ast::Statement>& statements, std::set<std::string>& names);

/// The first identifiers of the variables a statement assigns.
void collectAssigned(const ast::Statement& s, std::set<std::string>& names) {
  if (auto* a = std::get_if<ast::AssignStatement>(&s.node)) {
    names.insert(a->target.parts.front().ident);
  } else if (auto* t = std::get_if<ast::TupleAssignStatement>(&s.node)) {
    for (const ast::ExprPtr& target : t->targets) {
      if (!target) continue;
      if (auto* r = std::get_if<ast::RefExpr>(&target->node))
        names.insert(r->ref.parts.front().ident);
    }
  } else if (auto* i = std::get_if<ast::IfStatement>(&s.node)) {
    for (const auto& branch : i->branches)
      collectAssigned(branch.body, names);
    collectAssigned(i->elseBody, names);
  } else if (auto* f = std::get_if<ast::ForStatement>(&s.node)) {
    collectAssigned(f->body, names);
  } else if (auto* w = std::get_if<ast::WhileStatement>(&s.node)) {
    collectAssigned(w->body, names);
  } else if (auto* when = std::get_if<ast::WhenStatement>(&s.node)) {
    for (const auto& branch : when->branches)
      collectAssigned(branch.body, names);
  }
}

void collectAssigned(const std::vector<ast::Statement>& statements, std::set<std::string>& names) {
  for (const ast::Statement& s : statements)
    collectAssigned(s, names);
}

} // namespace

// A scalar String component: mocc knows Strings during translation only, so a function is
// specialised for the values of its String inputs like for the inputs its sizes read.
bool Elaborator::isStringScalar(ComponentInstance& component) {
  InstanceNode* type = typeInstance(component);
  return type && type->predefined == Predefined::String && type->typeDims.empty() &&
         component.declaration->subscripts.empty() && component.clause->typeSubscripts.empty();
}

std::vector<ComponentInstance*> Elaborator::functionComponents(const ClassEntry& cls,
                                                               ast::Causality causality) {
  std::vector<ComponentInstance*> found;
  for (ComponentInstance& component : packageInstance(cls)->components) {
    if (causalityOf(component) == causality) found.push_back(&component);
  }
  return found;
}

std::vector<ComponentInstance*> Elaborator::functionInputs(const ClassEntry& cls) {
  return functionComponents(cls, ast::Causality::Input);
}

std::vector<ComponentInstance*> Elaborator::functionOutputs(const ClassEntry& cls) {
  return functionComponents(cls, ast::Causality::Output);
}

// MLS 12.4.4: the sizes of a function's variables are evaluated on entry, from the inputs;
// the inputs whose values (not only sizes) they read are found in the declarations' sizes and
// in the bindings of the non-input variables those sizes read. String inputs are added (see
// isStringScalar).
const std::vector<Elaborator::InputFolding>& Elaborator::sizeInputs(const ClassEntry& cls) {
  if (auto found = sizeInputs_.find(&cls); found != sizeInputs_.end()) return found->second;
  InstanceNode* signature = packageInstance(cls);
  std::set<std::string> read;
  for (ComponentInstance& component : signature->components) {
    for (const ast::Subscript& s : component.declaration->subscripts)
      if (s.value) collectNames(*s.value, read);
    for (const ast::Subscript& s : component.clause->typeSubscripts)
      if (s.value) collectNames(*s.value, read);
  }
  std::set<const ComponentInstance*> followed;
  for (bool grew = true; grew;) {
    grew = false;
    for (ComponentInstance& component : signature->components) {
      if (!read.count(component.name) || followed.count(&component)) continue;
      followed.insert(&component);
      const auto& modification = component.declaration->modification;
      if (causalityOf(component) == ast::Causality::Input || !modification ||
          !modification->value || !modification->value->value)
        continue;
      std::size_t before = read.size();
      collectNames(*modification->value->value, read);
      grew = grew || read.size() != before;
    }
  }
  std::vector<InputFolding> result;
  for (ComponentInstance& component : signature->components) {
    if (causalityOf(component) != ast::Causality::Input) continue;
    result.push_back(read.count(component.name)  ? InputFolding::Required
                     : isStringScalar(component) ? InputFolding::Preferred
                                                 : InputFolding::None);
  }
  return sizeInputs_[&cls] = std::move(result);
}

std::optional<std::uint32_t>
Elaborator::specialize(const ClassEntry& cls, Scope definitionScope,
                       const std::vector<std::vector<std::size_t>>& inputDims,
                       std::vector<std::optional<ConstValue>> inputValues, SourceRange use,
                       std::vector<std::shared_ptr<const FunctionalArgument>> functionals) {
  const std::vector<InputFolding>& folding = sizeInputs(cls);
  inputValues.resize(inputDims.size());
  for (std::size_t i = 0; i < inputValues.size(); ++i) {
    if (i >= folding.size() || folding[i] == InputFolding::None) inputValues[i].reset();
  }
  std::vector<ComponentInstance*> inputs = functionInputs(cls);
  std::string name = specialisationName(cls, inputs, inputDims, inputValues, functionals);
  auto key = std::make_pair(&cls, name);
  if (auto found = functions_.find(key); found != functions_.end()) return found->second;
  auto index = static_cast<std::uint32_t>(model_.functions.size());
  functions_[key] = index; // recursive calls find the function while it is being built
  model_.functions.emplace_back();
  model_.functions.back().name = name;
  functionsBuilding_.insert(index);
  FunctionBuilder builder(*this, cls, definitionScope, inputDims, std::move(inputValues),
                          std::move(functionals), index);
  bool built = builder.build();
  functionsBuilding_.erase(index);
  if (!built) {
    functions_[key] = std::nullopt;
    (void)use;
    return std::nullopt;
  }
  return index;
}

FunctionBuilder::FunctionBuilder(Elaborator& elaborator, const ClassEntry& function,
                                 Scope definitionScope,
                                 std::vector<std::vector<std::size_t>> inputDims,
                                 std::vector<std::optional<ConstValue>> inputValues,
                                 std::vector<std::shared_ptr<const FunctionalArgument>> functionals,
                                 std::uint32_t index)
    : el_(elaborator), class_(function), definitionScope_(definitionScope),
      inputDims_(std::move(inputDims)), inputValues_(std::move(inputValues)), index_(index),
      inputFunctionals_(std::move(functionals)) {}

bool FunctionBuilder::build() {
  std::size_t errorsBefore = el_.diagnostics().errorCount();
  out_.name = el_.model().functions[index_].name;
  out_.impure = class_.definition->purity == ast::Purity::Impure;
  out_.range = class_.definition->nameRange;
  instance_ = el_.instantiate(class_, {}, definitionScope_, nullptr, class_.qualifiedName());
  if (!declareVariables()) return false;
  el_.model().functions[index_].variables = out_.variables; // for recursive calls
  lowerBindings();
  if (instance_->external) buildExternalCall(*instance_->external);
  if (loadResourceOfThisTool()) {
    el_.model().functions[index_] = std::move(out_);
    return el_.diagnostics().errorCount() == errorsBefore;
  }
  if (instance_->partial) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, class_.definition->nameRange,
                            "'" + class_.qualifiedName() +
                                "' is a partial function and cannot be called (MLS 12.2)");
  }
  const ast::AlgorithmSection* algorithm = nullptr;
  for (const SectionRef& section : instance_->sections) {
    if (section.equations) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, section.equations->range,
                              "a function cannot have equations; use an algorithm (MLS 12.2)");
      continue;
    }
    if (section.algorithm->initial) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, section.algorithm->range,
                              "a function cannot have an initial algorithm (MLS 12.2)");
      continue;
    }
    if (algorithm) {
      auto& d = el_.diagnostics().error(DiagnosticKind::InvalidOperator, section.algorithm->range,
                                        "a function has at most one algorithm section (MLS 12.2)");
      d.notes.push_back({algorithm->range, "the first one"});
      continue;
    }
    if (instance_->external) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, section.algorithm->range,
                              "an external function cannot have an algorithm (MLS 12.9)");
      continue;
    }
    algorithm = section.algorithm;
    lowerAlgorithm(*section.algorithm);
  }
  readAnnotations();
  el_.model().functions[index_] = std::move(out_);
  return el_.diagnostics().errorCount() == errorsBefore;
}

bool FunctionBuilder::declareVariables() {
  std::size_t nextInput = 0;
  bool ok = true;
  for (ComponentInstance& component : instance_->components) {
    // `type InArgument = input Real` gives its components the prefix (MLS 4.5.1).
    ast::Causality causality = el_.causalityOf(component);
    FunctionVariable::Role role = causality == ast::Causality::Input ? FunctionVariable::Role::Input
                                  : causality == ast::Causality::Output
                                      ? FunctionVariable::Role::Output
                                      : FunctionVariable::Role::Protected;
    if (role == FunctionVariable::Role::Protected && !component.isProtected &&
        component.clause->prefix.variability < ast::Variability::Parameter) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, component.declaration->range,
                              "a public variable of a function must be an input or an output "
                              "(MLS 12.2)");
      ok = false;
      continue;
    }
    ok = declare(component, role, nextInput) && ok;
  }
  return ok;
}

bool FunctionBuilder::declare(ComponentInstance& component, FunctionVariable::Role role,
                              std::size_t& nextInput) {
  InstanceNode* type = el_.typeInstance(component);
  if (!type) return false;
  const std::vector<std::size_t>* actual =
      role == FunctionVariable::Role::Input && nextInput < inputDims_.size()
          ? &inputDims_[nextInput]
          : nullptr;
  if (role == FunctionVariable::Role::Input) {
    std::size_t position = nextInput++;
    inputPositions_[component.name] = position;
    // A String input folded by the call is a literal in the body (sizeInputs).
    bool folded = position < inputValues_.size() && inputValues_[position];
    if (folded && el_.isStringScalar(component)) return declareStringInput(component, position);
    if (type->kind == ast::ClassKind::Function)
      return declareFunctionalInput(component, *type, position);
  }
  if (!type->isPredefined() && !type->isEnumeration())
    return declareRecord(component, component.name, role, {}, actual);
  return declareScalar(component, component.name, role, {}, actual);
}

bool FunctionBuilder::declareStringInput(ComponentInstance& component, std::size_t position) {
  stringInputs_[component.name] =
      Expr::string(inputValues_[position]->text, component.declaration->range);
  return true;
}

// MLS 12.4.2: the function given for the input is called where the body calls the input; the
// inputs its partial application binds arrive as the frame's inputs "f.a", "f.b".
bool FunctionBuilder::declareFunctionalInput(ComponentInstance& component, InstanceNode& type,
                                             std::size_t position) {
  if (position >= inputFunctionals_.size() || !inputFunctionals_[position]) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, component.declaration->range,
                            "functional input '" + component.name +
                                "' is given no function (MLS 12.4.2)");
    return false;
  }
  declareBoundInputs(component.name, inputFunctionals_[position], type.entry);
  return true;
}

void FunctionBuilder::declareBoundInputs(const std::string& name,
                                         const std::shared_ptr<const FunctionalArgument>& argument,
                                         const ClassEntry* declaredType) {
  for (const FunctionalArgument::Bound& bound : argument->bound) {
    std::string boundName = name + "." + bound.name;
    if (bound.functional) {
      declareBoundInputs(boundName, bound.functional, nullptr);
      continue;
    }
    FunctionVariable v;
    v.name = boundName;
    v.role = FunctionVariable::Role::Input;
    v.type = bound.type;
    v.dims = bound.dims;
    out_.variables.push_back(std::move(v));
  }
  functionalInputs_[name] = {argument, declaredType};
}

// A record variable becomes one variable per field, named "r.a" (MLS 12.6); an array of
// records one array per field, sized by the array's sizes first: `Complex c[n]` is c.re[n] and
// c.im[n].
bool FunctionBuilder::declareRecord(ComponentInstance& component, const std::string& name,
                                    FunctionVariable::Role role,
                                    const std::vector<std::size_t>& outer,
                                    const std::vector<std::size_t>* actual) {
  InstanceNode* type = el_.typeInstance(component);
  if (!type ||
      (type->kind != ast::ClassKind::Record && type->kind != ast::ClassKind::OperatorRecord)) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, component.declaration->range,
                            "function variables must be of a predefined type, an enumeration "
                            "or a record (MLS 12.2)");
    return false;
  }
  auto sizes = declaredSizes(component, actual);
  if (!sizes) return false;
  RecordLayout layout{type->entry, {}, outer};
  layout.dims.insert(layout.dims.end(), sizes->begin(), sizes->end());
  bool ok = true;
  for (ComponentInstance& field : type->components) {
    layout.fields.push_back(field.name);
    std::string fieldName = name + "." + field.name;
    ok = (el_.isScalarType(field) ? declareScalar(field, fieldName, role, layout.dims, nullptr)
                                  : declareRecord(field, fieldName, role, layout.dims, nullptr)) &&
         ok;
  }
  records_[name] = std::move(layout);
  return ok;
}

bool FunctionBuilder::declareScalar(ComponentInstance& component, const std::string& name,
                                    FunctionVariable::Role role,
                                    const std::vector<std::size_t>& outer,
                                    const std::vector<std::size_t>* actual) {
  InstanceNode* type = el_.typeInstance(component);
  auto sizes = declaredSizes(component, actual);
  if (!sizes) return false;
  FunctionVariable v;
  v.name = name;
  v.role = role;
  v.type = flatType(*type);
  v.externalObject = type->predefined == Predefined::ExternalObject;
  v.dims = outer;
  v.dims.insert(v.dims.end(), sizes->begin(), sizes->end());
  out_.variables.push_back(std::move(v));
  return true;
}

// The sizes a function variable is declared with (MLS 12.4.4: evaluated on entry, from the
// inputs); a flexible size (:) of an input is its argument's, `actual`.
std::optional<std::vector<std::size_t>>
FunctionBuilder::declaredSizes(ComponentInstance& component,
                               const std::vector<std::size_t>* actual) {
  Diagnostics& d = el_.diagnostics();
  InstanceNode* type = el_.typeInstance(component);
  if (!type) return std::nullopt;
  std::vector<std::pair<const ast::Subscript*, Scope>> subscripts;
  for (const ast::Subscript& s : component.declaration->subscripts)
    subscripts.push_back({&s, component.scope});
  for (const ast::Subscript& s : component.clause->typeSubscripts)
    subscripts.push_back({&s, component.scope});
  subscripts.insert(subscripts.end(), type->typeDims.begin(), type->typeDims.end());
  std::vector<std::size_t> dims;
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    const auto& [subscript, scope] = subscripts[i];
    if (!subscript->value) {
      if (!actual || i >= actual->size()) {
        d.error(DiagnosticKind::Unsupported, component.declaration->range,
                "the flexible size (:) of '" + component.name +
                    "' cannot be known before the call; only inputs may have flexible sizes");
        return std::nullopt;
      }
      dims.push_back((*actual)[i]);
      continue;
    }
    // `input Real A[:, size(A, 1)]` (a square matrix): a size that reads the input itself is
    // its argument's; the argument's sizes are checked against the others below.
    std::set<std::string> read;
    collectNames(*subscript->value, read);
    if (actual && i < actual->size() && read.count(component.name)) {
      dims.push_back((*actual)[i]);
      continue;
    }
    LowerContext context;
    context.scope = scope;
    context.function = this;
    auto size =
        el_.evaluateInteger(*subscript->value, context, "the size of '" + component.name + "'");
    if (!size || *size < 0) return std::nullopt;
    dims.push_back(static_cast<std::size_t>(*size));
  }
  if (actual && *actual != dims) {
    d.error(DiagnosticKind::TypeMismatch, component.declaration->range,
            "the argument for input '" + component.name + "' has size " + subscriptText(*actual) +
                " but the input is declared with size " + subscriptText(dims));
    return std::nullopt;
  }
  return dims;
}

std::size_t FunctionBuilder::rank(const std::string& name) const {
  if (const RecordLayout* layout = record(name)) return layout->dims.size();
  auto i = index(name);
  return i ? out_.variables[*i].dims.size() : 0;
}

std::optional<std::uint32_t> FunctionBuilder::index(const std::string& name) const {
  for (std::uint32_t i = 0; i < out_.variables.size(); ++i) {
    if (out_.variables[i].name == name) return i;
  }
  return std::nullopt;
}

std::optional<Tensor> FunctionBuilder::variable(const std::string& name) const {
  if (const RecordLayout* layout = record(name)) {
    std::vector<Tensor> columns;
    for (const std::string& field : layout->fields) {
      auto column = variable(name + "." + field);
      if (!column) return std::nullopt;
      columns.push_back(std::move(*column));
    }
    return recordsFromColumns(layout->type, layout->dims, layout->fields, std::move(columns));
  }
  if (auto text = stringInputs_.find(name); text != stringInputs_.end())
    return Tensor::scalar(text->second);
  if (const FunctionalInput* functional = functionalInput(name)) {
    Tensor value;
    value.functional = functional->argument;
    for (const FunctionalArgument::Bound& bound : functional->argument->bound) {
      auto boundValue = variable(name + "." + bound.name);
      if (!boundValue) return std::nullopt;
      value.elements.insert(value.elements.end(), boundValue->elements.begin(),
                            boundValue->elements.end());
    }
    return value;
  }
  auto i = index(name);
  if (!i) return std::nullopt;
  const FunctionVariable& v = out_.variables[*i];
  Tensor t;
  t.dims = v.dims;
  if (v.dims.empty()) {
    Expr e;
    e.kind = Expr::Kind::Local;
    e.type = v.type;
    e.variable = *i;
    t.elements.push_back(e);
    return t;
  }
  for (std::size_t k = 0; k < elementCount(v.dims); ++k) {
    Expr e;
    e.kind = Expr::Kind::LocalElement;
    e.type = v.type;
    e.variable = *i;
    for (std::size_t s : subscriptsOf(k, v.dims))
      e.args.push_back(make::integer(static_cast<long long>(s)));
    t.elements.push_back(e);
  }
  return t;
}

std::optional<ConstValue> FunctionBuilder::constantValue(const flat::Expr& local) {
  if (local.variable >= out_.variables.size()) return std::nullopt;
  const std::vector<std::size_t>& dims = out_.variables[local.variable].dims;
  std::size_t linear = 0;
  if (local.kind == Expr::Kind::LocalElement) {
    if (local.args.size() != dims.size()) return std::nullopt;
    for (std::size_t k = 0; k < dims.size(); ++k) {
      auto subscript = el_.fold(local.args[k], this);
      if (!subscript || subscript->number < 1 || subscript->number > static_cast<double>(dims[k]))
        return std::nullopt;
      linear = linear * dims[k] + static_cast<std::size_t>(subscript->number) - 1;
    }
  }
  auto elements = constantElements(local.variable);
  if (!elements || linear >= elements->size()) return std::nullopt;
  return (*elements)[linear];
}

std::optional<std::vector<ConstValue>> FunctionBuilder::constantElements(std::uint32_t variable) {
  if (auto found = constants_.find(variable); found != constants_.end()) return found->second;
  constants_[variable] = std::nullopt; // a binding that reads itself has no value
  const FunctionVariable& v = out_.variables[variable];
  std::optional<std::vector<ConstValue>> result;
  if (v.role == FunctionVariable::Role::Input) {
    auto position = inputPositions_.find(v.name);
    if (position != inputPositions_.end() && position->second < inputValues_.size() &&
        inputValues_[position->second])
      result = std::vector<ConstValue>{*inputValues_[position->second]};
  } else {
    result = bindingElements(v.name);
  }
  return constants_[variable] = result;
}

// A variable's binding is its value on entry (MLS 12.4.4), and its value everywhere when the
// algorithm never assigns it (parameters and constants cannot be assigned, MLS 12.2).
std::optional<std::vector<ConstValue>> FunctionBuilder::bindingElements(const std::string& name) {
  ComponentInstance* component = nullptr;
  for (ComponentInstance& c : instance_->components) {
    if (c.name == name) component = &c;
  }
  if (!component) return std::nullopt;
  if (!assigned_) {
    assigned_.emplace();
    for (const SectionRef& section : instance_->sections) {
      if (section.algorithm) collectAssigned(section.algorithm->statements, *assigned_);
    }
  }
  if (component->clause->prefix.variability < ast::Variability::Parameter && assigned_->count(name))
    return std::nullopt;
  InstanceNode* type = el_.typeInstance(*component);
  if (!type || !type->attributes.value || !type->attributes.value->expr) return std::nullopt;
  LowerContext context;
  context.scope = type->attributes.value->scope;
  context.function = this;
  auto value = el_.lower(*type->attributes.value->expr, context);
  if (!value || value->isRecord()) return std::nullopt;
  std::vector<ConstValue> elements;
  for (const Expr& element : value->elements) {
    auto folded = el_.fold(element, this);
    if (!folded) return std::nullopt;
    elements.push_back(*folded);
  }
  return elements;
}

std::uint32_t FunctionBuilder::addLocal(const std::string& name, Type type) {
  FunctionVariable v;
  v.name = name;
  while (index(v.name))
    v.name += "'";
  v.type = type;
  v.role = FunctionVariable::Role::Protected;
  out_.variables.push_back(std::move(v));
  return static_cast<std::uint32_t>(out_.variables.size() - 1);
}

// Outputs and protected variables start from their bindings (MLS 12.4.4); an input's
// binding is its default, used at call sites.
void FunctionBuilder::lowerBindings() {
  for (ComponentInstance& component : instance_->components) {
    if (el_.causalityOf(component) == ast::Causality::Input || !declares(component.name)) {
      continue;
    }
    lowerBinding(component, component.name);
  }
}

// A record without a binding of its own starts from those of its fields, as `output Complex
// result(re = re, im = im)` of Complex's constructor (MLS 12.6).
void FunctionBuilder::lowerBinding(ComponentInstance& component, const std::string& name) {
  const Modifier::Value* binding = nullptr;
  if (el_.isScalarType(component)) {
    InstanceNode* type = el_.typeInstance(component);
    if (type && type->attributes.value) binding = &*type->attributes.value;
  } else if (component.modifier.value) {
    binding = &*component.modifier.value;
  } else if (InstanceNode* type = el_.typeInstance(component)) {
    for (ComponentInstance& field : type->components)
      lowerBinding(field, name + "." + field.name);
    return;
  }
  if (!binding || !binding->expr) return;
  LowerContext context;
  context.scope = binding->scope;
  context.function = this;
  auto value = el_.lower(*binding->expr, context);
  auto target = variable(name);
  if (!value || !target) return;
  std::vector<Expr> targets = target->leaves();
  std::vector<Expr> values = value->leaves();
  if (values.size() != targets.size() && !value->isScalar()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, component.declaration->range,
                            "the value of '" + name + "' has the wrong type");
    return;
  }
  for (std::size_t k = 0; k < targets.size(); ++k) {
    flat::LValue lvalue{targets[k].variable, targets[k].args};
    out_.body.push_back(
        flat::Statement{flat::AssignStatement{lvalue, value->isScalar() ? values[0] : values[k]},
                        component.declaration->range});
  }
}

// annotation(Inline = true, derivative = f_der, derivative(order = 2) = f_der2)
void FunctionBuilder::readAnnotations() {
  for (const ast::ClassModification* annotation : instance_->annotations) {
    for (const ast::Argument& argument : annotation->arguments) {
      if (!argument.modification || argument.modification->name.parts.size() != 1) continue;
      const std::string& name = argument.modification->name.parts[0];
      const auto& modification = argument.modification->modification;
      if (!modification || !modification->value || !modification->value->value) continue;
      const ast::Expr& value = *modification->value->value;
      if (name == "Inline" || name == "inline") {
        if (auto* b = std::get_if<ast::BooleanLiteral>(&value.node))
          out_.inlineAnnotation = b->value;
      } else if (name == "InlineAfterIndexReduction" || name == "LateInline") {
        if (auto* b = std::get_if<ast::BooleanLiteral>(&value.node))
          out_.inlineAfterIndexReduction = b->value;
      } else if (name == "derivative") {
        if (auto* r = std::get_if<ast::RefExpr>(&value.node)) {
          std::set<std::string> withoutDerivative = inputsWithoutDerivative(*modification);
          out_.derivatives.push_back(derivativeFunction(r->ref, withoutDerivative));
          if (out_.derivatives.size() == 1) {
            out_.derivativeOrder = derivativeOrder(*modification);
            for (const FunctionVariable& v : out_.variables)
              if (v.role == FunctionVariable::Role::Input && withoutDerivative.count(v.name))
                out_.noDerivativeInputs.push_back(v.name);
          }
        }
      }
    }
  }
}

// derivative(order = 2) = f_der2 (MLS 12.7.1); 1 when not given.
int FunctionBuilder::derivativeOrder(const ast::Modification& m) {
  if (!m.arguments) return 1;
  for (const ast::Argument& argument : m.arguments->arguments) {
    if (!argument.modification || argument.modification->name.str() != "order") continue;
    const auto& value = argument.modification->modification;
    if (!value || !value->value || !value->value->value) continue;
    if (auto* n = std::get_if<ast::NumberLiteral>(&value->value->value->node))
      return static_cast<int>(n->value);
  }
  return 1;
}

// derivative(noDerivative = u, zeroDerivative = v) = f_der: f_der takes no derivative of u
// or v (MLS 12.7.1).
std::set<std::string> FunctionBuilder::inputsWithoutDerivative(const ast::Modification& m) {
  std::set<std::string> names;
  if (!m.arguments) return names;
  for (const ast::Argument& argument : m.arguments->arguments) {
    if (!argument.modification || argument.modification->name.parts.size() != 1) continue;
    const std::string& kind = argument.modification->name.parts[0];
    const auto& value = argument.modification->modification;
    if ((kind != "noDerivative" && kind != "zeroDerivative") || !value || !value->value ||
        !value->value->value)
      continue;
    if (auto* r = std::get_if<ast::RefExpr>(&value->value->value->node)) names.insert(r->ref.str());
  }
  return names;
}

// The derivative function takes f's inputs, then the derivatives of its Real inputs, of the
// same sizes (MLS 12.7.1). It is specialised with f, so that the backend finds it even when
// the model never calls it; its name is then the specialisation's. Records among the inputs,
// and external derivatives, leave the annotation as written.
std::string FunctionBuilder::derivativeFunction(const ast::ComponentRef& written,
                                                const std::set<std::string>& withoutDerivative) {
  std::vector<std::vector<std::size_t>> dims = inputDims_;
  std::size_t inputs = stringInputs_.size();
  for (const FunctionVariable& v : out_.variables) {
    if (v.role != FunctionVariable::Role::Input) continue;
    ++inputs;
    if (v.type == Type::Real && !withoutDerivative.count(v.name)) dims.push_back(v.dims);
  }
  if (inputs != inputDims_.size()) return written.str();
  LowerContext context;
  context.scope = Scope{instance_.get(), &class_};
  Scope definitionScope;
  const ClassEntry* derivative =
      ExpressionLowering(el_, context).resolveFunction(written, &definitionScope);
  if (!derivative || !derivative->definition ||
      derivative->definition->kind != ast::ClassKind::Function)
    return written.str();
  std::vector<std::optional<ConstValue>> values = inputValues_;
  values.resize(dims.size());
  auto index = el_.specialize(*derivative, definitionScope, dims, values, written.range);
  return index ? el_.model().functions[*index].name : written.str();
}

} // namespace mocc::frontend
