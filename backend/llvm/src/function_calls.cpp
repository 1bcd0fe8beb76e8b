// User functions seen from expressions: FunctionCall nodes (arguments stored into a stack
// buffer, one call, output elements loaded from another buffer) and, inside a function body,
// Local and LocalElement nodes reading its frame. Functions are pure (MLS 12.3), so one call
// serves every output element of equal calls while its result is remembered.
#include "expression_emitter.h"
#include "local_frame.h"

#include <algorithm>

namespace mocc::backend::jit {

using expr::Id;
using expr::Op;

LocalFrame& ExpressionEmitter::locals(Id id) {
  if (!locals_) {
    throw EmitError("expression node " + std::to_string(id.value) +
                    " reads a function's frame outside a function");
  }
  return *locals_;
}

llvm::Value* ExpressionEmitter::local(Id id) {
  LocalFrame& frame = locals(id);
  const expr::Node& node = pool().node(id);
  if (node.op == Op::Local) return frame.load(node.index);
  llvm::Value* address = frame.element(node.index, emit(pool().arg(id, 0)));
  return module_.builder.CreateLoad(module_.f64, address, "element");
}

llvm::Value* ExpressionEmitter::functionCall(Id id) {
  const expr::Node& node = pool().node(id);
  llvm::Value* outputs = callOutputs(id);
  const sim::Function& callee = module_.program.functions[node.index];
  if (node.subindex >= callee.outputCount) {
    throw EmitError("call of '" + callee.name + "' reads output element " +
                    std::to_string(node.subindex) + " of " + std::to_string(callee.outputCount));
  }
  return loadOutput(outputs, node.subindex, callee.name);
}

llvm::Value* ExpressionEmitter::outputElement(Id id, llvm::Value* outputs, std::uint32_t element) {
  const sim::Function& callee = module_.program.functions[pool().node(id).index];
  std::string error = sim::outputElementError(callee, element);
  if (!error.empty()) throw EmitError(error);
  return loadOutput(outputs, element, callee.name);
}

llvm::Value* ExpressionEmitter::loadOutput(llvm::Value* outputs, std::uint32_t element,
                                           const std::string& callee) {
  auto* bufferType = llvm::cast<llvm::AllocaInst>(outputs)->getAllocatedType();
  llvm::Value* address =
      module_.builder.CreateConstInBoundsGEP2_64(bufferType, outputs, 0, element);
  return module_.builder.CreateLoad(module_.f64, address,
                                    callee + "[" + std::to_string(element) + "]");
}

llvm::Value* ExpressionEmitter::callOutputs(Id id) {
  sim::CallSite site = sim::callSite(module_.program, id);
  if (llvm::Value* const* found = remembered_.call(site.key)) return *found;
  llvm::IRBuilder<>& b = module_.builder;
  std::vector<llvm::Value*> values;
  for (Id arg : pool().args(id))
    values.push_back(emit(arg));
  const sim::Function& callee = site.callee;
  llvm::AllocaInst* inputs =
      frame_.entryArray(std::max<std::uint32_t>(callee.inputCount, 1), callee.name + ".in");
  for (std::size_t i = 0; i < values.size(); ++i) {
    b.CreateStore(values[i],
                  b.CreateConstInBoundsGEP2_64(inputs->getAllocatedType(), inputs, 0, i));
  }
  llvm::AllocaInst* outputs =
      frame_.entryArray(std::max<std::uint32_t>(callee.outputCount, 1), callee.name + ".out");
  b.CreateCall(module_.userFunctions[site.key[0]], {frame_.instance(), inputs, outputs});
  remembered_.rememberCall(pool(), std::move(site.key), outputs);
  return outputs;
}

} // namespace mocc::backend::jit
