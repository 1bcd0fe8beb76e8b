// Emits expression DAG nodes (expr::Pool) as LLVM IR at the builder's position. Every value is
// a double: Integers are exact doubles, Booleans 0.0 or 1.0 (a comparison's i1 becomes a double
// with uitofp). Arithmetic follows builtins.cpp operation by operation so that constant folding,
// the JIT and the C++ emitter agree bit for bit. User-function calls go through stack buffers
// (function_calls.cpp); inside a user function, Local nodes read its frame.
#pragma once

#include "frame.h"
#include "module_context.h"

#include "mocc/sim/expression_walk.h"
#include "mocc/sim/remembered.h"

#include <map>
#include <unordered_map>
#include <vector>

namespace mocc::backend::jit {

class LocalFrame;

class ExpressionEmitter {
public:
  /// `locals` is the frame of the user function being emitted (Evaluation::Function), else
  /// null.
  ExpressionEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation,
                    LocalFrame* locals = nullptr);

  /// The value of `id` (double). Shared nodes are emitted once until forget() is called.
  llvm::Value* emit(expr::Id id);
  /// The truth of `id` (i1): its value is nonzero, as C++'s `value != 0`.
  llvm::Value* emitCondition(expr::Id id);
  /// Forgets every remembered value except kept call outputs (see keepCalls()). Called before
  /// each statement, because an assignment may change a variable that a remembered value has
  /// read.
  void forget() { remembered_.forget(); }
  /// Forgets everything, kept call outputs included. Needed before any statement that
  /// branches or assigns more than one variable.
  void forgetAll() { remembered_.forgetAll(); }
  /// While set, the outputs of calls emitted outside any branch are kept across forget(), so
  /// that straight-line assignments `a := f(x)[0]; b := f(x)[1]` call f once; assigned()
  /// drops those whose arguments read a changed variable.
  void keepCalls(bool keep) { remembered_.keepCalls(keep); }
  void assigned(std::uint32_t variable) { remembered_.assigned(variable); }
  /// The buffer holding every output element of the call `id` (a FunctionCall node): the
  /// arguments are evaluated and the function called once while the result is remembered.
  llvm::Value* callOutputs(expr::Id id);
  /// Element `element` of `outputs`, the output buffer of the call `id` (callOutputs), read
  /// once the callee is known to have it (the targets of a multiple assignment).
  llvm::Value* outputElement(expr::Id id, llvm::Value* outputs, std::uint32_t element);

  Evaluation evaluation() const { return evaluation_; }

  /// The values of a message, evaluated in order into a buffer whose pointer is returned, in
  /// a scope of their own (they are evaluated only where the message is reported); null when
  /// there are none.
  llvm::Value* messageValues(const std::vector<expr::Id>& values);

private:
  /// Loads outputs[element], named callee[element].
  llvm::Value* loadOutput(llvm::Value* outputs, std::uint32_t element, const std::string& callee);
  template <class Target> friend auto sim::visitNode(const expr::Pool&, expr::Id, Target&);
  llvm::Value* leaf(expr::Id id);
  llvm::Value* arithmetic(expr::Id id);
  llvm::Value* comparison(expr::Id id) {
    return toDouble(compare(pool().op(id), emit(pool().arg(id, 0)), emit(pool().arg(id, 1))));
  }
  llvm::Value* noEvent(expr::Id id) { return emit(pool().arg(id, 0)); }
  llvm::Value* logic(expr::Id id);
  llvm::Value* shortCircuit(expr::Op op, expr::Id lhs, expr::Id rhs);
  llvm::Value* ifThenElse(expr::Id id);
  llvm::Value* homotopy(expr::Id id);
  llvm::Value* delay(expr::Id id);
  llvm::Value* builtin(expr::Id id);
  llvm::Value* text(expr::Builtin fn, std::vector<llvm::Value*> operands);
  llvm::Value* relation(expr::Id id);
  llvm::Value* continuousRelation(const sim::Relation& relation, expr::Id comparison);
  llvm::Value* eventRelation(const sim::Relation& relation, expr::Id comparison);
  llvm::Value* timeRelation(expr::Id comparison, llvm::Value* lhs, llvm::Value* rhs);
  llvm::Value* crossingRelation(const sim::Relation& relation, expr::Op op, llvm::Value* lhs,
                                llvm::Value* rhs);
  llvm::Value* sample(expr::Id id);
  llvm::Value* local(expr::Id id);
  llvm::Value* functionCall(expr::Id id);
  LocalFrame& locals(expr::Id id);

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
  LocalFrame* locals_;
  sim::Remembered<llvm::Value*> remembered_;
};

/// if/elseif/else of an algorithm or a function body: each condition is tested in its own
/// block after the bodies before it were emitted, so nothing remembered there is reused.
/// `emitBody` emits a branch's statements.
template <class Branch, class Statements, class EmitBody>
void emitIfChain(ModuleContext& module, Frame& frame, ExpressionEmitter& expressions,
                 const std::vector<Branch>& branches, const Statements& elseBody,
                 EmitBody emitBody) {
  llvm::IRBuilder<>& b = module.builder;
  llvm::BasicBlock* end = frame.newBlock("if.end");
  for (const Branch& branch : branches) {
    expressions.forgetAll(); // the previous branch's body was emitted in between
    llvm::Value* holds = expressions.emitCondition(branch.condition);
    llvm::BasicBlock* body = frame.newBlock("if.body");
    llvm::BasicBlock* otherwise = frame.newBlock("if.next");
    b.CreateCondBr(holds, body, otherwise);
    frame.enter(body);
    emitBody(branch.body);
    b.CreateBr(end);
    frame.enter(otherwise);
  }
  emitBody(elseBody);
  b.CreateBr(end);
  frame.enter(end);
}

} // namespace mocc::backend::jit
