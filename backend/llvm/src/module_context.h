// Shared state while one sim::Program is translated into one LLVM module: the IR builder, the
// common types, an alias tag per memory region and the libm functions the code calls. Every
// emitter (expressions, statements, ABI functions) works through one ModuleContext.
#pragma once

#include "mocc/sim/emit.h"
#include "mocc/sim/program.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <array>
#include <stdexcept>

namespace mocc::backend::jit {

/// A malformed program found while emitting; compile() turns it into its error message.
using EmitError = sim::EmitError;

/// Which memory a load or store touches. Each has its own TBAA type, which tells the optimiser
/// that the regions never overlap (a store to dx[i] does not force x[j] to be reloaded).
enum class Memory : unsigned {
  InstanceField,
  X,
  Dx,
  V,
  PreX,
  PreV,
  CrossingDirection,
  Overridden,
  OutputArray, // the array an ABI function fills: g, the Jacobian values, the rates
};
inline constexpr unsigned kMemoryCount = 9;

using Evaluation = sim::Evaluation;

class ModuleContext {
public:
  ModuleContext(llvm::Module& module, const sim::Program& program);

  llvm::LLVMContext& context;
  llvm::Module& module;
  const sim::Program& program;
  llvm::IRBuilder<> builder;

  llvm::Type* f64;
  llvm::IntegerType* i1;
  llvm::IntegerType* i8;
  llvm::IntegerType* i32;
  llvm::PointerType* ptr;
  llvm::StructType* instance;
  /// program.functions[i] as declared in the module (see declareUserFunctions()).
  std::vector<llvm::Function*> userFunctions;
  /// The generated functions of program.systems[i] (see declareSystemFunctions()); jacobian
  /// is null for a loop without an analytic Jacobian.
  struct SystemFunctions {
    llvm::Function* residual = nullptr;
    llvm::Function* jacobian = nullptr;
  };
  std::vector<SystemFunctions> systemFunctions;
  /// `int32_t mocc_solve_system(mocc_instance*, int32_t, residual, jacobian, double*)`, the
  /// runtime's service (model.h), declared on first use and resolved when the code is loaded.
  llvm::Function* solveSystemFunction();
  /// mocc_settle_loop (model.h): nonzero when a loop solved in event mode must be solved again.
  llvm::Function* settleLoopFunction();
  /// `double mocc_delay(mocc_instance*, int32_t, double, double, double)`, the runtime's
  /// delay() history (model.h), declared on first use likewise.
  llvm::Function* delayFunction();
  /// The runtime's String services (model.h): mocc_text, mocc_string_text, mocc_string_handle.
  llvm::Function* textFunction();
  llvm::Function* stringTextFunction();
  llvm::Function* stringHandleFunction();
  /// The runtime's service `name` of `type`, declared on first use (it does not throw).
  llvm::Function* runtimeService(const char* name, llvm::FunctionType* type);

  llvm::Constant* real(double value) const;
  /// Attaches the alias tag of `memory` to a load or store.
  void tag(llvm::Instruction* access, Memory memory) const;
  /// A call of the libm function `name` (declared on first use) taking and returning doubles.
  /// The call site is `nobuiltin`, so LLVM neither constant-folds it with its own arithmetic nor
  /// rewrites it into an intrinsic or other code: the C++ emitter's std:: call gives the same
  /// bits.
  llvm::Value* callMath(const char* name, llvm::ArrayRef<llvm::Value*> args) {
    return callMath(builder, name, args);
  }
  /// The same, at the position of another builder.
  llvm::Value* callMath(llvm::IRBuilder<>& at, const char* name, llvm::ArrayRef<llvm::Value*> args);

private:
  std::array<llvm::MDNode*, kMemoryCount> tags_{};
};

} // namespace mocc::backend::jit
