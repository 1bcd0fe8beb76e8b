// The one dispatch over expression nodes that both emitters use: visitNode(pool, id, target)
// sorts a node by the kind of code it needs and calls the target's primitive for that kind
// (a C++ expression, an LLVM value). A new operator is added here, once; the switch has no
// default, so the compiler names an operator that no kind covers.
//
// Target provides, each taking the node's Id: leaf (constants, variables, pre(), time,
// initial(), terminal()), arithmetic, comparison, logic, ifThenElse, builtin, noEvent, sample,
// relation, functionCall, local, homotopy and delay.
#pragma once

#include "mocc/expr/expr.h"
#include "mocc/sim/emit.h"

#include <string>

namespace mocc::sim {

template <class Target> auto visitNode(const expr::Pool& pool, expr::Id id, Target& target) {
  using expr::Op;
  switch (pool.op(id)) {
  case Op::Constant:
  case Op::Variable:
  case Op::Pre:
  case Op::Time:
  case Op::Initial:
  case Op::Terminal: return target.leaf(id);
  case Op::Neg:
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Pow: return target.arithmetic(id);
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge:
  case Op::Eq:
  case Op::Ne: return target.comparison(id);
  case Op::Not:
  case Op::And:
  case Op::Or: return target.logic(id);
  case Op::If: return target.ifThenElse(id);
  case Op::Call: return target.builtin(id);
  case Op::NoEvent: return target.noEvent(id);
  case Op::Sample: return target.sample(id);
  case Op::Relation: return target.relation(id);
  case Op::FunctionCall: return target.functionCall(id);
  case Op::Local:
  case Op::LocalElement: return target.local(id);
  case Op::Homotopy: return target.homotopy(id);
  case Op::Delay: return target.delay(id);
  }
  throw EmitError("expression node " + std::to_string(id.value) + " has an unknown operator");
}

} // namespace mocc::sim
