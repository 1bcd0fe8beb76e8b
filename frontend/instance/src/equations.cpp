// Lowering equation sections: simple equations, when-clauses with reinit/assert/terminate
// (MLS 8.3); other kinds are reported as unsupported with their position.
#include "flattener.h"

namespace mocc::frontend {

using flat::Type;

namespace {

const char* equationKindName(const ast::Equation& equation) {
  if (std::holds_alternative<ast::IfEquation>(equation.node)) {
    return "if-equations are not supported yet; use an if-expression";
  }
  if (std::holds_alternative<ast::ForEquation>(equation.node)) {
    return "for-equations are not supported yet";
  }
  return "connect-equations are not supported yet";
}

std::string calleeName(const ast::CallEquation& call) {
  return call.function.parts.size() == 1 && !call.function.global ? call.function.parts[0].ident
                                                                  : call.function.str();
}

} // namespace

void Flattener::lowerSections(const ast::Composition& composition) {
  for (const ast::AlgorithmSection& section : composition.algorithmSections) {
    unsupported(section.range, "algorithm sections are not supported yet");
  }
  if (composition.external) {
    diagnostics_.error(DiagnosticKind::InvalidOperator, composition.external->range,
                       "only functions can have an external clause");
  }
  for (const ast::EquationSection& section : composition.equationSections) {
    auto& target = section.initial ? model_.initialEquations : model_.equations;
    for (const ast::Equation& equation : section.equations) {
      if (auto lowered = lowerEquation(equation, false)) target.push_back(std::move(*lowered));
    }
  }
}

std::optional<flat::Equation> Flattener::lowerEquation(const ast::Equation& equation,
                                                       bool insideWhen) {
  if (auto* simple = std::get_if<ast::SimpleEquation>(&equation.node)) {
    return lowerSimple(equation, *simple, insideWhen);
  }
  if (auto* when = std::get_if<ast::WhenEquation>(&equation.node)) {
    return lowerWhen(equation, *when, insideWhen);
  }
  if (auto* call = std::get_if<ast::CallEquation>(&equation.node)) {
    return lowerCall(equation, *call, insideWhen);
  }
  unsupported(equation.range, equationKindName(equation));
  return std::nullopt;
}

bool Flattener::checkCompatible(const flat::Expr& lhs, const flat::Expr& rhs, SourceRange range) {
  if (lhs.type == rhs.type || (isNumeric(lhs.type) && isNumeric(rhs.type))) return true;
  diagnostics_.error(DiagnosticKind::TypeMismatch, range,
                     std::string("the two sides of the equation have incompatible types ") +
                         typeName(lhs.type) + " and " + typeName(rhs.type));
  return false;
}

std::optional<flat::Equation> Flattener::lowerSimple(const ast::Equation& equation,
                                                     const ast::SimpleEquation& simple,
                                                     bool insideWhen) {
  auto lhs = expressions_.lower(*simple.lhs);
  auto rhs = expressions_.lower(*simple.rhs);
  if (!lhs || !rhs || !checkCompatible(*lhs, *rhs, equation.range)) return std::nullopt;
  if (insideWhen && lhs->kind != flat::Expr::Kind::Variable) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, simple.lhs->range,
                       "the left side of an equation in a when-clause must be a variable "
                       "(MLS 8.3.5)");
    return std::nullopt;
  }
  return flat::Equation{flat::Equality{std::move(*lhs), std::move(*rhs)}, equation.range};
}

std::optional<flat::Equation> Flattener::lowerWhen(const ast::Equation& equation,
                                                   const ast::WhenEquation& when, bool insideWhen) {
  if (insideWhen) {
    diagnostics_.error(DiagnosticKind::InvalidWhen, equation.range,
                       "when-clauses cannot be nested (MLS 8.3.5.2)");
    return std::nullopt;
  }
  flat::When lowered;
  bool ok = true;
  for (const auto& branch : when.branches) {
    LoweringContext context;
    context.whenCondition = true;
    auto condition = expressions_.lowerExpecting(*branch.condition, {Type::Boolean},
                                                 "a when-condition", context);
    flat::EquationBranch out;
    out.range = branch.range;
    for (const ast::Equation& inner : branch.body) {
      auto innerLowered = lowerEquation(inner, true);
      if (innerLowered) {
        out.body.push_back(std::move(*innerLowered));
      } else {
        ok = false;
      }
    }
    if (!condition) {
      ok = false;
      continue;
    }
    out.condition = std::move(*condition);
    lowered.branches.push_back(std::move(out));
  }
  if (!ok) return std::nullopt;
  return flat::Equation{std::move(lowered), equation.range};
}

std::optional<flat::Equation> Flattener::lowerCall(const ast::Equation& equation,
                                                   const ast::CallEquation& call, bool insideWhen) {
  std::string name = calleeName(call);
  if (name == "reinit") {
    if (!insideWhen) {
      diagnostics_.error(DiagnosticKind::InvalidReinit, equation.range,
                         "reinit() is only allowed inside a when-clause (MLS 8.3.6)");
      return std::nullopt;
    }
    return lowerReinit(equation, call);
  }
  if (name == "assert") return lowerAssert(equation, call);
  if (name == "terminate") return lowerTerminate(equation, call);
  unsupported(equation.range, "the function-call equation '" + name +
                                  "(...)' is not supported yet (user-defined functions)");
  return std::nullopt;
}

std::optional<flat::Equation> Flattener::lowerReinit(const ast::Equation& equation,
                                                     const ast::CallEquation& call) {
  if (call.args.positional.size() != 2 || !call.args.named.empty()) {
    diagnostics_.error(DiagnosticKind::WrongArguments, equation.range,
                       "reinit takes two arguments: reinit(state, value)");
    return std::nullopt;
  }
  auto state = expressions_.lower(*call.args.positional[0]);
  auto value =
      expressions_.lowerExpecting(*call.args.positional[1], {Type::Real}, "the value of reinit()");
  if (!state || !value) return std::nullopt;
  if (state->kind != flat::Expr::Kind::Variable || state->type != Type::Real) {
    diagnostics_.error(DiagnosticKind::InvalidReinit, state->range,
                       "the first argument of reinit() must be a Real state variable "
                       "(MLS 8.3.6)");
    return std::nullopt;
  }
  return flat::Equation{flat::Reinit{std::move(*state), std::move(*value)}, equation.range};
}

std::optional<flat::Equation> Flattener::lowerAssert(const ast::Equation& equation,
                                                     const ast::CallEquation& call) {
  const auto& args = call.args;
  std::size_t count = args.positional.size() + args.named.size();
  if (args.positional.size() < 2 || count > 3) {
    diagnostics_.error(DiagnosticKind::WrongArguments, equation.range,
                       "assert takes assert(condition, message [, level])");
    return std::nullopt;
  }
  const ast::Expr* levelExpr = args.positional.size() == 3 ? args.positional[2].get() : nullptr;
  for (const ast::NamedArgument& named : args.named) {
    if (named.name != "level") {
      diagnostics_.error(DiagnosticKind::WrongArguments, named.range,
                         "assert has no argument named '" + named.name + "'");
      return std::nullopt;
    }
    levelExpr = named.value.get();
  }
  auto condition =
      expressions_.lowerExpecting(*args.positional[0], {Type::Boolean}, "the condition of assert");
  auto message =
      expressions_.lowerExpecting(*args.positional[1], {Type::String}, "the message of assert");
  if (!condition || !message) return std::nullopt;
  flat::AssertEquation lowered{std::move(*condition), std::move(*message)};
  if (levelExpr) {
    auto level = expressions_.lower(*levelExpr);
    if (!level) return std::nullopt;
    if (level->kind != flat::Expr::Kind::EnumLiteral ||
        (level->text != "AssertionLevel.error" && level->text != "AssertionLevel.warning")) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, levelExpr->range,
                         "the level of assert must be AssertionLevel.error or "
                         "AssertionLevel.warning");
      return std::nullopt;
    }
    if (level->text == "AssertionLevel.warning") lowered.level = flat::AssertionLevel::Warning;
  }
  return flat::Equation{std::move(lowered), equation.range};
}

std::optional<flat::Equation> Flattener::lowerTerminate(const ast::Equation& equation,
                                                        const ast::CallEquation& call) {
  if (call.args.positional.size() != 1 || !call.args.named.empty()) {
    diagnostics_.error(DiagnosticKind::WrongArguments, equation.range,
                       "terminate takes one argument: terminate(message)");
    return std::nullopt;
  }
  auto message = expressions_.lowerExpecting(*call.args.positional[0], {Type::String},
                                             "the message of terminate");
  if (!message) return std::nullopt;
  return flat::Equation{flat::Terminate{std::move(*message)}, equation.range};
}

} // namespace mocc::frontend
