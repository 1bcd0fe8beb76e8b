// The body of one ABI function, split into parts when it is long. LLVM's optimiser and its
// instruction scheduler cost grows faster than linearly with the size of a function (seconds
// for a few hundred equations, minutes for a few thousand: bench/README.md), so a long body
// becomes internal, never-inlined part functions of bounded size that the ABI function calls in
// order. The parts communicate through the instance, as consecutive statements do: every
// variable lives in x, dx or v, never in a register across statements.
#pragma once

#include "statement_emitter.h"

#include <cstdint>
#include <vector>

namespace mocc::backend::jit {

class BodyParts {
public:
  /// The body of `entry`, an ABI function whose first argument is the instance and whose other
  /// arguments are pointers (the output array, or z and r of dae_residuals). The constructor
  /// starts the entry's frame.
  BodyParts(ModuleContext& module, llvm::Function* entry, Evaluation evaluation);

  /// Appends statements, run in order.
  void addStatements(const std::vector<sim::Statement>& statements);
  /// Appends out[k] := values[k], out being the entry's last argument (`missing` where a value
  /// is invalid), evaluated after the statements added before.
  void addValues(const std::vector<expr::Id>& values, Memory memory, double missing = 0.0);
  /// Top-level Solve statements of these loops are opened (OpenSystems); z and r are the
  /// entry's second and third arguments.
  void openSystems(std::map<std::uint32_t, std::uint32_t> offsets);

  /// Emits the body. In event evaluation then applies the executed reinit() and returns i32 1
  /// when any was applied (StatementEmitter::applyReinits), otherwise returns null. The builder
  /// is left at the end of the entry function, which the caller terminates.
  llvm::Value* emit();

private:
  struct Item {
    const sim::Statement* statement = nullptr; // or else the value:
    expr::Id value;
    std::uint32_t position = 0;
    Memory memory = Memory::OutputArray;
    double missing = 0.0;
    std::uint32_t weight = 1;
    std::uint32_t reinits = 0; // reinit() statements in the statement, nested ones included
  };
  using Group = std::vector<const Item*>;

  std::vector<Group> groups() const;
  /// Emits `group` into the function of `frame`, whose arguments after the instance are
  /// `pointers`: the entry's, then the reinit slots when there are any.
  void emitGroup(Frame& frame, const Group& group, const std::vector<llvm::Value*>& pointers,
                 std::uint32_t firstReinitSlot);
  llvm::Function* declarePart(std::size_t number);

  ModuleContext& module_;
  llvm::Function* entry_;
  Evaluation evaluation_;
  Frame frame_;
  std::vector<Item> items_;
  std::map<std::uint32_t, std::uint32_t> openOffsets_;
  std::uint32_t reinitCount_ = 0;
  std::vector<ReinitSlot> reinitSlots_; // filled while the parts are emitted
};

} // namespace mocc::backend::jit
