// The time derivatives of the crossing functions, dg/dt along the solution, derived
// symbolically (issue 5): the event locators' Newton iteration (seed 004, 4.3.1), Henon's
// method (seed 000, chapter 4: dx/dg = f / (dg/dt)), the trapezoidal approach and the Hermite
// interpolant of the double-crossing check (seed 002, 5.2.1) all need them.
//
// Forward mode over the continuous steps: g reads states (whose derivative is der(x), computed
// by `derivatives`), piecewise-constant values (derivative 0) and algebraic variables. An
// algebraic variable y gets a hidden variable $rate(y) holding dy/dt:
//  - computed by an explicit assignment y := f, by $rate(y) := df/dt;
//  - computed by an algebraic loop r(u, w) = 0 (iteration variables u, inner variables w
//    computed from them), by implicit differentiation: dr/dt = 0 is linear in the rates of u,
//    with the loop's own Jacobian dr/du, so a linear system with the rates of u as unknowns,
//    the differentiated inner assignments as its inner part and the differentiated residuals
//    as its residuals gives them all.
// The rate statements are ordered like the steps they differentiate, so every rate is computed
// before it is read. A crossing that reads a variable computed otherwise (an algorithm section,
// an if-equation inside a loop) or a function without a derivative annotation has no symbolic
// rate; the runtime then differentiates it numerically.
#include "program_builder.h"

#include "mocc/dae/function_derivatives.h"

#include "mocc/expr/differentiate.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace mocc::backend::program {

class CrossingRateDerivation {
public:
  explicit CrossingRateDerivation(ProgramBuilder& builder)
      : b_(builder), program_(builder.program_), differentiate_(program_.pool, rules()) {
    derivativeOf_.assign(program_.stateCount, UINT32_MAX);
    for (std::uint32_t i = 0; i < program_.variables.size(); ++i) {
      const sim::Variable& v = program_.variables[i];
      if (v.region == sim::Region::Derivative) derivativeOf_[v.index] = i;
    }
  }

  void run() {
    for (sim::Crossing& crossing : program_.crossings) {
      if (std::optional<expr::Id> rate = differentiate_(crossing.function))
        crossing.rate = *rate;
      else
        crossing.rateMissing = differentiate_.failure();
    }
    while (!pending_.empty()) {
      std::uint32_t y = pending_.back();
      pending_.pop_back();
      if (!sources_.at(y).done) deriveSource(y);
    }
    std::set<std::uint32_t> reads;
    for (sim::Crossing& crossing : program_.crossings) {
      if (!crossing.rate.valid()) continue;
      crossing.rateMissing = failureOf({crossing.rate});
      if (!crossing.rateMissing.empty()) {
        crossing.rate = {};
        continue;
      }
      for (std::uint32_t v : expr::variablesOf(program_.pool, crossing.rate))
        reads.insert(v);
    }
    std::vector<sim::Statement> statements = rateStatements(reads);
    for (const auto& [y, source] : sources_)
      reads.erase(source.rateVariable);
    program_.crossingRateInputs = b_.assignmentsNeededBy(reads);
    program_.crossingRateInputs.insert(program_.crossingRateInputs.end(), statements.begin(),
                                       statements.end());
  }

private:
  /// Where the rate of an algebraic variable comes from.
  struct RateSource {
    std::uint32_t rateVariable = 0;          // the hidden $rate(y) variable
    std::size_t step = 0;                    // the continuous step computing y
    bool done = false;                       // derived (or failed)
    std::vector<expr::Id> values;            // what the rate statement reads, to propagate failures
    std::string failure;                     // why it cannot be derived, or ""
    std::optional<sim::Statement> statement; // $rate(y) := ..., or the loop's Solve (once)
  };

  expr::DerivativeRules rules() {
    expr::DerivativeRules rules;
    rules.variable = [this](std::uint32_t index) { return rateOf(index); };
    rules.time = 1;
    rules.function = dae::functionDerivatives(b_.system_);
    return rules;
  }

  expr::Id rateOf(std::uint32_t index) {
    const sim::Variable& v = program_.variables[index];
    if (v.type != expr::Type::Real || v.kind == sim::Kind::Parameter ||
        v.kind == sim::Kind::Constant || v.kind == sim::Kind::Discrete)
      return program_.pool.real(0); // constant between events
    if (v.region == sim::Region::State)
      return program_.pool.variable(derivativeOf_[v.index], v.type);
    return program_.pool.variable(source(index).rateVariable, expr::Type::Real);
  }

  RateSource& source(std::uint32_t y) {
    auto [it, isNew] = sources_.try_emplace(y);
    if (isNew) {
      it->second.rateVariable =
          b_.addInternal(fmt::format("$rate({})", program_.variables[y].name), expr::Type::Real);
      pending_.push_back(y);
    }
    return it->second;
  }

  /// The continuous step computing `y`, if any.
  std::optional<std::size_t> stepOf(std::uint32_t y) const {
    for (std::size_t i = 0; i < b_.continuous_.size(); ++i) {
      const auto& outputs = b_.continuous_[i].outputs;
      if (std::find(outputs.begin(), outputs.end(), y) != outputs.end()) return i;
    }
    return std::nullopt;
  }

  void deriveSource(std::uint32_t y) {
    std::optional<std::size_t> step = stepOf(y);
    const std::vector<sim::Statement>* statements =
        step ? &b_.continuous_[*step].statements : nullptr;
    const sim::Statement* only =
        statements && statements->size() == 1 ? &statements->front() : nullptr;
    if (const auto* assign = only ? std::get_if<sim::Assign>(&only->node) : nullptr;
        assign && assign->variable == y) {
      deriveAssignment(y, *step, *assign, only->origin);
    } else if (const auto* solve = only ? std::get_if<sim::Solve>(&only->node) : nullptr) {
      deriveLoop(*step, *solve, only->origin);
    } else {
      RateSource& s = sources_.at(y);
      s.done = true;
      s.failure = fmt::format("'{}' is computed by neither an assignment nor an algebraic loop",
                              program_.variables[y].name);
    }
  }

  void deriveAssignment(std::uint32_t y, std::size_t step, const sim::Assign& assign,
                        const std::string& origin) {
    std::optional<expr::Id> value = differentiate_(assign.value);
    RateSource& s = sources_.at(y);
    s.done = true;
    s.step = step;
    if (!value) {
      s.failure = differentiate_.failure();
      return;
    }
    s.values = {*value};
    s.statement = sim::Statement{sim::Assign{s.rateVariable, *value}, origin};
  }

  // Implicit differentiation of a loop: one linear system for the rates of all its variables.
  void deriveLoop(std::size_t step, const sim::Solve& solve, const std::string& origin) {
    const sim::AlgebraicSystem loop = program_.systems[solve.system]; // systems may grow below
    std::vector<std::uint32_t> members;
    for (std::uint32_t v : b_.continuous_[step].outputs)
      if (program_.variables[v].type == expr::Type::Real) members.push_back(v);
    for (std::uint32_t v : members) {
      RateSource& s = source(v);
      s.done = true;
      s.step = step;
    }
    sim::AlgebraicSystem rates;
    rates.description = "rates of the " + loop.description;
    rates.linear = true;
    rates.origins = loop.origins;
    rates.jacobian = loop.jacobian; // d(dr/dt)/d(du/dt) = dr/du
    for (std::uint32_t u : loop.unknowns)
      rates.unknowns.push_back(sources_.at(u).rateVariable);
    std::string failure;
    std::vector<expr::Id> values;
    auto derive = [&](expr::Id e) -> expr::Id {
      std::optional<expr::Id> d = failure.empty() ? differentiate_(e) : std::nullopt;
      if (!d) {
        if (failure.empty()) failure = differentiate_.failure();
        return {};
      }
      values.push_back(*d);
      return *d;
    };
    for (const sim::Statement& statement : loop.inner) {
      const auto* assign = std::get_if<sim::Assign>(&statement.node);
      if (!assign) {
        failure = "the " + loop.description +
                  " computes a variable conditionally or in a loop "
                  "of its own";
        break;
      }
      const sim::Variable& target = program_.variables[assign->variable];
      expr::Id value = target.type == expr::Type::Real ? derive(assign->value) : expr::Id{};
      if (value.valid())
        rates.inner.push_back(
            {sim::Assign{sources_.at(assign->variable).rateVariable, value}, statement.origin});
    }
    for (expr::Id residual : loop.residuals)
      rates.residuals.push_back(derive(residual));
    for (std::uint32_t v : members) {
      RateSource& s = sources_.at(v);
      s.failure = failure;
      s.values = values;
    }
    if (!failure.empty()) return;
    auto number = static_cast<std::uint32_t>(program_.systems.size());
    program_.systems.push_back(std::move(rates));
    sources_.at(members.front()).statement = sim::Statement{sim::Solve{number}, origin};
  }

  /// Why rates reading `roots` (directly or through other rates) cannot be derived, or "".
  std::string failureOf(std::vector<expr::Id> work) const {
    std::map<std::uint32_t, std::uint32_t> variableOfRate;
    for (const auto& [y, s] : sources_)
      variableOfRate[s.rateVariable] = y;
    std::set<std::uint32_t> seen;
    while (!work.empty()) {
      expr::Id e = work.back();
      work.pop_back();
      for (std::uint32_t v : expr::variablesOf(program_.pool, e)) {
        auto it = variableOfRate.find(v);
        if (it == variableOfRate.end() || !seen.insert(v).second) continue;
        const RateSource& s = sources_.at(it->second);
        if (!s.failure.empty()) return s.failure;
        work.insert(work.end(), s.values.begin(), s.values.end());
      }
    }
    return {};
  }

  /// The rate statements that derived without failure, in step order; adds what they read.
  std::vector<sim::Statement> rateStatements(std::set<std::uint32_t>& reads) const {
    std::vector<std::pair<std::size_t, const sim::Statement*>> ordered;
    for (const auto& [y, s] : sources_)
      if (s.statement && s.failure.empty() && failureOf(s.values).empty())
        ordered.emplace_back(s.step, &*s.statement);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<sim::Statement> statements;
    for (const auto& [step, statement] : ordered)
      statements.push_back(*statement);
    std::set<std::uint32_t> statementInputs = statementReads(program_, statements);
    reads.insert(statementInputs.begin(), statementInputs.end());
    return statements;
  }

  ProgramBuilder& b_;
  sim::Program& program_;
  std::vector<std::uint32_t> derivativeOf_; // state index -> its derivative variable
  std::map<std::uint32_t, RateSource> sources_;
  std::vector<std::uint32_t> pending_; // algebraic variables whose rate is still to derive
  expr::Differentiator differentiate_;
};

void ProgramBuilder::addCrossingRates() {
  if (program_.crossings.empty()) return;
  CrossingRateDerivation(*this).run();
}

} // namespace mocc::backend::program
