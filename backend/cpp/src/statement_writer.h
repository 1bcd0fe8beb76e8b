// Writes sim::Statement lists (assignments, reinit, assert, terminate, when/elsewhen, if, solve)
// into one generated ABI function. Expressions go through an ExpressionWriter that forgets its
// remembered values before each statement exactly where backend/llvm's StatementEmitter does,
// so values, calls and reports happen in the same order as in the JIT.
#pragma once

#include "expression_writer.h"

#include "mocc/model.h"

#include <map>

namespace mocc::backend::cpp {

class StatementWriter {
public:
  StatementWriter(Context& context, FunctionCode& code, Evaluation evaluation);

  void write(const std::vector<sim::Statement>& statements);
  /// Event functions only: assigns the states of every executed reinit(), in statement order
  /// (a later reinit of the same state wins), MLS 8.3.6. Returns the name of the int32_t that
  /// is 1 when any was applied.
  std::string applyReinits();
  /// Declarations of the pending reinit() values, for the start of the function.
  Code reinitDeclarations() const;

  ExpressionWriter& expressions() { return expressions_; }
  /// The residual form (model.h, dae_residuals): top-level Solve statements of these loops
  /// (loop -> first position) are not solved; the loop's iteration variables are read from
  /// z[offset + i] and its residuals written to r[offset + i].
  void openSystems(std::map<std::uint32_t, std::uint32_t> offsets) { open_ = std::move(offsets); }

private:
  void write(const sim::Statement& statement);
  void call(const sim::Call& call);
  void assign(const sim::Assign& assign);
  void assignPre(const sim::AssignPre& assign);
  void bindAssign(const sim::Assign& assign);
  void reinit(const sim::Reinit& reinit);
  void assertion(const sim::Assert& check);
  void terminate(const sim::Terminate& stop);
  void when(const sim::When& when);
  void ifStatement(const sim::If& statement);
  /// Calls mocc_solve_system with the current values as the first guess; in event mode then
  /// evaluates the loop once more so that its relations are evaluated and stored (systems.cpp).
  void solve(const sim::Solve& solve);
  void openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset);
  /// A bool expression: some condition variable of `branch` is true now and was false in pre().
  std::string fires(const sim::WhenBranch& branch);
  /// A call of instance->report (when the runtime has set it) at the current position.
  void report(const char* kind, std::uint32_t message, const std::vector<expr::Id>& values);
  void writeNested(const std::vector<sim::Statement>& statements);
  /// The comment naming a statement: what it does and the Modelica source it came from.
  std::string describe(const sim::Statement& statement) const;
  Code& out() { return expressions_.out(); }

  struct PendingReinit {
    std::uint32_t variable;
    std::string value; // the name of its value; `<value>_done` is set when it executed
  };

  Context& context_;
  FunctionCode& code_;
  Evaluation evaluation_;
  ExpressionWriter expressions_;
  std::vector<PendingReinit> reinits_;
  std::map<std::uint32_t, std::uint32_t> open_;
  int depth_ = 0; // statements nested in when or if bodies
};

} // namespace mocc::backend::cpp
