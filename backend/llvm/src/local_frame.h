// The frame of one user function (sim::Function): a stack array of doubles holding inputs,
// outputs and protected variables, the run-time check of element offsets, and the two exits
// of the function: the normal return (outputs copied out) and the abort after a failed assert
// or subscript (reported, then the same return).
#pragma once

#include "frame.h"

#include <optional>
#include <unordered_map>

namespace mocc::backend::jit {

class LocalFrame {
public:
  /// Allocates the frame in the entry block of `frame`'s function, zeroes it and copies the
  /// `inputs` argument into its first slots.
  LocalFrame(ModuleContext& module, Frame& frame, const sim::Function& function);

  const sim::Function& function() const { return function_; }

  llvm::Value* load(std::uint32_t slot);
  /// The address of frame slot `slot` (external calls pass arrays of doubles in place).
  llvm::Value* address(std::uint32_t slot) { return slotAddress(slot); }
  void store(std::uint32_t slot, llvm::Value* value);
  /// The address of element `offset` (a double holding an Integer, 0-based) of the array
  /// whose first slot is `base`. A constant offset is checked here; any other is checked at
  /// run time, leaving the function through abort() when it is out of range.
  llvm::Value* element(std::uint32_t base, llvm::Value* offset);

  /// Ends the current block with a jump to the abort exit, which reports `message` as a
  /// failed assert and leaves the function (its evaluation is aborted).
  void abort(std::uint32_t message);
  /// Ends the current block with a jump to the normal exit.
  void leave();
  /// Positions the builder in a new block that nothing branches to, for the statements that
  /// follow a break, a return or an abort.
  void continueUnreachable();

  /// Ends the body (falls through to the normal exit) and emits both exits.
  void finish();

private:
  struct Array {
    std::uint32_t size;
    std::uint32_t message;
  };
  const Array& array(std::uint32_t base) const;
  llvm::Value* slotAddress(std::uint32_t slot);
  void checkSlot(std::uint32_t slot) const;

  ModuleContext& module_;
  Frame& frame_;
  const sim::Function& function_;
  llvm::AllocaInst* slots_;
  std::unordered_map<std::uint32_t, Array> arrays_; // by first slot
  llvm::BasicBlock* returnBlock_;
  llvm::BasicBlock* abortBlock_;
  llvm::PHINode* abortMessage_ = nullptr;
};

} // namespace mocc::backend::jit
