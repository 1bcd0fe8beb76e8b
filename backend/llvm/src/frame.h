// One generated function's view of its mocc_instance. In an ABI function: the instance
// fields, loaded once in the entry block (generated code never writes them), and loads and
// stores of the program's variables in x, dx, v, pre_x and pre_v. In a user function only
// reports go through the instance, which the caller passes along.
#pragma once

#include "module_context.h"

namespace mocc::backend::jit {

class Frame {
public:
  /// Which function a frame belongs to.
  enum class Owner {
    Model, // an ABI function: the instance fields are loaded in the entry block
    User,  // a user function: the instance (maybe null) is only used to report
  };
  /// Starts `function`, whose first argument is the mocc_instance pointer: creates the entry
  /// block, positions the builder in it and, for a model function, loads the instance fields.
  Frame(ModuleContext& module, llvm::Function* function, Owner owner = Owner::Model);

  llvm::Function* function() const { return function_; }
  llvm::Value* instance() const { return instance_; }
  /// instance->time (double).
  llvm::Value* time() const { return modelField(time_, "time"); }
  /// instance->mode == MOCC_MODE_INITIAL (i1).
  llvm::Value* isInitialMode() const { return modelField(isInitialMode_, "initial()"); }
  /// instance->mode == MOCC_MODE_EVENT (i1): sample() may be true.
  llvm::Value* isSampling() const { return modelField(isSampling_, "sample()"); }
  /// instance->terminal != 0 (i1).
  llvm::Value* isTerminal() const { return modelField(isTerminal_, "terminal()"); }
  /// instance->homotopy_lambda (double), the parameter of homotopy() (MLS 3.7.4.4).
  llvm::Value* homotopyLambda() const { return modelField(homotopyLambda_, "homotopy()"); }

  /// The current value of variables[variable] (double).
  llvm::Value* load(std::uint32_t variable);
  /// pre(variables[variable]) from pre_x or pre_v; a derivative has no pre() storage.
  llvm::Value* loadPre(std::uint32_t variable);
  void store(std::uint32_t variable, llvm::Value* value);
  /// Stores into pre(variables[variable]) (sim::AssignPre, in initialize only).
  void storePre(std::uint32_t variable, llvm::Value* value);

  /// crossing_direction[crossing] (i8).
  llvm::Value* crossingDirection(std::uint32_t crossing);
  /// overridden[slot] != 0 (i1).
  llvm::Value* isOverridden(std::uint32_t slot);
  /// Calls instance->report(instance, kind, message, time) at the builder's position when
  /// the runtime has set it (`message` is an i32). In a user function the instance may be
  /// null, and the time is loaded where the report happens.
  /// instance->report(kind, message, time, values); `values` null when the message has none.
  void report(std::int32_t kind, llvm::Value* message, llvm::Value* values = nullptr);

  /// A stack slot allocated at the start of the entry block and set there to `initial`.
  llvm::AllocaInst* entryVariable(llvm::Constant* initial, const llvm::Twine& name);
  /// `count` doubles allocated at the start of the entry block, uninitialised.
  llvm::AllocaInst* entryArray(std::uint32_t count, const llvm::Twine& name);
  /// `count` values of `element` type, the same way.
  llvm::AllocaInst* entryArray(llvm::Type* element, std::uint32_t count, const llvm::Twine& name);
  /// A new basic block, not yet placed in the function (see enter()).
  llvm::BasicBlock* newBlock(const llvm::Twine& name);
  /// Appends `block` to the function and positions the builder at its end. Placing blocks
  /// when they are entered keeps the textual IR in source order.
  void enter(llvm::BasicBlock* block);
  /// A value and the block it comes from into a join.
  struct Incoming {
    llvm::Value* value;
    llvm::BasicBlock* from;
  };
  /// Enters `join` and returns the phi of the two incoming values (of `first`'s type).
  llvm::PHINode* join(llvm::BasicBlock* join, const llvm::Twine& name, Incoming first,
                      Incoming second);

private:
  struct Storage {
    llvm::Value* base;
    Memory memory;
  };
  /// Where the current value of `v` lives: x, dx or v.
  Storage current(const sim::Variable& v) const;
  const sim::Variable& variable(std::uint32_t index) const;
  /// `value` when this is a model function's frame; a user function cannot read it.
  llvm::Value* modelField(llvm::Value* value, const char* what) const;
  llvm::Value* reportFunction();
  llvm::Value* loadField(unsigned field, llvm::Type* type, const llvm::Twine& name);
  llvm::Value* element(llvm::Value* base, std::uint32_t index, llvm::Type* type);

  ModuleContext& module_;
  llvm::Function* function_;
  Owner owner_;
  llvm::Value* instance_;
  llvm::Value* time_ = nullptr;
  llvm::Value* isInitialMode_ = nullptr;
  llvm::Value* isSampling_ = nullptr;
  llvm::Value* isTerminal_ = nullptr;
  llvm::Value* homotopyLambda_ = nullptr;
  llvm::Value* x_ = nullptr;
  llvm::Value* dx_ = nullptr;
  llvm::Value* v_ = nullptr;
  llvm::Value* preX_ = nullptr;
  llvm::Value* preV_ = nullptr;
  llvm::Value* crossingDirection_ = nullptr;
  llvm::Value* overridden_ = nullptr;
};

} // namespace mocc::backend::jit
