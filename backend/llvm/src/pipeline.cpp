// Target set-up and optimisation. FP contraction is off both in the target options (so code
// generation never fuses a multiply and an add into an FMA) and in the IR (no `contract` or
// fast-math flags are ever emitted), matching the project-wide -ffp-contract=off.
#include "pipeline.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>

#include <mutex>

namespace mocc::backend::jit {

void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

llvm::Expected<llvm::orc::JITTargetMachineBuilder> hostTarget(int optLevel) {
  initializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) return builder.takeError();
  llvm::TargetOptions& options = builder->getOptions();
  options.AllowFPOpFusion = llvm::FPOpFusion::Strict;
  options.UnsafeFPMath = false;
  options.NoInfsFPMath = false;
  options.NoNaNsFPMath = false;
  options.NoSignedZerosFPMath = false;
  options.ApproxFuncFPMath = false;
  static constexpr llvm::CodeGenOpt::Level kLevels[] = {
      llvm::CodeGenOpt::None, llvm::CodeGenOpt::Less, llvm::CodeGenOpt::Default,
      llvm::CodeGenOpt::Aggressive};
  builder->setCodeGenOptLevel(kLevels[optLevel]);
  return builder;
}

std::string optimizeModule(llvm::Module& module, llvm::TargetMachine& target, int optLevel) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder passes(&target);
  passes.registerModuleAnalyses(modules);
  passes.registerCGSCCAnalyses(sccs);
  passes.registerFunctionAnalyses(functions);
  passes.registerLoopAnalyses(loops);
  passes.crossRegisterProxies(loops, functions, sccs, modules);

  static const llvm::OptimizationLevel kLevels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1, llvm::OptimizationLevel::O2,
      llvm::OptimizationLevel::O3};
  llvm::ModulePassManager pipeline =
      optLevel == 0 ? passes.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
                    : passes.buildPerModuleDefaultPipeline(kLevels[optLevel]);
  pipeline.run(module, modules);

  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(module, &out)) return "optimised module is invalid: " + out.str();
  return {};
}

} // namespace mocc::backend::jit
