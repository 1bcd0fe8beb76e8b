// The LLVM struct type mirroring mocc_instance and its check against the C layout. The field
// types are pinned by static_asserts; the offsets depend on the target's data layout and are
// compared with offsetof() when a module is built.
#include "instance_layout.h"

#include "mocc/model.h"

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace mocc::backend::jit {

namespace {

// The LLVM field types below are double, ptr and i32: keep them in step with the C struct.
static_assert(std::is_same_v<decltype(mocc_instance::time), double>);
static_assert(std::is_same_v<decltype(mocc_instance::x), double*>);
static_assert(std::is_same_v<decltype(mocc_instance::dx), double*>);
static_assert(std::is_same_v<decltype(mocc_instance::v), double*>);
static_assert(std::is_same_v<decltype(mocc_instance::pre_x), double*>);
static_assert(std::is_same_v<decltype(mocc_instance::pre_v), double*>);
static_assert(std::is_same_v<decltype(mocc_instance::crossing_direction), const int8_t*>);
static_assert(std::is_same_v<decltype(mocc_instance::overridden), const uint8_t*>);
static_assert(std::is_same_v<decltype(mocc_instance::mode), int32_t>);
static_assert(std::is_same_v<decltype(mocc_instance::terminal), int32_t>);
static_assert(std::is_same_v<decltype(mocc_instance::runtime), void*>);
static_assert(std::is_pointer_v<decltype(mocc_instance::report)>);
static_assert(std::is_same_v<decltype(mocc_instance::homotopy_lambda), double>);

struct CField {
  const char* name;
  std::size_t offset;
};

// In InstanceField order.
constexpr CField kCFields[] = {
    {"time", offsetof(mocc_instance, time)},
    {"x", offsetof(mocc_instance, x)},
    {"dx", offsetof(mocc_instance, dx)},
    {"v", offsetof(mocc_instance, v)},
    {"pre_x", offsetof(mocc_instance, pre_x)},
    {"pre_v", offsetof(mocc_instance, pre_v)},
    {"crossing_direction", offsetof(mocc_instance, crossing_direction)},
    {"overridden", offsetof(mocc_instance, overridden)},
    {"mode", offsetof(mocc_instance, mode)},
    {"terminal", offsetof(mocc_instance, terminal)},
    {"runtime", offsetof(mocc_instance, runtime)},
    {"report", offsetof(mocc_instance, report)},
    {"homotopy_lambda", offsetof(mocc_instance, homotopy_lambda)},
};
static_assert(std::size(kCFields) == kInstanceFieldCount);

} // namespace

llvm::StructType* instanceType(llvm::LLVMContext& context) {
  if (auto* existing = llvm::StructType::getTypeByName(context, "mocc_instance")) return existing;
  llvm::Type* f64 = llvm::Type::getDoubleTy(context);
  llvm::Type* i32 = llvm::Type::getInt32Ty(context);
  llvm::Type* ptr = llvm::PointerType::get(context, 0);
  llvm::Type* fields[] = {f64, ptr, ptr, ptr, ptr, ptr, ptr, ptr, i32, i32, ptr, ptr, f64};
  static_assert(std::size(fields) == kInstanceFieldCount);
  return llvm::StructType::create(context, fields, "mocc_instance");
}

std::string checkInstanceLayout(llvm::LLVMContext& context, const llvm::DataLayout& layout) {
  const llvm::StructLayout* llvmLayout = layout.getStructLayout(instanceType(context));
  for (unsigned i = 0; i < kInstanceFieldCount; ++i) {
    std::uint64_t llvmOffset = llvmLayout->getElementOffset(i);
    if (llvmOffset != kCFields[i].offset) {
      return "mocc_instance." + std::string(kCFields[i].name) + " is at offset " +
             std::to_string(llvmOffset) + " in LLVM's layout but at " +
             std::to_string(kCFields[i].offset) + " in C";
    }
  }
  if (llvmLayout->getSizeInBytes() != sizeof(mocc_instance)) {
    return "mocc_instance has size " + std::to_string(llvmLayout->getSizeInBytes()) +
           " in LLVM's layout but " + std::to_string(sizeof(mocc_instance)) + " in C";
  }
  return {};
}

} // namespace mocc::backend::jit
