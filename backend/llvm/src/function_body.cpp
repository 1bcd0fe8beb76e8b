// FunctionBodyEmitter: one user function's statements. Every statement starts with nothing
// remembered, since loops and branches make earlier values unusable; a statement after break,
// return or an aborting assert lands in an unreachable block that LLVM removes.
#include "function_body.h"

#include "mocc/model.h"

namespace mocc::backend::jit {

FunctionBodyEmitter::FunctionBodyEmitter(ModuleContext& module, std::size_t index)
    : module_(module), function_(module.program.functions[index]),
      frame_(module, module.userFunctions[index], Frame::Owner::User),
      locals_(module, frame_, function_),
      expressions_(module, frame_, Evaluation::Function, &locals_) {}

void FunctionBodyEmitter::emit() {
  statements(function_.body);
  locals_.finish();
}

void FunctionBodyEmitter::statements(const std::vector<sim::FunctionStatement>& list) {
  for (const sim::FunctionStatement& s : list) {
    expressions_.forgetAll();
    std::visit([&](const auto& node) { statement(node); }, s.node);
  }
}

void FunctionBodyEmitter::store(std::uint32_t slot, expr::Id offset, llvm::Value* value) {
  if (!offset.valid()) {
    locals_.store(slot, value);
    return;
  }
  module_.builder.CreateStore(value, locals_.element(slot, expressions_.emit(offset)));
}

void FunctionBodyEmitter::statement(const sim::LocalAssign& s) {
  store(s.slot, s.offset, expressions_.emit(s.value));
}

void FunctionBodyEmitter::statement(const sim::FunctionIf& s) {
  emitIfChain(module_, frame_, expressions_, s.branches, s.elseBody,
              [&](const auto& body) { statements(body); });
}

llvm::Value* FunctionBodyEmitter::inRange(llvm::Value* value, llvm::Value* step,
                                          llvm::Value* stop) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* zero = module_.real(0);
  llvm::Value* upward = b.CreateAnd(b.CreateFCmpOGT(step, zero), b.CreateFCmpOLE(value, stop));
  llvm::Value* downward = b.CreateAnd(b.CreateFCmpOLT(step, zero), b.CreateFCmpOGE(value, stop));
  return b.CreateOr(upward, downward, "for.continue");
}

// MLS 11.2.2.1: the range is evaluated once; the iterator takes start + k*step, k = 0, 1, ...,
// each computed in that form so Real ranges do not accumulate rounding.
void FunctionBodyEmitter::statement(const sim::FunctionFor& s) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* start = expressions_.emit(s.start);
  llvm::Value* step = expressions_.emit(s.step);
  llvm::Value* stop = expressions_.emit(s.stop);
  llvm::AllocaInst* k = frame_.entryVariable(module_.real(0), "for.k");
  b.CreateStore(module_.real(0), k); // the loop may be entered again
  llvm::BasicBlock* header = frame_.newBlock("for.header");
  llvm::BasicBlock* body = frame_.newBlock("for.body");
  llvm::BasicBlock* exit = frame_.newBlock("for.exit");
  b.CreateBr(header);

  frame_.enter(header);
  llvm::Value* count = b.CreateLoad(module_.f64, k, "k");
  llvm::Value* value = b.CreateFAdd(start, b.CreateFMul(count, step), "for.value");
  b.CreateCondBr(inRange(value, step, stop), body, exit);

  frame_.enter(body);
  locals_.store(s.slot, value);
  loopExits_.push_back(exit);
  statements(s.body);
  loopExits_.pop_back();
  b.CreateStore(b.CreateFAdd(count, module_.real(1)), k);
  b.CreateBr(header);
  frame_.enter(exit);
}

void FunctionBodyEmitter::statement(const sim::FunctionWhile& s) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::BasicBlock* header = frame_.newBlock("while.header");
  llvm::BasicBlock* body = frame_.newBlock("while.body");
  llvm::BasicBlock* exit = frame_.newBlock("while.exit");
  b.CreateBr(header);
  frame_.enter(header);
  expressions_.forgetAll();
  b.CreateCondBr(expressions_.emitCondition(s.condition), body, exit);
  frame_.enter(body);
  loopExits_.push_back(exit);
  statements(s.body);
  loopExits_.pop_back();
  b.CreateBr(header);
  frame_.enter(exit);
}

void FunctionBodyEmitter::statement(const sim::FunctionBreak&) {
  if (loopExits_.empty()) {
    throw EmitError("break outside a loop in function '" + function_.name + "'");
  }
  module_.builder.CreateBr(loopExits_.back());
  locals_.continueUnreachable();
}

void FunctionBodyEmitter::statement(const sim::FunctionReturn&) {
  locals_.leave();
  locals_.continueUnreachable();
}

// A failed Error assert aborts the call (reported once, outputs as they are); a Warning is
// reported and the function carries on.
void FunctionBodyEmitter::statement(const sim::FunctionAssert& s) {
  llvm::IRBuilder<>& b = module_.builder;
  if (s.message >= module_.program.messages.size() ||
      s.values.size() != module_.program.messages[s.message].values.size()) {
    throw EmitError("message " + std::to_string(s.message) + " of function '" + function_.name +
                    "' is out of range or does not match its values");
  }
  llvm::Value* holds = expressions_.emitCondition(s.condition);
  llvm::BasicBlock* failed = frame_.newBlock("assert.failed");
  llvm::BasicBlock* next = frame_.newBlock("assert.next");
  b.CreateCondBr(holds, next, failed);
  frame_.enter(failed);
  if (s.level == sim::AssertLevel::Error && s.values.empty()) {
    locals_.abort(s.message);
  } else {
    // A message with values is reported where they are computed; an Error then leaves.
    llvm::Value* values = expressions_.messageValues(s.values);
    bool error = s.level == sim::AssertLevel::Error;
    frame_.report(sim::reportKind(s.level), b.getInt32(s.message), values);
    if (error) {
      locals_.leave();
    } else {
      b.CreateBr(next);
    }
  }
  frame_.enter(next);
}

void FunctionBodyEmitter::statement(const sim::FunctionCallOutputs& s) {
  llvm::Value* outputs = expressions_.callOutputs(s.call);
  for (const sim::FunctionCallOutputs::Target& target : s.targets)
    store(target.slot, target.offset, expressions_.outputElement(s.call, outputs, target.output));
}

} // namespace mocc::backend::jit
