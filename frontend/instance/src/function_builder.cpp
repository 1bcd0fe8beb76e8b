// Functions (MLS 12): specialisation by argument sizes, variables, bindings, annotations.
// Statements are lowered in function_statements.cpp.
#include "function_builder.h"

#include "flat_builders.h"
#include "lower_expression.h"

namespace mocc::frontend {

using flat::Expr;
using flat::FunctionVariable;
using flat::Type;

std::optional<std::uint32_t>
Elaborator::specialize(const ClassEntry& cls, Scope definitionScope,
                       const std::vector<std::vector<std::size_t>>& inputDims, SourceRange use) {
  std::string signature;
  for (const auto& dims : inputDims)
    signature += subscriptText(dims) + ";";
  auto key = std::make_pair(&cls, signature);
  if (auto found = functions_.find(key); found != functions_.end()) return found->second;
  auto index = static_cast<std::uint32_t>(model_.functions.size());
  functions_[key] = index; // recursive calls find the function while it is being built
  model_.functions.emplace_back();
  model_.functions.back().name = cls.qualifiedName();
  // A specialisation for array arguments is named by their sizes: f[3], g[2,2;4].
  std::string sizes;
  for (const auto& dims : inputDims) {
    if (dims.empty()) continue;
    std::string text = subscriptText(dims);
    sizes += (sizes.empty() ? "" : ";") + text.substr(1, text.size() - 2);
  }
  if (!sizes.empty()) model_.functions.back().name += "[" + sizes + "]";
  FunctionBuilder builder(*this, cls, definitionScope, inputDims, index);
  if (!builder.build()) {
    functions_[key] = std::nullopt;
    (void)use;
    return std::nullopt;
  }
  return index;
}

FunctionBuilder::FunctionBuilder(Elaborator& elaborator, const ClassEntry& function,
                                 Scope definitionScope,
                                 std::vector<std::vector<std::size_t>> inputDims,
                                 std::uint32_t index)
    : el_(elaborator), class_(function), definitionScope_(definitionScope),
      inputDims_(std::move(inputDims)), index_(index) {}

bool FunctionBuilder::build() {
  std::size_t errorsBefore = el_.diagnostics().errorCount();
  out_.name = el_.model().functions[index_].name;
  out_.range = class_.definition->nameRange;
  instance_ = el_.instantiate(class_, {}, definitionScope_, nullptr, class_.qualifiedName());
  if (instance_->external) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, instance_->external->range,
                            "external functions are not supported yet");
    return false;
  }
  if (!declareVariables()) return false;
  el_.model().functions[index_].variables = out_.variables; // for recursive calls
  lowerBindings();
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
  if (role == FunctionVariable::Role::Input) ++nextInput;
  if (!type->isPredefined() && !type->isEnumeration()) {
    return declareRecord(component, component.name, role);
  }
  return declareScalar(component, component.name, role, actual);
}

// A record variable becomes one variable per field, named "r.a" (MLS 12.6).
bool FunctionBuilder::declareRecord(ComponentInstance& component, const std::string& name,
                                    FunctionVariable::Role role) {
  InstanceNode* type = el_.typeInstance(component);
  bool record = type && (type->kind == ast::ClassKind::Record ||
                         type->kind == ast::ClassKind::OperatorRecord);
  const auto* sizes = el_.dims(component);
  auto* elements = el_.elements(component);
  if (!record || !sizes || !elements || !sizes->empty()) {
    el_.diagnostics().error(DiagnosticKind::Unsupported, component.declaration->range,
                            record ? "arrays of records in functions are not supported yet"
                                   : "function variables must be of a predefined type, an "
                                     "enumeration or a record (MLS 12.2)");
    return false;
  }
  RecordLayout layout{type->entry, {}};
  bool ok = true;
  for (ComponentInstance& field : elements->front()->components) {
    layout.fields.push_back(field.name);
    std::string fieldName = name + "." + field.name;
    ok = (el_.isScalarType(field) ? declareScalar(field, fieldName, role, nullptr)
                                  : declareRecord(field, fieldName, role)) &&
         ok;
  }
  records_[name] = std::move(layout);
  return ok;
}

bool FunctionBuilder::declareScalar(ComponentInstance& component, const std::string& name,
                                    FunctionVariable::Role role,
                                    const std::vector<std::size_t>* actual) {
  Diagnostics& d = el_.diagnostics();
  InstanceNode* type = el_.typeInstance(component);
  FunctionVariable v;
  v.name = name;
  v.role = role;
  v.type = type->isEnumeration()                     ? Type::Enumeration
           : type->predefined == Predefined::Integer ? Type::Integer
           : type->predefined == Predefined::Boolean ? Type::Boolean
           : type->predefined == Predefined::String  ? Type::String
                                                     : Type::Real;
  std::vector<std::pair<const ast::Subscript*, Scope>> subscripts;
  for (const ast::Subscript& s : component.declaration->subscripts)
    subscripts.push_back({&s, component.scope});
  for (const ast::Subscript& s : component.clause->typeSubscripts)
    subscripts.push_back({&s, component.scope});
  subscripts.insert(subscripts.end(), type->typeDims.begin(), type->typeDims.end());
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    const auto& [subscript, scope] = subscripts[i];
    if (!subscript->value) {
      if (!actual || i >= actual->size()) {
        d.error(DiagnosticKind::Unsupported, component.declaration->range,
                "the flexible size (:) of '" + component.name +
                    "' cannot be known before the call; only inputs may have flexible sizes");
        return false;
      }
      v.dims.push_back((*actual)[i]);
      continue;
    }
    LowerContext context;
    context.scope = scope;
    context.function = this;
    auto size =
        el_.evaluateInteger(*subscript->value, context, "the size of '" + component.name + "'");
    if (!size || *size < 0) return false;
    v.dims.push_back(static_cast<std::size_t>(*size));
  }
  if (actual && *actual != v.dims) {
    d.error(DiagnosticKind::TypeMismatch, component.declaration->range,
            "the argument for input '" + component.name + "' has size " + subscriptText(*actual) +
                " but the input is declared with size " + subscriptText(v.dims));
    return false;
  }
  out_.variables.push_back(std::move(v));
  return true;
}

std::optional<std::uint32_t> FunctionBuilder::index(const std::string& name) const {
  for (std::uint32_t i = 0; i < out_.variables.size(); ++i) {
    if (out_.variables[i].name == name) return i;
  }
  return std::nullopt;
}

std::optional<Tensor> FunctionBuilder::variable(const std::string& name) const {
  if (auto record = records_.find(name); record != records_.end()) {
    Tensor value;
    value.recordType = record->second.type;
    for (const std::string& field : record->second.fields) {
      auto fieldValue = variable(name + "." + field);
      if (!fieldValue) return std::nullopt;
      value.fieldNames.push_back(field);
      value.fieldValues.push_back(std::move(*fieldValue));
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
    InstanceNode* type = el_.typeInstance(component);
    if (!type || !type->attributes.value || !type->attributes.value->expr) continue;
    LowerContext context;
    context.scope = type->attributes.value->scope;
    context.function = this;
    auto value = el_.lower(*type->attributes.value->expr, context);
    auto target = variable(component.name);
    if (!value || !target) continue;
    std::vector<Expr> targets = target->leaves();
    std::vector<Expr> values = value->leaves();
    if (values.size() != targets.size() && !value->isScalar()) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, component.declaration->range,
                              "the value of '" + component.name + "' has the wrong type");
      continue;
    }
    for (std::size_t k = 0; k < targets.size(); ++k) {
      flat::LValue lvalue{targets[k].variable, targets[k].args};
      out_.body.push_back(
          flat::Statement{flat::AssignStatement{lvalue, value->isScalar() ? values[0] : values[k]},
                          component.declaration->range});
    }
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
      } else if (name == "derivative") {
        if (auto* r = std::get_if<ast::RefExpr>(&value.node))
          out_.derivatives.push_back(derivativeFunction(r->ref));
      }
    }
  }
}

// The derivative function takes f's inputs, then the derivatives of its Real inputs, of the
// same sizes (MLS 12.7.1). It is specialised with f, so that the backend finds it even when
// the model never calls it; its name is then the specialisation's. Records among the inputs,
// and external derivatives, leave the annotation as written.
std::string FunctionBuilder::derivativeFunction(const ast::ComponentRef& written) {
  std::vector<std::vector<std::size_t>> dims = inputDims_;
  std::size_t inputs = 0;
  for (const FunctionVariable& v : out_.variables) {
    if (v.role != FunctionVariable::Role::Input) continue;
    ++inputs;
    if (v.type == Type::Real) dims.push_back(v.dims);
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
  // An external derivative (not supported yet) would make every model calling f an error;
  // f is still differentiated numerically then.
  if (el_.packageInstance(*derivative)->external) return written.str();
  auto index = el_.specialize(*derivative, definitionScope, dims, written.range);
  return index ? el_.model().functions[*index].name : written.str();
}

} // namespace mocc::frontend
