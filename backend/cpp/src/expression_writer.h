// Writes expression DAG nodes (expr::Pool) as C++ at the current position of a function. Every
// value is a double as in the JIT: Integers are exact doubles, Booleans 0.0 or 1.0. Pure
// operations become C++ expressions with the parentheses of the DAG (C++ never reassociates
// floating point), a node used more than once in a statement becomes a `const` temporary;
// what has effects or control flow (relations stored at events, calls, If nodes, checked
// subscripts, short-circuit logic) becomes statements, in the order backend/llvm emits it.
// What is remembered, and for how long, follows backend/llvm's ExpressionEmitter exactly.
#pragma once

#include "context.h"

#include "mocc/sim/expression_walk.h"
#include "mocc/sim/remembered.h"

#include <map>
#include <optional>
#include <span>
#include <unordered_map>

namespace mocc::backend::cpp {

/// A C++ expression with its precedence level (0: primary, 3: unary, 5: multiplicative,
/// 6: additive, 9: relational, 10: equality, 14: &&, 15: ||, 16: ?:) and its C++ type.
struct Text {
  std::string code;
  int precedence = 0;
  bool boolean = false; // a bool; else a double
};

/// `text` as a double expression (a bool converted as the JIT's uitofp does).
Text asDouble(const Text& text);
/// `text` as a bool expression: a double is true when it is nonzero (NaN included).
Text asBool(const Text& text);
/// `text` as an operand of an operator of precedence `precedence`, parenthesised when it binds
/// less tightly (`rightOperand`: also when equally, as operators associate to the left).
std::string operandOf(const Text& text, int precedence, bool rightOperand = false);

/// Where a user function's body leaves to on an abort (bounds check, failed assert).
inline constexpr const char* kFinishLabel = "finish";

class ExpressionWriter {
public:
  /// `function` is the user function being written (Evaluation::Function), else null.
  ExpressionWriter(Context& context, FunctionCode& code, Evaluation evaluation,
                   const sim::Function* function = nullptr);

  /// Counts the uses of the nodes below `roots`, the expressions of the statement about to be
  /// written, to choose which become temporaries.
  void countUses(std::span<const expr::Id> roots);
  /// The value of `id` as a double expression, valid at the current position.
  std::string value(expr::Id id);
  /// The same with its precedence, for use as an operand.
  Text valueText(expr::Id id) { return asDouble(emit(id)); }
  /// The truth of `id` (its value is nonzero) as a bool expression.
  std::string condition(expr::Id id);

  /// Forgets every remembered value except kept call outputs (see keepCalls()).
  void forget() { remembered_.forget(); }
  /// Forgets everything, kept call outputs included.
  void forgetAll() { remembered_.forgetAll(); }
  /// While set, the outputs of calls written outside any branch are kept across forget();
  /// assigned() drops those whose arguments read a changed variable.
  void keepCalls(bool keep) { remembered_.keepCalls(keep); }
  void assigned(std::uint32_t variable) { remembered_.assigned(variable); }
  /// The name of the buffer holding every output element of the call `id` (a FunctionCall
  /// node): the arguments are evaluated and the function called once while it is remembered.
  std::string callOutputs(expr::Id id);
  /// `outputs[element]`, an element of the output buffer of the call `id` (callOutputs), once
  /// the callee is known to have it (the targets of a multiple assignment).
  std::string outputElement(expr::Id id, const std::string& outputs, std::uint32_t element) const;
  /// The frame element `frame[base + offset]` of a user function as an lvalue; a non-constant
  /// offset is checked first (an abort leaves through kFinishLabel).
  std::string element(std::uint32_t base, expr::Id offset);
  /// The same with the offset already written (`offset` is the text of `offsetNode`).
  std::string element(std::uint32_t base, expr::Id offsetNode, const Text& offset);
  /// The frame slot `frame[slot]`, checked against the frame's size.
  std::string slot(std::uint32_t slot) const;
  /// Where variables[index] lives, as an lvalue: `x[i]`, `dx[i]` or `v[i]`.
  std::string storage(std::uint32_t index);
  /// Redirects statements and temporaries to `code`; returns where they went before.
  Code* redirect(Code* code) {
    Code* previous = out_;
    out_ = code;
    return previous;
  }

  /// The code that statements and temporaries go to.
  Code& out() { return *out_; }
  Evaluation evaluation() const { return evaluation_; }
  Context& context() { return context_; }
  FunctionCode& code() { return code_; }
  const sim::Function* function() const { return function_; }

  /// `const double name = text;` (or bool) at the current position; returns the name.
  Text temporary(const Text& text, const std::string& prefix = "t");
  /// `text` as an operand that is used more than once: a temporary unless it is primary.
  Text operand(const Text& text);
  /// Reports `message` as a failed assert with level error and leaves the user function.
  void abort(std::uint32_t message);
  /// The values of a message, evaluated in order into a buffer at the current position in a
  /// scope of their own (as the JIT's messageValues); returns the buffer's name, or "nullptr"
  /// when there are none.
  std::string messageValues(const std::vector<expr::Id>& values);

private:
  template <class Target> friend auto sim::visitNode(const expr::Pool&, expr::Id, Target&);
  Text emit(expr::Id id);
  Text leaf(expr::Id id);
  Text arithmetic(expr::Id id);
  Text comparison(expr::Id id);
  Text noEvent(expr::Id id) { return emit(pool().arg(id, 0)); }
  Text logic(expr::Id id);
  Text shortCircuit(expr::Op op, expr::Id lhs, expr::Id rhs);
  Text ifThenElse(expr::Id id);
  Text homotopy(expr::Id id);
  Text delay(expr::Id id);
  Text builtin(expr::Id id);
  Text text(expr::Builtin fn, std::vector<Text> operands);
  Text relation(expr::Id id);
  Text continuousRelation(const sim::Relation& relation, expr::Id comparison);
  Text eventRelation(const sim::Relation& relation, expr::Id comparison);
  std::optional<Text> timeRelation(expr::Id comparison, const Text& lhs, const Text& rhs) const;
  Text crossingRelation(const sim::Relation& relation, expr::Op op, const Text& lhs,
                        const Text& rhs);
  /// lhs op rhs for a comparison op (a bool), as the JIT's ordered (une for !=) comparisons.
  Text compare(expr::Op op, const Text& lhs, const Text& rhs) const;
  Text sample(expr::Id id);
  Text local(expr::Id id);
  Text functionCall(expr::Id id);
  Text variable(std::uint32_t index);
  Text pre(std::uint32_t index);

  /// Writes `id` into `into` in a scope of its own (a branch): what is remembered there is
  /// forgotten afterwards.
  Text inBranch(expr::Id id, Code& into, bool asCondition);
  /// A model value: refuses to be read inside a user function.
  void requireModel(const char* what) const;

  const expr::Pool& pool() const { return context_.pool(); }

  Context& context_;
  FunctionCode& code_;
  Evaluation evaluation_;
  const sim::Function* function_;
  Code* out_;
  sim::Remembered<Text, std::string> remembered_;
  std::unordered_map<std::uint32_t, int> uses_;
  /// Arrays of the user function by first slot: element count and bounds message.
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> arrays_;
};

/// if / else if / else over `branches` (sim::IfBranch or sim::FunctionBranch): each condition
/// is evaluated after the conditions before it failed, so code it needs goes inside their else
/// branch (a condition without such code continues the chain as `else if`); nothing remembered
/// from one branch is reused in another. `writeBody` writes a branch's statements.
template <class Branch, class Statements, class WriteBody>
void writeIfChain(ExpressionWriter& expressions, const std::vector<Branch>& branches,
                  const Statements& elseBody, WriteBody writeBody) {
  int open = 0;
  for (const Branch& branch : branches) {
    expressions.forgetAll(); // the previous branch's body was written in between
    Code conditionCode;
    Code* saved = expressions.redirect(&conditionCode);
    expr::Id roots[] = {branch.condition};
    expressions.countUses(roots);
    std::string holds = expressions.condition(branch.condition);
    expressions.redirect(saved);
    if (open > 0 && conditionCode.empty()) {
      expressions.out().between("} else if (" + holds + ") {");
    } else {
      if (open > 0) expressions.out().between("} else {");
      expressions.out().append(conditionCode);
      expressions.out().open("if (" + holds + ")");
      ++open;
    }
    writeBody(branch.body);
  }
  if (!elseBody.empty()) {
    if (open > 0) expressions.out().between("} else {");
    writeBody(elseBody);
  }
  for (; open > 0; --open)
    expressions.out().close();
}

} // namespace mocc::backend::cpp
