// The one walk over sim::Statement lists that both emitters use: StatementWalk<Target> visits
// statements in order, decides which remembered values the target's expression emitter keeps
// across each statement, and dispatches each kind to the target, which supplies only how to
// write it (a C++ line, LLVM IR). A new statement kind is added here, once, and the compiler
// then asks each target for its primitive.
//
// Target (CRTP) provides expressions() with forget(), forgetAll() and keepCalls(bool), the
// primitive of each statement kind (statement_kinds.def, which also declares them in the
// target) and bindAssign; beforeStatement(statement) runs first (a comment, or nothing).
#pragma once

#include "mocc/sim/emit.h"
#include "mocc/sim/program.h"

#include <type_traits>
#include <variant>
#include <vector>

namespace mocc::sim {

template <class Target> class StatementWalk {
public:
  void walk(const std::vector<Statement>& statements) {
    for (const Statement& statement : statements)
      walk(statement);
  }

  // Call results are kept only across top-level assignments outside bind: those are written at
  // the function's outermost level (in LLVM, each ends in a block dominated by where it
  // started), so a call made there is in scope for what follows. Anything else may run
  // conditionally or assign what a remembered value read.
  void walk(const Statement& statement) {
    Target& target = static_cast<Target&>(*this);
    bool straight = depth_ == 0 && evaluation_ != Evaluation::Bind &&
                    std::holds_alternative<Assign>(statement.node);
    if (straight) {
      target.expressions().forget();
    } else {
      target.expressions().forgetAll();
    }
    target.beforeStatement(statement);
    std::visit([&](const auto& node) { dispatch(target, node, straight); }, statement.node);
  }

  Evaluation evaluation() const { return evaluation_; }

protected:
  explicit StatementWalk(Evaluation evaluation) : evaluation_(evaluation) {}

  /// The bodies of when and if statements, and the inner statements of loops.
  void walkNested(const std::vector<Statement>& statements) {
    ++depth_;
    walk(statements);
    --depth_;
  }
  /// 0 at the function's outermost level.
  int depth() const { return depth_; }

private:
  template <class Node> void dispatch(Target& target, const Node& node, bool straight) {
    if constexpr (std::is_same_v<Node, Assign>) {
      target.expressions().keepCalls(straight);
      evaluation_ == Evaluation::Bind ? target.bindAssign(node) : target.assign(node);
      target.expressions().keepCalls(false);
    } else if constexpr (std::is_same_v<Node, When>) {
      // Outside events when-clauses are inactive.
      if (evaluation_ == Evaluation::Event && !node.branches.empty()) target.when(node);
    } else {
#define MOCC_STATEMENT_KIND(primitive, Kind)                                                       \
  if constexpr (std::is_same_v<Node, Kind>) target.primitive(node);
#include "mocc/sim/statement_kinds.def"
#undef MOCC_STATEMENT_KIND
    }
  }

  static constexpr std::size_t kKinds = 0
#define MOCC_STATEMENT_KIND(primitive, Kind) +1
#include "mocc/sim/statement_kinds.def"
#undef MOCC_STATEMENT_KIND
      ;
  static_assert(kKinds == std::variant_size_v<decltype(Statement::node)>,
                "statement_kinds.def lists every alternative of Statement::node");

  Evaluation evaluation_;
  int depth_ = 0; // statements nested in when or if bodies
};

} // namespace mocc::sim
