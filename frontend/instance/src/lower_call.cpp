// Lowering calls of user-defined functions (MLS 12.4): arguments matched by position and
// name, defaults filled in, the function specialised for the argument sizes, scalar
// functions applied element-wise to arrays (MLS 12.4.6).
#include "lower_expression.h"

#include "flat_builders.h"
#include "name_suggestion.h"

#include <map>

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

std::size_t declaredRank(ComponentInstance& input, Elaborator& el) {
  InstanceNode* type = el.typeInstance(input);
  return input.declaration->subscripts.size() + input.clause->typeSubscripts.size() +
         (type ? type->typeDims.size() : 0);
}

const ClassEntry* ExpressionLowering::resolveFunction(const ast::ComponentRef& function,
                                                      Scope* definitionScope) {
  Elaborator::Found found;
  const ast::RefPart& first = function.parts.front();
  if (function.global) {
    if (ClassEntry* entry = el_.tree().member(el_.tree().root(), first.ident)) {
      found.cls = entry;
      found.classScope = Scope{nullptr, &el_.tree().root()};
    }
  } else {
    found = el_.names().lookup(first.ident, context_.scope);
  }
  if (found.component && function.parts.size() > 1) {
    // MLS 5.3.2: `a.f(x)` names the function f of the class of component a, which must be a
    // scalar, unconditional component; the rest of the name names classes only.
    ComponentInstance& component = *found.component;
    const auto* dims = el_.dims(component);
    if (component.declaration->condition || !dims || !dims->empty()) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, first.range,
                              "'" + function.str() +
                                  "': a function is found through a component "
                                  "only if it is a scalar, unconditional component (MLS 5.3.2)");
      return nullptr;
    }
    found.cls = el_.componentType(component);
    found.component = nullptr;
  }
  for (std::size_t i = 1; found.cls && i < function.parts.size(); ++i) {
    found = el_.names().memberAccess(*found.cls, function.parts[i].ident, function.parts[i].range);
    if (found.component && i + 1 < function.parts.size()) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, function.parts[i].range,
                              "'" + function.str() + "': '" + function.parts[i].ident +
                                  "' is a component; after the first part a function name "
                                  "names classes only (MLS 5.3.2)");
      return nullptr;
    }
  }
  if (found.cls) {
    *definitionScope = found.classScope;
    return found.cls;
  }
  std::string name = function.str();
  auto& d = el_.diagnostics().error(DiagnosticKind::UndefinedName, function.range,
                                    "undefined function '" + name + "'");
  std::vector<std::string> candidates = el_.names().visibleNames(context_.scope);
  for (const builtins::Function& builtin : builtins::all())
    candidates.emplace_back(builtin.name);
  if (auto suggestion = nearestName(function.parts.back().ident, candidates)) {
    d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
  }
  return nullptr;
}

std::optional<std::vector<Tensor>>
ExpressionLowering::matchArguments(const ast::Expr& e, const ast::ComponentRef& function,
                                   const ast::FunctionArgs& callArgs,
                                   const std::vector<ComponentInstance*>& inputs) {
  auto values = givenArguments(e, function, callArgs, inputs);
  if (!values) return std::nullopt;
  return completeArguments(e, function.str(), inputs, std::move(*values));
}

std::optional<std::vector<std::optional<Tensor>>>
ExpressionLowering::givenArguments(const ast::Expr& e, const ast::ComponentRef& function,
                                   const ast::FunctionArgs& callArgs,
                                   const std::vector<ComponentInstance*>& inputs) {
  Diagnostics& d = el_.diagnostics();
  const std::string name = function.str();
  if (!callArgs.iterators.empty()) {
    d.error(DiagnosticKind::Unsupported, e.range,
            "reduction calls of user-defined functions are not supported yet");
    return std::nullopt;
  }
  if (callArgs.positional.size() > inputs.size()) {
    d.error(DiagnosticKind::WrongArguments, e.range,
            "'" + name + "' takes " + std::to_string(inputs.size()) + " input" +
                (inputs.size() == 1 ? "" : "s") + ", but " +
                std::to_string(callArgs.positional.size()) + " were given");
    return std::nullopt;
  }
  std::vector<std::optional<Tensor>> values(inputs.size());
  for (std::size_t i = 0; i < callArgs.positional.size(); ++i) {
    values[i] = argument(*callArgs.positional[i], *inputs[i]);
    if (!values[i]) return std::nullopt;
  }
  for (const ast::NamedArgument& named : callArgs.named) {
    std::size_t i = 0;
    while (i < inputs.size() && inputs[i]->name != named.name)
      ++i;
    if (i == inputs.size()) {
      std::vector<std::string> names;
      for (ComponentInstance* input : inputs)
        names.push_back(input->name);
      auto& diag = d.error(DiagnosticKind::WrongArguments, named.range,
                           "'" + name + "' has no input named '" + named.name + "'");
      if (auto suggestion = nearestName(named.name, names)) {
        diag.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
      }
      return std::nullopt;
    }
    if (values[i]) {
      d.error(DiagnosticKind::WrongArguments, named.range,
              "input '" + named.name + "' of '" + name + "' is given twice");
      return std::nullopt;
    }
    values[i] = argument(*named.value, *inputs[i]);
    if (!values[i]) return std::nullopt;
  }
  return values;
}

std::optional<Tensor> ExpressionLowering::argument(const ast::Expr& arg, ComponentInstance& input) {
  return isFunctionalInput(input) ? functionalArgument(arg, input) : lower(arg);
}

// Defaults (MLS 12.4.1) may refer to other inputs: they see the arguments by name.
std::optional<std::vector<Tensor>>
ExpressionLowering::completeArguments(const ast::Expr& e, const std::string& name,
                                      const std::vector<ComponentInstance*>& inputs,
                                      std::vector<std::optional<Tensor>> values) {
  Diagnostics& d = el_.diagnostics();
  std::vector<Binding> bindings;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (values[i]) bindings.push_back({inputs[i]->name, *values[i]});
  }
  std::vector<Tensor> result;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (!values[i]) {
      InstanceNode* type = el_.typeInstance(*inputs[i]);
      if (!type || !type->attributes.value || !type->attributes.value->expr) {
        d.error(DiagnosticKind::WrongArguments, e.range,
                "'" + name + "' needs a value for its input '" + inputs[i]->name + "'");
        return std::nullopt;
      }
      LowerContext inner;
      inner.scope = type->attributes.value->scope;
      inner.bindings = &bindings;
      values[i] = el_.lower(*type->attributes.value->expr, inner);
      if (!values[i]) return std::nullopt;
      bindings.push_back({inputs[i]->name, *values[i]});
    }
    result.push_back(std::move(*values[i]));
  }
  return result;
}

bool ExpressionLowering::isExternalObjectClass(const ClassEntry& cls) {
  return cls.definition && cls.definition->kind == ast::ClassKind::Class &&
         el_.packageInstance(cls)->predefined == Predefined::ExternalObject;
}

std::optional<ExpressionLowering::CallResult>
ExpressionLowering::functionCall(const ast::Expr& e, const ast::CallExpr& c) {
  return functionCallOf(e, c.function, c.args, CallUse::Value);
}

std::optional<ExpressionLowering::CallResult>
ExpressionLowering::functionCallOf(const ast::Expr& e, const ast::ComponentRef& function,
                                   const ast::FunctionArgs& callArgs, CallUse use) {
  if (functionalInputNamed(function)) return functionalInputCall(e, function, callArgs, use);
  Scope definitionScope;
  const ClassEntry* cls = resolveFunction(function, &definitionScope);
  if (!cls) return std::nullopt;
  if (isExternalObjectClass(*cls)) {
    // MLS 12.9.7: `Table(args)` calls the constructor of the external object class.
    Elaborator::Found constructor = el_.names().memberAccess(*cls, "constructor", function.range);
    if (!constructor.cls) return std::nullopt;
    cls = constructor.cls;
    definitionScope = constructor.classScope;
  }
  if (!cls->definition || cls->definition->kind != ast::ClassKind::Function) {
    bool record = cls->definition && (cls->definition->kind == ast::ClassKind::Record ||
                                      cls->definition->kind == ast::ClassKind::OperatorRecord);
    el_.diagnostics().error(
        record ? DiagnosticKind::Unsupported : DiagnosticKind::InvalidOperator, function.range,
        record ? "record constructors ('" + cls->qualifiedName() + "') are not supported yet"
               : "'" + cls->qualifiedName() + "' is a " +
                     ast::spelling(cls->definition ? cls->definition->kind : ast::ClassKind::Type) +
                     ", not a function");
    return std::nullopt;
  }
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*cls);
  auto args = matchArguments(e, function, callArgs, inputs);
  if (!args) return std::nullopt;
  return specialisedCall(e, *cls, definitionScope, inputs, *args, use);
}

std::optional<ExpressionLowering::CallResult> ExpressionLowering::specialisedCall(
    const ast::Expr& e, const ClassEntry& cls, Scope definitionScope,
    const std::vector<ComponentInstance*>& inputs, const std::vector<Tensor>& args, CallUse use) {
  std::vector<std::vector<std::size_t>> dims;
  for (const Tensor& arg : args)
    dims.push_back(arg.dims);
  // MLS 12.4.4: an input that sizes depend on must have a value during translation; a
  // parameter passed there becomes structural.
  using InputFolding = Elaborator::InputFolding;
  const std::vector<InputFolding>& folding = el_.sizeInputs(cls);
  std::vector<std::optional<ConstValue>> values(args.size());
  for (std::size_t i = 0; i < args.size() && i < folding.size(); ++i) {
    if (folding[i] == InputFolding::None || !args[i].isScalar()) continue;
    values[i] = el_.fold(args[i].scalarValue(), context_.function);
    if (!values[i] && folding[i] == InputFolding::Required) {
      const flat::Expr& arg = args[i].scalarValue();
      SourceRange where = arg.range.valid() ? arg.range : e.range;
      auto key = std::make_tuple(where.begin.file, where.begin.line, where.begin.column);
      if (!el_.reportedSizeArguments_.insert(key).second) return std::nullopt;
      el_.diagnostics().error(DiagnosticKind::NotConstant, where,
                              "the sizes of the variables of '" + cls.qualifiedName() +
                                  "' depend on its input '" + inputs[i]->name +
                                  "', so its argument must be a constant or parameter "
                                  "expression (MLS 12.4.4)");
      return std::nullopt;
    }
  }
  // A String input whose argument is known in translation is a literal in the body.
  std::vector<bool> foldedString(args.size(), false);
  for (std::size_t i = 0; i < args.size() && i < inputs.size(); ++i)
    foldedString[i] = values[i] && el_.isStringScalar(*inputs[i]);
  std::vector<std::shared_ptr<const FunctionalArgument>> functionals;
  for (const Tensor& arg : args)
    functionals.push_back(arg.functional);
  auto index = el_.specialize(cls, definitionScope, dims, std::move(values), e.range,
                              std::move(functionals));
  if (!index) return std::nullopt;
  const flat::Function& function = el_.model().functions[*index];
  CallResult result;
  result.function = *index;
  // Inputs flatten in declaration order, records field by field (MLS 12.6).
  std::vector<const flat::FunctionVariable*> elementTypes;
  std::map<std::string, std::uint32_t> outputOffsets;
  std::uint32_t outputs = 0;
  for (const flat::FunctionVariable& v : function.variables) {
    if (v.role == flat::FunctionVariable::Role::Input) {
      for (std::size_t k = 0; k < v.elementCount(); ++k)
        elementTypes.push_back(&v);
    } else if (v.role == flat::FunctionVariable::Role::Output) {
      outputOffsets[v.name] = outputs;
      outputs += static_cast<std::uint32_t>(v.elementCount());
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (foldedString[i]) continue;
    for (const Expr& x : columnLeaves(args[i])) {
      const flat::FunctionVariable* input =
          result.args.size() < elementTypes.size() ? elementTypes[result.args.size()] : nullptr;
      if (!input || !typesCompatible(input->type, x.type)) {
        el_.diagnostics().error(
            DiagnosticKind::TypeMismatch, x.range.valid() ? x.range : e.range,
            "input '" + inputs[i]->name + "' of '" + cls.qualifiedName() +
                "' does not accept this argument" +
                (input ? std::string(" (it must be ") + flat::spelling(input->type) + ")"
                       : std::string()));
        return std::nullopt;
      }
      result.args.push_back(x);
    }
  }
  InstanceNode* signature = el_.packageInstance(cls);
  for (ComponentInstance& output : signature->components) {
    if (el_.causalityOf(output) != ast::Causality::Output) continue;
    auto value =
        outputValue(e, function, *index, result.args, output.name, output, outputOffsets, use);
    if (!value) return std::nullopt;
    result.outputs.push_back(std::move(*value));
  }
  return result;
}

// One output of a call: FunctionCall expressions for its elements, a record of them for a
// record output.
std::optional<Tensor>
ExpressionLowering::outputValue(const ast::Expr& e, const flat::Function& function,
                                std::uint32_t index, const std::vector<Expr>& args,
                                const std::string& name, ComponentInstance& output,
                                const std::map<std::string, std::uint32_t>& offsets, CallUse use) {
  if (!el_.isScalarType(output)) {
    InstanceNode* type = el_.typeInstance(output);
    if (!type) return std::nullopt;
    // The frame holds an array of records field by field (see FunctionBuilder::declareRecord):
    // each field's sizes are the array's, then its own.
    std::vector<std::string> names;
    std::vector<Tensor> columns;
    std::vector<std::size_t> dims;
    for (ComponentInstance& field : type->components) {
      auto column =
          outputValue(e, function, index, args, name + "." + field.name, field, offsets, use);
      if (!column) return std::nullopt;
      std::size_t ownRank = std::min(declaredRank(field, el_), column->dims.size());
      dims.assign(column->dims.begin(), column->dims.end() - static_cast<std::ptrdiff_t>(ownRank));
      names.push_back(field.name);
      columns.push_back(std::move(*column));
    }
    return recordsFromColumns(type->entry, dims, std::move(names), std::move(columns));
  }
  auto offset = offsets.find(name);
  const flat::FunctionVariable* v = nullptr;
  for (const flat::FunctionVariable& candidate : function.variables) {
    if (candidate.name == name) v = &candidate;
  }
  if (offset == offsets.end() || !v) return std::nullopt;
  Tensor tensor;
  tensor.dims = v->dims;
  for (std::size_t k = 0; k < v->elementCount(); ++k) {
    Expr call;
    call.kind = Expr::Kind::FunctionCall;
    call.type = v->type;
    call.variable = index;
    call.output = offset->second + static_cast<std::uint32_t>(k);
    if (use == CallUse::Value) call.args = args;
    call.range = e.range;
    tensor.elements.push_back(std::move(call));
  }
  return tensor;
}

std::optional<Tensor> ExpressionLowering::userCall(const ast::Expr& e, const ast::CallExpr& c) {
  if (functionalInputNamed(c.function)) {
    auto result = functionalInputCall(e, c.function, c.args, CallUse::Value);
    if (!result || result->outputs.empty()) return std::nullopt;
    return std::move(result->outputs.front());
  }
  Scope definitionScope;
  const ClassEntry* cls = resolveFunction(c.function, &definitionScope);
  if (!cls) return std::nullopt;
  if (cls->definition && cls->definition->kind == ast::ClassKind::Function) {
    // MLS 12.4.6: a function of scalars applied to arrays is applied element-wise.
    InstanceNode* signature = el_.packageInstance(*cls);
    std::vector<ComponentInstance*> inputs = el_.functionInputs(*cls);
    auto args = matchArguments(e, c.function, c.args, inputs);
    if (!args) return std::nullopt;
    // MLS 12.9: `external "builtin"` makes a library function the built-in of that name
    // (how Modelica.Math.sin and friends are defined).
    if (signature->external && signature->external->language == "builtin") {
      std::string builtin =
          signature->external->function.empty() ? cls->name : signature->external->function;
      if (!isMathFunction(builtin)) {
        el_.diagnostics().error(DiagnosticKind::Unsupported, signature->external->range,
                                "'" + builtin + "' is not a built-in numeric function");
        return std::nullopt;
      }
      return mathFunction(e, builtin, std::move(*args));
    }
    std::optional<std::vector<std::size_t>> extra;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      std::size_t rank = declaredRank(*inputs[i], el_);
      if ((*args)[i].dims.size() > rank) {
        std::vector<std::size_t> outer((*args)[i].dims.begin(),
                                       (*args)[i].dims.end() - static_cast<std::ptrdiff_t>(rank));
        if (extra && *extra != outer) {
          el_.diagnostics().error(
              DiagnosticKind::TypeMismatch, e.range,
              "the array arguments of this vectorised call have different sizes");
          return std::nullopt;
        }
        extra = outer;
      }
    }
    if (!extra) {
      auto result = specialisedCall(e, *cls, definitionScope, inputs, *args);
      if (!result) return std::nullopt;
      if (result->outputs.empty()) {
        el_.diagnostics().error(DiagnosticKind::InvalidOperator, e.range,
                                "'" + cls->qualifiedName() +
                                    "' has no output, so its call has no value");
        return std::nullopt;
      }
      return std::move(result->outputs.front());
    }
    return vectorisedCall(e, *cls, definitionScope, inputs, *args, *extra);
  }
  if (cls->definition && cls->definition->kind == ast::ClassKind::OperatorRecord &&
      c.args.named.empty() && c.args.iterators.empty()) {
    std::vector<Tensor> args;
    for (const ast::ExprPtr& arg : c.args.positional) {
      auto value = lower(*arg);
      if (!value) return std::nullopt;
      args.push_back(std::move(*value));
    }
    bool failed = false;
    auto value = overloadedConstructor(e, *cls, args, failed);
    if (value || failed) return value;
  }
  if (cls->definition && (cls->definition->kind == ast::ClassKind::Record ||
                          cls->definition->kind == ast::ClassKind::OperatorRecord)) {
    return recordConstructor(e, *cls, c.function, c.args);
  }
  auto result = functionCall(e, c);
  if (!result) return std::nullopt;
  return std::move(result->outputs.front());
}

// The record constructor (MLS 12.6): an input for each public, modifiable component, with
// the component's binding as default; other components keep their bindings.
std::optional<Tensor> ExpressionLowering::recordConstructor(const ast::Expr& e,
                                                            const ClassEntry& cls,
                                                            const ast::ComponentRef& function,
                                                            const ast::FunctionArgs& args) {
  InstanceNode* record = el_.packageInstance(cls);
  std::vector<ComponentInstance*> inputs;
  for (ComponentInstance& field : record->components) {
    bool fixed = field.clause->prefix.variability == ast::Variability::Constant &&
                 field.declaration->modification && field.declaration->modification->value;
    if (!field.isProtected && !fixed && !field.element->isFinal) inputs.push_back(&field);
  }
  auto values = matchArguments(e, function, args, inputs);
  if (!values) return std::nullopt;
  // The other fields are like the protected variables of the constructor function: their
  // bindings see the inputs' values and the fields before them by name (MLS 12.6), as
  // `final parameter B_r = B_rRef * (1 + alpha_Br * (T_op - T_ref))` of the MSL's magnets.
  std::vector<Binding> fields;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    fields.push_back({inputs[i]->name, (*values)[i]});
  Tensor result;
  result.recordType = &cls;
  std::size_t next = 0;
  for (ComponentInstance& field : record->components) {
    std::optional<Tensor> value;
    if (next < inputs.size() && inputs[next] == &field) {
      value = std::move((*values)[next++]);
    } else {
      InstanceNode* type = el_.typeInstance(field);
      if (!type || !type->attributes.value || !type->attributes.value->expr) {
        el_.diagnostics().error(DiagnosticKind::MissingBinding, e.range,
                                "record field '" + field.name + "' has no value");
        return std::nullopt;
      }
      LowerContext inner;
      inner.scope = type->attributes.value->scope;
      inner.bindings = &fields;
      value = el_.lower(*type->attributes.value->expr, inner);
      if (!value) return std::nullopt;
      fields.push_back({field.name, *value});
    }
    result.fieldNames.push_back(field.name);
    result.fieldValues.push_back(std::move(*value));
  }
  return result;
}

std::optional<Tensor>
ExpressionLowering::vectorisedCall(const ast::Expr& e, const ClassEntry& cls, Scope definitionScope,
                                   const std::vector<ComponentInstance*>& inputs,
                                   const std::vector<Tensor>& args,
                                   const std::vector<std::size_t>& outer) {
  std::vector<Tensor> results;
  for (std::size_t k = 0; k < elementCount(outer); ++k) {
    std::vector<Tensor> elementArgs;
    for (std::size_t i = 0; i < args.size(); ++i) {
      std::size_t rank = declaredRank(*inputs[i], el_);
      if (args[i].dims.size() == rank) {
        elementArgs.push_back(args[i]);
        continue;
      }
      Tensor slice = args[i];
      std::size_t linear = k;
      std::vector<std::size_t> subs = subscriptsOf(linear, outer);
      for (std::size_t s : subs)
        slice = slice.row(s - 1);
      elementArgs.push_back(std::move(slice));
    }
    auto call = specialisedCall(e, cls, definitionScope, inputs, elementArgs);
    if (!call || call->outputs.empty()) return std::nullopt;
    results.push_back(std::move(call->outputs.front()));
  }
  return stack(outer, std::move(results));
}

namespace {

/// The argument given for input `position` of a call, by position or by `name`; null if none.
const ast::Expr* givenArgument(const ast::FunctionArgs& args, std::size_t position,
                               const std::string& name) {
  if (position < args.positional.size()) return args.positional[position].get();
  for (const ast::NamedArgument& named : args.named) {
    if (named.name == name) return named.value.get();
  }
  return nullptr;
}

} // namespace

// MLS 12.9.6: ModelicaError and ModelicaWarning are assert(false, s) of those levels;
// ModelicaInternal_print(s, "") shows s (Streams.print to the log, not to a file).
std::optional<flat::AssertStatement>
ExpressionLowering::utilityReport(SourceRange range, const ast::ComponentRef& function,
                                  const ast::FunctionArgs& args) {
  Scope definitionScope;
  const ClassEntry* cls = resolveFunction(function, &definitionScope);
  if (!cls || !cls->definition || cls->definition->kind != ast::ClassKind::Function) return {};
  const ast::ExternalClause* external = el_.packageInstance(*cls)->external;
  if (!external || !args.iterators.empty()) return {};
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*cls);
  flat::AssertionLevel level;
  if (external->args.size() == 1 && inputs.size() == 1 &&
      (external->function == "ModelicaError" || external->function == "ModelicaWarning")) {
    level = external->function == "ModelicaError" ? flat::AssertionLevel::Error
                                                  : flat::AssertionLevel::Warning;
  } else if (external->function == "ModelicaInternal_print" && inputs.size() == 2) {
    level = flat::AssertionLevel::Message;
    if (const ast::Expr* file = givenArgument(args, 1, inputs[1]->name)) {
      auto name = el_.lowerScalar(*file, context_);
      auto value = name ? el_.fold(*name) : std::nullopt;
      if (!value || value->type != Type::String || !value->text.empty()) return {};
    }
  } else {
    return {};
  }
  if (args.positional.size() + args.named.size() > inputs.size()) return {};
  const ast::Expr* message = givenArgument(args, 0, inputs[0]->name);
  if (!message) return {};
  auto text = el_.lowerScalar(*message, context_);
  if (!text || text->type != Type::String) return {};
  foldStringParts(*text);
  return flat::AssertStatement{make::literal(Type::Boolean, 0, range), std::move(*text), level};
}

// The parts of a message joined by '+' that are Strings known during translation, calls of pure
// functions of String inputs, become literals: the message is then made of literals, String()
// of values and Strings that impure external functions return during simulation (such as
// Files.fullPathName), which the runtime formats.
void ExpressionLowering::foldStringParts(flat::Expr& text) {
  if (text.kind == Expr::Kind::Binary && text.binary == flat::BinaryOp::Add) {
    for (Expr& part : text.args)
      foldStringParts(part);
    return;
  }
  // An impure function (MLS 12.3) runs when the statement does, not in translation.
  if (text.kind != Expr::Kind::FunctionCall || el_.model().functions[text.variable].impure) return;
  auto value = el_.fold(text, context_.function);
  if (value && value->type == Type::String) text = Expr::string(value->text, text.range);
}

} // namespace mocc::frontend
