// Dummy derivatives (Mattsson and Soederlind 1993, "Index reduction in differential-algebraic
// equations using dummy derivatives", SIAM J. Sci. Comput. 14(3)), level by level from the
// highest differentiated equations down. At each level a structurally safe static choice is
// made where the Jacobian allows one; the rest becomes a dynamic state set.
#include "mocc/structure/index_reduction.h"

#include "mocc/expr/differentiate.h"
#include "mocc/expr/evaluate.h"
#include "mocc/structure/graph.h"
#include "system_queries.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <map>

namespace mocc::backend::structure {

namespace {

using SparseRow = std::map<std::int32_t, expr::Id>; // candidate -> entry

// Lower: rather a dummy. A derivative of a derivative first (its integral would otherwise be
// a state of kind Derivative), then by the stateSelect of the variable it differentiates.
int dummyPreference(const dae::System& system, std::uint32_t z) {
  const dae::Variable& integral = system.variables[system.variables[z].state];
  if (integral.kind == dae::VariableKind::Derivative) return 0;
  return 1 + static_cast<int>(integral.stateSelect); // Never 1 ... Always 5
}

/// Chooses one column per row of a dense numeric matrix by Gaussian elimination with column
/// pivoting (the largest pivot; ties go to the first column). Empty when rank deficient.
std::vector<std::int32_t> chooseColumns(std::vector<std::vector<double>> m, std::size_t columns) {
  std::vector<std::int32_t> chosen;
  std::vector<bool> used(columns, false);
  double scale = 0;
  for (const auto& row : m)
    for (double x : row)
      scale = std::max(scale, std::fabs(x));
  for (std::size_t r = 0; r < m.size(); ++r) {
    std::int32_t best = -1;
    for (std::size_t c = 0; c < columns; ++c) {
      if (!used[c] && (best < 0 || std::fabs(m[r][c]) > std::fabs(m[r][best]))) best = c;
    }
    if (best < 0 || !(std::fabs(m[r][best]) > 1e-12 * scale)) return {};
    used[best] = true;
    chosen.push_back(best);
    for (std::size_t below = r + 1; below < m.size(); ++below) {
      double factor = m[below][best] / m[r][best];
      for (std::size_t c = 0; c < columns; ++c)
        m[below][c] -= factor * m[r][c];
    }
  }
  return chosen;
}

/// Chooses one column per row of a dense numeric matrix, most preferred first (Mattsson and
/// Soederlind: the dummy derivatives are the columns of a nonsingular block of the level's
/// Jacobian, picked by preference). Columns are taken class by class, lowest `preference`
/// first: every column of a class that is independent of those chosen before joins before any
/// column of the next class, which gives the most preferred basis of the column matroid (a
/// greedy choice is optimal on a matroid). Within a class, Gaussian elimination with threshold
/// pivoting keeps the order of the columns (the first column whose largest remaining entry is
/// at least a tenth of the class's largest, pivoting on that entry) while keeping the block well
/// conditioned. Empty when the matrix has a lower rank than it has rows.
std::vector<std::int32_t> choosePreferredColumns(std::vector<std::vector<double>> m,
                                                 const std::vector<int>& preference) {
  constexpr double kThreshold = 0.1;
  std::size_t rows = m.size(), columns = preference.size();
  double scale = 0;
  for (const auto& row : m)
    for (double x : row)
      scale = std::max(scale, std::fabs(x));
  std::vector<int> classes(preference.begin(), preference.end());
  std::sort(classes.begin(), classes.end());
  classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
  std::vector<bool> rowUsed(rows, false), columnUsed(columns, false);
  std::vector<std::int32_t> chosen;
  // The largest entry of column c in the rows not pivoted yet, and its row.
  auto largestIn = [&](std::size_t c) {
    std::pair<double, std::size_t> best{0.0, rows};
    for (std::size_t r = 0; r < rows; ++r) {
      if (!rowUsed[r] && std::fabs(m[r][c]) > best.first) best = {std::fabs(m[r][c]), r};
    }
    return best;
  };
  for (int rank : classes) {
    while (chosen.size() < rows) {
      double classLargest = 0;
      for (std::size_t c = 0; c < columns; ++c)
        if (!columnUsed[c] && preference[c] == rank)
          classLargest = std::max(classLargest, largestIn(c).first);
      if (!(classLargest > 1e-12 * scale)) break; // the class is spent
      std::size_t pivotColumn = columns, pivotRow = rows;
      for (std::size_t c = 0; c < columns && pivotColumn == columns; ++c) {
        if (columnUsed[c] || preference[c] != rank) continue;
        auto [value, row] = largestIn(c);
        if (value >= kThreshold * classLargest) {
          pivotColumn = c;
          pivotRow = row;
        }
      }
      rowUsed[pivotRow] = columnUsed[pivotColumn] = true;
      chosen.push_back(static_cast<std::int32_t>(pivotColumn));
      for (std::size_t r = 0; r < rows; ++r) {
        if (rowUsed[r] || m[r][pivotColumn] == 0) continue;
        double factor = m[r][pivotColumn] / m[pivotRow][pivotColumn];
        for (std::size_t c = 0; c < columns; ++c)
          m[r][c] -= factor * m[pivotRow][c];
      }
    }
  }
  if (chosen.size() < rows) return {};
  return chosen;
}

class DummyDerivativeSelector {
public:
  DummyDerivativeSelector(dae::System& system, Diagnostics& diagnostics)
      : system_(system), diagnostics_(diagnostics), values_(system),
        functions_(detail::functionDerivatives(system)),
        linearTails_(detail::derivativeFunctionTails(system)),
        inlined_(dae::inlinedFunctions(system)), bodies_(dae::inlinedFunctions(system, true)) {}

  bool run() {
    std::vector<std::uint32_t> equations = highestDifferentiatedEquations();
    std::vector<std::uint32_t> candidates = highestDerivatives(equations);
    while (!equations.empty()) {
      auto dummies = selectLevel(equations, candidates);
      if (!dummies) return false;
      std::vector<std::uint32_t> lower;
      for (std::uint32_t e : equations) {
        std::uint32_t parent = system_.equations[e].differentiatedFrom;
        if (system_.equations[parent].differentiatedFrom != dae::kNone) lower.push_back(parent);
      }
      candidates.clear();
      for (std::uint32_t z : *dummies) {
        std::uint32_t integral = system_.variables[z].state;
        if (system_.variables[integral].kind == dae::VariableKind::Derivative)
          candidates.push_back(integral);
      }
      equations = std::move(lower);
    }
    return checkSelection();
  }

private:
  // --------------------------------------------------------------------------- levels

  std::vector<std::uint32_t> highestDifferentiatedEquations() const {
    std::vector<bool> hasDerivative(system_.equations.size(), false);
    for (const dae::Equation& e : system_.equations)
      if (e.differentiatedFrom != dae::kNone) hasDerivative[e.differentiatedFrom] = true;
    std::vector<std::uint32_t> result;
    for (std::uint32_t e = 0; e < system_.equations.size(); ++e) {
      const dae::Equation& equation = system_.equations[e];
      if (equation.origin == dae::EquationOrigin::Differentiated && !hasDerivative[e])
        result.push_back(e);
    }
    return result;
  }

  std::vector<std::uint32_t> highestDerivatives(const std::vector<std::uint32_t>& equations) {
    std::vector<bool> seen(system_.variables.size(), false);
    std::vector<std::uint32_t> result;
    for (std::uint32_t e : equations) {
      for (std::uint32_t v : detail::equationReads(system_, system_.equations[e])) {
        const dae::Variable& variable = system_.variables[v];
        if (seen[v] || variable.kind != dae::VariableKind::Derivative ||
            variable.derivative != dae::kNone || variable.alias.valid()) {
          continue;
        }
        seen[v] = true;
        result.push_back(v);
      }
    }
    std::sort(result.begin(), result.end());
    return result;
  }

  // ------------------------------------------------------------------------ one level

  struct Level {
    std::vector<std::uint32_t> equations;  // g
    std::vector<std::uint32_t> candidates; // z, in dummy-preference order
    std::vector<SparseRow> partials;       // d g_i / d z_j (structural nonzeros)
  };
  struct StaticChoice {
    Matching matching;               // equation -> its candidate, over safe pivots
    std::vector<std::int32_t> order; // the matched equations in triangular order
  };

  std::optional<std::vector<std::uint32_t>> selectLevel(const std::vector<std::uint32_t>& g,
                                                        std::vector<std::uint32_t> z) {
    std::sort(z.begin(), z.end(), [&](std::uint32_t a, std::uint32_t b) {
      int pa = dummyPreference(system_, a), pb = dummyPreference(system_, b);
      return pa != pb ? pa < pb : a > b; // later declarations become dummies first
    });
    std::vector<std::uint32_t> withoutAlways;
    for (std::uint32_t v : z)
      if (dummyPreference(system_, v) != 5) withoutAlways.push_back(v);
    if (withoutAlways.size() >= g.size()) {
      if (auto dummies = selectAmong(g, withoutAlways, false)) return dummies;
    }
    return selectAmong(g, z, true);
  }

  std::optional<std::vector<std::uint32_t>> selectAmong(const std::vector<std::uint32_t>& g,
                                                        const std::vector<std::uint32_t>& z,
                                                        bool lastAttempt) {
    auto rows = partials(g, z);
    if (!rows) return std::nullopt;
    Level level{g, z, std::move(*rows)};
    if (auto numeric = numericLevelChoice(level)) {
      if (numeric->empty()) {
        if (lastAttempt) {
          std::vector<std::int32_t> all(g.size());
          for (std::size_t i = 0; i < g.size(); ++i)
            all[i] = static_cast<std::int32_t>(i);
          reportNoSelection(level, all);
        }
        return std::nullopt;
      }
      std::vector<std::uint32_t> dummies;
      for (std::int32_t j : *numeric)
        dummies.push_back(z[j]);
      for (std::uint32_t d : dummies)
        markDummy(d);
      return dummies;
    }
    StaticChoice fixed = staticChoice(level);
    std::vector<std::uint32_t> dummies;
    std::vector<std::int32_t> open; // equations without a static choice
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (fixed.matching.variableOfEquation[i] != kUnmatched)
        dummies.push_back(z[fixed.matching.variableOfEquation[i]]);
      else
        open.push_back(static_cast<std::int32_t>(i));
    }
    if (!open.empty() && !dynamicChoice(level, fixed, open, dummies, lastAttempt))
      return std::nullopt;
    for (std::uint32_t d : dummies)
      markDummy(d);
    return dummies;
  }

  std::optional<std::vector<SparseRow>> partials(const std::vector<std::uint32_t>& g,
                                                 const std::vector<std::uint32_t>& z) {
    std::map<std::uint32_t, std::int32_t> column;
    for (std::size_t j = 0; j < z.size(); ++j)
      column[z[j]] = static_cast<std::int32_t>(j);
    std::vector<SparseRow> rows(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      const dae::Equation& e = system_.equations[g[i]];
      expr::Id residual = system_.pool.sub(e.lhs, e.rhs);
      for (std::uint32_t v : detail::equationReads(system_, e)) {
        auto found = column.find(v);
        if (found == column.end()) continue;
        auto d = expr::partialDerivative(system_.pool, residual, v, functions_, linearTails_,
                                         inlined_, bodies_);
        if (!d) { // the time derivative succeeded with the same rules: never expected
          diagnostics_.error(DiagnosticKind::InvalidDerivative, e.range,
                             "index reduction cannot differentiate this equation with respect "
                             "to '" +
                                 system_.variables[v].name + "'");
          return std::nullopt;
        }
        if (!system_.pool.isConstant(*d, 0)) rows[i][found->second] = *d;
      }
    }
    return rows;
  }

  // A level whose Jacobian is known at compile time (constants and parameters) is chosen
  // numerically as a whole, as Mattsson and Soederlind prescribe: the most preferred nonsingular
  // block of all its columns. Choosing a triangular part first and the rest afterwards could
  // commit a pivot that leaves the rest singular in the preferred columns (the ideal gear with a
  // moving housing and ratio 1: der(der(housing.phi)) would be left out and der(housing.phi)
  // would have to be a state). nullopt: some entry varies, or the level is too large for a
  // dense elimination (then the structural choice below decides); empty: the Jacobian is
  // singular.
  std::optional<std::vector<std::int32_t>> numericLevelChoice(const Level& level) {
    constexpr std::size_t kLargestDenseLevel = 100'000; // entries: about 300 x 300
    if (level.equations.size() * level.candidates.size() > kLargestDenseLevel) return std::nullopt;
    std::vector<std::vector<double>> m(level.equations.size(),
                                       std::vector<double>(level.candidates.size(), 0));
    for (std::size_t i = 0; i < level.equations.size(); ++i) {
      for (const auto& [j, entry] : level.partials[i]) {
        if (!values_.isParameterExpression(entry)) return std::nullopt;
        auto value = values_.evaluate(entry);
        if (!value) return std::nullopt;
        m[i][j] = *value;
      }
    }
    std::vector<int> preference;
    for (std::uint32_t z : level.candidates)
      preference.push_back(dummyPreference(system_, z));
    return choosePreferredColumns(std::move(m), preference);
  }

  // A pivot that can never vanish: a nonzero constant, or a parameter expression whose value
  // is not zero (parameters cannot change during simulation).
  bool isSafe(expr::Id entry) {
    if (!values_.isParameterExpression(entry)) return false;
    auto value = values_.evaluate(entry);
    return !value || *value != 0;
  }

  // A matching over safe entries whose equations can be ordered triangularly: then the
  // chosen block's determinant is the product of its pivots, which never vanishes.
  // A maximum matching whose matched candidates are the most preferred dummies: candidates are
  // added in preference order by augmenting paths, which keep the ones added before matched
  // (the greedy basis of the transversal matroid). Otherwise a derivative of an algebraic
  // variable could stay a state while an integrated state becomes the dummy. Large levels,
  // where this would be slow, take Hopcroft-Karp's matching.
  static Matching preferredMatching(const BipartiteGraph& rows, std::size_t candidateCount) {
    constexpr std::size_t kLargestLevel = 2000;
    if (candidateCount > kLargestLevel) return maximumMatching(rows, candidateCount);
    // Augmenting paths start at candidates: the transposed graph, its "equations" the
    // candidates, searched by augmentFrom without recursion.
    BipartiteGraph rowsOf(candidateCount);
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (std::int32_t j : rows[i])
        rowsOf[j].push_back(static_cast<std::int32_t>(i));
    Matching transposed;
    transposed.variableOfEquation.assign(candidateCount, kUnmatched);
    transposed.equationOfVariable.assign(rows.size(), kUnmatched);
    std::vector<std::uint32_t> visited(rows.size(), 0);
    for (std::size_t j = 0; j < candidateCount && transposed.size < rows.size(); ++j)
      augmentFrom(rowsOf, transposed, static_cast<std::int32_t>(j), visited,
                  static_cast<std::uint32_t>(j + 1));
    Matching m;
    m.variableOfEquation = std::move(transposed.equationOfVariable);
    m.equationOfVariable = std::move(transposed.variableOfEquation);
    m.size = transposed.size;
    return m;
  }

  StaticChoice staticChoice(const Level& level) {
    BipartiteGraph safeEdges(level.equations.size());
    for (std::size_t i = 0; i < level.equations.size(); ++i) {
      for (const auto& [j, entry] : level.partials[i])
        if (isSafe(entry)) safeEdges[i].push_back(j);
    }
    Matching matching = preferredMatching(safeEdges, level.candidates.size());
    // Equation i depends on equation k when it contains the candidate matched to k.
    std::vector<std::vector<std::int32_t>> dependsOn(level.equations.size());
    for (std::size_t i = 0; i < level.equations.size(); ++i) {
      if (matching.variableOfEquation[i] == kUnmatched) continue;
      for (const auto& entry : level.partials[i]) {
        std::int32_t k = matching.equationOfVariable[entry.first];
        if (k != kUnmatched && k != static_cast<std::int32_t>(i)) dependsOn[i].push_back(k);
      }
    }
    StaticChoice choice;
    for (const auto& component : stronglyConnectedComponents(dependsOn)) {
      if (component.size() == 1) {
        if (matching.variableOfEquation[component[0]] != kUnmatched)
          choice.order.push_back(component[0]);
        continue;
      }
      for (std::int32_t i : component) { // a cycle: the determinant may vanish
        matching.equationOfVariable[matching.variableOfEquation[i]] = kUnmatched;
        matching.variableOfEquation[i] = kUnmatched;
      }
    }
    choice.matching = std::move(matching);
    return choice;
  }

  // Total derivatives of the open equations with respect to the candidates left, through the
  // equations chosen statically (solved for their candidates, in triangular order).
  std::vector<SparseRow> openJacobian(const Level& level, const StaticChoice& fixed,
                                      const std::vector<std::int32_t>& open) {
    expr::Pool& pool = system_.pool;
    std::vector<SparseRow> sensitivity(level.candidates.size()); // static candidate -> row
    auto accumulate = [&](std::size_t i, std::int32_t pivot) {
      SparseRow sum;
      auto add = [&](std::int32_t j, expr::Id term) {
        auto [slot, inserted] = sum.try_emplace(j, term);
        if (!inserted) slot->second = pool.add(slot->second, term);
      };
      for (const auto& [j, entry] : level.partials[i]) {
        if (j == pivot) continue;
        if (fixed.matching.equationOfVariable[j] == kUnmatched) {
          add(j, entry);
          continue;
        }
        for (const auto& [u, q] : sensitivity[j])
          add(u, pool.mul(entry, q));
      }
      return sum;
    };
    for (std::int32_t i : fixed.order) {
      std::int32_t pivot = fixed.matching.variableOfEquation[i];
      expr::Id coefficient = level.partials[i].at(pivot);
      for (auto& [u, value] : accumulate(i, pivot))
        sensitivity[pivot][u] = pool.neg(pool.div(value, coefficient));
    }
    std::vector<SparseRow> rows;
    for (std::int32_t i : open)
      rows.push_back(accumulate(i, kUnmatched));
    return rows;
  }

  bool dynamicChoice(const Level& level, const StaticChoice& fixed,
                     const std::vector<std::int32_t>& open, std::vector<std::uint32_t>& dummies,
                     bool lastAttempt) {
    std::vector<SparseRow> jacobian = openJacobian(level, fixed, open);
    std::vector<std::int32_t> related; // candidates the open equations depend on
    for (std::size_t j = 0; j < level.candidates.size(); ++j) {
      bool used = false;
      for (const SparseRow& row : jacobian) {
        auto found = row.find(static_cast<std::int32_t>(j));
        used = used || (found != row.end() && !system_.pool.isConstant(found->second, 0));
      }
      if (used) related.push_back(static_cast<std::int32_t>(j));
    }
    if (related.size() < open.size()) {
      if (lastAttempt) reportNoSelection(level, open);
      return false;
    }
    if (auto numeric = numericChoice(level, jacobian, related)) {
      if (numeric->empty()) {
        if (lastAttempt) reportNoSelection(level, open);
        return false;
      }
      for (std::int32_t c : *numeric)
        dummies.push_back(level.candidates[related[c]]);
      return true;
    }
    for (std::int32_t j : related)
      dummies.push_back(level.candidates[j]);
    if (related.size() > open.size()) addStateSet(level, open, related, jacobian);
    return true;
  }

  // When the open block's entries are all known at compile time, a static choice is made
  // numerically, honouring the dummy preference of the candidates (a derivative of a
  // derivative first, then by stateSelect) before the size of the pivots: a larger pivot on a
  // derivative of a state must not leave the derivative of a derivative out of the dummies,
  // which would make a derivative a state. nullopt: some entry varies; empty: the block is
  // singular.
  std::optional<std::vector<std::int32_t>> numericChoice(const Level& level,
                                                         const std::vector<SparseRow>& jacobian,
                                                         const std::vector<std::int32_t>& related) {
    std::vector<std::vector<double>> m(jacobian.size(), std::vector<double>(related.size(), 0));
    for (std::size_t r = 0; r < jacobian.size(); ++r) {
      for (std::size_t c = 0; c < related.size(); ++c) {
        auto found = jacobian[r].find(related[c]);
        if (found == jacobian[r].end()) continue;
        if (!values_.isParameterExpression(found->second)) return std::nullopt;
        auto value = values_.evaluate(found->second);
        if (!value) return std::nullopt;
        m[r][c] = *value;
      }
    }
    std::vector<int> preference;
    for (std::int32_t j : related)
      preference.push_back(dummyPreference(system_, level.candidates[j]));
    return choosePreferredColumns(std::move(m), preference);
  }

  void reportNoSelection(const Level& level, const std::vector<std::int32_t>& open) {
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, system_.equations[level.equations[open[0]]].range,
        "index reduction failed: no choice of dummy derivatives makes these differentiated "
        "equations regular");
    for (std::int32_t i : open)
      d.notes.push_back({system_.equations[level.equations[i]].range, "differentiated equation"});
  }

  // ---------------------------------------------------------------------- state sets

  void addStateSet(const Level& level, const std::vector<std::int32_t>& open,
                   const std::vector<std::int32_t>& related,
                   const std::vector<SparseRow>& jacobian) {
    dae::StateSet set;
    for (std::int32_t j : related) {
      set.candidateDerivatives.push_back(level.candidates[j]);
      set.candidates.push_back(system_.variables[level.candidates[j]].state);
    }
    for (std::int32_t i : open)
      set.constraints.push_back(level.equations[i]);
    for (const SparseRow& row : jacobian) {
      for (std::int32_t j : related) {
        auto found = row.find(j);
        bool zero = found == row.end() || system_.pool.isConstant(found->second, 0);
        set.jacobian.push_back(zero ? expr::Id{} : found->second);
      }
    }
    std::vector<bool> selected = initialSelection(set);
    addStateSetVariables(set, selected);
    addStateSetEquations(set);
    system_.stateSets.push_back(std::move(set));
  }

  // The candidates that play the states at the start: those left over when the constraint
  // block is chosen best conditioned at the start values (unknown values count as 0); when
  // the Jacobian cannot be evaluated, the candidates most preferred as states.
  std::vector<bool> initialSelection(const dae::StateSet& set) {
    std::size_t rows = set.constraints.size(), columns = set.candidates.size();
    expr::Values start;
    start.variable = [this](std::uint32_t v) -> std::optional<double> {
      return values_.start(v).value_or(0.0);
    };
    std::vector<std::vector<double>> m(rows, std::vector<double>(columns, 0));
    bool evaluated = true;
    for (std::size_t k = 0; k < set.jacobian.size() && evaluated; ++k) {
      if (!set.jacobian[k].valid()) continue;
      auto value = expr::evaluate(system_.pool, set.jacobian[k], start);
      evaluated = value.has_value();
      if (value) m[k / columns][k % columns] = *value;
    }
    std::vector<std::int32_t> determined =
        evaluated ? chooseColumns(m, columns) : std::vector<std::int32_t>{};
    if (determined.empty()) { // fall back to the preference order of the candidates
      for (std::size_t c = 0; c < rows; ++c)
        determined.push_back(static_cast<std::int32_t>(c));
    }
    std::vector<bool> selected(columns, true);
    for (std::int32_t c : determined)
      selected[c] = false;
    return selected;
  }

  void addStateSetVariables(dae::StateSet& set, const std::vector<bool>& selected) {
    std::size_t number = system_.stateSets.size() + 1;
    std::size_t states = set.candidates.size() - set.constraints.size();
    SourceRange range = system_.equations[set.constraints.front()].range;
    std::size_t nextSelected = 0;
    for (std::size_t i = 0; i < states; ++i) {
      while (!selected[nextSelected])
        ++nextSelected;
      dae::Variable s;
      s.name = fmt::format("$stateSet{}.s{}", number, i + 1);
      s.kind = dae::VariableKind::State;
      s.range = range;
      // The start of the candidate it selects first (the initialization computes it anyway;
      // a start keeps the state from being reported as starting from an invented 0).
      const dae::Variable& first = system_.variables[set.candidates[nextSelected]];
      s.start = first.start.valid() ? first.start : system_.pool.real(0);
      auto index = static_cast<std::uint32_t>(system_.variables.size());
      system_.variables.push_back(s);
      dae::Variable ds;
      ds.name = "der(" + s.name + ")";
      ds.kind = dae::VariableKind::Derivative;
      ds.state = index;
      ds.range = range;
      system_.variables[index].derivative = index + 1;
      system_.variables.push_back(ds);
      set.states.push_back(index);
      for (std::size_t j = 0; j < set.candidates.size(); ++j) {
        dae::Variable a;
        a.name = fmt::format("$stateSet{}.A[{},{}]", number, i + 1, j + 1);
        a.kind = dae::VariableKind::Discrete;
        a.stateSelection = true;
        a.fixed = true;
        a.start = system_.pool.real(j == nextSelected ? 1 : 0);
        a.range = range;
        set.selection.push_back(static_cast<std::uint32_t>(system_.variables.size()));
        system_.variables.push_back(std::move(a));
      }
      ++nextSelected;
    }
  }

  // s_i = sum_j A_ij * c_j and der(s_i) = sum_j A_ij * der(c_j).
  void addStateSetEquations(const dae::StateSet& set) {
    expr::Pool& pool = system_.pool;
    SourceRange range = system_.equations[set.constraints.front()].range;
    std::size_t columns = set.candidates.size();
    for (std::size_t i = 0; i < set.states.size(); ++i) {
      expr::Id value = pool.real(0), derivative = pool.real(0);
      for (std::size_t j = 0; j < columns; ++j) {
        expr::Id a = system_.ref(set.selection[i * columns + j]);
        value = pool.add(value, pool.mul(a, system_.ref(set.candidates[j])));
        derivative = pool.add(derivative, pool.mul(a, system_.ref(set.candidateDerivatives[j])));
      }
      dae::Equation equation{system_.ref(set.states[i]), value, range,
                             dae::EquationOrigin::StateSet};
      auto index = static_cast<std::uint32_t>(system_.equations.size());
      system_.equations.push_back(equation);
      std::uint32_t ds = system_.variables[set.states[i]].derivative;
      system_.equations.push_back(
          dae::Equation{system_.ref(ds), derivative, range, dae::EquationOrigin::StateSet, index});
    }
    for (std::uint32_t c : set.candidates)
      markDummyState(c);
  }

  // ------------------------------------------------------------------------- marking

  void markDummy(std::uint32_t derivative) {
    system_.variables[derivative].dummy = true;
    markDummyState(system_.variables[derivative].state);
  }

  void markDummyState(std::uint32_t v) {
    if (system_.variables[v].kind == dae::VariableKind::State) system_.variables[v].dummy = true;
  }

  // A derivative that stays the derivative of an integrated state must not itself be the
  // derivative of a derivative; stateSelect requests that could not be honoured are reported.
  bool checkSelection() {
    bool ok = true;
    for (const dae::Variable& v : system_.variables) {
      if (v.kind == dae::VariableKind::Derivative && !v.dummy && !v.alias.valid() &&
          system_.variables[v.state].kind == dae::VariableKind::Derivative) {
        diagnostics_.error(DiagnosticKind::StructurallySingular, v.range,
                           "index reduction needs '" + system_.variables[v.state].name +
                               "' as a state, which is not supported: introduce a variable "
                               "for it (v = " +
                               system_.variables[v.state].name + ")");
        ok = false;
      }
      if (v.kind != dae::VariableKind::State || v.derivative == dae::kNone) continue;
      if (v.stateSelect == dae::StateSelect::Always && v.dummy) {
        diagnostics_.warning(DiagnosticKind::StructurallySingular, v.range,
                             "'" + v.name +
                                 "' has stateSelect = StateSelect.always but index "
                                 "reduction cannot keep it as a state");
      }
    }
    return ok;
  }

  dae::System& system_;
  Diagnostics& diagnostics_;
  detail::CompileTimeValues values_;
  std::function<std::optional<expr::FunctionDerivative>(std::uint32_t, std::uint32_t)> functions_;
  std::function<std::uint32_t(std::uint32_t)> linearTails_;
  decltype(expr::DerivativeRules::inlined) inlined_, bodies_;
};

} // namespace

bool selectDummyDerivatives(dae::System& system, Diagnostics& diagnostics) {
  return DummyDerivativeSelector(system, diagnostics).run();
}

} // namespace mocc::backend::structure
