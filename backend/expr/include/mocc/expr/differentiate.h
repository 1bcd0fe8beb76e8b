// Symbolic differentiation over the expression DAG: the time derivative d/dt (index
// reduction) and partial derivatives d/dv (Jacobians of algebraic loops, of the ODE and of
// state-set constraints). Results are built through the pool's folding constructors, so
// zeros vanish as they arise and derivatives share nodes with the expressions they come from.
#pragma once

#include "mocc/expr/expr.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace mocc::expr {

/// A user function's derivative (MLS 12.7.1): the function whose inputs are the inputs of the
/// original followed by the derivatives of its Real inputs, and whose output element
/// `output` is the derivative of the original's output element.
struct FunctionDerivative {
  std::uint32_t function;
  std::uint32_t output;
  /// Per argument of the call: whether the derivative function takes its derivative (Real
  /// inputs not marked noDerivative or zeroDerivative, MLS 12.7.1). Empty: every Real one.
  std::vector<bool> differentiated = {};
};

/// How the leaves of an expression are differentiated.
struct DerivativeRules {
  /// The derivative of variable `index`: for d/dt its derivative variable (possibly made on
  /// demand), or a zero constant for a parameter or a discrete-time variable; for d/dv, 1 for
  /// v and 0 otherwise. An invalid Id means the variable cannot be differentiated; `failure`
  /// is then reported.
  std::function<Id(std::uint32_t index)> variable;
  /// The derivative of `time`: 1 for d/dt, 0 for d/dv.
  double time = 1;
  /// d/dv rather than d/dt: a derivative annotation that leaves out a varying input
  /// (noDerivative, MLS 12.7.1) gives no partial derivative, only the time derivative.
  bool partial = false;
  /// The derivative of output element `output` of user function `function`, if it has one
  /// (`derivative` annotation); nullopt makes the differentiation fail.
  std::function<std::optional<FunctionDerivative>(std::uint32_t function, std::uint32_t output)>
      function;
  /// For a user function that is itself a derivative function (MLS 12.7.1: linear in its
  /// trailing derivative inputs), how many trailing scalar arguments it is linear in; 0 for
  /// others. Used when `function` gives no derivative: if the leading arguments do not
  /// depend on what is differentiated, d f(u, du) = f(u, d du).
  std::function<std::uint32_t(std::uint32_t function)> linearTail;
  /// A call of `function` for output element `output` with these argument elements as an
  /// expression of them, for functions the tool inlines (MLS 18.3); nullopt for others. A
  /// call without derivative differentiates its inlined body, and a derivative call that
  /// inlines is made as its body.
  std::function<std::optional<Id>(std::uint32_t function, std::uint32_t output,
                                  std::span<const Id> args)>
      inlined;
  /// Like `inlined`, for any function with a body to substitute: used for partial derivatives
  /// of a call that no derivative annotation gives (noDerivative inputs, or a derivative
  /// function without a derivative of its own).
  decltype(inlined) bodies;
};

/// Differentiates expressions of one pool under fixed rules. Results are memoised, so one
/// Differentiator serves many expressions (the rules must not change meanwhile).
///
/// Rules: Integer and Boolean expressions (conditions, relations, pre() values, sample(),
/// Integer-valued calls) have derivative 0: they are piecewise constant and frozen between
/// events. If-expressions differentiate their branches and keep their condition; noEvent()
/// keeps its place around the derivative. min/max differentiate the branch they select
/// (compared under noEvent), abs through sign(), floor/ceil/integer/div are 0. A user
/// function differentiates through its derivative function; without one, through its body
/// when the rules inline it (DerivativeRules::inlined), else the differentiation fails. Local
/// variables of functions cannot be differentiated. delay() has partial derivatives 0 (it
/// reads recorded history) and no time derivative.
class Differentiator {
public:
  Differentiator(Pool& pool, DerivativeRules rules);

  /// The derivative of `e`, or nullopt when some part cannot be differentiated (see
  /// `failure()` and `failedAt()`).
  std::optional<Id> operator()(Id e);

  /// Why the last failed call failed, e.g. "function 'f' has no derivative annotation".
  const std::string& failure() const { return failure_; }
  /// The node that could not be differentiated.
  Id failedAt() const { return failedAt_; }

private:
  std::optional<Id> compute(Id e);
  std::optional<Id> builtin(Id e);
  std::optional<Id> functionCall(Id e);
  /// The derivative annotation of call `e` if it applies under the rules.
  std::optional<FunctionDerivative> usableDerivative(Id e) const;
  std::optional<Id> throughLinearTail(Id e);
  std::optional<Id> delay();
  Id d(Id e) const { return memo_.at(e.value); }
  void neededChildren(Id e, std::vector<Id>& out) const;

  Pool& pool_;
  DerivativeRules rules_;
  std::unordered_map<std::uint32_t, Id> memo_;
  std::string failure_;
  Id failedAt_;
};

/// d e / d `variable` (time and every other variable held constant). `function` resolves
/// derivative annotations, `linearTail`, `inlined` and `bodies` as in DerivativeRules; nullopt when
/// some part is not differentiable.
std::optional<Id> partialDerivative(
    Pool& pool, Id e, std::uint32_t variable,
    const std::function<std::optional<FunctionDerivative>(std::uint32_t, std::uint32_t)>& function =
        nullptr,
    const std::function<std::uint32_t(std::uint32_t)>& linearTail = nullptr,
    const decltype(DerivativeRules::inlined)& inlined = nullptr,
    const decltype(DerivativeRules::inlined)& bodies = nullptr);

} // namespace mocc::expr
