// The time derivatives of the crossing functions, dg/dt along the solution, derived
// symbolically (issue 5): the event locators' Newton iteration (seed 004, 4.3.1), Henon's
// method (seed 000, chapter 4: dx/dg = f / (dg/dt)), the trapezoidal approach and the Hermite
// interpolant of the double-crossing check (seed 002, 5.2.1) all need them.
//
// Forward mode over the continuous steps: g reads states (whose derivative is der(x), computed
// by `derivatives`), piecewise-constant values (derivative 0) and algebraic variables. An
// algebraic variable y computed by an explicit assignment y := f gets a hidden variable
// $rate(y) := df/dt, differentiated the same way; the assignments are ordered like the steps
// that compute the y, so every rate is computed before it is read. A crossing that reads a
// variable computed otherwise (an algebraic loop, an algorithm section) or a function without a
// derivative annotation has no symbolic rate; the runtime then differentiates it numerically.
#include "program_builder.h"

#include "mocc/expr/differentiate.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace mocc::backend::program {

namespace {

/// Where a variable's time derivative comes from.
struct RateSource {
  std::uint32_t rateVariable = 0; // the hidden $rate(y) variable
  std::size_t step = 0;           // index of the continuous step computing y
  expr::Id value;                 // d f / dt, once differentiated
  std::string failure;            // why it cannot be differentiated, or ""
};

} // namespace

// The continuous step that computes `variable` by one explicit assignment, with its value.
std::optional<std::pair<std::size_t, expr::Id>>
ProgramBuilder::explicitDefinition(std::uint32_t variable) const {
  for (std::size_t i = 0; i < continuous_.size(); ++i) {
    const ContinuousStep& step = continuous_[i];
    if (std::find(step.outputs.begin(), step.outputs.end(), variable) == step.outputs.end())
      continue;
    if (step.statements.size() != 1) return std::nullopt;
    const auto* assign = std::get_if<sim::Assign>(&step.statements.front().node);
    if (!assign || assign->variable != variable) return std::nullopt;
    return std::make_pair(i, assign->value);
  }
  return std::nullopt;
}

void ProgramBuilder::addCrossingRates() {
  if (program_.crossings.empty()) return;
  std::vector<std::uint32_t> derivativeOf(program_.stateCount, UINT32_MAX);
  for (std::uint32_t i = 0; i < program_.variables.size(); ++i) {
    const sim::Variable& v = program_.variables[i];
    if (v.region == sim::Region::Derivative) derivativeOf[v.index] = i;
  }

  std::map<std::uint32_t, RateSource> sources; // algebraic variable -> its rate
  std::vector<std::uint32_t> pending;          // algebraic variables still to differentiate
  auto rateOf = [&](std::uint32_t index) -> expr::Id {
    const sim::Variable& v = program_.variables[index];
    if (v.type != expr::Type::Real || v.kind == sim::Kind::Parameter ||
        v.kind == sim::Kind::Constant || v.kind == sim::Kind::Discrete)
      return program_.pool.real(0); // constant between events
    if (v.region == sim::Region::State)
      return program_.pool.variable(derivativeOf[v.index], v.type);
    auto [it, isNew] = sources.try_emplace(index);
    if (isNew) {
      it->second.rateVariable = addInternal(fmt::format("$rate({})", v.name), expr::Type::Real);
      pending.push_back(index);
    }
    return program_.pool.variable(it->second.rateVariable, expr::Type::Real);
  };
  expr::DerivativeRules rules;
  rules.variable = rateOf;
  rules.time = 1;
  rules.function = [&](std::uint32_t function,
                       std::uint32_t output) -> std::optional<expr::FunctionDerivative> {
    std::uint32_t derivative = system_.functions[function].derivative;
    if (derivative == dae::kNone) return std::nullopt;
    return expr::FunctionDerivative{derivative, output};
  };
  expr::Differentiator differentiate(program_.pool, rules);

  std::vector<std::string> crossingFailure(program_.crossings.size());
  for (std::size_t c = 0; c < program_.crossings.size(); ++c) {
    sim::Crossing& crossing = program_.crossings[c];
    if (std::optional<expr::Id> rate = differentiate(crossing.function))
      crossing.rate = *rate;
    else
      crossing.rateMissing = differentiate.failure();
  }
  while (!pending.empty()) {
    std::uint32_t y = pending.back();
    pending.pop_back();
    RateSource& source = sources.at(y);
    auto definition = explicitDefinition(y);
    if (!definition) {
      source.failure =
          fmt::format("'{}' is not computed by an explicit assignment", program_.variables[y].name);
      continue;
    }
    source.step = definition->first;
    std::optional<expr::Id> value = differentiate(definition->second);
    if (value)
      sources.at(y).value = *value;
    else
      sources.at(y).failure = differentiate.failure();
  }

  // A rate is missing when it reads, directly or through other rates, one that failed.
  std::map<std::uint32_t, std::uint32_t> sourceOfRate; // $rate(y) -> y
  for (const auto& [y, source] : sources)
    sourceOfRate[source.rateVariable] = y;
  auto failureOf = [&](expr::Id rate) -> std::string {
    std::vector<expr::Id> work{rate};
    std::set<std::uint32_t> seen;
    while (!work.empty()) {
      expr::Id e = work.back();
      work.pop_back();
      for (std::uint32_t v : expr::variablesOf(program_.pool, e)) {
        auto it = sourceOfRate.find(v);
        if (it == sourceOfRate.end() || !seen.insert(v).second) continue;
        const RateSource& source = sources.at(it->second);
        if (!source.failure.empty()) return source.failure;
        work.push_back(source.value);
      }
    }
    return {};
  };
  std::set<std::uint32_t> reads;
  for (sim::Crossing& crossing : program_.crossings) {
    if (!crossing.rate.valid()) continue;
    crossing.rateMissing = failureOf(crossing.rate);
    if (!crossing.rateMissing.empty()) {
      crossing.rate = {};
      continue;
    }
    for (std::uint32_t v : expr::variablesOf(program_.pool, crossing.rate))
      reads.insert(v);
  }

  // The rate assignments in the order of the steps they differentiate; inputs first.
  std::vector<std::pair<std::size_t, std::uint32_t>> ordered;
  for (const auto& [y, source] : sources)
    if (source.failure.empty() &&
        failureOf(program_.pool.variable(source.rateVariable, expr::Type::Real)).empty())
      ordered.emplace_back(source.step, y);
  std::sort(ordered.begin(), ordered.end());
  std::vector<sim::Statement> assignments;
  for (const auto& [step, y] : ordered) {
    const RateSource& source = sources.at(y);
    for (std::uint32_t v : expr::variablesOf(program_.pool, source.value))
      reads.insert(v);
    assignments.push_back({sim::Assign{source.rateVariable, source.value},
                           continuous_[step].statements.front().origin});
  }
  for (const auto& [y, source] : sources)
    reads.erase(source.rateVariable);
  program_.crossingRateInputs = assignmentsNeededBy(reads);
  program_.crossingRateInputs.insert(program_.crossingRateInputs.end(), assignments.begin(),
                                     assignments.end());
}

} // namespace mocc::backend::program
