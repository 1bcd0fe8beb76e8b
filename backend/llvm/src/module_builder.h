// sim::Program -> verified llvm::Module: sets the target's data layout, checks that it agrees
// with the C layout of mocc_instance, emits the user functions, the functions of the algebraic
// loops and the ABI functions, and runs LLVM's verifier.
#pragma once

#include "mocc/sim/program.h"

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <string>

namespace mocc::backend::jit {

/// The unoptimised module of `program` for `target`, verified. On a malformed program or a
/// verifier failure returns null and sets `error`.
std::unique_ptr<llvm::Module> buildModule(const sim::Program& program, llvm::LLVMContext& context,
                                          const llvm::TargetMachine& target, std::string& error);

} // namespace mocc::backend::jit
