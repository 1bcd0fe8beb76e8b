// The Jacobians the runtime evaluates: the ODE Jacobian d der(x) / d x of the sort pass
// (Schedule::odeJacobian), and for each state set (dynamic state selection, Mattsson and
// Soederlind 1993) the Jacobian of its constraints with respect to its candidates: the one
// index reduction derived (dae::StateSet::jacobian), else the constraints differentiated here.
// Each comes with the continuous-mode statements that compute what it reads.
#include "program_builder.h"

#include "mocc/dae/function_derivatives.h"

#include "mocc/expr/differentiate.h"

#include <fmt/format.h>

namespace mocc::backend::program {

namespace {

std::set<std::uint32_t> readsOf(const expr::Pool& pool, const std::vector<expr::Id>& values) {
  std::set<std::uint32_t> reads;
  for (expr::Id value : values)
    if (value.valid())
      for (std::uint32_t v : expr::variablesOf(pool, value))
        reads.insert(v);
  return reads;
}

} // namespace

void ProgramBuilder::addOdeJacobian() {
  if (!schedule_.odeJacobian) {
    program_.jacobianMissing = schedule_.odeJacobianMissing;
    return;
  }
  std::vector<expr::Id> values;
  for (const structure::JacobianEntry& entry : *schedule_.odeJacobian) {
    const sim::Variable& state = program_.variables[programIndex_[entry.state]];
    const sim::Variable& wrt = program_.variables[programIndex_[entry.wrt]];
    if (state.region != sim::Region::State || wrt.region != sim::Region::State) {
      diagnostics_.error(DiagnosticKind::CodegenFailure, system_.range,
                         fmt::format("internal error: Jacobian entry d der({}) / d {} is not "
                                     "between integrated states",
                                     state.name, wrt.name));
      continue;
    }
    expr::Id value = translator_(entry.value);
    program_.jacobian.push_back(sim::JacobianEntry{state.index, wrt.index, value});
    values.push_back(value);
  }
  if (!values.empty())
    program_.jacobianInputs = assignmentsNeededBy(readsOf(program_.pool, values));
}

// Positions: a state's index, or stateCount plus the place of an opened loop's iteration
// variable in z.
void ProgramBuilder::addDaeJacobian() {
  if (!schedule_.residualJacobian) {
    program_.daeJacobianMissing = schedule_.residualJacobianMissing;
    return;
  }
  std::map<std::uint32_t, std::uint32_t> position; // program variable -> unknown
  for (const auto& [k, offset] : sim::openedSystemOffsets(program_)) {
    const std::vector<std::uint32_t>& unknowns = program_.systems[k].unknowns;
    for (std::size_t i = 0; i < unknowns.size(); ++i)
      position[unknowns[i]] = program_.stateCount + offset + static_cast<std::uint32_t>(i);
  }
  auto positionOf = [&](std::uint32_t daeVariable) -> std::optional<std::uint32_t> {
    std::uint32_t v = programIndex_[daeVariable];
    const sim::Variable& variable = program_.variables[v];
    if (variable.region == sim::Region::State) return variable.index;
    auto found = position.find(v);
    if (found == position.end()) return std::nullopt;
    return found->second;
  };
  std::vector<sim::JacobianEntry> entries;
  for (const structure::ResidualJacobianEntry& entry : *schedule_.residualJacobian) {
    auto row = positionOf(entry.row), column = positionOf(entry.wrt);
    if (!row || !column) {
      program_.daeJacobianMissing = "a loop the derivatives solve is not opened";
      return;
    }
    entries.push_back(sim::JacobianEntry{*row, *column, translator_(entry.value)});
  }
  program_.daeJacobian = std::move(entries);
}

void ProgramBuilder::addStateSets() {
  for (const dae::StateSet& set : system_.stateSets)
    if (!addStateSet(set)) return;
}

bool ProgramBuilder::addStateSet(const dae::StateSet& set) {
  sim::StateSet out;
  for (std::uint32_t c : set.candidates)
    out.candidates.push_back(programIndex_[c]);
  for (std::uint32_t s : set.states)
    out.states.push_back(programIndex_[s]);
  for (std::uint32_t a : set.selection)
    out.selection.push_back(programIndex_[a]);
  out.constraintCount = static_cast<std::uint32_t>(set.constraints.size());
  if (set.jacobian.size() == set.constraints.size() * set.candidates.size()) {
    // dae::StateSet marks a structural zero with an invalid id; the program stores the zero.
    for (expr::Id entry : set.jacobian)
      out.constraintJacobian.push_back(entry.valid() ? translator_(entry) : program_.pool.real(0));
  } else if (!differentiateConstraints(set, out)) {
    return false;
  }
  out.jacobianInputs = assignmentsNeededBy(readsOf(program_.pool, out.constraintJacobian));
  program_.stateSets.push_back(std::move(out));
  return true;
}

// d (lhs - rhs) / d candidate for each constraint, with user functions differentiated through
// their derivative annotations.
bool ProgramBuilder::differentiateConstraints(const dae::StateSet& set, sim::StateSet& out) {
  auto functionDerivative = dae::functionDerivatives(system_);
  for (std::uint32_t e : set.constraints) {
    const dae::Equation& equation = system_.equations[e];
    expr::Id residual = program_.pool.sub(translator_(equation.lhs), translator_(equation.rhs));
    for (std::uint32_t candidate : out.candidates) {
      std::optional<expr::Id> entry =
          expr::partialDerivative(program_.pool, residual, candidate, functionDerivative);
      if (!entry) {
        diagnostics_.error(DiagnosticKind::NotSolvable, equation.range,
                           fmt::format("cannot differentiate this state-set constraint with "
                                       "respect to '{}'",
                                       program_.variables[candidate].name));
        return false;
      }
      out.constraintJacobian.push_back(*entry);
    }
  }
  return true;
}

} // namespace mocc::backend::program
