// The experiment annotation (MLS 18.4): StartTime, StopTime, Tolerance, Interval.
#include "experiment.h"

#include <cmath>

namespace mocc::frontend {

namespace {

// Annotation values are literal numbers, possibly negated or written as simple arithmetic
// of literals (`1e-6`, `-1`, `2*60`).
std::optional<double> literalValue(const ast::Expr& e) {
  if (auto* n = std::get_if<ast::NumberLiteral>(&e.node)) return n->value;
  if (auto* u = std::get_if<ast::UnaryExpr>(&e.node)) {
    auto operand = literalValue(*u->operand);
    if (!operand) return std::nullopt;
    if (u->op == ast::UnaryOp::Minus) return -*operand;
    if (u->op == ast::UnaryOp::Plus) return *operand;
    return std::nullopt;
  }
  if (auto* b = std::get_if<ast::BinaryExpr>(&e.node)) {
    auto lhs = literalValue(*b->lhs);
    auto rhs = literalValue(*b->rhs);
    if (!lhs || !rhs) return std::nullopt;
    switch (b->op) {
    case ast::BinaryOp::Add: return *lhs + *rhs;
    case ast::BinaryOp::Sub: return *lhs - *rhs;
    case ast::BinaryOp::Mul: return *lhs * *rhs;
    case ast::BinaryOp::Div: return *lhs / *rhs;
    case ast::BinaryOp::Pow: return std::pow(*lhs, *rhs);
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<double>* experimentField(flat::Experiment& experiment, const std::string& name) {
  if (name == "StartTime") return &experiment.startTime;
  if (name == "StopTime") return &experiment.stopTime;
  if (name == "Tolerance") return &experiment.tolerance;
  if (name == "Interval") return &experiment.interval;
  return nullptr;
}

void readExperiment(const ast::ClassModification& arguments, flat::Experiment& experiment,
                    Diagnostics& diagnostics) {
  for (const ast::Argument& argument : arguments.arguments) {
    if (!argument.modification || argument.modification->name.parts.size() != 1) continue;
    const std::string& name = argument.modification->name.parts[0];
    std::optional<double>* field = experimentField(experiment, name);
    if (!field) continue; // tool-specific entries such as __Dymola_NumberOfIntervals
    const auto& modification = argument.modification->modification;
    std::optional<double> value;
    if (modification && modification->value && modification->value->value) {
      value = literalValue(*modification->value->value);
    }
    if (!value) {
      diagnostics.warning(DiagnosticKind::InvalidAnnotation, argument.range,
                          "experiment " + name + " must be a literal number; it is ignored");
      continue;
    }
    *field = *value;
  }
}

} // namespace

void readAnnotations(const std::vector<const ast::ClassModification*>& annotations,
                     flat::Experiment& experiment, Diagnostics& diagnostics) {
  for (const ast::ClassModification* annotation : annotations) {
    for (const ast::Argument& argument : annotation->arguments) {
      if (!argument.modification) continue;
      const ast::ElementModification& m = *argument.modification;
      if (m.name.parts.size() != 1 || m.name.parts[0] != "experiment") continue;
      if (m.modification && m.modification->arguments) {
        readExperiment(*m.modification->arguments, experiment, diagnostics);
      }
    }
  }
}

} // namespace mocc::frontend
