// buildModule: the one place where emission errors (EmitError) become error messages and the
// freshly emitted IR is checked by llvm::verifyModule before anything optimises or runs it.
#include "module_builder.h"

#include "function_emitter.h"
#include "instance_layout.h"
#include "module_context.h"
#include "system_functions.h"
#include "user_functions.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <limits>

namespace mocc::backend::jit {

namespace {

/// The ABI stores sizes as int32.
std::string checkSizes(const sim::Program& program) {
  constexpr std::size_t limit = std::numeric_limits<std::int32_t>::max();
  if (std::size_t(program.stateCount) + program.valueCount > limit ||
      program.variables.size() > limit || program.messages.size() > limit ||
      program.crossings.size() > limit || program.systems.size() > limit ||
      program.jacobian.size() > limit || program.stateSets.size() > limit) {
    return "program is too large for the model ABI (sizes are 32-bit)";
  }
  return {};
}

} // namespace

std::unique_ptr<llvm::Module> buildModule(const sim::Program& program, llvm::LLVMContext& context,
                                          const llvm::TargetMachine& target, std::string& error) {
  error = checkSizes(program);
  if (!error.empty()) return nullptr;
  auto module = std::make_unique<llvm::Module>(
      program.modelName.empty() ? "mocc_model" : program.modelName, context);
  module->setDataLayout(target.createDataLayout());
  module->setTargetTriple(target.getTargetTriple().str());
  error = checkInstanceLayout(context, module->getDataLayout());
  if (!error.empty()) return nullptr;
  try {
    ModuleContext emitContext(*module, program);
    declareUserFunctions(emitContext); // before any code that may call them
    emitUserFunctions(emitContext);
    declareSystemFunctions(emitContext); // before the Solve statements that pass them
    emitSystemFunctions(emitContext);
    emitModelFunctions(emitContext);
  } catch (const EmitError& failure) {
    error = "cannot compile " + program.modelName + ": " + failure.what();
    return nullptr;
  }
  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(*module, &out)) {
    error = "generated LLVM IR is invalid: " + out.str();
    return nullptr;
  }
  return module;
}

} // namespace mocc::backend::jit
