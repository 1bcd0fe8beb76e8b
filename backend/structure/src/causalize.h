// Causalisation shared by the sort and initialization passes: match the equations of a
// problem to its unknowns, order equations and blocks (when-clauses, algorithm sections) by
// Tarjan's BLT, solve single equations explicitly and tear algebraic loops into System steps
// with symbolic Jacobians.
#pragma once

#include "mocc/structure/graph.h"
#include "mocc/structure/sort.h"

#include <optional>
#include <vector>

namespace mocc::backend::structure::detail {

/// A when-clause or an algorithm section: one node of the BLT computing several variables.
struct Block {
  Step::Kind kind = Step::Kind::When; // When or Algorithm
  std::uint32_t source = 0;           // clause or algorithm index
  std::vector<std::uint32_t> outputs;
  std::vector<std::uint32_t> reads;
  SourceRange range;
};

struct CausalProblem {
  std::vector<dae::Equation> equations; // Step::source indexes this list
  std::vector<std::uint32_t> unknowns;  // the variables the equations compute
  std::vector<Block> blocks;
};

class Causalizer {
public:
  Causalizer(dae::System& system, const CausalProblem& problem, Diagnostics& diagnostics);

  /// Maximum matching of equations to unknowns (Hopcroft-Karp); true when perfect.
  bool match();
  const Matching& matching() const { return matching_; }

  /// After a perfect match(): the steps in causal order, or nullopt after reporting errors
  /// (an equation that cannot be solved, a loop through a when-clause or an algorithm).
  std::optional<std::vector<Step>> order();

  /// After a failed order(): the when-clauses (indices into dae::System::whens) found in
  /// algebraic loops with other equations.
  const std::vector<std::uint32_t>& whenClausesInLoops() const { return whenClausesInLoops_; }

private:
  std::vector<std::vector<std::int32_t>> dependencies();
  std::optional<Step> component(const std::vector<std::int32_t>& nodes);
  std::optional<Step> single(std::uint32_t equation);
  std::optional<Step> loop(const std::vector<std::int32_t>& equations);
  Step system(std::vector<std::uint32_t> iteration, std::vector<Step> inner,
              std::vector<std::uint32_t> residualEquations, std::vector<std::uint32_t> equations);
  /// Inside a loop only linear forms with safe coefficients count (isSafeCoefficient).
  std::optional<expr::Id> solveExplicitly(std::uint32_t equation, std::uint32_t variable,
                                          bool insideLoop);
  bool isSafeCoefficient(expr::Id coefficient) const;
  bool readsOnlyFixedParameters(expr::Id coefficient) const;
  /// Zero in some mode or at the parameters' translation values.
  bool mayVanish(expr::Id coefficient) const;
  void reportLoopThroughBlock(const std::vector<std::int32_t>& nodes);
  void reportUnsolvable(std::uint32_t equation, std::uint32_t variable);
  void reportUntearable(const std::vector<std::int32_t>& nodes,
                        const std::vector<std::uint32_t>& variables);
  std::uint32_t variableOf(std::size_t equation) const;

  dae::System& system_;
  const CausalProblem& problem_;
  Diagnostics& diagnostics_;
  std::vector<std::int32_t> column_;              // variable -> unknown column, or kUnmatched
  std::vector<std::int32_t> blockOf_;             // variable -> block node, or -1
  std::vector<std::vector<std::uint32_t>> reads_; // equation -> variables read
  std::vector<std::uint32_t> whenClausesInLoops_;
  std::vector<std::int32_t> loopIndex_; // variable -> index in the loop being torn
  Matching matching_;
};

/// d residual_i / d iteration_j, row-major, through the inner steps (forward
/// differentiation); empty when some part cannot be differentiated or the loop is too large
/// for a dense symbolic Jacobian.
std::vector<expr::Id> loopJacobian(dae::System& system, const std::vector<std::uint32_t>& iteration,
                                   const std::vector<Step>& inner,
                                   const std::vector<expr::Id>& residuals);

/// True when every residual, with the inner steps substituted, is affine in the iteration
/// variables (linear forms whose coefficients read no iteration variable).
bool isAffineLoop(dae::System& system, const std::vector<std::uint32_t>& iteration,
                  const std::vector<Step>& inner, const std::vector<expr::Id>& residuals);

} // namespace mocc::backend::structure::detail
