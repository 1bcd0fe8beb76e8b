// ModuleContext: types, type-based alias tags and the declarations of libm functions shared
// by all emitters of one module.
#include "module_context.h"

#include "instance_layout.h"

#include <llvm/IR/MDBuilder.h>

namespace mocc::backend::jit {

namespace {

constexpr const char* kMemoryNames[kMemoryCount] = {
    "mocc_instance field", "x",          "dx",           "v", "pre_x", "pre_v",
    "crossing_direction",  "overridden", "output array",
};

} // namespace

ModuleContext::ModuleContext(llvm::Module& module, const sim::Program& program)
    : context(module.getContext()), module(module), program(program), builder(context),
      f64(llvm::Type::getDoubleTy(context)), i1(llvm::Type::getInt1Ty(context)),
      i8(llvm::Type::getInt8Ty(context)), i32(llvm::Type::getInt32Ty(context)),
      ptr(llvm::PointerType::get(context, 0)), instance(instanceType(context)) {
  llvm::MDBuilder metadata(context);
  llvm::MDNode* root = metadata.createTBAARoot("mocc TBAA");
  for (unsigned i = 0; i < kMemoryCount; ++i) {
    llvm::MDNode* type = metadata.createTBAAScalarTypeNode(kMemoryNames[i], root);
    tags_[i] = metadata.createTBAAStructTagNode(type, type, 0);
  }
}

llvm::Constant* ModuleContext::real(double value) const {
  return llvm::ConstantFP::get(f64, value);
}

void ModuleContext::tag(llvm::Instruction* access, Memory memory) const {
  access->setMetadata(llvm::LLVMContext::MD_tbaa, tags_[static_cast<unsigned>(memory)]);
}

llvm::Function* ModuleContext::solveSystemFunction() {
  return runtimeService("mocc_solve_system",
                        llvm::FunctionType::get(i32, {ptr, i32, ptr, ptr, ptr}, false));
}

llvm::Function* ModuleContext::settleLoopFunction() {
  return runtimeService("mocc_settle_loop", llvm::FunctionType::get(i32, {ptr, i32}, false));
}

llvm::Function* ModuleContext::delayFunction() {
  return runtimeService("mocc_delay",
                        llvm::FunctionType::get(f64, {ptr, i32, f64, f64, f64}, false));
}

llvm::Function* ModuleContext::textFunction() {
  return runtimeService("mocc_text",
                        llvm::FunctionType::get(f64, {ptr, i32, f64, f64, f64, f64}, false));
}

llvm::Function* ModuleContext::stringTextFunction() {
  return runtimeService("mocc_string_text", llvm::FunctionType::get(ptr, {ptr, f64}, false));
}

llvm::Function* ModuleContext::stringHandleFunction() {
  return runtimeService("mocc_string_handle", llvm::FunctionType::get(f64, {ptr, ptr}, false));
}

llvm::Function* ModuleContext::runtimeService(const char* name, llvm::FunctionType* type) {
  if (llvm::Function* existing = module.getFunction(name)) return existing;
  llvm::Function* function =
      llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
  function->setDoesNotThrow();
  return function;
}

llvm::Value* ModuleContext::callMath(llvm::IRBuilder<>& at, const char* name,
                                     llvm::ArrayRef<llvm::Value*> args) {
  llvm::Function* function = module.getFunction(name);
  if (!function) {
    std::vector<llvm::Type*> parameters(args.size(), f64);
    auto* type = llvm::FunctionType::get(f64, parameters, false);
    function = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
    // libm functions touch no memory the generated code can see (errno is never read), so
    // repeated calls with equal arguments may be shared. They are not marked speculatable:
    // a call inside an if-branch stays there.
    function->setDoesNotAccessMemory();
    function->setDoesNotThrow();
    function->setWillReturn();
  }
  llvm::CallInst* call = at.CreateCall(function, args);
  call->addFnAttr(llvm::Attribute::NoBuiltin);
  return call;
}

} // namespace mocc::backend::jit
