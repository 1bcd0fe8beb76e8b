// The LLVM side of compilation shared by compile() and emitIR(): the host target machine with
// strict IEEE floating point, and the standard new-pass-manager optimisation pipeline.
#pragma once

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <string>

namespace mocc::backend::jit {

/// Initialises LLVM's native target, asm printer and asm parser once per process.
void initializeNativeTarget();

/// The host target at code-generation level `optLevel` (0..3) with floating-point contraction
/// off (FPOpFusion::Strict) and no unsafe or fast math: every level computes the same bits.
llvm::Expected<llvm::orc::JITTargetMachineBuilder> hostTarget(int optLevel);

/// Runs the standard per-module pipeline at `optLevel` (O0 pipeline for 0) on `module`, then
/// verifies it. Returns "" or an error message.
std::string optimizeModule(llvm::Module& module, llvm::TargetMachine& target, int optLevel);

} // namespace mocc::backend::jit
