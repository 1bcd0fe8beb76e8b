// The statements of a function's algorithm (MLS 11.2): assignments to variables and array
// elements (subscripts may change at run time), tuple assignments from calls, if, for with
// run-time ranges, while, break, return, assert.
#include "function_builder.h"

#include "equation_lowering.h"
#include "flat_builders.h"
#include "lower_expression.h"

namespace mocc::frontend {

using flat::Expr;
using flat::Type;

// A condition that the specialisation decides (it reads only constants, inputs with values
// and variables the algorithm never assigns) keeps only the branch taken: the other branches
// may be written for other sizes, `if m == 1 then w[1] := 1; ...` with w[m] (MLS 12.4.4).
void FunctionBuilder::ifStatement(const ast::Statement& s, const ast::IfStatement& i,
                                  const LowerContext& context, std::vector<flat::Statement>& out) {
  flat::IfStatement result;
  const std::vector<ast::Statement>* taken = &i.elseBody;
  for (const auto& branch : i.branches) {
    auto condition = el_.lowerScalar(*branch.condition, context);
    if (!condition) return;
    if (auto decided = el_.fold(*condition, this); decided && decided->type == Type::Boolean) {
      if (decided->number == 0) continue;
      taken = &branch.body;
      break;
    }
    flat::StatementBranch lowered{std::move(*condition), {}, branch.range};
    for (const ast::Statement& inner : branch.body)
      statement(inner, context, lowered.body);
    result.branches.push_back(std::move(lowered));
  }
  if (result.branches.empty()) {
    for (const ast::Statement& inner : *taken)
      statement(inner, context, out);
    return;
  }
  for (const ast::Statement& inner : *taken)
    statement(inner, context, result.elseBody);
  out.push_back(flat::Statement{std::move(result), s.range});
}

void FunctionBuilder::lowerAlgorithm(const ast::AlgorithmSection& section) {
  LowerContext context;
  context.scope = Scope{instance_.get(), &class_};
  context.function = this;
  for (const ast::Statement& s : section.statements)
    statement(s, context, out_.body);
}

// The assignable elements a reference names: one LValue per scalar in the frame's layout
// (columnLeaves: arrays row-major, records field by field), the order of a call's outputs.
std::optional<std::vector<flat::LValue>> FunctionBuilder::targets(const ast::ComponentRef& ref,
                                                                  const LowerContext& context,
                                                                  std::vector<std::size_t>& dims) {
  if (ref.global || !declares(ref.parts.front().ident)) {
    el_.diagnostics().error(DiagnosticKind::InvalidOperator, ref.range,
                            "'" + ref.str() + "' is not a variable of this function");
    return std::nullopt;
  }
  ast::Expr where;
  where.range = ref.range;
  auto value = ExpressionLowering(el_, context).functionComponent(where, ref);
  if (!value) return std::nullopt;
  dims = value->dims;
  std::vector<flat::LValue> result;
  for (Expr& element : columnLeaves(*value)) {
    if (out_.variables[element.variable].role == flat::FunctionVariable::Role::Input) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, ref.range,
                              "input '" + out_.variables[element.variable].name +
                                  "' cannot be assigned (MLS 12.2)");
      return std::nullopt;
    }
    result.push_back(flat::LValue{element.variable, std::move(element.args)});
  }
  return result;
}

void FunctionBuilder::assignment(const ast::Statement& s, const ast::ComponentRef& target,
                                 const ast::Expr& valueExpr, const LowerContext& context,
                                 std::vector<flat::Statement>& out) {
  std::vector<std::size_t> dims;
  auto lvalues = targets(target, context, dims);
  auto value = el_.lower(valueExpr, context);
  if (!lvalues || !value) return;
  if (value->isRecord()) {
    std::vector<Expr> leaves = columnLeaves(*value);
    if (leaves.size() != lvalues->size()) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                              "a record of a different type is assigned");
      return;
    }
    for (std::size_t k = 0; k < leaves.size(); ++k) {
      out.push_back(flat::Statement{
          flat::AssignStatement{std::move((*lvalues)[k]), std::move(leaves[k])}, s.range});
    }
    return;
  }
  if (value->dims != dims && !value->isScalar()) {
    el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                            "the two sides of this assignment have different sizes");
    return;
  }
  for (std::size_t k = 0; k < lvalues->size(); ++k) {
    const flat::FunctionVariable& v = out_.variables[(*lvalues)[k].variable];
    Expr element = value->isScalar() ? value->elements[0] : value->elements[k];
    if (!typesCompatible(v.type, element.type)) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, s.range,
                              std::string("cannot assign ") + flat::spelling(element.type) +
                                  " to the " + flat::spelling(v.type) + " '" + v.name + "'");
      return;
    }
    out.push_back(flat::Statement{
        flat::AssignStatement{std::move((*lvalues)[k]), std::move(element)}, s.range});
  }
}

void FunctionBuilder::tupleAssignment(const ast::Statement& s, const ast::TupleAssignStatement& t,
                                      const LowerContext& context,
                                      std::vector<flat::Statement>& out) {
  ast::Expr where;
  where.range = s.range;
  // The call's arguments are read through the statement's own AST.
  auto result = ExpressionLowering(el_, context).functionCallOf(where, t.function, t.args);
  if (!result) return;
  if (t.targets.size() > result->outputs.size()) {
    el_.diagnostics().error(DiagnosticKind::WrongArguments, s.range,
                            "the call has " + std::to_string(result->outputs.size()) +
                                " outputs, but " + std::to_string(t.targets.size()) +
                                " are assigned");
    return;
  }
  flat::CallStatement statement;
  statement.call = make::functionCall(result->function, result->args, s.range);
  for (std::size_t i = 0; i < result->outputs.size(); ++i) {
    const Tensor& output = result->outputs[i];
    const ast::Expr* target = i < t.targets.size() ? t.targets[i].get() : nullptr;
    const auto* ref = target ? std::get_if<ast::RefExpr>(&target->node) : nullptr;
    if (target && !ref) {
      el_.diagnostics().error(DiagnosticKind::InvalidOperator, target->range,
                              "only variables can receive the outputs of a call");
      return;
    }
    if (!ref) {
      for (std::size_t k = 0; k < columnLeaves(output).size(); ++k)
        statement.outputs.push_back(std::nullopt);
      continue;
    }
    std::vector<std::size_t> dims;
    auto lvalues = targets(ref->ref, context, dims);
    if (!lvalues) return;
    if (lvalues->size() != columnLeaves(output).size()) {
      el_.diagnostics().error(DiagnosticKind::TypeMismatch, target->range,
                              "output " + std::to_string(i + 1) +
                                  " of the call has a different size");
      return;
    }
    for (flat::LValue& lvalue : *lvalues)
      statement.outputs.push_back(std::move(lvalue));
  }
  out.push_back(flat::Statement{std::move(statement), s.range});
}

// for i in a:b loop / for i in a:s:b loop stays a loop; any other range (a constant array)
// is unrolled.
void FunctionBuilder::forLoop(const ast::Statement& s, const ast::ForStatement& loop,
                              std::size_t iterator, const LowerContext& context,
                              std::vector<flat::Statement>& out) {
  if (iterator == loop.iterators.size()) {
    for (const ast::Statement& body : loop.body)
      statement(body, context, out);
    return;
  }
  const ast::ForIterator& it = loop.iterators[iterator];
  if (const auto* range = it.range ? std::get_if<ast::RangeExpr>(&it.range->node) : nullptr) {
    auto start = el_.lowerScalar(*range->start, context);
    auto stop = el_.lowerScalar(*range->stop, context);
    std::optional<Expr> step = range->step ? el_.lowerScalar(*range->step, context)
                                           : std::optional<Expr>(make::integer(1));
    if (!start || !stop || !step) return;
    Type type = make::arithmeticType(make::arithmeticType(start->type, stop->type), step->type);
    std::uint32_t local = addLocal(it.name, type);
    std::vector<Binding> bindings = context.bindings ? *context.bindings : std::vector<Binding>{};
    Expr value;
    value.kind = Expr::Kind::Local;
    value.type = type;
    value.variable = local;
    bindings.push_back({it.name, Tensor::scalar(value)});
    LowerContext inner = context;
    inner.bindings = &bindings;
    flat::ForStatement result{local, std::move(*start), std::move(*step), std::move(*stop), {}};
    forLoop(s, loop, iterator + 1, inner, result.body);
    out.push_back(flat::Statement{std::move(result), s.range});
    return;
  }
  forEachIteration(
      el_, it, context,
      [&](const LowerContext& inner) {
        for (const ast::Statement& body : loop.body) {
          if (std::holds_alternative<ast::BreakStatement>(body.node)) {
            el_.diagnostics().error(DiagnosticKind::Unsupported, body.range,
                                    "break in a for-loop over an array is not supported yet");
            return;
          }
        }
        forLoop(s, loop, iterator + 1, inner, out);
      },
      iteratorUses(it.name, loop.body));
}

void FunctionBuilder::statement(const ast::Statement& s, const LowerContext& context,
                                std::vector<flat::Statement>& out) {
  Diagnostics& d = el_.diagnostics();
  if (auto* assign = std::get_if<ast::AssignStatement>(&s.node)) {
    assignment(s, assign->target, *assign->value, context, out);
  } else if (auto* tuple = std::get_if<ast::TupleAssignStatement>(&s.node)) {
    tupleAssignment(s, *tuple, context, out);
  } else if (auto* i = std::get_if<ast::IfStatement>(&s.node)) {
    ifStatement(s, *i, context, out);
  } else if (auto* loop = std::get_if<ast::ForStatement>(&s.node)) {
    forLoop(s, *loop, 0, context, out);
  } else if (auto* loop = std::get_if<ast::WhileStatement>(&s.node)) {
    auto condition = el_.lowerScalar(*loop->condition, context);
    if (!condition) return;
    flat::WhileStatement result{std::move(*condition), {}};
    for (const ast::Statement& inner : loop->body)
      statement(inner, context, result.body);
    out.push_back(flat::Statement{std::move(result), s.range});
  } else if (std::holds_alternative<ast::BreakStatement>(s.node)) {
    out.push_back(flat::Statement{flat::BreakStatement{}, s.range});
  } else if (std::holds_alternative<ast::ReturnStatement>(s.node)) {
    out.push_back(flat::Statement{flat::ReturnStatement{}, s.range});
  } else if (auto* call = std::get_if<ast::CallStatement>(&s.node)) {
    std::string name = call->function.parts.size() == 1 ? call->function.parts[0].ident : "";
    if (name == "assert") {
      const auto& args = call->args;
      if (args.positional.size() < 2) {
        d.error(DiagnosticKind::WrongArguments, s.range,
                "assert takes assert(condition, message [, level])");
        return;
      }
      auto condition = el_.lowerScalar(*args.positional[0], context);
      auto message = el_.lowerScalar(*args.positional[1], context);
      if (!condition || !message) return;
      flat::AssertStatement a{std::move(*condition), std::move(*message),
                              flat::AssertionLevel::Error};
      const ast::Expr* level = args.positional.size() > 2 ? args.positional[2].get() : nullptr;
      for (const ast::NamedArgument& named : args.named) {
        if (named.name == "level") level = named.value.get();
      }
      if (level) {
        auto value = el_.lowerScalar(*level, context);
        if (value && value->text == "AssertionLevel.warning")
          a.level = flat::AssertionLevel::Warning;
      }
      out.push_back(flat::Statement{std::move(a), s.range});
      return;
    }
    if (name == "reinit" || name == "terminate") {
      d.error(DiagnosticKind::InvalidOperator, s.range,
              name + " cannot be used in a function (MLS 12.2)");
      return;
    }
    if (auto report =
            ExpressionLowering(el_, context).utilityReport(s.range, call->function, call->args)) {
      out.push_back(flat::Statement{std::move(*report), s.range});
      return;
    }
    ast::Expr where;
    where.range = s.range;
    auto result =
        ExpressionLowering(el_, context).functionCallOf(where, call->function, call->args);
    if (!result) return;
    out.push_back(flat::Statement{
        flat::CallStatement{make::functionCall(result->function, result->args, s.range), {}},
        s.range});
  } else if (std::holds_alternative<ast::WhenStatement>(s.node)) {
    d.error(DiagnosticKind::InvalidOperator, s.range,
            "when-statements cannot be used in functions (MLS 12.2)");
  }
}

} // namespace mocc::frontend
