// Emits expression DAG nodes (expr::Pool) as LLVM IR at the builder's position. Every value is
// a double: Integers are exact doubles, Booleans 0.0 or 1.0 (a comparison's i1 becomes a double
// with uitofp). Arithmetic follows builtins.cpp operation by operation so that constant folding,
// the JIT and the C++ emitter agree bit for bit.
#pragma once

#include "frame.h"
#include "module_context.h"

#include <unordered_map>
#include <vector>

namespace mocc::backend::jit {

class ExpressionEmitter {
public:
  ExpressionEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation);

  /// The value of `id` (double). Shared nodes are emitted once until forget() is called.
  llvm::Value* emit(expr::Id id);
  /// The truth of `id` (i1): its value is nonzero, as C++'s `value != 0`.
  llvm::Value* emitCondition(expr::Id id);
  /// Forgets every remembered value. Called before each statement, because an assignment may
  /// change a variable that a remembered value has read.
  void forget();

  Evaluation evaluation() const { return evaluation_; }

private:
  llvm::Value* emitNode(expr::Id id);
  llvm::Value* leaf(expr::Id id);
  llvm::Value* arithmetic(expr::Id id);
  llvm::Value* logic(expr::Id id);
  llvm::Value* ifThenElse(expr::Id id);
  llvm::Value* builtin(expr::Id id);
  llvm::Value* relation(expr::Id id);
  llvm::Value* eventRelation(const sim::Relation& relation, expr::Id comparison);
  llvm::Value* timeRelation(expr::Id comparison, llvm::Value* lhs, llvm::Value* rhs);
  llvm::Value* crossingRelation(const sim::Relation& relation, expr::Op op, llvm::Value* lhs,
                                llvm::Value* rhs);
  llvm::Value* sample(expr::Id id);

  /// lhs op rhs for a comparison op (i1), as C++'s operators on doubles.
  llvm::Value* compare(expr::Op op, llvm::Value* lhs, llvm::Value* rhs);
  llvm::Value* toDouble(llvm::Value* truth);
  /// Emits `id` inside a branch of an If: values made there are forgotten afterwards, since
  /// they do not dominate the code after the branch.
  llvm::Value* emitInBranch(expr::Id id);

  const expr::Pool& pool() const { return module_.program.pool; }

  ModuleContext& module_;
  Frame& frame_;
  Evaluation evaluation_;
  /// Remembered values, innermost If branch last. Outer scopes dominate inner ones.
  std::vector<std::unordered_map<std::uint32_t, llvm::Value*>> scopes_;
};

} // namespace mocc::backend::jit
