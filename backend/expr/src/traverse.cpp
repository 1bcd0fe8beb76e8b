// Read-only traversals of the DAG (dependencies) and the Translator that copies between pools.
#include "mocc/expr/expr.h"

#include <type_traits>
#include <unordered_set>

namespace mocc::expr {

namespace {

template <class Visit> void visitOnce(const Pool& pool, Id root, Visit&& visit) {
  std::unordered_set<std::uint32_t> seen;
  std::vector<Id> stack{root};
  while (!stack.empty()) {
    Id id = stack.back();
    stack.pop_back();
    if (!seen.insert(id.value).second) continue;
    if constexpr (std::is_same_v<decltype(visit(id)), bool>) {
      if (!visit(id)) continue;
    } else {
      visit(id);
    }
    auto args = pool.args(id);
    for (auto it = args.rbegin(); it != args.rend(); ++it)
      stack.push_back(*it);
  }
}

} // namespace

bool dependsOn(const Pool& pool, Id id, const std::function<bool(std::uint32_t)>& matches) {
  bool found = false;
  visitOnce(pool, id, [&](Id node) {
    if (!found && pool.op(node) == Op::Variable && matches(pool.node(node).index)) found = true;
  });
  return found;
}

bool dependsOnTime(const Pool& pool, Id id) {
  bool found = false;
  visitOnce(pool, id, [&](Id node) { found = found || pool.op(node) == Op::Time; });
  return found;
}

std::vector<std::uint32_t> variablesOf(const Pool& pool, Id id) {
  std::vector<std::uint32_t> result;
  visitOnce(pool, id, [&](Id node) {
    if (pool.op(node) == Op::Variable) result.push_back(pool.node(node).index);
  });
  return result;
}

void visitNodes(const Pool& pool, Id root, const std::function<bool(Id)>& visit) {
  visitOnce(pool, root, visit);
}

std::vector<std::uint32_t> preVariablesOf(const Pool& pool, Id id) {
  std::vector<std::uint32_t> result;
  visitOnce(pool, id, [&](Id node) {
    if (pool.op(node) == Op::Pre) result.push_back(pool.node(node).index);
  });
  return result;
}

Translator::Translator(const Pool& source, Pool& target, Rewrite rewrite)
    : source_(source), target_(target), rewrite_(std::move(rewrite)) {}

Id Translator::operator()(Id sourceId) {
  if (auto found = memo_.find(sourceId.value); found != memo_.end()) return found->second;
  Id result = rewrite_ ? rewrite_(sourceId, *this) : Id{};
  if (!result.valid()) result = copyNode(sourceId);
  memo_.emplace(sourceId.value, result);
  return result;
}

Id Translator::copyNode(Id sourceId) {
  // Copy the node and its argument list first: when source and target are the same pool,
  // interning new nodes may reallocate the storage a span would point into.
  Node node = source_.node(sourceId);
  auto sourceArgs = source_.args(sourceId);
  std::vector<Id> args(sourceArgs.begin(), sourceArgs.end());
  for (Id& arg : args)
    arg = (*this)(arg);
  // A String constant's value indexes its own pool's texts.
  if (node.op == Op::Constant && node.type == Type::String)
    return target_.string(source_.text(sourceId));
  return target_.rebuild(node, args);
}

} // namespace mocc::expr
