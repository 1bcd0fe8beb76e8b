// The backend's one expression representation: a hash-consed DAG in a Pool. Structurally
// equal expressions share one node, so equality is Id equality and common subexpressions are
// shared for free. Constructors fold constants and apply algebraic identities that are exact
// in IEEE arithmetic. Used by dae::System, the structural passes and sim::Program alike.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mocc::expr {

/// String values are handles: a String constant's value is the index of its text in the
/// pool's string table (Pool::text), and at run time a handle into the run's table of texts
/// (model.h, mocc_text). Texts are interned, so equal handles are equal texts.
enum class Type : std::uint8_t { Real, Integer, Boolean, String };

enum class Op : std::uint8_t {
  Constant, // value
  Variable, // index: a variable number whose meaning belongs to the pool's owner
  Pre,      // index: pre() of that variable
  Time,
  Neg,
  Add,
  Sub,
  Mul,
  Div,
  Pow,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  Not,
  And,
  Or,
  If,           // args: condition, then, else
  Call,         // index: Builtin; args: the arguments
  NoEvent,      // arg: relations inside never generate events (MLS 3.7.5)
  Initial,      // initial()
  Terminal,     // terminal()
  Sample,       // args: start, interval
  Relation,     // index: relation number; arg: the comparison (Lt..Ne). Frozen between events.
  FunctionCall, // index: function number; subindex: flattened output element; args: the
                // flattened input elements. Functions are pure, so equal calls are one node.
  Local,        // inside a function: index is a frame slot (a scalar)
  LocalElement, // inside a function: index is the first frame slot of an array; arg: the
                // 0-based row-major element offset (an Integer expression)
  Homotopy,     // args: actual, simplified (MLS 3.7.4.4). Evaluates to
                // lambda * actual + (1 - lambda) * simplified with lambda the runtime's
                // homotopy parameter (mocc_instance.homotopy_lambda), which is 1 except while
                // the initialization follows the homotopy path; at 1 it is exactly `actual`.
  Delay,        // args: value, delayTime, delayMax (MLS 3.7.4.2); index: the delay's number in
                // sim::Program::delays (0 before build-program). value(time - delayTime) from
                // the history the runtime records (model.h, mocc_delay).
};

/// Built-in functions with a direct numeric meaning (MLS 3.7.1, 3.7.2).
enum class Builtin : std::uint8_t {
// The registry's numeric functions, in its order (mocc/support/builtins.h).
#define MOCC_MATH_BUILTIN(name) name,
#include "mocc/support/math_builtins.def"
#undef MOCC_MATH_BUILTIN
  // Strings (MLS 3.6 sections 3.7.4.5 and 3.4): computed by the runtime (model.h, mocc_text)
  Concat,        // a + b of Strings
  StringCompare, // -1, 0 or 1 as a is before, equal to or after b (strcmp): Integer
  RealString,    // String(x, significantDigits, minimumLength, leftJustified)
  RealFormat,    // String(x, format = f), f a String
  IntegerString, // String(i, minimumLength, leftJustified)
};
/// True for the built-ins on Strings, which the runtime computes (not libm).
bool isTextBuiltin(Builtin fn);
/// The mocc_text_operation (runtime/include/mocc/model.h) of a text built-in: they are listed
/// in the same order.
inline std::int32_t textOperation(Builtin fn) {
  return static_cast<std::int32_t>(fn) - static_cast<std::int32_t>(Builtin::Concat);
}
const char* builtinName(Builtin fn);
int builtinArity(Builtin fn);

/// A node handle. Ids are stable for the lifetime of their Pool.
struct Id {
  std::uint32_t value = UINT32_MAX;
  bool valid() const { return value != UINT32_MAX; }
  friend bool operator==(Id, Id) = default;
  friend auto operator<=>(Id, Id) = default;
};

/// Set `value` by name (not by position in a braced list): `subindex` comes before it.
struct Node {
  Op op;
  Type type;
  std::uint32_t index = 0;    // Variable/Pre: variable; Call: Builtin; Relation: relation number
  std::uint32_t subindex = 0; // FunctionCall: output element
  double value = 0;           // Constant
  std::uint32_t firstArg = 0;
  std::uint32_t argCount = 0;
};

class Pool {
public:
  Pool();

  const Node& node(Id id) const { return nodes_[id.value]; }
  Op op(Id id) const { return node(id).op; }
  Type type(Id id) const { return node(id).type; }
  std::span<const Id> args(Id id) const;
  Id arg(Id id, std::size_t i) const { return args(id)[i]; }
  std::size_t size() const { return nodes_.size(); }

  bool isConstant(Id id) const { return op(id) == Op::Constant; }
  /// The value of a Constant node (asserts that it is one).
  double constantValue(Id id) const;
  bool isConstant(Id id, double value) const;

  // Leaves
  Id real(double value);
  Id integer(double value);
  Id boolean(bool value);
  Id constant(Type type, double value);
  /// A String constant: `text` interned in this pool's string table.
  Id string(std::string_view text);
  /// The text of String constant `id`; the pool's string table, index 0 is "".
  const std::string& text(Id id) const;
  const std::vector<std::string>& strings() const { return strings_; }
  Id variable(std::uint32_t index, Type type);
  Id pre(std::uint32_t index, Type type);
  Id time();
  Id initial();
  Id terminal();

  // Arithmetic (types follow MLS: Integer op Integer is Integer except '/' and '^')
  Id neg(Id a);
  Id add(Id a, Id b);
  Id sub(Id a, Id b);
  Id mul(Id a, Id b);
  Id div(Id a, Id b);
  Id pow(Id a, Id b);

  // Relations and logic (Boolean-valued)
  Id compare(Op relation, Id a, Id b);
  Id logicalNot(Id a);
  Id logicalAnd(Id a, Id b);
  Id logicalOr(Id a, Id b);

  Id ifThenElse(Id condition, Id thenValue, Id elseValue);
  Id call(Builtin fn, std::span<const Id> args);
  Id noEvent(Id a);
  Id sample(Id start, Id interval);
  /// homotopy(actual, simplified); just `actual` when both are the same node.
  Id homotopy(Id actual, Id simplified);
  /// delay(value, delayTime, delayMax) numbered `number`; a constant value is its own delay,
  /// and so is a Real value delayed by the constant 0.
  Id delay(Id value, Id delayTime, Id delayMax, std::uint32_t number = 0);
  Id relation(std::uint32_t index, Id comparison);
  Id functionCall(std::uint32_t function, std::uint32_t output, Type type,
                  std::span<const Id> args);
  Id local(std::uint32_t slot, Type type);
  Id localElement(std::uint32_t base, Id offset, Type type);

  /// Builds a node of `op` with the given arguments through the simplifying constructors.
  /// Used by passes that rebuild expressions generically.
  Id rebuild(const Node& like, std::span<const Id> args);

private:
  Id intern(Node node, std::span<const Id> args);
  static std::size_t hash(const Node& node, std::span<const Id> args);
  bool sameNode(std::uint32_t stored, const Node& node, std::span<const Id> args) const;
  void grow();

  std::vector<Node> nodes_;
  std::vector<Id> argStorage_;
  // Hash-consing: an open-addressing table of node numbers + 1 (0: empty slot), with each
  // node's hash kept beside it so that growing never rehashes arguments. Lookups compare
  // against the stored nodes directly, so interning allocates nothing when the node exists.
  std::vector<std::uint32_t> slots_;
  std::vector<std::size_t> hashes_;
  std::vector<std::string> strings_{""};
  std::unordered_map<std::string, std::uint32_t> stringIndex_{{"", 0}};
};

bool isComparison(Op op);
/// `<` for Lt, "and" for And, ...
const char* opSpelling(Op op);

/// Names variables when printing: `(index, isPre)` -> text.
using VariableNamer = std::function<std::string(std::uint32_t index)>;

/// Modelica-like text of an expression, with the minimal parentheses.
std::string print(const Pool& pool, Id id, const VariableNamer& name);

/// The names an expression printer uses. `local` names frame slots (Local nodes and the base
/// of LocalElement nodes), `function` names called functions; when unset they print as
/// `$localN` and `$fnN`. A FunctionCall prints as `f(args)[k]` with k its flattened output
/// element counted from 1, as `mocc flatten` shows it; a LocalElement as `a[offset]` with its
/// 0-based row-major offset, as the IR stores it.
struct Names {
  VariableNamer variable;
  VariableNamer local;
  VariableNamer function;
};
std::string print(const Pool& pool, Id id, const Names& names);

/// True when `id` depends on a variable for which `matches(index)` holds (Pre nodes do not
/// count: pre() values are known at every point where they are read).
bool dependsOn(const Pool& pool, Id id, const std::function<bool(std::uint32_t)>& matches);

/// True when `id` reads `time` (directly, not through a variable).
bool dependsOnTime(const Pool& pool, Id id);

/// Every variable index read by `id` (not through pre()), each once, in first-visit order.
std::vector<std::uint32_t> variablesOf(const Pool& pool, Id id);

/// Every variable index read through pre() by `id`, each once, in first-visit order.
std::vector<std::uint32_t> preVariablesOf(const Pool& pool, Id id);

/// Visits each node reachable from `root` once, parents first; where `visit` returns false,
/// the node's arguments are not visited (through that node).
void visitNodes(const Pool& pool, Id root, const std::function<bool(Id)>& visit);

/// Copies expressions from one pool into another (or the same) pool. For each source node
/// `rewrite` may return a replacement; when it returns an invalid Id the node is copied with
/// its arguments translated recursively. Results are memoised per source node, so a rewrite
/// must not depend on where a shared node is reached from: use a second Translator for a
/// different context (for example, inside noEvent()).
class Translator {
public:
  using Rewrite = std::function<Id(Id sourceId, Translator& self)>;
  Translator(const Pool& source, Pool& target, Rewrite rewrite = nullptr);

  Id operator()(Id sourceId);
  /// Copies one node, translating its arguments through this translator.
  Id copyNode(Id sourceId);

  const Pool& source() const { return source_; }
  Pool& target() { return target_; }

private:
  const Pool& source_;
  Pool& target_;
  Rewrite rewrite_;
  std::unordered_map<std::uint32_t, Id> memo_;
};

} // namespace mocc::expr
