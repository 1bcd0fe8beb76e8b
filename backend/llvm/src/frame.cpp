// Frame: instance fields and variable storage of one generated function. Variables map to
// x[index], dx[index] or v[index] by region; pre() reads pre_x or pre_v. A user function's
// frame loads no field up front and refuses every model value.
#include "frame.h"

#include "instance_layout.h"
#include "mocc/model.h"

namespace mocc::backend::jit {

Frame::Frame(ModuleContext& module, llvm::Function* function, Owner owner)
    : module_(module), function_(function), owner_(owner), instance_(function->getArg(0)) {
  instance_->setName("instance");
  module_.builder.SetInsertPoint(llvm::BasicBlock::Create(module_.context, "entry", function));
  if (owner == Owner::User) return;
  using F = InstanceField;
  auto field = [](F f) { return static_cast<unsigned>(f); };
  time_ = loadField(field(F::Time), module_.f64, "time");
  x_ = loadField(field(F::X), module_.ptr, "x");
  dx_ = loadField(field(F::Dx), module_.ptr, "dx");
  v_ = loadField(field(F::V), module_.ptr, "v");
  preX_ = loadField(field(F::PreX), module_.ptr, "pre_x");
  preV_ = loadField(field(F::PreV), module_.ptr, "pre_v");
  crossingDirection_ = loadField(field(F::CrossingDirection), module_.ptr, "crossing_direction");
  overridden_ = loadField(field(F::Overridden), module_.ptr, "overridden");
  llvm::Value* mode = loadField(field(F::Mode), module_.i32, "mode");
  isInitialMode_ = module_.builder.CreateICmpEQ(
      mode, llvm::ConstantInt::get(module_.i32, MOCC_MODE_INITIAL), "is_initial");
  isSampling_ = module_.builder.CreateICmpEQ(
      mode, llvm::ConstantInt::get(module_.i32, MOCC_MODE_EVENT), "is_sampling");
  llvm::Value* terminal = loadField(field(F::Terminal), module_.i32, "terminal");
  isTerminal_ =
      module_.builder.CreateICmpNE(terminal, llvm::ConstantInt::get(module_.i32, 0), "is_terminal");
  homotopyLambda_ = loadField(field(F::HomotopyLambda), module_.f64, "homotopy_lambda");
}

llvm::Value* Frame::loadField(unsigned field, llvm::Type* type, const llvm::Twine& name) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* address = b.CreateStructGEP(module_.instance, instance_, field, name + ".addr");
  llvm::LoadInst* load = b.CreateLoad(type, address, name);
  module_.tag(load, Memory::InstanceField);
  return load;
}

llvm::Value* Frame::modelField(llvm::Value* value, const char* what) const {
  if (owner_ == Owner::User) {
    throw EmitError(std::string(what) + " is used inside function '" + function_->getName().str() +
                    "', which only sees its arguments");
  }
  return value;
}

const sim::Variable& Frame::variable(std::uint32_t index) const {
  modelField(nullptr, "a model variable");
  return sim::checkedVariable(module_.program, index);
}

llvm::Value* Frame::element(llvm::Value* base, std::uint32_t index, llvm::Type* type) {
  return module_.builder.CreateConstInBoundsGEP1_64(type, base, index);
}

Frame::Storage Frame::current(const sim::Variable& v) const {
  switch (v.region) {
  case sim::Region::State: return {x_, Memory::X};
  case sim::Region::Derivative: return {dx_, Memory::Dx};
  case sim::Region::Value: return {v_, Memory::V};
  }
  throw EmitError("variable '" + v.name + "' has an unknown region");
}

llvm::Value* Frame::load(std::uint32_t index) {
  const sim::Variable& v = variable(index);
  Storage storage = current(v);
  llvm::LoadInst* load =
      module_.builder.CreateLoad(module_.f64, element(storage.base, v.index, module_.f64), v.name);
  module_.tag(load, storage.memory);
  return load;
}

llvm::Value* Frame::loadPre(std::uint32_t index) {
  const sim::Variable& v = variable(index);
  sim::checkHasPre(v);
  bool state = v.region == sim::Region::State;
  llvm::LoadInst* load = module_.builder.CreateLoad(
      module_.f64, element(state ? preX_ : preV_, v.index, module_.f64), "pre(" + v.name + ")");
  module_.tag(load, state ? Memory::PreX : Memory::PreV);
  return load;
}

void Frame::store(std::uint32_t index, llvm::Value* value) {
  const sim::Variable& v = variable(index);
  Storage storage = current(v);
  llvm::StoreInst* store =
      module_.builder.CreateStore(value, element(storage.base, v.index, module_.f64));
  module_.tag(store, storage.memory);
}

void Frame::storePre(std::uint32_t index, llvm::Value* value) {
  const sim::Variable& v = variable(index);
  sim::checkHasPre(v);
  bool state = v.region == sim::Region::State;
  llvm::StoreInst* store =
      module_.builder.CreateStore(value, element(state ? preX_ : preV_, v.index, module_.f64));
  module_.tag(store, state ? Memory::PreX : Memory::PreV);
}

llvm::Value* Frame::crossingDirection(std::uint32_t crossing) {
  modelField(nullptr, "a crossing direction");
  llvm::LoadInst* load = module_.builder.CreateLoad(
      module_.i8, element(crossingDirection_, crossing, module_.i8), "direction");
  module_.tag(load, Memory::CrossingDirection);
  return load;
}

llvm::Value* Frame::isOverridden(std::uint32_t slot) {
  modelField(nullptr, "an override flag");
  llvm::LoadInst* load =
      module_.builder.CreateLoad(module_.i8, element(overridden_, slot, module_.i8), "overridden");
  module_.tag(load, Memory::Overridden);
  return module_.builder.CreateICmpNE(load, llvm::ConstantInt::get(module_.i8, 0));
}

llvm::Value* Frame::reportFunction() {
  return loadField(static_cast<unsigned>(InstanceField::Report), module_.ptr, "report");
}

void Frame::report(std::int32_t kind, llvm::Value* message, llvm::Value* values) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::BasicBlock* next = newBlock("report.next");
  if (owner_ == Owner::User) {
    llvm::BasicBlock* withInstance = newBlock("report.instance");
    b.CreateCondBr(b.CreateIsNotNull(instance_), withInstance, next);
    enter(withInstance);
  }
  llvm::Value* function = reportFunction();
  llvm::BasicBlock* call = newBlock("report");
  b.CreateCondBr(b.CreateIsNotNull(function), call, next);
  enter(call);
  llvm::Value* when = owner_ == Owner::User ? loadField(static_cast<unsigned>(InstanceField::Time),
                                                        module_.f64, "time")
                                            : time_;
  auto* type = llvm::FunctionType::get(
      b.getVoidTy(), {module_.ptr, module_.i32, module_.i32, module_.f64, module_.ptr}, false);
  if (!values) values = llvm::ConstantPointerNull::get(llvm::PointerType::get(module_.context, 0));
  b.CreateCall(type, function, {instance_, b.getInt32(kind), message, when, values});
  b.CreateBr(next);
  enter(next);
}

llvm::AllocaInst* Frame::entryVariable(llvm::Constant* initial, const llvm::Twine& name) {
  llvm::BasicBlock& entry = function_->getEntryBlock();
  llvm::IRBuilder<> entryBuilder(&entry, entry.begin());
  llvm::AllocaInst* slot = entryBuilder.CreateAlloca(initial->getType(), nullptr, name);
  entryBuilder.CreateStore(initial, slot);
  return slot;
}

llvm::AllocaInst* Frame::entryArray(std::uint32_t count, const llvm::Twine& name) {
  return entryArray(module_.f64, count, name);
}

llvm::AllocaInst* Frame::entryArray(llvm::Type* element, std::uint32_t count,
                                    const llvm::Twine& name) {
  llvm::BasicBlock& entry = function_->getEntryBlock();
  llvm::IRBuilder<> entryBuilder(&entry, entry.begin());
  auto* type = llvm::ArrayType::get(element, count);
  llvm::AllocaInst* slot = entryBuilder.CreateAlloca(type, nullptr, name);
  slot->setAlignment(llvm::Align(8));
  return slot;
}

llvm::BasicBlock* Frame::newBlock(const llvm::Twine& name) {
  return llvm::BasicBlock::Create(module_.context, name);
}

void Frame::enter(llvm::BasicBlock* block) {
  block->insertInto(function_);
  module_.builder.SetInsertPoint(block);
}

llvm::PHINode* Frame::join(llvm::BasicBlock* join, const llvm::Twine& name, Incoming first,
                           Incoming second) {
  enter(join);
  llvm::PHINode* phi = module_.builder.CreatePHI(first.value->getType(), 2, name);
  phi->addIncoming(first.value, first.from);
  phi->addIncoming(second.value, second.from);
  return phi;
}

} // namespace mocc::backend::jit
