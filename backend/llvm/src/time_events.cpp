// sample() instants in IR. The next instant is found from floor((time - start) / interval),
// then adjusted by -1 and +1 steps while needed, computing start + k*interval each time, so
// the returned instant is one that sample() recognises exactly (sim::SampleEvent).
#include "time_events.h"

#include <limits>

namespace mocc::backend::jit {

namespace {

constexpr double kExactIntegerLimit = 9007199254740992.0; // 2^53
constexpr std::uint32_t kMaxAdjustments = 1u << 20;
constexpr const char* kNextSampleName = "mocc.next_sample_time";

/// start + k*interval, the one form every sample instant is computed in.
llvm::Value* instant(llvm::IRBuilder<>& b, llvm::Value* start, llvm::Value* k,
                     llvm::Value* interval) {
  return b.CreateFAdd(start, b.CreateFMul(k, interval), "instant");
}

class NextSampleBuilder {
public:
  NextSampleBuilder(ModuleContext& module, llvm::Function* function)
      : m_(module), f_(function), b_(llvm::BasicBlock::Create(module.context, "entry", function)),
        start_(function->getArg(0)), interval_(function->getArg(1)), time_(function->getArg(2)) {
    start_->setName("start");
    interval_->setName("interval");
    time_->setName("time");
  }

  void build() {
    llvm::BasicBlock* beforeStart = block("before_start");
    llvm::BasicBlock* check = block("check");
    b_.CreateCondBr(b_.CreateFCmpOLT(time_, start_), beforeStart, check);
    b_.SetInsertPoint(beforeStart);
    b_.CreateRet(start_);

    b_.SetInsertPoint(check);
    llvm::BasicBlock* guess = block("guess");
    llvm::BasicBlock* never = block("never");
    b_.CreateCondBr(b_.CreateFCmpOGT(interval_, m_.real(0)), guess, never);
    b_.SetInsertPoint(never);
    b_.CreateRet(m_.real(std::numeric_limits<double>::infinity()));

    b_.SetInsertPoint(guess);
    llvm::Value* quotient = b_.CreateFDiv(b_.CreateFSub(time_, start_), interval_);
    llvm::Value* k0 = floor(quotient);
    llvm::BasicBlock* down = block("down");
    // Also false for NaN (time infinite or not a number).
    b_.CreateCondBr(b_.CreateFCmpOLT(k0, m_.real(kExactIntegerLimit)), down, never);
    llvm::Value* k = stepDown(down, k0);
    llvm::Value* next = stepUp(k);
    llvm::Value* after = b_.CreateFCmpOGT(next, time_);
    b_.CreateRet(b_.CreateSelect(after, next, m_.real(std::numeric_limits<double>::infinity())));
  }

private:
  llvm::BasicBlock* block(const char* name) {
    return llvm::BasicBlock::Create(m_.context, name, f_);
  }

  llvm::Value* floor(llvm::Value* value) { return m_.callMath(b_, "floor", {value}); }

  /// The head of an adjustment loop: k (from `initial`) and a step counter (from 0).
  std::pair<llvm::PHINode*, llvm::PHINode*>
  loopHeader(llvm::BasicBlock* loop, llvm::BasicBlock* from, llvm::Value* initial) {
    b_.SetInsertPoint(loop);
    llvm::PHINode* k = b_.CreatePHI(m_.f64, 2, "k");
    llvm::PHINode* count = b_.CreatePHI(m_.i32, 2, "steps");
    k->addIncoming(initial, from);
    count->addIncoming(llvm::ConstantInt::get(m_.i32, 0), from);
    return {k, count};
  }

  llvm::Value* belowCap(llvm::Value* count) {
    return b_.CreateICmpULT(count, llvm::ConstantInt::get(m_.i32, kMaxAdjustments));
  }

  /// While k > 0 and start + (k-1)*interval > time: k -= 1.
  llvm::Value* stepDown(llvm::BasicBlock* down, llvm::Value* k0) {
    llvm::BasicBlock* from = b_.GetInsertBlock();
    auto [k, count] = loopHeader(down, from, k0);
    llvm::Value* previous = b_.CreateFSub(k, m_.real(1), "k.down");
    llvm::Value* stillAfter = b_.CreateFCmpOGT(instant(b_, start_, previous, interval_), time_);
    llvm::Value* again =
        b_.CreateAnd(b_.CreateAnd(b_.CreateFCmpOGT(k, m_.real(0)), stillAfter), belowCap(count));
    k->addIncoming(previous, down);
    count->addIncoming(b_.CreateAdd(count, llvm::ConstantInt::get(m_.i32, 1)), down);
    llvm::BasicBlock* up = block("up");
    b_.CreateCondBr(again, down, up);
    b_.SetInsertPoint(up);
    return k;
  }

  /// While start + k*interval <= time: k += 1. Returns start + k*interval.
  llvm::Value* stepUp(llvm::Value* kStart) {
    llvm::BasicBlock* up = b_.GetInsertBlock();
    llvm::BasicBlock* loop = block("up.loop");
    b_.CreateBr(loop);
    auto [k, count] = loopHeader(loop, up, kStart);
    llvm::Value* candidate = instant(b_, start_, k, interval_);
    llvm::Value* notAfter = b_.CreateFCmpOLE(candidate, time_);
    llvm::Value* exact = b_.CreateFCmpOLT(k, m_.real(kExactIntegerLimit));
    llvm::Value* again = b_.CreateAnd(b_.CreateAnd(notAfter, exact), belowCap(count));
    k->addIncoming(b_.CreateFAdd(k, m_.real(1), "k.up"), loop);
    count->addIncoming(b_.CreateAdd(count, llvm::ConstantInt::get(m_.i32, 1)), loop);
    llvm::BasicBlock* done = block("done");
    b_.CreateCondBr(again, loop, done);
    b_.SetInsertPoint(done);
    return candidate;
  }

  ModuleContext& m_;
  llvm::Function* f_;
  llvm::IRBuilder<> b_;
  llvm::Value* start_;
  llvm::Value* interval_;
  llvm::Value* time_;
};

llvm::Function* nextSampleFunction(ModuleContext& module) {
  if (llvm::Function* existing = module.module.getFunction(kNextSampleName)) return existing;
  auto* type = llvm::FunctionType::get(module.f64, {module.f64, module.f64, module.f64}, false);
  llvm::Function* function =
      llvm::Function::Create(type, llvm::Function::InternalLinkage, kNextSampleName, module.module);
  function->setDoesNotThrow();
  NextSampleBuilder(module, function).build();
  return function;
}

} // namespace

llvm::Value* emitSampleActive(ModuleContext& module, llvm::Value* start, llvm::Value* interval,
                              llvm::Value* time) {
  llvm::IRBuilder<>& b = module.builder;
  llvm::Value* k = module.callMath("round", {b.CreateFDiv(b.CreateFSub(time, start), interval)});
  llvm::Value* counted = b.CreateFCmpOGE(k, module.real(0));
  llvm::Value* onInstant = b.CreateFCmpOEQ(instant(b, start, k, interval), time);
  return b.CreateAnd(counted, onInstant, "sample");
}

llvm::Value* emitNextSampleTime(ModuleContext& module, llvm::Value* start, llvm::Value* interval,
                                llvm::Value* time) {
  return module.builder.CreateCall(nextSampleFunction(module), {start, interval, time},
                                   "next_sample");
}

} // namespace mocc::backend::jit
