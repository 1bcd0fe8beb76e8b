// The body of one user function (sim::Function) as structured control flow: assignments to
// frame slots and elements, if/elseif/else, for with its range evaluated once, while, break,
// return, assert and multiple-output calls. Expressions are emitted in Evaluation::Function.
#pragma once

#include "expression_emitter.h"
#include "local_frame.h"

namespace mocc::backend::jit {

class FunctionBodyEmitter {
public:
  /// Starts program.functions[index], declared as module.userFunctions[index].
  FunctionBodyEmitter(ModuleContext& module, std::size_t index);
  void emit();

private:
  void statements(const std::vector<sim::FunctionStatement>& list);
  void statement(const sim::LocalAssign& s);
  void statement(const sim::FunctionIf& s);
  void statement(const sim::FunctionFor& s);
  void statement(const sim::FunctionWhile& s);
  void statement(const sim::FunctionBreak& s);
  void statement(const sim::FunctionReturn& s);
  void statement(const sim::FunctionAssert& s);
  void statement(const sim::FunctionCallOutputs& s);
  void statement(const sim::FunctionExternalCall& s);
  /// frame[slot] := value, or frame[slot + offset] := value.
  void store(std::uint32_t slot, expr::Id offset, llvm::Value* value);
  /// The for-loop condition (i1): step > 0 and value <= stop, or step < 0 and value >= stop.
  llvm::Value* inRange(llvm::Value* value, llvm::Value* step, llvm::Value* stop);

  ModuleContext& module_;
  const sim::Function& function_;
  Frame frame_;
  LocalFrame locals_;
  ExpressionEmitter expressions_;
  std::vector<llvm::BasicBlock*> loopExits_; // innermost last
};

} // namespace mocc::backend::jit
