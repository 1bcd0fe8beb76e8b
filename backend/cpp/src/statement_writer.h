// Writes sim::Statement lists (assignments, reinit, assert, terminate, when/elsewhen, if, solve)
// into one generated ABI function: the C++ primitives of the walk both emitters share
// (sim::StatementWalk), so values, calls and reports happen in the same order as in the JIT.
#pragma once

#include "expression_writer.h"

#include "mocc/model.h"
#include "mocc/sim/statement_walk.h"

#include <map>

namespace mocc::backend::cpp {

class StatementWriter : public sim::StatementWalk<StatementWriter> {
public:
  StatementWriter(Context& context, FunctionCode& code, Evaluation evaluation);

  void write(const std::vector<sim::Statement>& statements) { walk(statements); }
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
  friend class sim::StatementWalk<StatementWriter>;
  /// The comment naming a statement: what it does and the Modelica source it came from.
  void beforeStatement(const sim::Statement& statement) { out().comment(describe(statement)); }
#define MOCC_STATEMENT_KIND(primitive, Kind) void primitive(const sim::Kind& statement);
#include "mocc/sim/statement_kinds.def"
#undef MOCC_STATEMENT_KIND
  void bindAssign(const sim::Assign& assign);
  void openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset);
  /// A bool expression: some condition variable of `branch` is true now and was false in pre().
  std::string fires(const sim::WhenBranch& branch);
  /// A call of instance->report (when the runtime has set it) at the current position.
  void report(const char* kind, std::uint32_t message, const std::vector<expr::Id>& values);
  std::string describe(const sim::Statement& statement) const;
  Code& out() { return expressions_.out(); }

  struct PendingReinit {
    std::uint32_t variable;
    std::string value; // the name of its value; `<value>_done` is set when it executed
  };

  Context& context_;
  FunctionCode& code_;
  ExpressionWriter expressions_;
  std::vector<PendingReinit> reinits_;
  std::map<std::uint32_t, std::uint32_t> open_;
};

} // namespace mocc::backend::cpp
