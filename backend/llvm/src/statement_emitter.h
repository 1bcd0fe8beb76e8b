// Emits sim::Statement lists (assignments, reinit, assert, terminate, when/elsewhen, if, solve)
// into one generated ABI function. Expressions go through an ExpressionEmitter that forgets its
// shared values before each statement, so a value is never reused after an assignment changed
// it; only call results survive straight-line assignments that leave their arguments alone.
#pragma once

#include "expression_emitter.h"

#include "mocc/model.h"

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

class StatementEmitter {
public:
  StatementEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation);

  void emit(const std::vector<sim::Statement>& statements);
  /// Event functions only: assigns the states of every executed reinit(), in statement order
  /// (a later reinit of the same state wins), MLS 8.3.6. Returns i32 1 when any was applied.
  llvm::Value* applyReinits();

  ExpressionEmitter& expressions() { return expressions_; }
  void openSystems(OpenSystems open) { open_ = std::move(open); }

private:
  void emit(const sim::Statement& statement);
  void assign(const sim::Assign& assign);
  void bindAssign(const sim::Assign& assign);
  void reinit(const sim::Reinit& reinit);
  void assertion(const sim::Assert& check);
  void terminate(const sim::Terminate& stop);
  void when(const sim::When& when);
  void ifStatement(const sim::If& statement);
  /// Calls mocc_solve_system with the current values as the first guess; in event mode then
  /// evaluates the loop once more so that its relations are evaluated and stored.
  void solve(const sim::Solve& solve);
  void openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset);
  /// i1: some condition variable of `branch` is true now and was false in pre().
  llvm::Value* fires(const sim::WhenBranch& branch);
  /// Calls instance->report(instance, kind, message, time) when the runtime has set it.
  void report(mocc_report_kind kind, std::uint32_t message, const std::vector<expr::Id>& values);
  void emitNested(const std::vector<sim::Statement>& statements);

  struct PendingReinit {
    std::uint32_t variable;
    llvm::AllocaInst* value;
    llvm::AllocaInst* executed; // i1
  };

  ModuleContext& module_;
  Frame& frame_;
  Evaluation evaluation_;
  ExpressionEmitter expressions_;
  std::vector<PendingReinit> reinits_;
  OpenSystems open_;
  int depth_ = 0; // statements nested in when or if bodies
};

} // namespace mocc::backend::jit
