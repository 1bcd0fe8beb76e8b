// What an emitter may reuse instead of computing again, the same in both emitters: the values
// of shared expression nodes, innermost scope first (a scope per branch, which must not leak
// what it computed into code it does not dominate), and the outputs of user-function calls
// (functions are pure, MLS 12.3, so equal calls share one). While keepCalls is set, calls made
// at the outermost scope survive forget() until a variable their arguments read is assigned.
// Value is what the target computes (a C++ expression, an LLVM value), Outputs what names a
// call's output buffer.
#pragma once

#include "mocc/expr/expr.h"
#include "mocc/sim/program.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace mocc::sim {

/// A user-function call: its function number, then its argument nodes.
using CallKey = std::vector<std::uint32_t>;

/// The function program.functions[node.index] that the FunctionCall node `id` calls, with
/// its key; throws EmitError when the node calls no function of the program or passes the
/// wrong number of arguments.
struct CallSite {
  const Function& callee;
  CallKey key;
};
CallSite callSite(const Program& program, expr::Id id);

template <class Value, class Outputs = Value> class Remembered {
public:
  Remembered() : scopes_(1) {}

  /// Before a statement: values may have changed; kept calls stay.
  void forget() { scopes_.assign(1, {}); }
  void forgetAll() {
    forget();
    kept_.clear();
  }
  void keepCalls(bool keep) { keepCalls_ = keep; }
  /// `variable` was assigned: kept calls whose arguments read it are stale.
  void assigned(std::uint32_t variable) {
    std::erase_if(kept_, [variable](const auto& entry) {
      const std::vector<std::uint32_t>& reads = entry.second.reads;
      return std::find(reads.begin(), reads.end(), variable) != reads.end();
    });
  }

  /// A scope for code that runs conditionally: what is remembered inside is forgotten at
  /// leave().
  void enter() { scopes_.emplace_back(); }
  void leave() { scopes_.pop_back(); }

  const Value* value(expr::Id id) const {
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
      if (auto found = scope->values.find(id.value); found != scope->values.end())
        return &found->second;
    return nullptr;
  }
  void remember(expr::Id id, Value value) { scopes_.back().values.emplace(id.value, value); }

  const Outputs* call(const CallKey& key) const {
    if (auto found = kept_.find(key); found != kept_.end()) return &found->second.outputs;
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
      if (auto found = scope->calls.find(key); found != scope->calls.end()) return &found->second;
    return nullptr;
  }
  void rememberCall(const expr::Pool& pool, CallKey key, Outputs outputs) {
    if (!keepCalls_ || scopes_.size() != 1) {
      scopes_.back().calls.emplace(std::move(key), outputs);
      return;
    }
    std::vector<std::uint32_t> reads;
    for (std::size_t i = 1; i < key.size(); ++i)
      for (std::uint32_t v : expr::variablesOf(pool, expr::Id{key[i]}))
        reads.push_back(v);
    kept_.emplace(std::move(key), KeptCall{outputs, std::move(reads)});
  }

private:
  struct Scope {
    std::unordered_map<std::uint32_t, Value> values;
    std::map<CallKey, Outputs> calls;
  };
  struct KeptCall {
    Outputs outputs;
    std::vector<std::uint32_t> reads; // variables the arguments read
  };

  /// Innermost scope last; outer scopes enclose (dominate) inner ones.
  std::vector<Scope> scopes_;
  std::map<CallKey, KeptCall> kept_;
  bool keepCalls_ = false;
};

} // namespace mocc::sim
