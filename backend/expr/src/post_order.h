// Iterative post-order traversal of the expression DAG, shared by the evaluator and the
// differentiator: deep expressions (a sum of 10^5 terms) must not exhaust the stack.
#pragma once

#include "mocc/expr/expr.h"

#include <unordered_map>
#include <vector>

namespace mocc::expr::detail {

/// Computes `compute(node)` for `root` and every node it needs, children first. `children(id,
/// out)` appends the arguments whose results `compute` will read (a subset of the node's
/// arguments: an if-condition need not be differentiated); `done(id)` says whether a result
/// is already known (memoised by the caller). `compute` returns false to stop the traversal.
template <class Children, class Done, class Compute>
bool postOrder(Id root, Children&& children, Done&& done, Compute&& compute) {
  struct Frame {
    Id id;
    bool expanded;
  };
  std::vector<Frame> stack{{root, false}};
  std::vector<Id> scratch;
  while (!stack.empty()) {
    Frame frame = stack.back();
    if (done(frame.id)) {
      stack.pop_back();
      continue;
    }
    if (frame.expanded) {
      stack.pop_back();
      if (!compute(frame.id)) return false;
      continue;
    }
    stack.back().expanded = true;
    scratch.clear();
    children(frame.id, scratch);
    for (auto it = scratch.rbegin(); it != scratch.rend(); ++it) {
      if (!done(*it)) stack.push_back({*it, false});
    }
  }
  return true;
}

} // namespace mocc::expr::detail
