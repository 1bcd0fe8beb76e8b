// The LLVM view of struct mocc_instance (runtime/include/mocc/model.h): a struct type whose
// fields mirror the C struct one by one, and a check that the target's data layout puts each
// field at the offset the C++ compiler gives it, so generated code reads what the runtime wrote.
#pragma once

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include <string>

namespace mocc::backend::jit {

/// Field numbers of mocc_instance, in declaration order.
enum class InstanceField : unsigned {
  Time,
  X,
  Dx,
  V,
  PreX,
  PreV,
  CrossingDirection,
  Overridden,
  Mode,
  Terminal,
  Runtime,
  Report,
  HomotopyLambda,
};
inline constexpr unsigned kInstanceFieldCount = 13;

/// The named struct type `mocc_instance` of `context`, created on first use.
llvm::StructType* instanceType(llvm::LLVMContext& context);

/// Empty when `layout` places every field of instanceType() at its offset in the C struct and
/// gives the C struct's size; otherwise a message naming the first mismatch.
std::string checkInstanceLayout(llvm::LLVMContext& context, const llvm::DataLayout& layout);

} // namespace mocc::backend::jit
