// Functional arguments (MLS 12.4.2): a function passed to an input of a partial function type,
// by name or as a partial application `function f(a = e)`. The callee is specialised for the
// function it is given (see FunctionBuilder::declareFunctionalInput); the values that a
// partial application binds travel as extra inputs, so they may change during simulation.
#include "lower_expression.h"

#include "function_builder.h"

namespace mocc::frontend {

namespace {

ast::ComponentRef referenceTo(const ast::Name& name) {
  ast::ComponentRef ref;
  ref.global = name.global;
  ref.range = name.range;
  for (const std::string& part : name.parts)
    ref.parts.push_back(ast::RefPart{part, {}, name.range});
  return ref;
}

std::size_t inputIndex(const std::vector<ComponentInstance*>& inputs, const std::string& name) {
  std::size_t i = 0;
  while (i < inputs.size() && inputs[i]->name != name)
    ++i;
  return i;
}

} // namespace

bool ExpressionLowering::isFunctionalInput(ComponentInstance& input) {
  InstanceNode* type = el_.typeInstance(input);
  return type && type->kind == ast::ClassKind::Function;
}

const FunctionBuilder::FunctionalInput*
ExpressionLowering::functionalInputNamed(const ast::ComponentRef& ref) {
  if (!context_.function || ref.global || ref.parts.size() != 1 ||
      !ref.parts.front().subscripts.empty())
    return nullptr;
  return context_.function->functionalInput(ref.parts.front().ident);
}

// The function named `ref`: a functional input of the function being lowered (passed on with
// what it binds), or a function class.
std::optional<Tensor> ExpressionLowering::namedFunction(const ast::ComponentRef& ref) {
  if (functionalInputNamed(ref)) return context_.function->variable(ref.parts.front().ident);
  auto argument = std::make_shared<FunctionalArgument>();
  argument->cls = resolveFunction(ref, &argument->definitionScope);
  if (!argument->cls) return std::nullopt;
  if (!argument->cls->definition || argument->cls->definition->kind != ast::ClassKind::Function) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, ref.range,
                            "'" + argument->cls->qualifiedName() +
                                "' is not a function, so it cannot be passed as a functional "
                                "argument (MLS 12.4.2)");
    return std::nullopt;
  }
  Tensor value;
  value.functional = std::move(argument);
  return value;
}

// `function f(a = e, ...)`: f with the inputs named bound to the values (MLS 12.4.2.1).
std::optional<Tensor> ExpressionLowering::partialApplication(const ast::PartialFunctionExpr& p) {
  auto value = namedFunction(referenceTo(p.function));
  if (!value) return std::nullopt;
  auto given = std::make_shared<FunctionalArgument>(*value->functional);
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*given->cls);
  for (const ast::NamedArgument& named : p.args) {
    std::size_t i = inputIndex(inputs, named.name);
    bool bound = given->binds(named.name);
    if (i == inputs.size() || bound) {
      el_.diagnostics().error(DiagnosticKind::WrongArguments, named.range,
                              "'" + given->cls->qualifiedName() +
                                  (bound ? "' has its input '" + named.name + "' bound already"
                                         : "' has no input named '" + named.name + "'"));
      return std::nullopt;
    }
    auto boundValue = argument(*named.value, *inputs[i]);
    if (!boundValue) return std::nullopt;
    if (boundValue->isRecord()) {
      el_.diagnostics().error(DiagnosticKind::Unsupported, named.range,
                              "binding a record in a partial application is not supported yet");
      return std::nullopt;
    }
    InstanceNode* type = el_.typeInstance(*inputs[i]);
    if (!type) return std::nullopt;
    flat::Type elementType = boundValue->functional ? flat::Type::Real : flatType(*type);
    given->bound.push_back({named.name, elementType, boundValue->dims, boundValue->functional});
    value->elements.insert(value->elements.end(), boundValue->elements.begin(),
                           boundValue->elements.end());
  }
  value->functional = std::move(given);
  return value;
}

// MLS 12.4.2 and 6.4: the function given must have the inputs of the partial function type
// unbound, defaults or bound values for its other inputs, and as many outputs.
bool ExpressionLowering::fitsFunctionalInput(const ast::Expr& arg, const FunctionalArgument& given,
                                             ComponentInstance& input) {
  const ClassEntry* declared = el_.componentType(input);
  if (!declared) return false;
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*given.cls);
  auto misfit = [&](const std::string& why) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, arg.range,
                            "'" + given.cls->qualifiedName() + "' does not fit functional input '" +
                                input.name + "' of type '" + declared->qualifiedName() +
                                "': " + why + " (MLS 12.4.2)");
    return false;
  };
  std::vector<ComponentInstance*> formals = el_.functionInputs(*declared);
  for (ComponentInstance* formal : formals) {
    if (inputIndex(inputs, formal->name) == inputs.size())
      return misfit("it has no input '" + formal->name + "'");
    if (given.binds(formal->name)) return misfit("its input '" + formal->name + "' is bound");
  }
  for (ComponentInstance* other : inputs) {
    if (inputIndex(formals, other->name) < formals.size() || given.binds(other->name)) continue;
    InstanceNode* type = el_.typeInstance(*other);
    if (!type || !type->attributes.value || !type->attributes.value->expr)
      return misfit("its input '" + other->name + "' is neither bound nor has a default");
  }
  // A call takes the outputs by position, so names need not agree (the compliance suite's
  // PartialApplication3 gives a function with output z for one with output y).
  auto outputs = [&](const ClassEntry& cls) {
    std::size_t count = 0;
    for (ComponentInstance& c : el_.packageInstance(cls)->components)
      count += el_.causalityOf(c) == ast::Causality::Output;
    return count;
  };
  if (outputs(*given.cls) < outputs(*declared)) return misfit("it has fewer outputs");
  return true;
}

std::optional<Tensor> ExpressionLowering::functionalArgument(const ast::Expr& arg,
                                                             ComponentInstance& input) {
  std::optional<Tensor> value;
  if (auto* p = std::get_if<ast::PartialFunctionExpr>(&arg.node)) {
    value = partialApplication(*p);
  } else if (auto* r = std::get_if<ast::RefExpr>(&arg.node)) {
    value = namedFunction(r->ref);
  } else {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, arg.range,
                            "input '" + input.name +
                                "' takes a function: a function name or `function f(a = ...)` "
                                "(MLS 12.4.2)");
    return std::nullopt;
  }
  if (!value || !fitsFunctionalInput(arg, *value->functional, input)) return std::nullopt;
  return value;
}

// `f(x)` where f is a functional input: the function given for it, called with the arguments
// matched to the inputs of f's declared type and with the inputs the argument binds.
std::optional<ExpressionLowering::CallResult>
ExpressionLowering::functionalInputCall(const ast::Expr& e, const ast::ComponentRef& function,
                                        const ast::FunctionArgs& callArgs, CallUse use) {
  const FunctionBuilder::FunctionalInput& functional = *functionalInputNamed(function);
  const FunctionalArgument& given = *functional.argument;
  std::vector<ComponentInstance*> declared = el_.functionInputs(*functional.declaredType);
  auto args = givenArguments(e, function, callArgs, declared);
  if (!args) return std::nullopt;
  std::vector<ComponentInstance*> inputs = el_.functionInputs(*given.cls);
  std::vector<std::optional<Tensor>> values(inputs.size());
  auto give = [&](const std::string& input, std::optional<Tensor> value) {
    std::size_t i = inputIndex(inputs, input);
    if (i < inputs.size()) values[i] = std::move(value); // fitsFunctionalInput checked it
  };
  for (std::size_t i = 0; i < declared.size(); ++i)
    give(declared[i]->name, std::move((*args)[i]));
  const std::string& name = function.parts.front().ident;
  for (const FunctionalArgument::Bound& bound : given.bound)
    give(bound.name, context_.function->variable(name + "." + bound.name));
  auto complete = completeArguments(e, given.cls->qualifiedName(), inputs, std::move(values));
  if (!complete) return std::nullopt;
  return specialisedCall(e, *given.cls, given.definitionScope, inputs, *complete, use);
}

} // namespace mocc::frontend
