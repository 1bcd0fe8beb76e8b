// BodyParts: items (top-level statements and output values) grouped greedily by weight, a
// statement weighing one plus its nested statements. One group is emitted straight into the
// ABI function; several become the functions <entry>.part<k>(instance, pointers...), internal
// and noinline so that the optimiser keeps them apart, called in order by the entry. The reinit
// buffer (ReinitSlot) lives on the entry's stack and is passed to every part.
#include "body_parts.h"

namespace mocc::backend::jit {

namespace {

/// Statements and values per part. Measured on a chain of 800 masses at -O2 (2,400 equations):
/// 4.4 s for LLVM with parts of 25 or 50, 5.4 s with 100, 7.5 s with 200, 8.7 s with 400 and
/// growing with the model without parts; a call per 50 statements costs nothing at run time.
constexpr std::uint32_t kPartWeight = 50;

} // namespace

BodyParts::BodyParts(ModuleContext& module, llvm::Function* entry, Evaluation evaluation)
    : module_(module), entry_(entry), evaluation_(evaluation), frame_(module, entry) {}

void BodyParts::addStatements(const std::vector<sim::Statement>& statements) {
  for (const sim::Statement& statement : statements) {
    sim::StatementCount size = sim::countStatements(statement);
    Item item;
    item.statement = &statement;
    item.weight = static_cast<std::uint32_t>(size.statements);
    item.reinits = static_cast<std::uint32_t>(size.reinits);
    reinitCount_ += size.reinits;
    items_.push_back(item);
  }
}

void BodyParts::addValues(const std::vector<expr::Id>& values, Memory memory, double missing) {
  for (std::size_t k = 0; k < values.size(); ++k) {
    Item item;
    item.value = values[k];
    item.position = static_cast<std::uint32_t>(k);
    item.memory = memory;
    item.missing = missing;
    items_.push_back(item);
  }
}

void BodyParts::openSystems(std::map<std::uint32_t, std::uint32_t> offsets) {
  openOffsets_ = std::move(offsets);
}

std::vector<BodyParts::Group> BodyParts::groups() const {
  std::vector<Group> groups(1);
  std::uint32_t weight = 0;
  for (const Item& item : items_) {
    if (weight > 0 && weight + item.weight > kPartWeight) {
      groups.emplace_back();
      weight = 0;
    }
    groups.back().push_back(&item);
    weight += item.weight;
  }
  return groups;
}

void BodyParts::emitGroup(Frame& frame, const Group& group,
                          const std::vector<llvm::Value*>& pointers,
                          std::uint32_t firstReinitSlot) {
  llvm::IRBuilder<>& b = module_.builder;
  StatementEmitter emitter(module_, frame, evaluation_);
  std::size_t entryPointers = entry_->arg_size() - 1;
  if (!openOffsets_.empty()) emitter.openSystems({openOffsets_, pointers.at(0), pointers.at(1)});
  if (reinitCount_ > 0) emitter.useReinitSlots(pointers.back(), firstReinitSlot, reinitSlots_);
  bool afterStatement = false;
  for (const Item* item : group) {
    if (item->statement) {
      emitter.emit(*item->statement);
      afterStatement = true;
      continue;
    }
    if (entryPointers == 0) throw EmitError("values without an output array");
    // A statement may have left values of its branches in the cache: they do not dominate.
    if (afterStatement) emitter.expressions().forgetAll();
    afterStatement = false;
    llvm::Value* value =
        item->value.valid() ? emitter.expressions().emit(item->value) : module_.real(item->missing);
    llvm::Value* out = pointers[entryPointers - 1];
    llvm::Value* address = b.CreateConstInBoundsGEP1_64(module_.f64, out, item->position);
    module_.tag(b.CreateStore(value, address), item->memory);
  }
}

llvm::Function* BodyParts::declarePart(std::size_t number) {
  std::vector<llvm::Type*> parameters(entry_->arg_size() + (reinitCount_ > 0 ? 1 : 0), module_.ptr);
  auto* type = llvm::FunctionType::get(module_.builder.getVoidTy(), parameters, false);
  llvm::Function* part =
      llvm::Function::Create(type, llvm::Function::InternalLinkage,
                             entry_->getName() + ".part" + llvm::Twine(number), module_.module);
  part->setDoesNotThrow();
  part->addFnAttr(llvm::Attribute::NoInline);
  return part;
}

llvm::Value* BodyParts::emit() {
  llvm::IRBuilder<>& b = module_.builder;
  std::vector<llvm::Value*> pointers;
  for (std::size_t i = 1; i < entry_->arg_size(); ++i)
    pointers.push_back(entry_->getArg(i));
  llvm::Value* reinitBuffer = nullptr;
  if (reinitCount_ > 0) {
    reinitBuffer = frame_.entryArray(2 * reinitCount_, "reinit");
    for (std::uint32_t slot = 0; slot < reinitCount_; ++slot)
      b.CreateStore(module_.real(0),
                    b.CreateConstInBoundsGEP1_64(module_.f64, reinitBuffer, 2 * slot + 1));
    pointers.push_back(reinitBuffer);
  }
  std::vector<Group> parts = groups();
  if (parts.size() == 1) {
    emitGroup(frame_, parts.front(), pointers, 0);
  } else {
    llvm::BasicBlock* entryEnd = b.GetInsertBlock();
    std::vector<llvm::Function*> functions;
    std::uint32_t firstReinitSlot = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      llvm::Function* part = declarePart(k);
      Frame frame(module_, part);
      std::vector<llvm::Value*> arguments;
      for (std::size_t i = 1; i < part->arg_size(); ++i)
        arguments.push_back(part->getArg(i));
      emitGroup(frame, parts[k], arguments, firstReinitSlot);
      b.CreateRetVoid();
      for (const Item* item : parts[k])
        firstReinitSlot += item->reinits;
      functions.push_back(part);
    }
    b.SetInsertPoint(entryEnd);
    std::vector<llvm::Value*> arguments{frame_.instance()};
    arguments.insert(arguments.end(), pointers.begin(), pointers.end());
    for (llvm::Function* part : functions)
      b.CreateCall(part, arguments);
  }
  if (evaluation_ != Evaluation::Event) return nullptr;
  if (!reinitBuffer) return b.getInt32(0);
  return StatementEmitter::applyReinits(module_, frame_, reinitBuffer, reinitSlots_);
}

} // namespace mocc::backend::jit
