// An external function's body (sim::FunctionExternalCall, MLS 12.9): the frame's doubles
// converted to the C types of the arguments, the C function called, its value and its output
// arguments converted back into the frame. Arrays of doubles are passed in place; other
// arrays and scalar outputs go through temporaries of their C type.
#include "function_body.h"

namespace mocc::backend::jit {

namespace {

class ExternalCallEmitter {
public:
  ExternalCallEmitter(ModuleContext& module, Frame& frame, LocalFrame& locals,
                      ExpressionEmitter& expressions)
      : module_(module), b_(module.builder), frame_(frame), locals_(locals),
        expressions_(expressions) {}

  void emit(const sim::FunctionExternalCall& call) {
    std::vector<llvm::Value*> values;
    std::vector<llvm::Type*> types;
    for (const sim::ExternalArgument& a : call.arguments) {
      llvm::Value* value = a.byAddress ? address(a) : scalar(a);
      values.push_back(value);
      types.push_back(value->getType());
    }
    llvm::Type* result = call.hasResult ? cType(call.resultType) : b_.getVoidTy();
    auto* type = llvm::FunctionType::get(result, types, false);
    llvm::FunctionCallee callee = module_.module.getOrInsertFunction(call.symbol, type);
    llvm::Value* returned = b_.CreateCall(type, callee.getCallee(), values);
    if (call.hasResult)
      locals_.store(call.resultSlot, toDouble(returned, call.resultType, call.resultSlot));
    for (std::size_t i = 0; i < call.arguments.size(); ++i)
      copyBack(call.arguments[i], values[i]);
  }

private:
  llvm::Type* cType(sim::CType type) {
    switch (type) {
    case sim::CType::Double: return module_.f64;
    case sim::CType::Int: return b_.getInt32Ty();
    case sim::CType::Size: return b_.getInt64Ty();
    case sim::CType::String:
    case sim::CType::Pointer: return module_.ptr;
    }
    throw EmitError("unknown C type of an external argument");
  }

  llvm::Value* fromDouble(llvm::Value* value, sim::CType type) {
    switch (type) {
    case sim::CType::Double: return value;
    case sim::CType::Int: return b_.CreateFPToSI(value, b_.getInt32Ty());
    case sim::CType::Size: return b_.CreateFPToUI(value, b_.getInt64Ty());
    case sim::CType::Pointer:
      return b_.CreateIntToPtr(b_.CreateFPToUI(value, b_.getInt64Ty()), module_.ptr);
    case sim::CType::String: // a handle into the run's texts (model.h)
      return b_.CreateCall(module_.stringTextFunction(), {frame_.instance(), value});
    }
    throw EmitError("unknown C type of an external argument");
  }

  // MLS 12.9.1.1: a Boolean is true when C returns anything but 0.
  llvm::Value* toDouble(llvm::Value* value, sim::CType type, std::uint32_t slot) {
    switch (type) {
    case sim::CType::Double: return value;
    case sim::CType::Int: {
      const sim::FunctionLocal* local = sim::localAt(locals_.function(), slot);
      if (local && local->type == expr::Type::Boolean)
        return b_.CreateUIToFP(b_.CreateICmpNE(value, b_.getInt32(0)), module_.f64);
      return b_.CreateSIToFP(value, module_.f64);
    }
    case sim::CType::Size: return b_.CreateUIToFP(value, module_.f64);
    case sim::CType::Pointer:
      return b_.CreateUIToFP(b_.CreatePtrToInt(value, b_.getInt64Ty()), module_.f64);
    case sim::CType::String: // interned: the run keeps the text
      return b_.CreateCall(module_.stringHandleFunction(), {frame_.instance(), value});
    }
    throw EmitError("unknown C type of an external result");
  }

  llvm::Value* scalar(const sim::ExternalArgument& a) {
    if (a.type == sim::CType::String && !a.value.valid())
      return b_.CreateGlobalStringPtr(a.text, "external.text");
    return fromDouble(expressions_.emit(a.value), a.type);
  }

  /// Doubles in place; other types through a temporary filled from the frame (outputs too:
  /// an output with a binding passes its value in, MLS 12.9).
  llvm::Value* address(const sim::ExternalArgument& a) {
    if (a.type == sim::CType::Double) return locals_.address(a.slot);
    llvm::Type* element = cType(a.type);
    llvm::AllocaInst* temporary =
        frame_.entryArray(element, std::max<std::uint32_t>(a.size, 1), "external.arg");
    forEach(a.size, [&](llvm::Value* i) {
      llvm::Value* value = b_.CreateLoad(module_.f64, slot(a.slot, i));
      b_.CreateStore(fromDouble(value, a.type), b_.CreateInBoundsGEP(element, temporary, i));
    });
    return temporary;
  }

  void copyBack(const sim::ExternalArgument& a, llvm::Value* passed) {
    if (!a.output || a.type == sim::CType::Double) return;
    llvm::Type* element = cType(a.type);
    forEach(a.size, [&](llvm::Value* i) {
      llvm::Value* value = b_.CreateLoad(element, b_.CreateInBoundsGEP(element, passed, i));
      b_.CreateStore(toDouble(value, a.type, a.slot), slot(a.slot, i));
    });
  }

  llvm::Value* slot(std::uint32_t base, llvm::Value* i) {
    return b_.CreateInBoundsGEP(module_.f64, locals_.address(base), i);
  }

  /// body(i) for i = 0 .. count-1 (an i64), as a loop.
  template <typename Body> void forEach(std::uint32_t count, Body body) {
    if (count == 0) return;
    llvm::BasicBlock* before = b_.GetInsertBlock();
    llvm::BasicBlock* loop = frame_.newBlock("external.copy");
    llvm::BasicBlock* done = frame_.newBlock("external.copied");
    b_.CreateBr(loop);
    frame_.enter(loop);
    llvm::PHINode* i = b_.CreatePHI(b_.getInt64Ty(), 2, "i");
    i->addIncoming(b_.getInt64(0), before);
    body(i);
    llvm::Value* next = b_.CreateAdd(i, b_.getInt64(1));
    i->addIncoming(next, b_.GetInsertBlock());
    b_.CreateCondBr(b_.CreateICmpULT(next, b_.getInt64(count)), loop, done);
    frame_.enter(done);
  }

  ModuleContext& module_;
  llvm::IRBuilder<>& b_;
  Frame& frame_;
  LocalFrame& locals_;
  ExpressionEmitter& expressions_;
};

} // namespace

void FunctionBodyEmitter::statement(const sim::FunctionExternalCall& s) {
  ExternalCallEmitter(module_, frame_, locals_, expressions_).emit(s);
}

} // namespace mocc::backend::jit
