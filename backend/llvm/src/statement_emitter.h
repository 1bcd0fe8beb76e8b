// Emits sim::Statement lists (assignments, reinit, assert, terminate, when/elsewhen, if, solve)
// into one generated ABI function: the LLVM primitives of the walk both emitters share
// (sim::StatementWalk), which decides what the ExpressionEmitter may reuse across statements.
#pragma once

#include "expression_emitter.h"

#include "mocc/model.h"
#include "mocc/sim/statement_walk.h"

#include <map>

namespace mocc::backend::jit {

/// The residual form (model.h, dae_residuals): top-level Solve statements of these loops are
/// not solved; the loop's iteration variables are read from z[offset + i] and its residuals
/// written to r[offset + i].
struct OpenSystems {
  std::map<std::uint32_t, std::uint32_t> offsets; // loop -> first position in z and r
  llvm::Value* z = nullptr;
  llvm::Value* r = nullptr;
};

/// Where an executed reinit() left its value: slot k of the reinit buffer, an array of doubles
/// holding the value at 2k and 1.0 at 2k + 1 once the reinit() ran (0.0 before).
struct ReinitSlot {
  std::uint32_t variable;
  std::uint32_t slot;
};

class StatementEmitter : public sim::StatementWalk<StatementEmitter> {
public:
  StatementEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation);

  void emit(const std::vector<sim::Statement>& statements) { walk(statements); }
  void emit(const sim::Statement& statement) { walk(statement); }
  /// Event functions only: reinit() values go to `buffer` (ReinitSlot), from slot `first` on,
  /// and each emitted reinit() is appended to `slots`.
  void useReinitSlots(llvm::Value* buffer, std::uint32_t first, std::vector<ReinitSlot>& slots);
  /// Assigns the states of every executed reinit() of `slots`, in statement order (a later
  /// reinit of the same state wins), MLS 8.3.6. Returns i32 1 when any was applied.
  static llvm::Value* applyReinits(ModuleContext& module, Frame& frame, llvm::Value* buffer,
                                   const std::vector<ReinitSlot>& slots);

  ExpressionEmitter& expressions() { return expressions_; }
  void openSystems(OpenSystems open) { open_ = std::move(open); }

private:
  friend class sim::StatementWalk<StatementEmitter>;
  void beforeStatement(const sim::Statement&) {}
#define MOCC_STATEMENT_KIND(primitive, Kind) void primitive(const sim::Kind& statement);
#include "mocc/sim/statement_kinds.def"
#undef MOCC_STATEMENT_KIND
  void bindAssign(const sim::Assign& assign);
  void openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset);
  /// i1: some condition variable of `branch` is true now and was false in pre().
  llvm::Value* fires(const sim::WhenBranch& branch);
  /// Calls instance->report(instance, kind, message, time) when the runtime has set it.
  void report(mocc_report_kind kind, std::uint32_t message, const std::vector<expr::Id>& values);

  ModuleContext& module_;
  Frame& frame_;
  ExpressionEmitter expressions_;
  llvm::Value* reinitBuffer_ = nullptr;
  std::uint32_t nextReinitSlot_ = 0;
  std::vector<ReinitSlot>* reinitSlots_ = nullptr;
  OpenSystems open_;
};

} // namespace mocc::backend::jit
