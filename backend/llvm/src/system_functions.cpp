// Residual and Jacobian functions of the algebraic loops. Both start by storing the Newton
// iterate x into the iteration variables and running the loop's inner statements, so every
// residual and Jacobian entry sees the loop's other variables computed from that iterate.
#include "system_functions.h"

#include "statement_emitter.h"

#include <string>

namespace mocc::backend::jit {

namespace {

llvm::Function* declare(ModuleContext& module, const std::string& name) {
  auto* type = llvm::FunctionType::get(module.builder.getVoidTy(),
                                       {module.ptr, module.ptr, module.ptr}, false);
  // Internal: only the runtime calls them, through the pointers the model passes it.
  llvm::Function* function =
      llvm::Function::Create(type, llvm::Function::InternalLinkage, name, module.module);
  function->setDoesNotThrow();
  return function;
}

/// The iteration variables := x[0..n), at the start of a loop function.
void storeIterate(ModuleContext& module, Frame& frame, const sim::AlgebraicSystem& system,
                  llvm::Value* x) {
  for (std::size_t i = 0; i < system.unknowns.size(); ++i) {
    llvm::Value* address = module.builder.CreateConstInBoundsGEP1_64(module.f64, x, i);
    frame.store(system.unknowns[i], module.builder.CreateLoad(module.f64, address));
  }
}

/// out[k] := values[k] for each of `values` (expressions of the program's pool).
void writeValues(ModuleContext& module, StatementEmitter& emitter, llvm::Value* out,
                 const std::vector<expr::Id>& values) {
  emitter.expressions().forgetAll(); // the inner statements assigned variables
  for (std::size_t k = 0; k < values.size(); ++k) {
    llvm::Value* value = emitter.expressions().emit(values[k]);
    module.builder.CreateStore(value,
                               module.builder.CreateConstInBoundsGEP1_64(module.f64, out, k));
  }
}

void emitLoopFunction(ModuleContext& module, const sim::AlgebraicSystem& system,
                      llvm::Function* function, const std::vector<expr::Id>& values) {
  Frame frame(module, function);
  function->getArg(1)->setName("x");
  function->getArg(2)->setName("out");
  StatementEmitter emitter(module, frame, Evaluation::Continuous);
  storeIterate(module, frame, system, function->getArg(1));
  emitter.emit(system.inner);
  writeValues(module, emitter, function->getArg(2), values);
  module.builder.CreateRetVoid();
}

} // namespace

void declareSystemFunctions(ModuleContext& module) {
  const sim::Program& program = module.program;
  module.systemFunctions.assign(program.systems.size(), {});
  for (std::size_t k = 0; k < program.systems.size(); ++k) {
    sim::checkSystem(program, k);
    std::string prefix = "mocc_system" + std::to_string(k);
    module.systemFunctions[k].residual = declare(module, prefix + "_residual");
    if (!jacobianNonzeros(program.systems[k]).empty())
      module.systemFunctions[k].jacobian = declare(module, prefix + "_jacobian");
  }
}

void emitSystemFunctions(ModuleContext& module) {
  const sim::Program& program = module.program;
  for (std::size_t k = 0; k < program.systems.size(); ++k) {
    const sim::AlgebraicSystem& system = program.systems[k];
    emitLoopFunction(module, system, module.systemFunctions[k].residual, system.residuals);
    if (llvm::Function* jacobian = module.systemFunctions[k].jacobian) {
      std::vector<expr::Id> entries;
      for (expr::Id entry : system.jacobian)
        if (entry.valid()) entries.push_back(entry);
      emitLoopFunction(module, system, jacobian, entries);
    }
  }
}

} // namespace mocc::backend::jit
