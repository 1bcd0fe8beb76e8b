// Loops of Real and Boolean equations solved at events (MLS 3.6 section 8.6, "mixed systems").
// Newton solves a loop with its relations frozen at their stored values; generated code then
// evaluates the loop once more, which stores the relations at the solution, and asks
// mocc_settle_loop (model.h) whether to solve again. The solution is consistent when the
// relations it gives are those it was solved with. LoopRelations answers: the fixed-point
// iteration "relations -> solution -> relations" first; when that cycles (two stick-slip
// elements that are both stuck have no unique solution, and each one's breakaway lets the other
// stick again, Otter, Elmqvist and Mattsson 1999) or does not settle, the other values of the
// relations that changed, fewest changes first, until one is consistent. When none is, the
// loop is solved once more with the relations where the iteration stood, and event iteration
// goes on from there.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/algebraic_solver.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mocc::runtime {

class LoopRelations {
public:
  /// The relations of `model` (mocc_model.relations), whose loops `solver` solves; both must
  /// outlive this object.
  LoopRelations(const mocc_model& model, AlgebraicSolver& solver);

  /// Before loop `system` is solved in event or initial mode: remembers the relation values
  /// the solve uses.
  void beforeSolve(const mocc_instance& instance, int system);
  /// mocc_settle_loop, after the loop was evaluated at its solution: true when it must be
  /// solved again, with the relation values now stored in instance.v. A failed solve outside
  /// the search ends the settling, for the simulator to report; in the search it rejects that
  /// choice, and the solver forgets it.
  bool settle(mocc_instance& instance, int system);

  /// Fixed-point passes before the search starts.
  static constexpr int maxFixedPointPasses = 8;
  /// The search tries the combinations of at most this many relations.
  static constexpr int maxSearchedRelations = 10;

private:
  /// The values of all relations in v, in the model's order.
  std::vector<double> relationValues(const mocc_instance& instance) const;
  void store(mocc_instance& instance, const std::vector<double>& values) const;
  struct Settling;
  /// Whether to solve again (storing the relations to solve with), from what the latest solve
  /// stored.
  bool decide(mocc_instance& instance, Settling& settling, bool solveFailed) const;
  void startSearch(Settling& settling, const std::vector<double>& reached) const;

  struct Settling {
    bool active = false;                   // between the first solve and the answer false
    std::vector<std::vector<double>> used; // the relation values of each solve
    long failuresBefore = 0;               // the solver's count before the latest solve
    bool searching = false;
    bool finishing = false;   // the last solve, with `base`, after a search without success
    std::vector<double> base; // the relations where the search started
    std::vector<std::vector<double>> candidates;
    std::size_t next = 0;
  };
  AlgebraicSolver& solver_;
  std::vector<int> values_; // index into v of each relation
  std::vector<Settling> loops_;
};

} // namespace mocc::runtime
