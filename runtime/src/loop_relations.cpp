// LoopRelations: see mocc/runtime/loop_relations.h.
#include "mocc/runtime/loop_relations.h"

#include <algorithm>
#include <bit>

namespace mocc::runtime {

LoopRelations::LoopRelations(const mocc_model& model, AlgebraicSolver& solver)
    : solver_(solver), loops_(static_cast<std::size_t>(std::max(model.n_systems, 0))) {
  for (int k = 0; k < model.n_relations; ++k)
    values_.push_back(model.variables[model.relations[k]].index);
}

std::vector<double> LoopRelations::relationValues(const mocc_instance& instance) const {
  std::vector<double> values;
  values.reserve(values_.size());
  for (int i : values_)
    values.push_back(instance.v[i]);
  return values;
}

void LoopRelations::store(mocc_instance& instance, const std::vector<double>& values) const {
  for (std::size_t k = 0; k < values_.size(); ++k)
    instance.v[values_[k]] = values[k];
}

void LoopRelations::beforeSolve(const mocc_instance& instance, int system) {
  if (system < 0 || static_cast<std::size_t>(system) >= loops_.size() || values_.empty()) return;
  Settling& settling = loops_[static_cast<std::size_t>(system)];
  if (!settling.active) {
    settling = Settling{};
    settling.active = true;
  }
  settling.used.push_back(relationValues(instance));
  settling.failuresBefore = solver_.failureCount();
}

bool LoopRelations::settle(mocc_instance& instance, int system) {
  if (system < 0 || static_cast<std::size_t>(system) >= loops_.size()) return false;
  Settling& settling = loops_[static_cast<std::size_t>(system)];
  if (!settling.active || settling.used.empty() || settling.finishing) {
    settling = Settling{};
    return false;
  }
  bool failed = solver_.failureCount() > settling.failuresBefore;
  bool again = decide(instance, settling, failed);
  if (again && failed) solver_.discardFailuresAfter(settling.failuresBefore);
  if (!again) settling = Settling{};
  return again;
}

bool LoopRelations::decide(mocc_instance& instance, Settling& settling, bool solveFailed) const {
  std::vector<double> reached = relationValues(instance);
  if (!settling.searching) {
    if (solveFailed || reached == settling.used.back())
      return false; // consistent, or a failure for the simulator to report
    bool cycles =
        std::find(settling.used.begin(), settling.used.end(), reached) != settling.used.end();
    if (!cycles && settling.used.size() < static_cast<std::size_t>(maxFixedPointPasses))
      return true; // solve again with the relations just stored
    startSearch(settling, reached);
  } else if (!solveFailed && reached == settling.used.back()) {
    return false; // a consistent choice
  }
  if (settling.next < settling.candidates.size()) {
    store(instance, settling.candidates[settling.next++]);
  } else {
    // No choice is consistent: one last solve with the relations the fixed point reached.
    settling.finishing = true;
    store(instance, settling.base);
  }
  return true;
}

// The relations that changed between the solves so far are free; every other combination of
// their values, the others kept as `reached` has them, fewest changes from `reached` first.
void LoopRelations::startSearch(Settling& settling, const std::vector<double>& reached) const {
  settling.searching = true;
  settling.base = reached;
  settling.next = 0;
  std::vector<std::size_t> free;
  for (std::size_t k = 0; k < reached.size(); ++k) {
    bool changes = std::any_of(settling.used.begin(), settling.used.end(),
                               [&](const std::vector<double>& u) { return u[k] != reached[k]; });
    if (changes) free.push_back(k);
  }
  if (free.empty() || free.size() > static_cast<std::size_t>(maxSearchedRelations)) return;
  std::vector<std::uint32_t> flips;
  for (std::uint32_t bits = 1; bits < (1u << free.size()); ++bits)
    flips.push_back(bits);
  std::stable_sort(flips.begin(), flips.end(), [](std::uint32_t a, std::uint32_t b) {
    return std::popcount(a) < std::popcount(b);
  });
  for (std::uint32_t bits : flips) {
    std::vector<double> candidate = reached;
    for (std::size_t j = 0; j < free.size(); ++j)
      if ((bits >> j) & 1u) candidate[free[j]] = candidate[free[j]] != 0.0 ? 0.0 : 1.0;
    if (std::find(settling.used.begin(), settling.used.end(), candidate) == settling.used.end())
      settling.candidates.push_back(std::move(candidate));
  }
}

} // namespace mocc::runtime
