// The `sort` pass: matching, BLT ordering and solving each equation for its unknown.
#include "mocc/structure/sort.h"

#include "mocc/expr/solve.h"
#include "mocc/structure/graph.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace mocc::backend::structure {

namespace {

class Sorter {
public:
  Sorter(dae::System& system, Diagnostics& diagnostics)
      : system_(system), diagnostics_(diagnostics) {}

  std::optional<Schedule> run() {
    markWhenOutputs();
    numberUnknowns();
    if (!match()) return std::nullopt;
    return order();
  }

private:
  // Nodes of the dependency graph: equations, then when-clauses, then algorithms.
  std::size_t firstWhen() const { return system_.equations.size(); }
  std::size_t firstAlgorithm() const { return firstWhen() + system_.whens.size(); }

  // Variables computed by a block (a when-clause or an algorithm) rather than by an equation.
  void markWhenOutputs() {
    blockOf_.assign(system_.variables.size(), -1);
    for (std::size_t w = 0; w < system_.whens.size(); ++w) {
      for (std::uint32_t v : system_.whens[w].assigned)
        blockOf_[v] = static_cast<std::int32_t>(firstWhen() + w);
    }
    for (std::size_t a = 0; a < system_.algorithms.size(); ++a) {
      for (std::uint32_t v : system_.algorithms[a].outputs)
        blockOf_[v] = static_cast<std::int32_t>(firstAlgorithm() + a);
    }
  }

  // The unknowns of the equations: derivatives, algebraic and discrete variables that no
  // when-clause or algorithm assigns.
  void numberUnknowns() {
    column_.assign(system_.variables.size(), kUnmatched);
    for (std::uint32_t v = 0; v < system_.variables.size(); ++v) {
      if (system_.variables[v].isUnknown() && blockOf_[v] < 0) {
        column_[v] = static_cast<std::int32_t>(unknowns_.size());
        unknowns_.push_back(v);
      }
    }
  }

  std::vector<std::uint32_t> readsOf(expr::Id id) {
    return id.valid() ? expr::variablesOf(system_.pool, id) : std::vector<std::uint32_t>{};
  }

  bool match() {
    BipartiteGraph graph(system_.equations.size());
    for (std::size_t e = 0; e < system_.equations.size(); ++e) {
      std::set<std::int32_t> columns;
      for (expr::Id side : {system_.equations[e].lhs, system_.equations[e].rhs}) {
        for (std::uint32_t v : readsOf(side)) {
          if (column_[v] != kUnmatched) columns.insert(column_[v]);
        }
      }
      graph[e].assign(columns.begin(), columns.end());
    }
    matching_ = maximumMatching(graph, unknowns_.size());
    if (matching_.size == graph.size() && matching_.size == unknowns_.size()) return true;
    reportSingular();
    return false;
  }

  void reportSingular() {
    auto& d = diagnostics_.error(
        DiagnosticKind::StructurallySingular, system_.range,
        fmt::format("model '{}' is structurally singular: {} equations, {} unknowns", system_.name,
                    system_.equations.size(), unknowns_.size()));
    for (std::size_t c = 0; c < unknowns_.size(); ++c) {
      if (matching_.equationOfVariable[c] != kUnmatched) continue;
      const dae::Variable& v = system_.variables[unknowns_[c]];
      d.notes.push_back({v.range, "no equation is left to determine '" + v.name + "'"});
    }
    for (std::size_t e = 0; e < system_.equations.size(); ++e) {
      if (matching_.variableOfEquation[e] != kUnmatched) continue;
      d.notes.push_back({system_.equations[e].range,
                         "this equation has no unknown left to determine (over-determined)"});
    }
  }

  std::optional<Schedule> order() {
    std::size_t equationCount = system_.equations.size();
    std::vector<std::int32_t> definer = blockOf_;
    for (std::size_t e = 0; e < equationCount; ++e) {
      definer[unknowns_[matching_.variableOfEquation[e]]] = static_cast<std::int32_t>(e);
    }
    std::vector<std::vector<std::int32_t>> successors(firstAlgorithm() + system_.algorithms.size());
    for (std::size_t n = 0; n < successors.size(); ++n) {
      std::set<std::int32_t> deps;
      for (std::uint32_t v : nodeReads(n)) {
        if (definer[v] >= 0 && definer[v] != static_cast<std::int32_t>(n)) deps.insert(definer[v]);
      }
      successors[n].assign(deps.begin(), deps.end());
    }
    Schedule schedule;
    bool ok = true;
    for (const auto& component : stronglyConnectedComponents(successors)) {
      if (component.size() > 1) {
        reportLoop(component);
        ok = false;
        continue;
      }
      auto node = static_cast<std::size_t>(component[0]);
      if (node >= firstAlgorithm()) {
        schedule.steps.push_back(Step{Step::Kind::Algorithm,
                                      dae::kNone,
                                      {},
                                      static_cast<std::uint32_t>(node - firstAlgorithm())});
      } else if (node >= equationCount) {
        schedule.steps.push_back(Step{
            Step::Kind::When, dae::kNone, {}, static_cast<std::uint32_t>(node - equationCount)});
      } else if (auto step = solve(node)) {
        schedule.steps.push_back(*step);
      } else {
        ok = false;
      }
    }
    if (!ok) return std::nullopt;
    return schedule;
  }

  std::vector<std::uint32_t> nodeReads(std::size_t node) {
    if (node < system_.equations.size()) {
      auto reads = readsOf(system_.equations[node].lhs);
      auto rhs = readsOf(system_.equations[node].rhs);
      reads.insert(reads.end(), rhs.begin(), rhs.end());
      return reads;
    }
    if (node >= firstAlgorithm()) {
      return dae::algorithmInputs(system_.pool, system_.algorithms[node - firstAlgorithm()]);
    }
    std::vector<std::uint32_t> reads;
    auto append = [&](expr::Id id) {
      auto more = readsOf(id);
      reads.insert(reads.end(), more.begin(), more.end());
    };
    for (const dae::WhenBranch& branch : system_.whens[node - system_.equations.size()].branches) {
      reads.insert(reads.end(), branch.conditions.begin(), branch.conditions.end());
      for (const dae::WhenStatement& s : branch.body) {
        if (auto* a = std::get_if<dae::Assignment>(&s)) append(a->value);
        if (auto* r = std::get_if<dae::Reinit>(&s)) append(r->value);
        if (auto* a = std::get_if<dae::Assertion>(&s)) append(a->condition);
      }
    }
    return reads;
  }

  std::optional<Step> solve(std::size_t e) {
    const dae::Equation& equation = system_.equations[e];
    std::uint32_t v = unknowns_[matching_.variableOfEquation[e]];
    const dae::Variable& variable = system_.variables[v];
    expr::Pool& pool = system_.pool;
    expr::Id unknown = system_.ref(v);
    auto mentions = [&](expr::Id side) {
      return expr::dependsOn(pool, side, [v](std::uint32_t u) { return u == v; });
    };
    std::optional<expr::Id> value;
    if (equation.lhs == unknown && !mentions(equation.rhs))
      value = equation.rhs;
    else if (equation.rhs == unknown && !mentions(equation.lhs))
      value = equation.lhs;
    else if (variable.type == expr::Type::Real)
      value = expr::solveFor(pool, equation.lhs, equation.rhs, unknown);
    if (!value) {
      std::string why = variable.type == expr::Type::Real
                            ? "it is not linear in it; nonlinear equations come with "
                              "algebraic-loop support"
                            : "an equation for an Integer or Boolean variable must have the form "
                              "'" +
                                  variable.name + " = expression'";
      diagnostics_.error(DiagnosticKind::NotSolvable, equation.range,
                         "cannot solve this equation for '" + variable.name + "': " + why);
      return std::nullopt;
    }
    if (variable.type != expr::Type::Real && pool.type(*value) == expr::Type::Real) {
      diagnostics_.error(DiagnosticKind::TypeMismatch, equation.range,
                         std::string(variable.type == expr::Type::Integer ? "Integer" : "Boolean") +
                             " variable '" + variable.name +
                             "' cannot be computed from a Real expression; convert it with "
                             "integer(...) (MLS 10.6.13)");
      return std::nullopt;
    }
    return Step{Step::Kind::Assign, v, *value, static_cast<std::uint32_t>(e)};
  }

  void reportLoop(const std::vector<std::int32_t>& component) {
    std::vector<std::string> names;
    for (std::int32_t node : component) {
      auto n = static_cast<std::size_t>(node);
      if (n < system_.equations.size()) {
        names.push_back(system_.variables[unknowns_[matching_.variableOfEquation[node]]].name);
      } else if (n >= firstAlgorithm()) {
        for (std::uint32_t v : system_.algorithms[n - firstAlgorithm()].outputs)
          names.push_back(system_.variables[v].name);
      }
    }
    std::string list;
    for (const std::string& n : names)
      list += (list.empty() ? "" : ", ") + n;
    auto& d = diagnostics_.error(
        DiagnosticKind::AlgebraicLoop, system_.range,
        fmt::format("algebraic loop: {} equations must be solved together for {} (algebraic "
                    "loops are not supported yet)",
                    component.size(), list));
    for (std::int32_t node : component) {
      auto n = static_cast<std::size_t>(node);
      SourceRange range = n < firstWhen()        ? system_.equations[n].range
                          : n < firstAlgorithm() ? system_.whens[n - firstWhen()].range
                                                 : system_.algorithms[n - firstAlgorithm()].range;
      d.notes.push_back({range, "part of the loop"});
    }
  }

  dae::System& system_;
  Diagnostics& diagnostics_;
  std::vector<std::int32_t> blockOf_; // variable -> its when-clause or algorithm node, or -1
  std::vector<std::int32_t> column_;
  std::vector<std::uint32_t> unknowns_;
  Matching matching_;
};

} // namespace

std::optional<Schedule> sort(dae::System& system, Diagnostics& diagnostics) {
  return Sorter(system, diagnostics).run();
}

std::string print(const dae::System& system, const Schedule& schedule,
                  const SourceManager* sources) {
  std::string out = "schedule " + system.name + "\n";
  expr::VariableNamer name = dae::namer(system);
  expr::Names names = dae::names(system);
  for (const Step& step : schedule.steps) {
    if (step.kind == Step::Kind::When) {
      out += fmt::format("  when-clause #{}\n", step.source);
      continue;
    }
    if (step.kind == Step::Kind::Algorithm) {
      std::string outputs;
      for (std::uint32_t v : system.algorithms[step.source].outputs)
        outputs += (outputs.empty() ? "" : ", ") + name(v);
      out += fmt::format("  algorithm #{} -> {}\n", step.source, outputs);
      continue;
    }
    out +=
        fmt::format("  {} := {}", name(step.variable), expr::print(system.pool, step.value, names));
    const SourceRange& range = system.equations[step.source].range;
    if (sources && range.valid()) out += "  // " + sources->describe(range.begin);
    out += "\n";
  }
  return out;
}

} // namespace mocc::backend::structure
