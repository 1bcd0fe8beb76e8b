// Symbolic Jacobians by forward differentiation through assignments: of a torn loop's
// residuals with respect to its iteration variables, and of the ODE (der(x) with respect to
// x) through the continuous schedule. Also the linearity test of torn loops.
#include "causalize.h"

#include "mocc/expr/solve.h"
#include "system_queries.h"

#include <algorithm>
#include <map>

namespace mocc::backend::structure {

namespace {

using Row = std::vector<std::pair<std::int32_t, expr::Id>>; // sorted by column

// Total derivatives of variables with respect to a set of seeds (the columns), one
// assignment at a time. A variable whose derivative is unknown (computed by a loop or an
// algorithm, or not differentiable) is opaque, and so is everything computed from it.
class Sensitivities {
public:
  Sensitivities(dae::System& system, std::size_t columns, std::size_t maxEntries)
      : system_(system), functions_(detail::functionDerivatives(system)),
        linearTails_(detail::derivativeFunctionTails(system)),
        inlined_(dae::inlinedFunctions(system)), bodies_(dae::inlinedFunctions(system, true)),
        rows_(system.variables.size()), status_(system.variables.size(), Status::Zero),
        dense_(columns), maxEntries_(maxEntries) {}

  void seed(std::uint32_t variable, std::int32_t column) {
    rows_[variable] = {{column, system_.pool.real(1)}};
    status_[variable] = Status::Known;
  }
  void makeOpaque(std::uint32_t variable) { status_[variable] = Status::Opaque; }
  /// Sets the derivatives of `variable` with respect to the seeds (empty: all zero).
  void setRow(std::uint32_t variable, Row row) {
    rows_[variable] = std::move(row);
    status_[variable] = Status::Known;
  }
  bool isOpaque(std::uint32_t variable) const { return status_[variable] == Status::Opaque; }
  bool overflowed() const { return entries_ > maxEntries_; }
  const Row& row(std::uint32_t variable) const { return rows_[variable]; }

  void assign(std::uint32_t variable, expr::Id value) {
    if (system_.variables[variable].type != expr::Type::Real) return; // piecewise constant
    auto total = totalDerivative(value);
    if (!total) {
      makeOpaque(variable);
      return;
    }
    entries_ += total->size();
    rows_[variable] = std::move(*total);
    status_[variable] = Status::Known;
  }

  /// sum over read variables u of d e/d u * d u/d seeds; nullopt when e reads an opaque
  /// variable or cannot be differentiated.
  std::optional<Row> totalDerivative(expr::Id e) {
    expr::Pool& pool = system_.pool;
    touched_.clear();
    for (std::uint32_t u : expr::variablesOf(pool, e)) {
      if (status_[u] == Status::Opaque) return std::nullopt;
      if (status_[u] != Status::Known || rows_[u].empty()) continue;
      auto partial =
          expr::partialDerivative(pool, e, u, functions_, linearTails_, inlined_, bodies_);
      if (!partial) return std::nullopt;
      if (pool.isConstant(*partial, 0)) continue;
      for (const auto& [column, q] : rows_[u])
        add(column, pool.mul(*partial, q));
    }
    std::sort(touched_.begin(), touched_.end());
    Row result;
    for (std::int32_t column : touched_) {
      expr::Id value = dense_[column];
      dense_[column] = expr::Id{};
      if (!pool.isConstant(value, 0)) result.emplace_back(column, value);
    }
    return result;
  }

private:
  enum class Status : std::uint8_t { Zero, Known, Opaque };

  void add(std::int32_t column, expr::Id term) {
    expr::Id& slot = dense_[column];
    if (!slot.valid()) {
      touched_.push_back(column);
      slot = term;
    } else {
      slot = system_.pool.add(slot, term);
    }
  }

  dae::System& system_;
  std::function<std::optional<expr::FunctionDerivative>(std::uint32_t, std::uint32_t)> functions_;
  std::function<std::uint32_t(std::uint32_t)> linearTails_;
  decltype(expr::DerivativeRules::inlined) inlined_, bodies_;
  std::vector<Row> rows_;
  std::vector<Status> status_;
  std::vector<expr::Id> dense_; // scratch, indexed by column, invalid when untouched
  std::vector<std::int32_t> touched_;
  std::size_t entries_ = 0, maxEntries_;
};

// Above this many entries a dense symbolic Jacobian costs more than finite differences.
constexpr std::size_t kMaxLoopJacobianEntries = 250000;
constexpr std::size_t kMaxSensitivityEntries = 5000000;

} // namespace

namespace detail {

std::vector<expr::Id> loopJacobian(dae::System& system, const std::vector<std::uint32_t>& iteration,
                                   const std::vector<Step>& inner,
                                   const std::vector<expr::Id>& residuals) {
  std::size_t n = iteration.size();
  if (n * n > kMaxLoopJacobianEntries) return {};
  Sensitivities sensitivities(system, n, kMaxSensitivityEntries);
  for (std::size_t j = 0; j < n; ++j)
    sensitivities.seed(iteration[j], static_cast<std::int32_t>(j));
  for (const Step& step : inner) {
    sensitivities.assign(step.variable, step.value);
    if (sensitivities.isOpaque(step.variable) || sensitivities.overflowed()) return {};
  }
  std::vector<expr::Id> jacobian(n * residuals.size());
  for (std::size_t i = 0; i < residuals.size(); ++i) {
    auto row = sensitivities.totalDerivative(residuals[i]);
    if (!row) return {};
    for (const auto& [j, value] : *row)
      jacobian[i * n + j] = value;
  }
  return jacobian;
}

// The residuals with the inner steps substituted must be linear forms in every iteration
// variable with coefficients free of iteration variables. Relations are frozen (constants).
bool isAffineLoop(dae::System& system, const std::vector<std::uint32_t>& iteration,
                  const std::vector<Step>& inner, const std::vector<expr::Id>& residuals) {
  expr::Pool& pool = system.pool;
  std::vector<expr::Id> inlined(system.variables.size());
  expr::Translator substitute(pool, pool, [&](expr::Id id, expr::Translator&) -> expr::Id {
    const expr::Node& node = pool.node(id);
    return node.op == expr::Op::Variable ? inlined[node.index] : expr::Id{};
  });
  for (const Step& step : inner) {
    if (system.variables[step.variable].type != expr::Type::Real) continue; // frozen conditions
    inlined[step.variable] = substitute(step.value);
  }
  std::vector<bool> isIteration(system.variables.size(), false);
  for (std::uint32_t v : iteration)
    isIteration[v] = true;
  auto readsIteration = [&](expr::Id e) {
    return expr::dependsOn(pool, e, [&](std::uint32_t u) { return isIteration[u]; });
  };
  for (expr::Id residual : residuals) {
    expr::Id r = substitute(residual);
    for (std::uint32_t v : iteration) {
      auto form = expr::linearForm(pool, r, system.ref(v));
      if (!form || readsIteration(form->coefficient)) return false;
    }
  }
  return true;
}

} // namespace detail

namespace {

/// Loops with at most this many iteration variables get analytic sensitivities through the
/// adjugate of their Jacobian; the determinant by cofactors has k! terms, and larger loops are
/// left to finite differences (reported as the ODE Jacobian's fallback).
constexpr std::size_t kMaxAdjugateSize = 4;

/// The square k-by-k matrix `entries` (row-major, an invalid Id is zero) of a loop, with
/// determinants of its submatrices by Laplace expansion along their first row.
class LoopMatrix {
public:
  LoopMatrix(expr::Pool& pool, const std::vector<expr::Id>& entries, std::size_t k)
      : pool_(pool), entries_(entries), k_(k) {}

  expr::Id entry(std::size_t i, std::size_t j) const {
    expr::Id e = entries_[i * k_ + j];
    return e.valid() ? e : pool_.real(0);
  }

  /// det of the submatrix on `rows` x `columns` (equal sizes, ascending).
  expr::Id determinant(const std::vector<std::size_t>& rows,
                       const std::vector<std::size_t>& columns) const {
    if (rows.empty()) return pool_.real(1);
    std::vector<std::size_t> lowerRows(rows.begin() + 1, rows.end());
    expr::Id sum = pool_.real(0);
    for (std::size_t t = 0; t < columns.size(); ++t) {
      expr::Id a = entry(rows[0], columns[t]);
      if (pool_.isConstant(a, 0)) continue;
      std::vector<std::size_t> otherColumns = columns;
      otherColumns.erase(otherColumns.begin() + static_cast<std::ptrdiff_t>(t));
      expr::Id term = pool_.mul(a, determinant(lowerRows, otherColumns));
      sum = t % 2 == 0 ? pool_.add(sum, term) : pool_.sub(sum, term);
    }
    return sum;
  }

  /// The cofactor C_ij: (-1)^(i+j) times the determinant without row i and column j.
  expr::Id cofactor(std::size_t i, std::size_t j) const {
    expr::Id minor = determinant(allBut(i), allBut(j));
    return (i + j) % 2 == 0 ? minor : pool_.neg(minor);
  }

  expr::Id determinant() const { return determinant(allBut(k_), allBut(k_)); }

private:
  std::vector<std::size_t> allBut(std::size_t skipped) const {
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < k_; ++i)
      if (i != skipped) indices.push_back(i);
    return indices;
  }

  expr::Pool& pool_;
  const std::vector<expr::Id>& entries_;
  std::size_t k_;
};

// A loop with iteration variables v and residuals r(x, v) = 0, whose Jacobian J = dr/dv (total
// through its inner steps) is known: by the implicit function theorem dv/dx = -J^-1 (dr/dx at
// fixed v), with J^-1 = adj(J) / det(J), so dv_i/dx = -(sum_j C_ji dr_j/dx) / det(J) (one
// variable: -(dr/dx) / (dr/dv)). The inner variables are then differentiated with the rows of
// v in place. False leaves the sensitivities to be made opaque.
bool differentiateLoop(dae::System& system, Sensitivities& sensitivities, const Step& step) {
  std::size_t k = step.iteration.size();
  if (k == 0 || k > kMaxAdjugateSize || step.jacobian.size() != k * k) return false;
  expr::Pool& pool = system.pool;
  for (std::uint32_t v : step.iteration)
    sensitivities.setRow(v, {});
  for (const Step& inner : step.inner)
    sensitivities.assign(inner.variable, inner.value);
  std::vector<Row> atFixedV;
  for (expr::Id residual : step.residuals) {
    auto row = sensitivities.totalDerivative(residual);
    if (!row) return false;
    atFixedV.push_back(std::move(*row));
  }
  LoopMatrix jacobian(pool, step.jacobian, k);
  expr::Id determinant = jacobian.determinant();
  if (pool.isConstant(determinant, 0)) return false; // structurally singular
  std::vector<Row> rows(k);
  for (std::size_t i = 0; i < k; ++i) {
    std::map<std::int32_t, expr::Id> numerators; // by column
    for (std::size_t j = 0; j < k; ++j) {
      if (atFixedV[j].empty()) continue;
      expr::Id c = k == 1 ? pool.real(1) : jacobian.cofactor(j, i);
      if (pool.isConstant(c, 0)) continue;
      for (const auto& [column, value] : atFixedV[j]) {
        expr::Id term = pool.mul(c, value);
        auto [slot, inserted] = numerators.emplace(column, term);
        if (!inserted) slot->second = pool.add(slot->second, term);
      }
    }
    for (const auto& [column, numerator] : numerators)
      rows[i].emplace_back(column, pool.neg(pool.div(numerator, determinant)));
  }
  for (std::size_t i = 0; i < k; ++i)
    sensitivities.setRow(step.iteration[i], std::move(rows[i]));
  for (const Step& inner : step.inner) {
    sensitivities.assign(inner.variable, inner.value);
    if (sensitivities.isOpaque(inner.variable)) return false;
  }
  return true;
}

} // namespace

namespace {

/// The variables a step computes.
std::vector<std::uint32_t> stepOutputs(const dae::System& system, const Step& step) {
  switch (step.kind) {
  case Step::Kind::Assign: return {step.variable};
  case Step::Kind::Algorithm: return system.algorithms[step.source].outputs;
  case Step::Kind::InitialAlgorithm: return system.initialAlgorithms[step.source].outputs;
  case Step::Kind::When: return {};
  case Step::Kind::System: {
    std::vector<std::uint32_t> outputs = step.iteration;
    for (const Step& inner : step.inner)
      outputs.push_back(inner.variable);
    return outputs;
  }
  }
  return {};
}

/// Marks the variables a step reads, where they matter to its outputs' derivatives.
void addStepReads(const dae::System& system, const Step& step, std::vector<bool>& reads) {
  auto add = [&](expr::Id e) {
    if (e.valid())
      for (std::uint32_t v : expr::variablesOf(system.pool, e))
        reads[v] = true;
  };
  switch (step.kind) {
  case Step::Kind::Assign: add(step.value); break;
  case Step::Kind::Algorithm: // its outputs are opaque: what it reads does not matter
  case Step::Kind::InitialAlgorithm:
  case Step::Kind::When: break;
  case Step::Kind::System:
    for (const Step& inner : step.inner)
      add(inner.value);
    for (expr::Id r : step.residuals)
      add(r);
    break;
  }
}

/// Which steps the state derivatives depend on (backwards through the schedule): only those
/// are differentiated, so a sum that no derivative reads (the ground's flow balance of an RC
/// ladder, N terms) costs nothing.
std::vector<bool> stepsNeededByDerivatives(const dae::System& system,
                                           const std::vector<Step>& steps) {
  std::vector<bool> needed(system.variables.size(), false);
  for (const dae::Variable& v : system.variables)
    if (v.isIntegratedState()) needed[v.derivative] = true;
  std::vector<bool> neededSteps(steps.size(), false);
  for (std::size_t k = steps.size(); k-- > 0;) {
    std::vector<std::uint32_t> outputs = stepOutputs(system, steps[k]);
    neededSteps[k] =
        std::any_of(outputs.begin(), outputs.end(), [&](std::uint32_t v) { return needed[v]; });
    if (neededSteps[k]) addStepReads(system, steps[k], needed);
  }
  return neededSteps;
}

} // namespace

std::optional<std::vector<JacobianEntry>>
odeJacobian(dae::System& system, const std::vector<Step>& steps, std::string* why) {
  std::vector<std::uint32_t> states;
  std::vector<std::int32_t> column(system.variables.size(), -1);
  for (std::uint32_t v = 0; v < system.variables.size(); ++v) {
    if (!system.variables[v].isIntegratedState()) continue;
    column[v] = static_cast<std::int32_t>(states.size());
    states.push_back(v);
  }
  Sensitivities sensitivities(system, states.size(), kMaxSensitivityEntries);
  for (std::uint32_t x : states)
    sensitivities.seed(x, column[x]);
  auto fail = [&](std::string reason) -> std::optional<std::vector<JacobianEntry>> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  std::vector<bool> neededSteps = stepsNeededByDerivatives(system, steps);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    if (!neededSteps[k]) continue;
    const Step& step = steps[k];
    if (step.kind == Step::Kind::Assign) sensitivities.assign(step.variable, step.value);
    if (step.kind == Step::Kind::System && !differentiateLoop(system, sensitivities, step)) {
      for (std::uint32_t v : step.iteration)
        sensitivities.makeOpaque(v);
      for (const Step& inner : step.inner)
        sensitivities.makeOpaque(inner.variable);
    }
    if (step.kind == Step::Kind::Algorithm) {
      for (std::uint32_t v : system.algorithms[step.source].outputs)
        if (system.variables[v].type == expr::Type::Real) sensitivities.makeOpaque(v);
    }
    if (sensitivities.overflowed()) return fail("the Jacobian of the derivatives is too dense");
  }
  std::vector<JacobianEntry> entries;
  for (std::uint32_t x : states) {
    std::uint32_t derivative = system.variables[x].derivative;
    if (sensitivities.isOpaque(derivative)) {
      return fail("der(" + system.variables[x].name +
                  ") depends on an algebraic loop, an algorithm section or a function without "
                  "derivative");
    }
    for (const auto& [j, value] : sensitivities.row(derivative))
      entries.push_back(JacobianEntry{x, states[j], value});
  }
  return entries;
}

// The loops the derivatives need are opened: their iteration variables are seeds (columns) like
// the states, so their inner steps and residuals are differentiated with them held fixed; no
// implicit differentiation is needed.
std::optional<std::vector<ResidualJacobianEntry>>
residualJacobian(dae::System& system, const std::vector<Step>& steps, std::string* why) {
  auto fail = [&](std::string reason) -> std::optional<std::vector<ResidualJacobianEntry>> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  std::vector<bool> neededSteps = stepsNeededByDerivatives(system, steps);
  std::vector<std::uint32_t> unknowns; // columns: states, then iteration variables
  for (std::uint32_t v = 0; v < system.variables.size(); ++v)
    if (system.variables[v].isIntegratedState()) unknowns.push_back(v);
  std::size_t states = unknowns.size();
  for (std::size_t k = 0; k < steps.size(); ++k)
    if (neededSteps[k] && steps[k].kind == Step::Kind::System)
      unknowns.insert(unknowns.end(), steps[k].iteration.begin(), steps[k].iteration.end());
  if (unknowns.size() == states) return std::vector<ResidualJacobianEntry>{};
  Sensitivities sensitivities(system, unknowns.size(), kMaxSensitivityEntries);
  for (std::size_t j = 0; j < unknowns.size(); ++j)
    sensitivities.seed(unknowns[j], static_cast<std::int32_t>(j));
  std::vector<ResidualJacobianEntry> entries;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    if (!neededSteps[k]) continue;
    const Step& step = steps[k];
    if (step.kind == Step::Kind::Assign) sensitivities.assign(step.variable, step.value);
    if (step.kind == Step::Kind::Algorithm) {
      for (std::uint32_t v : system.algorithms[step.source].outputs)
        if (system.variables[v].type == expr::Type::Real) sensitivities.makeOpaque(v);
    }
    if (step.kind != Step::Kind::System) continue;
    for (const Step& inner : step.inner)
      sensitivities.assign(inner.variable, inner.value);
    for (std::size_t r = 0; r < step.residuals.size(); ++r) {
      auto row = sensitivities.totalDerivative(step.residuals[r]);
      if (!row)
        return fail("a residual of the loop of " + system.variables[step.iteration[r]].name +
                    " reads an algorithm section or a function without derivative");
      for (const auto& [j, value] : *row)
        entries.push_back({true, step.iteration[r], unknowns[j], value});
    }
    if (sensitivities.overflowed()) return fail("the Jacobian of the residual form is too dense");
  }
  for (std::size_t i = 0; i < states; ++i) {
    std::uint32_t derivative = system.variables[unknowns[i]].derivative;
    if (sensitivities.isOpaque(derivative))
      return fail("der(" + system.variables[unknowns[i]].name +
                  ") reads an algorithm section or a function without derivative");
    for (const auto& [j, value] : sensitivities.row(derivative))
      entries.push_back({false, unknowns[i], unknowns[j], value});
  }
  return entries;
}

} // namespace mocc::backend::structure
