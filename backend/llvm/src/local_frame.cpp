// LocalFrame: a user function's stack frame. Slots start at zero (program.h: a slot without an
// initial value starts as 0); inputs are copied in on entry and outputs copied out at the one
// return block, so an early `return` or an abort leaves the outputs as they are.
#include "local_frame.h"

#include "mocc/model.h"

#include <cmath>

namespace mocc::backend::jit {

LocalFrame::LocalFrame(ModuleContext& module, Frame& frame, const sim::Function& function)
    : module_(module), frame_(frame), function_(function) {
  sim::checkFrame(function);
  for (const sim::FunctionLocal& local : function.locals) {
    if (local.isArray) arrays_[local.slot] = Array{local.size, local.boundsMessage};
  }
  llvm::IRBuilder<>& b = module.builder;
  std::uint32_t size = std::max<std::uint32_t>(function.frameSize, 1);
  slots_ = frame.entryArray(size, "frame");
  b.CreateMemSet(slots_, b.getInt8(0), std::uint64_t(size) * 8, llvm::MaybeAlign(8));
  if (function.inputCount > 0) {
    b.CreateMemCpy(slots_, llvm::MaybeAlign(8), frame.function()->getArg(1), llvm::MaybeAlign(8),
                   std::uint64_t(function.inputCount) * 8);
  }
  returnBlock_ = frame.newBlock("return");
  abortBlock_ = frame.newBlock("abort");
}

void LocalFrame::checkSlot(std::uint32_t slot) const {
  if (slot >= function_.frameSize) {
    throw EmitError("slot " + std::to_string(slot) + " is outside the frame of function '" +
                    function_.name + "' (" + std::to_string(function_.frameSize) + " slots)");
  }
}

llvm::Value* LocalFrame::slotAddress(std::uint32_t slot) {
  checkSlot(slot);
  return module_.builder.CreateConstInBoundsGEP2_64(slots_->getAllocatedType(), slots_, 0, slot);
}

llvm::Value* LocalFrame::load(std::uint32_t slot) {
  return module_.builder.CreateLoad(module_.f64, slotAddress(slot), "local");
}

void LocalFrame::store(std::uint32_t slot, llvm::Value* value) {
  module_.builder.CreateStore(value, slotAddress(slot));
}

const LocalFrame::Array& LocalFrame::array(std::uint32_t base) const {
  auto found = arrays_.find(base);
  if (found == arrays_.end()) {
    throw EmitError("function '" + function_.name + "' indexes slot " + std::to_string(base) +
                    ", where it declares no array");
  }
  return found->second;
}

llvm::Value* LocalFrame::element(std::uint32_t base, llvm::Value* offset) {
  const Array& a = array(base);
  llvm::IRBuilder<>& b = module_.builder;
  if (auto* constant = llvm::dyn_cast<llvm::ConstantFP>(offset)) {
    double value = constant->getValueAPF().convertToDouble();
    if (!(value >= 0 && value < a.size) || value != std::floor(value)) {
      throw EmitError("constant offset " + std::to_string(value) + " is outside an array of " +
                      std::to_string(a.size) + " elements in function '" + function_.name + "'");
    }
    return slotAddress(base + static_cast<std::uint32_t>(value));
  }
  // Ordered comparisons: a NaN offset is out of range too. fptosi is only reached in range.
  llvm::Value* inRange = b.CreateAnd(b.CreateFCmpOGE(offset, module_.real(0)),
                                     b.CreateFCmpOLT(offset, module_.real(a.size)), "in_range");
  llvm::BasicBlock* ok = frame_.newBlock("index.ok");
  llvm::BasicBlock* bad = frame_.newBlock("index.bad");
  b.CreateCondBr(inRange, ok, bad);
  frame_.enter(bad);
  abort(a.message);
  frame_.enter(ok);
  llvm::Value* index = b.CreateAdd(b.CreateFPToSI(offset, b.getInt64Ty()), b.getInt64(base));
  return b.CreateInBoundsGEP(slots_->getAllocatedType(), slots_, {b.getInt64(0), index});
}

void LocalFrame::abort(std::uint32_t message) {
  llvm::IRBuilder<>& b = module_.builder;
  if (message >= module_.program.messages.size()) {
    throw EmitError("message " + std::to_string(message) + " of function '" + function_.name +
                    "' is out of range");
  }
  if (!abortMessage_) {
    llvm::IRBuilder<> at(abortBlock_);
    abortMessage_ = at.CreatePHI(module_.i32, 2, "abort.message");
  }
  abortMessage_->addIncoming(b.getInt32(message), b.GetInsertBlock());
  b.CreateBr(abortBlock_);
}

void LocalFrame::leave() { module_.builder.CreateBr(returnBlock_); }

void LocalFrame::continueUnreachable() { frame_.enter(frame_.newBlock("unreachable")); }

void LocalFrame::finish() {
  llvm::IRBuilder<>& b = module_.builder;
  b.CreateBr(returnBlock_);
  if (abortMessage_) {
    frame_.enter(abortBlock_);
    frame_.report(MOCC_REPORT_ASSERT_ERROR, abortMessage_);
    b.CreateBr(returnBlock_);
  } else {
    delete abortBlock_;
  }
  frame_.enter(returnBlock_);
  if (function_.outputCount > 0) {
    llvm::Value* outputs = frame_.function()->getArg(2);
    b.CreateMemCpy(outputs, llvm::MaybeAlign(8), slotAddress(function_.inputCount),
                   llvm::MaybeAlign(8), std::uint64_t(function_.outputCount) * 8);
  }
  b.CreateRetVoid();
}

} // namespace mocc::backend::jit
