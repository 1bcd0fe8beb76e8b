// Queries on dae::System shared by the structural passes: compile-time values of parameters
// and start values, the rule that differentiates user functions through their derivative
// annotations, the variables an equation reads and the variables when-clauses and algorithms
// compute.
#pragma once

#include "mocc/dae/function_derivatives.h"

#include "mocc/dae/system.h"
#include "mocc/expr/differentiate.h"

#include <optional>
#include <vector>

namespace mocc::backend::structure::detail {

/// Values known at compile time: parameters with fixed = true whose bindings evaluate
/// (through other parameters), and start values evaluated the same way.
class CompileTimeValues {
public:
  explicit CompileTimeValues(const dae::System& system);

  std::optional<double> parameter(std::uint32_t variable);
  /// The value of an expression of constants and such parameters.
  std::optional<double> evaluate(expr::Id e);
  /// The start value of a variable (its start attribute evaluated), or nullopt.
  std::optional<double> start(std::uint32_t variable);
  /// True when `e` reads no variable other than parameters with fixed = true (and no time).
  bool isParameterExpression(expr::Id e) const;

private:
  const dae::System& system_;
  std::vector<std::optional<double>> parameters_;
  std::vector<bool> evaluated_, evaluating_;
};

using dae::derivativeFunctionTails; // function_derivatives.h
using dae::functionDerivatives;

/// For the k-th derivative of the equation (k = 1, 2, ...), the variables of the
/// noDerivative arguments of its calls (MLS 12.7.1) that the k-th derivative function reads
/// (`Functions.state2(u, t)` reads u[1], its first derivative u[2], its second u[3]), each
/// order's ascending; empty when the equation calls no such function.
std::vector<std::vector<std::uint32_t>> noDerivativeReads(const dae::System& system,
                                                          const dae::Equation& equation);

/// Every variable the equation reads (not through pre()), ascending, each once.
std::vector<std::uint32_t> equationReads(const dae::System& system, const dae::Equation& equation);

/// variable -> the when-clause (kind When) or algorithm section computing it, if any.
struct BlockAssignment {
  enum class Kind : std::uint8_t { None, When, Algorithm };
  Kind kind = Kind::None;
  std::uint32_t index = 0;
};
std::vector<BlockAssignment> blockAssignments(const dae::System& system);

/// The variables reinit() targets anywhere (when-clauses and algorithms).
std::vector<bool> reinitTargets(const dae::System& system);

/// The variables initial algorithm sections assign (MLS 8.6).
std::vector<bool> initialAlgorithmOutputs(const dae::System& system);

/// Passes every expression of the system through `translate`: equations, initial
/// equations, when-clause bodies, assertions and terminations (with their message values),
/// algorithm statements, relations and variable attributes (bindings, start, nominal, min,
/// max, aliases).
void rewriteExpressions(dae::System& system, expr::Translator& translate);

} // namespace mocc::backend::structure::detail
