// Relations that generate events (sim::Relation, MLS 8.5) and sample(): continuous mode reads
// the value stored at the last event (or the side the runtime forces); event and initial mode
// evaluate the comparison, taking right-limit values at a located crossing (crossing_direction) and
// at a time event, and store the result. The rules are backend/llvm's relations.cpp, case by case.
#include "expression_writer.h"

namespace mocc::backend::cpp {

using expr::Id;
using expr::Op;

Text ExpressionWriter::relation(Id id) {
  const sim::Relation& relation = sim::relationOf(context_.program, id, evaluation_);
  Id comparison = pool().arg(id, 0);
  if (evaluation_ == Evaluation::Continuous) return continuousRelation(relation, comparison);
  // No event is pending before initialization.
  if (evaluation_ == Evaluation::Bind) return emit(comparison);
  Text value = eventRelation(relation, comparison);
  out_->comment("relation " + std::to_string(pool().node(id).index) + ": " +
                context_.print(comparison));
  Text stored = temporary(asDouble(value));
  out_->line(storage(relation.storage) + " = " + stored.code + ";");
  return stored;
}

Text ExpressionWriter::eventRelation(const sim::Relation& relation, Id comparison) {
  Op op = sim::comparisonOperator(pool(), comparison);
  Text lhs = asDouble(emit(pool().arg(comparison, 0)));
  Text rhs = asDouble(emit(pool().arg(comparison, 1)));
  if (relation.timeEvent) {
    if (auto value = timeRelation(comparison, lhs, rhs)) return *value;
  }
  if (relation.crossing >= 0) return crossingRelation(relation, op, lhs, rhs);
  return compare(op, lhs, rhs);
}

// At its event instant a `time op T` relation takes the value it has just after T:
// `time > T` and `time >= T` are evaluated as `time >= T`, `time < T` and `time <= T` as
// `time < T`. The mirrored form `T op time` is treated alike. nullopt when the rule does not
// apply (time on neither side, or = and <>).
std::optional<Text> ExpressionWriter::timeRelation(Id comparison, const Text& lhs,
                                                   const Text& rhs) const {
  Op op = pool().op(comparison);
  bool increasingSide = op == Op::Gt || op == Op::Ge; // true while time is after T
  bool decreasingSide = op == Op::Lt || op == Op::Le;
  if (!increasingSide && !decreasingSide) return std::nullopt;
  if (pool().op(pool().arg(comparison, 0)) == Op::Time) {
    return compare(increasingSide ? Op::Ge : Op::Lt, lhs, rhs);
  }
  if (pool().op(pool().arg(comparison, 1)) == Op::Time) {
    // T < time and T <= time as T <= time; T > time and T >= time as T > time.
    return compare(decreasingSide ? Op::Le : Op::Gt, lhs, rhs);
  }
  return std::nullopt;
}

namespace {

/// The values of `lhs op rhs` just after lhs - rhs crossed zero upwards and downwards.
std::pair<const char*, const char*> rightLimits(Op op) {
  switch (op) {
  case Op::Lt:
  case Op::Le: return {"false", "true"};
  case Op::Gt:
  case Op::Ge: return {"true", "false"};
  case Op::Eq: return {"false", "false"};
  default: return {"true", "true"}; // Ne
  }
}

} // namespace

// The stored value, unless the runtime forces the side (the prelude's `forced`, model.h).
Text ExpressionWriter::continuousRelation(const sim::Relation& relation, Id comparison) {
  std::string stored = storage(relation.storage);
  if (relation.crossing < 0) return Text{stored, 0, false};
  auto [rising, falling] = rightLimits(pool().op(comparison));
  return Text{"forced(" + stored + ", instance->crossing_direction, " +
                  std::to_string(relation.crossing) + ", " + rising + ", " + falling + ")",
              0, false};
}

// When lhs - rhs is zero up to the root's resolution and the runtime has just located this
// relation's crossing (or its frozen-floor partner's), the relation takes its right-limit value
// (the prelude's `located`, model.h's MOCC_CROSSING_RESOLUTION), so a root at which the function
// is still zero, or on its old side by rounding, is not lost.
Text ExpressionWriter::crossingRelation(const sim::Relation& relation, Op op, const Text& lhs,
                                        const Text& rhs) {
  if (static_cast<std::size_t>(relation.crossing) >= context_.program.crossings.size()) {
    throw EmitError("relation refers to crossing " + std::to_string(relation.crossing) + " of " +
                    std::to_string(context_.program.crossings.size()));
  }
  Text l = operand(lhs);
  Text r = operand(rhs);
  auto [rising, falling] = rightLimits(op);
  std::string plain = compare(op, l, r).code;
  return Text{"located(" + plain + ", " + l.code + ", " + r.code +
                  ", instance->crossing_direction, " + std::to_string(relation.crossing) + ", " +
                  std::to_string(relation.partner) + ", " + rising + ", " + falling + ")",
              0, true};
}

Text ExpressionWriter::sample(Id id) {
  if (evaluation_ == Evaluation::Function) throw EmitError("sample() inside a function");
  // sample() is only ever true at an event instant, and not during initialization (its first
  // instant fires in the event iteration that follows, MLS 3.7.5, 8.6) nor once the instant
  // has ended (MOCC_MODE_EVENT_AFTER_SAMPLES).
  if (evaluation_ != Evaluation::Event) return Text{"0.0", 0, false};
  Text start = asDouble(emit(pool().arg(id, 0)));
  Text interval = asDouble(emit(pool().arg(id, 1)));
  code_.use("time");
  code_.use("sampling");
  return Text{"(sampling && sample_active(" + start.code + ", " + interval.code + ", time))", 0,
              true};
}

} // namespace mocc::backend::cpp
