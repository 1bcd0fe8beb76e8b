// Lowering calls of user-defined functions (MLS 12.4): arguments matched by position and
// name, defaults filled in, the function specialised for the argument sizes, scalar
// functions applied element-wise to arrays (MLS 12.4.6).
#include "lower_expression.h"

#include "flat_builders.h"
#include "name_suggestion.h"

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

namespace {

std::size_t declaredRank(ComponentInstance& input, Elaborator& el) {
  InstanceNode* type = el.typeInstance(input);
  return input.declaration->subscripts.size() + input.clause->typeSubscripts.size() +
         (type ? type->typeDims.size() : 0);
}

} // namespace

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
    found = el_.lookup(first.ident, context_.scope);
  }
  for (std::size_t i = 1; found.cls && i < function.parts.size(); ++i) {
    found = el_.member(*found.cls, function.parts[i].ident);
  }
  if (found.cls) {
    *definitionScope = found.classScope;
    return found.cls;
  }
  std::string name = function.str();
  auto& d = el_.diagnostics().error(DiagnosticKind::UndefinedName, function.range,
                                    "undefined function '" + name + "'");
  std::vector<std::string> candidates = el_.visibleNames(context_.scope);
  for (const char* builtin : {"sin", "cos", "exp", "log", "sqrt", "abs", "min", "max", "sum",
                              "size", "der", "pre", "sample", "noEvent", "initial"}) {
    candidates.emplace_back(builtin);
  }
  if (auto suggestion = nearestName(function.parts.back().ident, candidates)) {
    d.notes.push_back({{}, "did you mean '" + *suggestion + "'?"});
  }
  return nullptr;
}

std::optional<std::vector<Tensor>>
ExpressionLowering::matchArguments(const ast::Expr& e, const ast::ComponentRef& function,
                                   const ast::FunctionArgs& callArgs,
                                   const std::vector<ComponentInstance*>& inputs) {
  Diagnostics& d = el_.diagnostics();
  const std::string name = function.str();
  if (!callArgs.iterators.empty()) {
    d.error(DiagnosticKind::Unsupported, e.range, "reduction calls of user-defined functions are not supported yet");
    return std::nullopt;
  }
  if (callArgs.positional.size() > inputs.size()) {
    d.error(DiagnosticKind::WrongArguments, e.range,
            "'" + name + "' takes " + std::to_string(inputs.size()) + " input" +
                (inputs.size() == 1 ? "" : "s") + ", but " + std::to_string(callArgs.positional.size()) +
                " were given");
    return std::nullopt;
  }
  std::vector<std::optional<Tensor>> values(inputs.size());
  for (std::size_t i = 0; i < callArgs.positional.size(); ++i) {
    values[i] = lower(*callArgs.positional[i]);
    if (!values[i]) return std::nullopt;
  }
  for (const ast::NamedArgument& named : callArgs.named) {
    std::size_t i = 0;
    while (i < inputs.size() && inputs[i]->name != named.name) ++i;
    if (i == inputs.size()) {
      std::vector<std::string> names;
      for (ComponentInstance* input : inputs) names.push_back(input->name);
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
    values[i] = lower(*named.value);
    if (!values[i]) return std::nullopt;
  }
  // Defaults (MLS 12.4.1) may refer to other inputs: they see the arguments by name.
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

std::optional<ExpressionLowering::CallResult>
ExpressionLowering::functionCall(const ast::Expr& e, const ast::CallExpr& c) {
  return functionCallOf(e, c.function, c.args);
}

std::optional<ExpressionLowering::CallResult>
ExpressionLowering::functionCallOf(const ast::Expr& e, const ast::ComponentRef& function,
                                   const ast::FunctionArgs& callArgs) {
  Scope definitionScope;
  const ClassEntry* cls = resolveFunction(function, &definitionScope);
  if (!cls) return std::nullopt;
  if (!cls->definition || cls->definition->kind != ast::ClassKind::Function) {
    bool record = cls->definition && (cls->definition->kind == ast::ClassKind::Record ||
                                      cls->definition->kind == ast::ClassKind::OperatorRecord);
    el_.diagnostics().error(record ? DiagnosticKind::Unsupported : DiagnosticKind::InvalidOperator,
                            function.range,
                            record ? "record constructors ('" + cls->qualifiedName() +
                                         "') are not supported yet"
                                   : "'" + cls->qualifiedName() + "' is a " +
                                         ast::spelling(cls->definition ? cls->definition->kind
                                                                       : ast::ClassKind::Type) +
                                         ", not a function");
    return std::nullopt;
  }
  InstanceNode* signature = el_.packageInstance(*cls);
  std::vector<ComponentInstance*> inputs;
  for (ComponentInstance& component : signature->components) {
    if (component.clause->prefix.causality == ast::Causality::Input) inputs.push_back(&component);
  }
  auto args = matchArguments(e, function, callArgs, inputs);
  if (!args) return std::nullopt;
  return specialisedCall(e, *cls, definitionScope, inputs, *args);
}

std::optional<ExpressionLowering::CallResult>
ExpressionLowering::specialisedCall(const ast::Expr& e, const ClassEntry& cls, Scope definitionScope,
                                    const std::vector<ComponentInstance*>& inputs,
                                    const std::vector<Tensor>& args) {
  std::vector<std::vector<std::size_t>> dims;
  for (const Tensor& arg : args) dims.push_back(arg.dims);
  auto index = el_.specialize(cls, definitionScope, dims, e.range);
  if (!index) return std::nullopt;
  const flat::Function& function = el_.model().functions[*index];
  CallResult result;
  result.function = *index;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const flat::FunctionVariable* input = nullptr;
    std::size_t seen = 0;
    for (const flat::FunctionVariable& v : function.variables) {
      if (v.role != flat::FunctionVariable::Role::Input) continue;
      if (seen++ == i) input = &v;
    }
    for (const Expr& x : args[i].elements) {
      if (input && !typesCompatible(input->type, x.type)) {
        el_.diagnostics().error(DiagnosticKind::TypeMismatch, x.range.valid() ? x.range : e.range,
                                std::string("input '") + inputs[i]->name + "' of '" + cls.qualifiedName() +
                                    "' must be " + flat::spelling(input->type) + ", but the argument is " +
                                    flat::spelling(x.type));
        return std::nullopt;
      }
      result.args.push_back(x);
    }
  }
  std::uint32_t offset = 0;
  for (const flat::FunctionVariable& v : function.variables) {
    if (v.role != flat::FunctionVariable::Role::Output) continue;
    Tensor output;
    output.dims = v.dims;
    for (std::size_t k = 0; k < v.elementCount(); ++k) {
      Expr call;
      call.kind = Expr::Kind::FunctionCall;
      call.type = v.type;
      call.variable = *index;
      call.output = offset + static_cast<std::uint32_t>(k);
      call.args = result.args;
      call.range = e.range;
      output.elements.push_back(std::move(call));
    }
    offset += static_cast<std::uint32_t>(v.elementCount());
    result.outputs.push_back(std::move(output));
  }
  return result;
}

std::optional<Tensor> ExpressionLowering::userCall(const ast::Expr& e, const ast::CallExpr& c) {
  Scope definitionScope;
  const ClassEntry* cls = resolveFunction(c.function, &definitionScope);
  if (!cls) return std::nullopt;
  if (cls->definition && cls->definition->kind == ast::ClassKind::Function) {
    // MLS 12.4.6: a function of scalars applied to arrays is applied element-wise.
    InstanceNode* signature = el_.packageInstance(*cls);
    std::vector<ComponentInstance*> inputs;
    for (ComponentInstance& component : signature->components) {
      if (component.clause->prefix.causality == ast::Causality::Input) inputs.push_back(&component);
    }
    auto args = matchArguments(e, c.function, c.args, inputs);
    if (!args) return std::nullopt;
    // MLS 12.9: `external "builtin"` makes a library function the built-in of that name
    // (how Modelica.Math.sin and friends are defined).
    if (signature->external && signature->external->language == "builtin") {
      std::string builtin = signature->external->function.empty() ? cls->name
                                                                  : signature->external->function;
      if (!isBuiltinFunction(builtin)) {
        el_.diagnostics().error(DiagnosticKind::Unsupported, signature->external->range,
                                "'" + builtin + "' is not a built-in function");
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
          el_.diagnostics().error(DiagnosticKind::TypeMismatch, e.range,
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
                                "'" + cls->qualifiedName() + "' has no output, so its call has no value");
        return std::nullopt;
      }
      return std::move(result->outputs.front());
    }
    return vectorisedCall(e, *cls, definitionScope, inputs, *args, *extra);
  }
  auto result = functionCall(e, c);
  if (!result) return std::nullopt;
  return std::move(result->outputs.front());
}

std::optional<Tensor>
ExpressionLowering::vectorisedCall(const ast::Expr& e, const ClassEntry& cls, Scope definitionScope,
                                   const std::vector<ComponentInstance*>& inputs,
                                   const std::vector<Tensor>& args, const std::vector<std::size_t>& outer) {
  Tensor result;
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
      for (std::size_t s : subs) slice = slice.row(s - 1);
      elementArgs.push_back(std::move(slice));
    }
    auto call = specialisedCall(e, cls, definitionScope, inputs, elementArgs);
    if (!call || call->outputs.empty()) return std::nullopt;
    Tensor& out = call->outputs.front();
    if (k == 0) {
      result.dims = outer;
      result.dims.insert(result.dims.end(), out.dims.begin(), out.dims.end());
    }
    for (Expr& x : out.elements) result.elements.push_back(std::move(x));
  }
  return result;
}

} // namespace mocc::frontend
