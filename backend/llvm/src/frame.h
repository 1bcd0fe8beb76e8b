// One generated ABI function's view of its mocc_instance: the instance fields, loaded once in
// the entry block (generated code never writes them), and loads and stores of the program's
// variables in x, dx, v, pre_x and pre_v.
#pragma once

#include "module_context.h"

namespace mocc::backend::jit {

class Frame {
public:
  /// Starts `function`, whose first argument is the mocc_instance pointer: creates the entry
  /// block, positions the builder in it and loads the instance fields.
  Frame(ModuleContext& module, llvm::Function* function);

  llvm::Function* function() const { return function_; }
  llvm::Value* instance() const { return instance_; }
  /// instance->time (double).
  llvm::Value* time() const { return time_; }
  /// instance->mode == MOCC_MODE_INITIAL (i1).
  llvm::Value* isInitialMode() const { return isInitialMode_; }
  /// instance->terminal != 0 (i1).
  llvm::Value* isTerminal() const { return isTerminal_; }

  /// The current value of variables[variable] (double).
  llvm::Value* load(std::uint32_t variable);
  /// pre(variables[variable]) from pre_x or pre_v; a derivative has no pre() storage.
  llvm::Value* loadPre(std::uint32_t variable);
  void store(std::uint32_t variable, llvm::Value* value);

  /// crossing_direction[crossing] (i8).
  llvm::Value* crossingDirection(std::uint32_t crossing);
  /// overridden[slot] != 0 (i1).
  llvm::Value* isOverridden(std::uint32_t slot);
  /// instance->report, loaded where it is called.
  llvm::Value* reportFunction();

  /// A stack slot allocated at the start of the entry block and set there to `initial`.
  llvm::AllocaInst* entryVariable(llvm::Constant* initial, const llvm::Twine& name);
  /// A new basic block, not yet placed in the function (see enter()).
  llvm::BasicBlock* newBlock(const llvm::Twine& name);
  /// Appends `block` to the function and positions the builder at its end. Placing blocks
  /// when they are entered keeps the textual IR in source order.
  void enter(llvm::BasicBlock* block);

private:
  struct Storage {
    llvm::Value* base;
    Memory memory;
  };
  /// Where the current value of `v` lives: x, dx or v.
  Storage current(const sim::Variable& v) const;
  const sim::Variable& variable(std::uint32_t index) const;
  llvm::Value* loadField(unsigned field, llvm::Type* type, const llvm::Twine& name);
  llvm::Value* element(llvm::Value* base, std::uint32_t index, llvm::Type* type);

  ModuleContext& module_;
  llvm::Function* function_;
  llvm::Value* instance_;
  llvm::Value* time_ = nullptr;
  llvm::Value* isInitialMode_ = nullptr;
  llvm::Value* isTerminal_ = nullptr;
  llvm::Value* x_ = nullptr;
  llvm::Value* dx_ = nullptr;
  llvm::Value* v_ = nullptr;
  llvm::Value* preX_ = nullptr;
  llvm::Value* preV_ = nullptr;
  llvm::Value* crossingDirection_ = nullptr;
  llvm::Value* overridden_ = nullptr;
};

} // namespace mocc::backend::jit
