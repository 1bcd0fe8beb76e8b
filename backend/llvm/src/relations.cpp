// Relations that generate events (sim::Relation, MLS 8.5): continuous mode reads the value
// stored at the last event (or the side the runtime forces); event and initial mode evaluate the
// comparison, taking right-limit values at a located crossing (crossing_direction) and at a time
// event, and store the result.
#include "expression_emitter.h"

#include "mocc/model.h"

namespace mocc::backend::jit {

using expr::Id;
using expr::Op;

llvm::Value* ExpressionEmitter::relation(Id id) {
  const sim::Relation& relation = sim::relationOf(module_.program, id, evaluation_);
  Id comparison = pool().arg(id, 0);
  if (evaluation_ == Evaluation::Continuous) return continuousRelation(relation, comparison);
  // No event is pending before initialization.
  if (evaluation_ == Evaluation::Bind) return emit(comparison);
  llvm::Value* value = toDouble(eventRelation(relation, comparison));
  frame_.store(relation.storage, value);
  return value;
}

llvm::Value* ExpressionEmitter::eventRelation(const sim::Relation& relation, Id comparison) {
  Op op = sim::comparisonOperator(pool(), comparison);
  llvm::Value* lhs = emit(pool().arg(comparison, 0));
  llvm::Value* rhs = emit(pool().arg(comparison, 1));
  if (relation.timeEvent) {
    if (llvm::Value* value = timeRelation(comparison, lhs, rhs)) return value;
  }
  if (relation.crossing >= 0) return crossingRelation(relation, op, lhs, rhs);
  return compare(op, lhs, rhs);
}

// At its event instant a `time op T` relation takes the value it has just after T:
// `time > T` and `time >= T` are evaluated as `time >= T`, `time < T` and `time <= T` as
// `time < T`. The mirrored form `T op time` is treated alike. Returns null when the rule does
// not apply (time on neither side, or = and <>).
llvm::Value* ExpressionEmitter::timeRelation(Id comparison, llvm::Value* lhs, llvm::Value* rhs) {
  llvm::IRBuilder<>& b = module_.builder;
  Op op = pool().op(comparison);
  bool increasingSide = op == Op::Gt || op == Op::Ge; // true while time is after T
  bool decreasingSide = op == Op::Lt || op == Op::Le;
  if (!increasingSide && !decreasingSide) return nullptr;
  if (pool().op(pool().arg(comparison, 0)) == Op::Time) {
    return increasingSide ? b.CreateFCmpOGE(lhs, rhs) : b.CreateFCmpOLT(lhs, rhs);
  }
  if (pool().op(pool().arg(comparison, 1)) == Op::Time) {
    // T < time and T <= time as T <= time; T > time and T >= time as T > time.
    return decreasingSide ? b.CreateFCmpOLE(lhs, rhs) : b.CreateFCmpOGT(lhs, rhs);
  }
  return nullptr;
}

namespace {

/// The value of `lhs op rhs` just after lhs - rhs crossed zero in the given direction.
llvm::Value* rightLimit(llvm::IRBuilder<>& b, Op op, llvm::Value* increasing) {
  switch (op) {
  case Op::Lt:
  case Op::Le: return b.CreateNot(increasing);
  case Op::Gt:
  case Op::Ge: return increasing;
  case Op::Eq: return b.getFalse();
  default: return b.getTrue(); // Ne
  }
}

} // namespace

// The stored value, unless the runtime forces the side (crossing_direction +2 or -2, model.h).
llvm::Value* ExpressionEmitter::continuousRelation(const sim::Relation& relation, Id comparison) {
  llvm::Value* stored = frame_.load(relation.storage);
  if (relation.crossing < 0) return stored;
  llvm::IRBuilder<>& b = module_.builder;
  Op op = pool().op(comparison);
  llvm::Value* direction = frame_.crossingDirection(static_cast<std::uint32_t>(relation.crossing));
  llvm::Value* positiveSide = toDouble(rightLimit(b, op, b.getTrue()));
  llvm::Value* negativeSide = toDouble(rightLimit(b, op, b.getFalse()));
  llvm::Value* forcedNegative = b.CreateICmpEQ(direction, llvm::ConstantInt::get(module_.i8, -2));
  llvm::Value* forcedPositive = b.CreateICmpEQ(direction, llvm::ConstantInt::get(module_.i8, 2));
  llvm::Value* value = b.CreateSelect(forcedNegative, negativeSide, stored);
  return b.CreateSelect(forcedPositive, positiveSide, value, "relation");
}

// When lhs - rhs is zero up to the root's resolution (model.h's MOCC_CROSSING_RESOLUTION) and
// the runtime has just located this relation's crossing (or, failing that, its partner's:
// sim::Relation::partner), the relation takes its right-limit value, so a root at which the
// function is still zero, or on its old side by rounding, is not lost. So it does whatever
// lhs - rhs is when the runtime forces the side (crossing_direction +2 or -2).
llvm::Value* ExpressionEmitter::crossingRelation(const sim::Relation& relation, Op op,
                                                 llvm::Value* lhs, llvm::Value* rhs) {
  if (static_cast<std::size_t>(relation.crossing) >= module_.program.crossings.size()) {
    throw EmitError("relation refers to crossing " + std::to_string(relation.crossing) + " of " +
                    std::to_string(module_.program.crossings.size()));
  }
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* plain = compare(op, lhs, rhs);
  auto absolute = [&](llvm::Value* v) { return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, v); };
  llvm::Value* scale =
      b.CreateSelect(b.CreateFCmpOGT(absolute(lhs), absolute(rhs)), absolute(lhs), absolute(rhs));
  llvm::Value* atZero =
      b.CreateFCmpOLE(absolute(b.CreateFSub(lhs, rhs)),
                      b.CreateFMul(module_.real(MOCC_CROSSING_RESOLUTION), scale), "at_zero");
  llvm::Value* direction = frame_.crossingDirection(static_cast<std::uint32_t>(relation.crossing));
  llvm::Value* forced =
      b.CreateOr(b.CreateICmpEQ(direction, llvm::ConstantInt::get(module_.i8, 2)),
                 b.CreateICmpEQ(direction, llvm::ConstantInt::get(module_.i8, -2)), "forced");
  llvm::BasicBlock* from = b.GetInsertBlock();
  llvm::BasicBlock* hint = frame_.newBlock("relation.hint");
  llvm::BasicBlock* join = frame_.newBlock("relation.end");
  b.CreateCondBr(b.CreateOr(atZero, forced), hint, join);

  frame_.enter(hint);
  if (relation.partner >= 0) {
    llvm::Value* own = b.CreateICmpNE(direction, llvm::ConstantInt::get(module_.i8, 0));
    llvm::Value* partner = frame_.crossingDirection(static_cast<std::uint32_t>(relation.partner));
    direction = b.CreateSelect(own, direction, partner, "direction");
  }
  llvm::Value* located = b.CreateICmpNE(direction, llvm::ConstantInt::get(module_.i8, 0));
  llvm::Value* increasing = b.CreateICmpSGT(direction, llvm::ConstantInt::get(module_.i8, 0));
  llvm::Value* hinted = b.CreateSelect(located, rightLimit(b, op, increasing), plain);
  b.CreateBr(join);

  return frame_.join(join, "relation", {plain, from}, {hinted, hint});
}

} // namespace mocc::backend::jit
