// ExpressionEmitter: one case per expr::Op. Relations follow program.h: continuous mode reads
// the stored value, event and initial mode evaluate (with the crossing-direction and time
// right-limit rules, MLS 8.5) and store. If nodes become branches, so the untaken side is not
// evaluated; And/Or evaluate both sides.
#include "expression_emitter.h"

#include "time_events.h"

namespace mocc::backend::jit {

using expr::Builtin;
using expr::Id;
using expr::Op;

ExpressionEmitter::ExpressionEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation,
                                     LocalFrame* locals)
    : module_(module), frame_(frame), evaluation_(evaluation), locals_(locals) {}

llvm::Value* ExpressionEmitter::emit(Id id) {
  if (!id.valid() || id.value >= pool().size()) {
    throw EmitError("expression node " + std::to_string(id.value) + " is not in the pool");
  }
  if (llvm::Value* const* found = remembered_.value(id)) return *found;
  llvm::Value* value = sim::visitNode(pool(), id, *this);
  remembered_.remember(id, value);
  return value;
}

llvm::Value* ExpressionEmitter::emitCondition(Id id) {
  return module_.builder.CreateFCmpUNE(emit(id), module_.real(0));
}

llvm::Value* ExpressionEmitter::toDouble(llvm::Value* truth) {
  return module_.builder.CreateUIToFP(truth, module_.f64);
}

llvm::Value* ExpressionEmitter::leaf(Id id) {
  const expr::Node& node = pool().node(id);
  switch (node.op) {
  case Op::Constant: return module_.real(node.value);
  case Op::Variable: return frame_.load(node.index);
  case Op::Pre: return frame_.loadPre(node.index);
  case Op::Time: return frame_.time();
  case Op::Initial: return toDouble(frame_.isInitialMode());
  default: return toDouble(frame_.isTerminal());
  }
}

llvm::Value* ExpressionEmitter::arithmetic(Id id) {
  llvm::IRBuilder<>& b = module_.builder;
  Op op = pool().op(id);
  if (op == Op::Neg) return b.CreateFNeg(emit(pool().arg(id, 0)));
  llvm::Value* lhs = emit(pool().arg(id, 0));
  llvm::Value* rhs = emit(pool().arg(id, 1));
  switch (op) {
  case Op::Add: return b.CreateFAdd(lhs, rhs);
  case Op::Sub: return b.CreateFSub(lhs, rhs);
  case Op::Mul: return b.CreateFMul(lhs, rhs);
  case Op::Div: return b.CreateFDiv(lhs, rhs);
  default: return module_.callMath("pow", {lhs, rhs});
  }
}

llvm::Value* ExpressionEmitter::compare(Op op, llvm::Value* lhs, llvm::Value* rhs) {
  llvm::IRBuilder<>& b = module_.builder;
  switch (op) {
  case Op::Lt: return b.CreateFCmpOLT(lhs, rhs);
  case Op::Le: return b.CreateFCmpOLE(lhs, rhs);
  case Op::Gt: return b.CreateFCmpOGT(lhs, rhs);
  case Op::Ge: return b.CreateFCmpOGE(lhs, rhs);
  case Op::Eq: return b.CreateFCmpOEQ(lhs, rhs);
  case Op::Ne: return b.CreateFCmpUNE(lhs, rhs);
  default: throw EmitError(std::string("'") + expr::opSpelling(op) + "' is not a comparison");
  }
}

llvm::Value* ExpressionEmitter::logic(Id id) {
  llvm::IRBuilder<>& b = module_.builder;
  Op op = pool().op(id);
  if (op == Op::Not) {
    return toDouble(b.CreateFCmpOEQ(emit(pool().arg(id, 0)), module_.real(0)));
  }
  if (evaluation_ == Evaluation::Function) {
    return toDouble(shortCircuit(op, pool().arg(id, 0), pool().arg(id, 1)));
  }
  llvm::Value* lhs = emitCondition(pool().arg(id, 0));
  llvm::Value* rhs = emitCondition(pool().arg(id, 1));
  return toDouble(op == Op::And ? b.CreateAnd(lhs, rhs) : b.CreateOr(lhs, rhs));
}

// Inside user functions `a and b` evaluates b only when a is true (`or`: when a is false), so
// that a guard such as `i <= n and x[i] > 0` keeps the subscript in range (program.h).
llvm::Value* ExpressionEmitter::shortCircuit(Op op, Id lhs, Id rhs) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* first = emitCondition(lhs);
  llvm::BasicBlock* decided = b.GetInsertBlock();
  llvm::BasicBlock* second = frame_.newBlock(op == Op::And ? "and.rhs" : "or.rhs");
  llvm::BasicBlock* end = frame_.newBlock(op == Op::And ? "and.end" : "or.end");
  if (op == Op::And) {
    b.CreateCondBr(first, second, end);
  } else {
    b.CreateCondBr(first, end, second);
  }
  frame_.enter(second);
  remembered_.enter();
  llvm::Value* value = emitCondition(rhs);
  remembered_.leave();
  llvm::BasicBlock* secondEnd = b.GetInsertBlock();
  b.CreateBr(end);
  return frame_.join(end, op == Op::And ? "and" : "or",
                     {op == Op::And ? b.getFalse() : b.getTrue(), decided}, {value, secondEnd});
}

llvm::Value* ExpressionEmitter::messageValues(const std::vector<Id>& values) {
  if (values.empty()) return nullptr;
  llvm::IRBuilder<>& b = module_.builder;
  remembered_.enter();
  std::vector<llvm::Value*> emitted;
  for (Id value : values)
    emitted.push_back(emit(value));
  remembered_.leave();
  llvm::AllocaInst* buffer =
      frame_.entryArray(static_cast<std::uint32_t>(values.size()), "message.values");
  for (std::size_t i = 0; i < emitted.size(); ++i) {
    b.CreateStore(emitted[i],
                  b.CreateConstInBoundsGEP2_64(buffer->getAllocatedType(), buffer, 0, i));
  }
  return buffer;
}

llvm::Value* ExpressionEmitter::emitInBranch(Id id) {
  remembered_.enter();
  llvm::Value* value = emit(id);
  remembered_.leave();
  return value;
}

llvm::Value* ExpressionEmitter::ifThenElse(Id id) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* condition = emitCondition(pool().arg(id, 0));
  llvm::BasicBlock* thenBlock = frame_.newBlock("if.then");
  llvm::BasicBlock* elseBlock = frame_.newBlock("if.else");
  llvm::BasicBlock* merge = frame_.newBlock("if.end");
  b.CreateCondBr(condition, thenBlock, elseBlock);

  frame_.enter(thenBlock);
  llvm::Value* thenValue = emitInBranch(pool().arg(id, 1));
  llvm::BasicBlock* thenEnd = b.GetInsertBlock();
  b.CreateBr(merge);

  frame_.enter(elseBlock);
  llvm::Value* elseValue = emitInBranch(pool().arg(id, 2));
  llvm::BasicBlock* elseEnd = b.GetInsertBlock();
  b.CreateBr(merge);

  return frame_.join(merge, "if", {thenValue, thenEnd}, {elseValue, elseEnd});
}

// MLS 3.7.4.4: `actual` when lambda is 1 (always, except while the runtime follows the
// initialization's homotopy path); otherwise lambda * actual + (1 - lambda) * simplified, with
// `simplified` evaluated only then.
llvm::Value* ExpressionEmitter::homotopy(Id id) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* actual = emit(pool().arg(id, 0));
  llvm::Value* lambda = frame_.homotopyLambda();
  llvm::Value* atEnd = b.CreateFCmpOEQ(lambda, module_.real(1), "homotopy.at_end");
  llvm::BasicBlock* decided = b.GetInsertBlock();
  llvm::BasicBlock* blend = frame_.newBlock("homotopy.blend");
  llvm::BasicBlock* merge = frame_.newBlock("homotopy.end");
  b.CreateCondBr(atEnd, merge, blend);

  frame_.enter(blend);
  llvm::Value* simplified = emitInBranch(pool().arg(id, 1));
  llvm::Value* blended =
      b.CreateFAdd(b.CreateFMul(lambda, actual),
                   b.CreateFMul(b.CreateFSub(module_.real(1), lambda), simplified));
  llvm::BasicBlock* blendEnd = b.GetInsertBlock();
  b.CreateBr(merge);

  return frame_.join(merge, "homotopy", {actual, decided}, {blended, blendEnd});
}

// MLS 3.7.4.2: the runtime interpolates the history it recorded (model.h, mocc_delay); the
// current value of the delayed expression stands for it beyond the last recorded point.
llvm::Value* ExpressionEmitter::delay(Id id) {
  if (evaluation_ == Evaluation::Function) throw EmitError("delay() inside a function");
  std::uint32_t number = pool().node(id).index;
  if (number >= module_.program.delays.size())
    throw EmitError("delay " + std::to_string(number) + " is out of range (" +
                    std::to_string(module_.program.delays.size()) + " delays)");
  llvm::Value* value = emit(pool().arg(id, 0));
  llvm::Value* delayTime = emit(pool().arg(id, 1));
  llvm::Value* delayMax = emit(pool().arg(id, 2));
  llvm::Value* index = llvm::ConstantInt::get(module_.i32, number);
  return module_.builder.CreateCall(
      module_.delayFunction(), {frame_.instance(), index, value, delayTime, delayMax}, "delay");
}

namespace {

/// The libm function computing `fn` directly, or null when it is composed (builtins.cpp).
const char* libmName(Builtin fn) {
  switch (fn) {
  case Builtin::Sin: return "sin";
  case Builtin::Cos: return "cos";
  case Builtin::Tan: return "tan";
  case Builtin::Asin: return "asin";
  case Builtin::Acos: return "acos";
  case Builtin::Atan: return "atan";
  case Builtin::Atan2: return "atan2";
  case Builtin::Sinh: return "sinh";
  case Builtin::Cosh: return "cosh";
  case Builtin::Tanh: return "tanh";
  case Builtin::Exp: return "exp";
  case Builtin::Log: return "log";
  case Builtin::Log10: return "log10";
  case Builtin::Sqrt: return "sqrt";
  case Builtin::Abs: return "fabs";
  case Builtin::Floor: return "floor";
  case Builtin::Ceil: return "ceil";
  case Builtin::Integer: return "floor";
  default: return nullptr;
  }
}

} // namespace

llvm::Value* ExpressionEmitter::builtin(Id id) {
  auto fn = static_cast<Builtin>(pool().node(id).index);
  if (static_cast<int>(fn) > static_cast<int>(Builtin::IntegerString) ||
      pool().args(id).size() != static_cast<std::size_t>(expr::builtinArity(fn))) {
    throw EmitError("call node " + std::to_string(id.value) + " is malformed");
  }
  std::vector<llvm::Value*> a;
  for (Id arg : pool().args(id))
    a.push_back(emit(arg));
  if (const char* name = libmName(fn)) return module_.callMath(name, a);
  if (expr::isTextBuiltin(fn)) return text(fn, a);

  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* zero = module_.real(0);
  switch (fn) {
  case Builtin::Sign: // a > 0 ? 1 : (a < 0 ? -1 : 0)
    return b.CreateSelect(b.CreateFCmpOGT(a[0], zero), module_.real(1),
                          b.CreateSelect(b.CreateFCmpOLT(a[0], zero), module_.real(-1), zero));
  case Builtin::Min: return b.CreateSelect(b.CreateFCmpOLT(a[0], a[1]), a[0], a[1]);
  case Builtin::Max: return b.CreateSelect(b.CreateFCmpOGT(a[0], a[1]), a[0], a[1]);
  case Builtin::Div: return module_.callMath("trunc", {b.CreateFDiv(a[0], a[1])});
  case Builtin::Mod: // x - floor(x / y) * y
    return b.CreateFSub(a[0],
                        b.CreateFMul(module_.callMath("floor", {b.CreateFDiv(a[0], a[1])}), a[1]));
  default: // Rem: x - trunc(x / y) * y
    return b.CreateFSub(a[0],
                        b.CreateFMul(module_.callMath("trunc", {b.CreateFDiv(a[0], a[1])}), a[1]));
  }
}

// Strings are handles into the run's texts, which the runtime computes (model.h, mocc_text).
llvm::Value* ExpressionEmitter::text(Builtin fn, std::vector<llvm::Value*> operands) {
  operands.resize(4, module_.real(0));
  llvm::Value* operation = llvm::ConstantInt::get(module_.i32, expr::textOperation(fn));
  return module_.builder.CreateCall(
      module_.textFunction(),
      {frame_.instance(), operation, operands[0], operands[1], operands[2], operands[3]}, "text");
}

llvm::Value* ExpressionEmitter::sample(Id id) {
  if (evaluation_ == Evaluation::Function) throw EmitError("sample() inside a function");
  // sample() is only ever true at an event instant, and not during initialization (its first
  // instant fires in the event iteration that follows, MLS 3.7.5, 8.6) nor once the instant
  // has ended (MOCC_MODE_EVENT_AFTER_SAMPLES).
  if (evaluation_ != Evaluation::Event) return module_.real(0);
  llvm::Value* start = emit(pool().arg(id, 0));
  llvm::Value* interval = emit(pool().arg(id, 1));
  llvm::Value* active = emitSampleActive(module_, start, interval, frame_.time());
  return toDouble(module_.builder.CreateAnd(frame_.isSampling(), active));
}

} // namespace mocc::backend::jit
