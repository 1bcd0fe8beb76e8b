// The `sort` pass: the simulation problem handed to the causalizer, its structural
// diagnostics, the ODE Jacobian, and the schedule printer.
#include "mocc/structure/sort.h"

#include "causalize.h"
#include "system_queries.h"

#include <fmt/format.h>

namespace mocc::backend::structure {

namespace {

std::vector<std::uint32_t> whenReads(const dae::System& system, const dae::WhenClause& clause) {
  std::vector<std::uint32_t> reads;
  auto append = [&](expr::Id id) {
    if (!id.valid()) return;
    auto more = expr::variablesOf(system.pool, id);
    reads.insert(reads.end(), more.begin(), more.end());
  };
  for (const dae::WhenBranch& branch : clause.branches) {
    reads.insert(reads.end(), branch.conditions.begin(), branch.conditions.end());
    for (const dae::WhenStatement& s : branch.body) {
      if (auto* a = std::get_if<dae::Assignment>(&s)) append(a->value);
      if (auto* r = std::get_if<dae::Reinit>(&s)) append(r->value);
      if (auto* a = std::get_if<dae::Assertion>(&s)) {
        append(a->condition);
        for (expr::Id value : a->values)
          append(value);
      }
      if (auto* t = std::get_if<dae::Termination>(&s))
        for (expr::Id value : t->values)
          append(value);
    }
  }
  return reads;
}

detail::CausalProblem simulationProblem(const dae::System& system) {
  detail::CausalProblem problem;
  problem.equations = system.equations;
  auto blocks = detail::blockAssignments(system);
  for (std::uint32_t v = 0; v < system.variables.size(); ++v) {
    if (system.variables[v].isUnknown() && blocks[v].kind == detail::BlockAssignment::Kind::None)
      problem.unknowns.push_back(v);
  }
  for (std::uint32_t w = 0; w < system.whens.size(); ++w) {
    problem.blocks.push_back({Step::Kind::When, w, system.whens[w].assigned,
                              whenReads(system, system.whens[w]), system.whens[w].range});
  }
  for (std::uint32_t a = 0; a < system.algorithms.size(); ++a) {
    const dae::Algorithm& algorithm = system.algorithms[a];
    problem.blocks.push_back({Step::Kind::Algorithm, a, algorithm.outputs,
                              dae::algorithmInputs(system.pool, algorithm), algorithm.range});
  }
  return problem;
}

void reportSingular(const dae::System& system, const detail::CausalProblem& problem,
                    const Matching& matching, Diagnostics& diagnostics) {
  auto& d = diagnostics.error(
      DiagnosticKind::StructurallySingular, system.range,
      fmt::format("model '{}' is structurally singular: {} equations, {} unknowns", system.name,
                  problem.equations.size(), problem.unknowns.size()));
  for (std::size_t c = 0; c < problem.unknowns.size(); ++c) {
    if (matching.equationOfVariable[c] != kUnmatched) continue;
    const dae::Variable& v = system.variables[problem.unknowns[c]];
    d.notes.push_back({v.range, "no equation is left to determine '" + v.name + "'"});
  }
  for (std::size_t e = 0; e < problem.equations.size(); ++e) {
    if (matching.variableOfEquation[e] != kUnmatched) continue;
    d.notes.push_back({problem.equations[e].range,
                       "this equation has no unknown left to determine (over-determined)"});
  }
}

/// The steps of the simulation problem in causal order, or nullopt after reporting why not.
/// `whensInLoops`, when given, receives the when-clauses found in algebraic loops.
std::optional<std::vector<Step>> orderSteps(dae::System& system, Diagnostics& diagnostics,
                                            std::vector<std::uint32_t>* whensInLoops) {
  detail::CausalProblem problem = simulationProblem(system);
  detail::Causalizer causalizer(system, problem, diagnostics);
  if (!causalizer.match()) {
    reportSingular(system, problem, causalizer.matching(), diagnostics);
    return std::nullopt;
  }
  auto steps = causalizer.order();
  if (!steps && whensInLoops) *whensInLoops = causalizer.whenClausesInLoops();
  return steps;
}

/// A when-clause that only assigns variables (no reinit, assert or terminate, no multiple
/// assignment of one call, not active at initialization) can be written as equations.
bool isExpandable(const dae::WhenClause& clause) {
  for (const dae::WhenBranch& branch : clause.branches) {
    if (branch.activeAtInitial || branch.conditions.empty()) return false;
    for (const dae::WhenStatement& statement : branch.body) {
      const auto* assignment = std::get_if<dae::Assignment>(&statement);
      if (!assignment || assignment->multiple != 0) return false;
    }
  }
  return !clause.assigned.empty();
}

/// True in event mode when a branch fires: a rising edge of any of its conditions (MLS 8.3.5),
/// never while initializing (MLS 8.6: a when-clause without initial() is inactive there).
expr::Id fires(expr::Pool& pool, const dae::WhenBranch& branch) {
  expr::Id edge;
  for (std::uint32_t condition : branch.conditions) {
    expr::Id rising = pool.logicalAnd(pool.variable(condition, expr::Type::Boolean),
                                      pool.logicalNot(pool.pre(condition, expr::Type::Boolean)));
    edge = edge.valid() ? pool.logicalOr(edge, rising) : rising;
  }
  return pool.logicalAnd(pool.logicalNot(pool.initial()), edge);
}

/// MLS 8.6: equations that couple a when-clause with continuous ones at an event instant are
/// solved together. The clause becomes, for each variable v it assigns, the equation
///   v = if <branch 1 fires> then <its value> elseif ... else pre(v),
/// which the algebraic loop containing it solves by Newton over its Real unknowns at every
/// event iteration (the conditions' edges fixed during the solve), and which between events
/// is v = pre(v). The clause keeps its conditions and loses its assignments.
void expandIntoEquations(dae::System& system, dae::WhenClause& clause) {
  expr::Pool& pool = system.pool;
  for (std::uint32_t v : clause.assigned) {
    expr::Type type = system.variables[v].type;
    expr::Id value = pool.pre(v, type);
    SourceRange range = clause.range;
    for (auto branch = clause.branches.rbegin(); branch != clause.branches.rend(); ++branch) {
      for (const dae::WhenStatement& statement : branch->body) {
        const auto& assignment = std::get<dae::Assignment>(statement);
        if (assignment.variable != v) continue;
        value = pool.ifThenElse(fires(pool, *branch), assignment.value, value);
        range = assignment.range;
      }
    }
    system.equations.push_back({pool.variable(v, type), value, range});
  }
  for (dae::WhenBranch& branch : clause.branches)
    branch.body.clear();
  clause.assigned.clear();
}

} // namespace

std::optional<Schedule> sort(dae::System& system, Diagnostics& diagnostics) {
  Diagnostics attempt;
  std::vector<std::uint32_t> whensInLoops;
  auto steps = orderSteps(system, attempt, &whensInLoops);
  bool expandable = !whensInLoops.empty();
  for (std::uint32_t w : whensInLoops)
    expandable = expandable && isExpandable(system.whens[w]);
  if (!steps && expandable) {
    for (std::uint32_t w : whensInLoops)
      if (!system.whens[w].assigned.empty()) expandIntoEquations(system, system.whens[w]);
    attempt.clear();
    steps = orderSteps(system, attempt, nullptr);
  }
  for (const Diagnostic& d : attempt.all())
    diagnostics.report(d);
  if (!steps) return std::nullopt;
  Schedule schedule;
  schedule.steps = std::move(*steps);
  schedule.odeJacobian = odeJacobian(system, schedule.steps, &schedule.odeJacobianMissing);
  schedule.residualJacobian =
      residualJacobian(system, schedule.steps, &schedule.residualJacobianMissing);
  return schedule;
}

// ------------------------------------------------------------------------------ printing

namespace {

class StepPrinter {
public:
  StepPrinter(const dae::System& system, const std::vector<dae::Equation>& equations,
              const SourceManager* sources)
      : system_(system), equations_(equations), sources_(sources), names_(dae::names(system)) {}

  void steps(const std::vector<Step>& list, int indent) {
    std::string pad(indent, ' ');
    for (const Step& step : list) {
      switch (step.kind) {
      case Step::Kind::When: out_ += fmt::format("{}when-clause #{}\n", pad, step.source); break;
      case Step::Kind::Algorithm: algorithm(step, pad, system_.algorithms, "algorithm"); break;
      case Step::Kind::InitialAlgorithm:
        algorithm(step, pad, system_.initialAlgorithms, "initial algorithm");
        break;
      case Step::Kind::Assign:
        out_ +=
            fmt::format("{}{} := {}{}\n", pad, name(step.variable), e(step.value), at(step.source));
        break;
      case Step::Kind::System: loop(step, indent); break;
      }
    }
  }

  std::string take() { return std::move(out_); }

private:
  std::string e(expr::Id id) const { return expr::print(system_.pool, id, names_); }
  std::string name(std::uint32_t v) const { return system_.variables[v].name; }

  std::string at(std::uint32_t equation) const {
    if (!sources_ || equation >= equations_.size()) return "";
    const SourceRange& range = equations_[equation].range;
    return range.valid() ? "  // " + sources_->describe(range.begin) : "";
  }

  void algorithm(const Step& step, const std::string& pad, const std::vector<dae::Algorithm>& list,
                 const char* keyword) {
    std::string outputs;
    for (std::uint32_t v : list[step.source].outputs)
      outputs += (outputs.empty() ? "" : ", ") + name(v);
    out_ += fmt::format("{}{} #{} -> {}\n", pad, keyword, step.source, outputs);
  }

  void loop(const Step& step, int indent) {
    std::string pad(indent, ' ');
    std::size_t nonzeros = 0;
    for (expr::Id entry : step.jacobian)
      nonzeros += entry.valid() ? 1 : 0;
    std::string iteration;
    for (std::uint32_t v : step.iteration)
      iteration += (iteration.empty() ? "" : ", ") + name(v);
    out_ += fmt::format("{}{} system of {} equation{}, torn to {}: {}{}\n", pad,
                        step.linear ? "linear" : "nonlinear", step.equations.size(),
                        step.equations.size() == 1 ? "" : "s", step.iteration.size(), iteration,
                        at(step.source));
    steps(step.inner, indent + 4);
    for (expr::Id residual : step.residuals)
      out_ += fmt::format("{}    0 = {}\n", pad, e(residual));
    if (step.jacobian.empty())
      out_ += pad + "    jacobian: numeric\n";
    else
      out_ +=
          fmt::format("{}    jacobian: {} nonzero{}\n", pad, nonzeros, nonzeros == 1 ? "" : "s");
  }

  const dae::System& system_;
  const std::vector<dae::Equation>& equations_;
  const SourceManager* sources_;
  expr::Names names_;
  std::string out_;
};

} // namespace

std::string printSteps(const dae::System& system, const std::vector<Step>& steps,
                       const std::vector<dae::Equation>& equations, const SourceManager* sources,
                       int indent) {
  StepPrinter printer(system, equations, sources);
  printer.steps(steps, indent);
  return printer.take();
}

std::string print(const dae::System& system, const Schedule& schedule,
                  const SourceManager* sources) {
  std::string out = "schedule " + system.name + "\n";
  out += printSteps(system, schedule.steps, system.equations, sources, 2);
  if (schedule.odeJacobian) {
    std::size_t n = schedule.odeJacobian->size();
    out += fmt::format("ode jacobian: {} nonzero{}\n", n, n == 1 ? "" : "s");
  } else {
    out += "ode jacobian: " + odeJacobianFallback(schedule) + "\n";
  }
  return out;
}

std::string odeJacobianFallback(const Schedule& schedule) {
  if (schedule.residualJacobian && !schedule.residualJacobian->empty())
    return "from the residual form's Jacobian at run time, numeric above 400 states and loop "
           "unknowns (" +
           schedule.odeJacobianMissing + ")";
  return "numeric (" + schedule.odeJacobianMissing + ")";
}

} // namespace mocc::backend::structure
