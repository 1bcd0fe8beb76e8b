// StateSelection: the quality of a choice of states is |det| of the constraint Jacobian's
// block over the determined candidates (Mattsson and Soederlind 1993 pivot on the same block).
// The best choice is found by trying every block when there are few (at most 1000), else by
// LU with complete pivoting, whose first pivot columns are a good block.
#include "state_selection.h"

#include <Eigen/Dense>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace mocc::runtime {

namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr double enumerationLimit = 1000;

std::vector<int> complement(int candidates, const std::vector<int>& chosen) {
  std::vector<int> rest;
  for (int j = 0; j < candidates; ++j)
    if (std::find(chosen.begin(), chosen.end(), j) == chosen.end()) rest.push_back(j);
  return rest;
}

double quality(const RowMajorMatrix& jacobian, const std::vector<int>& columns) {
  if (columns.empty()) return 1.0;
  Eigen::MatrixXd block(jacobian.rows(), static_cast<Eigen::Index>(columns.size()));
  for (std::size_t c = 0; c < columns.size(); ++c)
    block.col(static_cast<Eigen::Index>(c)) = jacobian.col(columns[c]);
  return std::abs(block.partialPivLu().determinant());
}

double combinations(int n, int k) {
  double count = 1.0;
  for (int i = 1; i <= k; ++i)
    count = count * (n - k + i) / i;
  return count;
}

/// The columns (ascending) of the best square block of `jacobian`.
std::vector<int> bestColumns(const RowMajorMatrix& jacobian) {
  int m = static_cast<int>(jacobian.rows()), n = static_cast<int>(jacobian.cols());
  if (combinations(n, m) > enumerationLimit) {
    Eigen::FullPivLU<Eigen::MatrixXd> lu(jacobian);
    std::vector<int> columns(lu.permutationQ().indices().data(),
                             lu.permutationQ().indices().data() + m);
    std::sort(columns.begin(), columns.end());
    return columns;
  }
  std::vector<int> columns(static_cast<std::size_t>(m)), best;
  for (int i = 0; i < m; ++i)
    columns[static_cast<std::size_t>(i)] = i;
  double bestQuality = -1.0;
  while (true) {
    double q = quality(jacobian, columns);
    if (q > bestQuality) bestQuality = q, best = columns;
    int i = m - 1; // next combination in lexicographic order
    while (i >= 0 && columns[static_cast<std::size_t>(i)] == n - m + i)
      --i;
    if (i < 0) return best;
    ++columns[static_cast<std::size_t>(i)];
    for (int k = i + 1; k < m; ++k)
      columns[static_cast<std::size_t>(k)] = columns[static_cast<std::size_t>(k) - 1] + 1;
  }
}

} // namespace

StateSelection::StateSelection(ModelInstance& instance) : instance_(instance) {
  const mocc_model& model = instance.model();
  for (int k = 0; k < model.n_state_sets; ++k) {
    const mocc_state_set_info& info = model.state_sets[k];
    sets_.push_back(Set{&info,
                        {},
                        std::vector<double>(static_cast<std::size_t>(info.n_constraints) *
                                            static_cast<std::size_t>(info.n_candidates))});
  }
}

void StateSelection::readSelection() {
  for (Set& set : sets_) {
    const mocc_state_set_info& info = *set.info;
    set.states.clear();
    for (int i = 0; i < info.n_states; ++i) {
      std::vector<int> picked;
      for (int j = 0; j < info.n_candidates; ++j) {
        int variable = info.selection[i * info.n_candidates + j];
        if (instance_.read(instance_.model().variables[variable]) != 0.0) picked.push_back(j);
      }
      if (picked.size() != 1)
        throw StateSelectionError(fmt::format(
            "state set of {}: row {} of the selection matrix picks {} candidates instead of one",
            candidateList(set, complement(info.n_candidates, {})), i + 1, picked.size()));
      set.states.push_back(picked[0]);
    }
  }
}

void StateSelection::evaluate(Set& set, int index) {
  instance_.model().state_set_jacobian(&instance_.abi(), index, set.matrix.data());
}

double StateSelection::margin(int index) {
  Set& set = sets_[static_cast<std::size_t>(index)];
  const mocc_state_set_info& info = *set.info;
  if (info.n_constraints == 0) return 1.0;
  evaluate(set, index);
  RowMajorMatrix jacobian =
      Eigen::Map<const RowMajorMatrix>(set.matrix.data(), info.n_constraints, info.n_candidates);
  double current = quality(jacobian, complement(info.n_candidates, set.states));
  double best = std::max(current, quality(jacobian, bestColumns(jacobian)));
  return current - switchRatio * best;
}

std::vector<StateSetSwitch> StateSelection::plan(const std::vector<int>& fired) {
  std::vector<StateSetSwitch> changes;
  for (std::size_t k = 0; k < sets_.size(); ++k) {
    Set& set = sets_[k];
    const mocc_state_set_info& info = *set.info;
    if (info.n_constraints == 0) continue;
    evaluate(set, static_cast<int>(k));
    RowMajorMatrix jacobian =
        Eigen::Map<const RowMajorMatrix>(set.matrix.data(), info.n_constraints, info.n_candidates);
    long rank = jacobian.allFinite() ? Eigen::FullPivLU<Eigen::MatrixXd>(jacobian).rank() : 0;
    if (rank < info.n_constraints)
      throw StateSelectionError(
          fmt::format("state set of {} cannot be made regular at time {}: the Jacobian of its {} "
                      "constraint{} with respect to the candidates has rank {}",
                      candidateList(set, complement(info.n_candidates, {})), instance_.time(),
                      info.n_constraints, info.n_constraints == 1 ? "" : "s",
                      jacobian.allFinite() ? fmt::format("{}", rank) : "undefined (not finite)"));
    std::vector<int> currentColumns = complement(info.n_candidates, set.states);
    std::vector<int> best = bestColumns(jacobian);
    double current = quality(jacobian, currentColumns), bestQuality = quality(jacobian, best);
    bool forced = std::find(fired.begin(), fired.end(), static_cast<int>(k)) != fired.end();
    bool degraded = current < switchRatio * bestQuality;
    if (best == currentColumns || !(degraded || (forced && bestQuality > current))) continue;
    changes.push_back(
        StateSetSwitch{static_cast<int>(k), set.states, complement(info.n_candidates, best)});
  }
  return changes;
}

void StateSelection::apply(const StateSetSwitch& change) {
  Set& set = sets_[static_cast<std::size_t>(change.set)];
  const mocc_state_set_info& info = *set.info;
  const mocc_variable* variables = instance_.model().variables;
  for (int i = 0; i < info.n_states; ++i) {
    int chosen = change.newStates[static_cast<std::size_t>(i)];
    for (int j = 0; j < info.n_candidates; ++j)
      instance_.slot(variables[info.selection[i * info.n_candidates + j]]) = j == chosen ? 1 : 0;
    instance_.slot(variables[info.states[i]]) = instance_.read(variables[info.candidates[chosen]]);
  }
  set.states = change.newStates;
}

void StateSelection::loadStatesFromCandidates() {
  const mocc_variable* variables = instance_.model().variables;
  for (const Set& set : sets_) {
    const mocc_state_set_info& info = *set.info;
    for (int i = 0; i < info.n_states; ++i)
      instance_.slot(variables[info.states[i]]) =
          instance_.read(variables[info.candidates[set.states[static_cast<std::size_t>(i)]]]);
  }
}

std::string StateSelection::candidateList(const Set& set, const std::vector<int>& positions) const {
  std::vector<std::string> names;
  for (int j : positions)
    names.push_back(instance_.model().variables[set.info->candidates[j]].name);
  return fmt::format("{{{}}}", fmt::join(names, ", "));
}

std::string StateSelection::describe(const StateSetSwitch& change) const {
  const Set& set = sets_[static_cast<std::size_t>(change.set)];
  return fmt::format("state set {}: states {} -> {}",
                     candidateList(set, complement(set.info->n_candidates, {})),
                     candidateList(set, change.oldStates), candidateList(set, change.newStates));
}

} // namespace mocc::runtime
