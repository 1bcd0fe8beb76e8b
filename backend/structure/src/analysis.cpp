// printAnalysis: the `mocc dae` listing of the analysed system.
#include "mocc/structure/analysis.h"

#include "mocc/structure/initialization.h"

#include <fmt/format.h>

namespace mocc::backend::structure {

namespace {

class AnalysisPrinter {
public:
  AnalysisPrinter(const dae::System& system, const Schedule& schedule, const SourceManager* sources)
      : system_(system), schedule_(schedule), sources_(sources), names_(dae::names(system)) {}

  std::string run() {
    out_ += "model " + system_.name + "\n";
    variables();
    aliases();
    differentiatedEquations();
    stateSets();
    blocks();
    odeJacobian();
    relations();
    whens();
    out_ += print(system_, schedule_.initialization, sources_);
    return std::move(out_);
  }

private:
  std::string e(expr::Id id) const { return expr::print(system_.pool, id, names_); }
  std::string at(const SourceRange& range) const {
    if (!sources_ || !range.valid()) return "";
    return "  // " + sources_->describe(range.begin);
  }

  void section(const std::string& title, const std::vector<std::uint32_t>& variables) {
    std::string list;
    for (std::uint32_t v : variables)
      list += (list.empty() ? "" : ", ") + system_.variables[v].name;
    out_ += fmt::format("{} ({}): {}\n", title, variables.size(), list);
  }

  void variables() {
    std::vector<std::uint32_t> states, dummyDerivatives, dummyStates, algebraic, discrete;
    for (std::uint32_t v = 0; v < system_.variables.size(); ++v) {
      const dae::Variable& variable = system_.variables[v];
      if (variable.alias.valid()) continue;
      if (variable.isIntegratedState())
        states.push_back(v);
      else if (variable.kind == dae::VariableKind::State)
        dummyStates.push_back(v);
      else if (variable.kind == dae::VariableKind::Derivative && variable.dummy)
        dummyDerivatives.push_back(v);
      else if (variable.kind == dae::VariableKind::Algebraic)
        algebraic.push_back(v);
      else if (variable.kind == dae::VariableKind::Discrete && !variable.stateSelection)
        discrete.push_back(v);
    }
    section("states", states);
    section("dummy derivatives", dummyDerivatives);
    section("dummy states", dummyStates);
    section("algebraic variables", algebraic);
    section("discrete variables", discrete);
  }

  void aliases() {
    std::string list;
    std::size_t count = 0;
    for (const dae::Variable& v : system_.variables) {
      if (!v.alias.valid()) continue;
      list += fmt::format("{}{} = {}", list.empty() ? "" : ", ", v.name, e(v.alias));
      ++count;
    }
    out_ += fmt::format("aliases ({}): {}\n", count, list);
  }

  void differentiatedEquations() {
    std::size_t count = 0;
    std::string lines;
    for (std::size_t k = 0; k < system_.equations.size(); ++k) {
      const dae::Equation& eq = system_.equations[k];
      if (eq.origin != dae::EquationOrigin::Differentiated) continue;
      ++count;
      std::size_t order = 0;
      std::uint32_t original = static_cast<std::uint32_t>(k);
      while (system_.equations[original].differentiatedFrom != dae::kNone) {
        original = system_.equations[original].differentiatedFrom;
        ++order;
      }
      const dae::Equation& base = system_.equations[original];
      lines += fmt::format("  {} = {}  (d{}/dt{} of {} = {}){}\n", e(eq.lhs), e(eq.rhs),
                           order > 1 ? std::to_string(order) : "",
                           order > 1 ? std::to_string(order) : "", e(base.lhs), e(base.rhs),
                           at(eq.range));
    }
    out_ += fmt::format("differentiated equations ({}):\n{}", count, lines);
  }

  std::string names(const std::vector<std::uint32_t>& variables) const {
    std::string list;
    for (std::uint32_t v : variables)
      list += (list.empty() ? "" : ", ") + system_.variables[v].name;
    return list;
  }

  void stateSets() {
    out_ += fmt::format("state sets ({}):\n", system_.stateSets.size());
    for (std::size_t k = 0; k < system_.stateSets.size(); ++k) {
      const dae::StateSet& set = system_.stateSets[k];
      std::string selection;
      std::size_t columns = set.candidates.size();
      for (std::size_t r = 0; r < set.states.size(); ++r) {
        for (std::size_t c = 0; c < columns; ++c) {
          const dae::Variable& a = system_.variables[set.selection[r * columns + c]];
          if (a.start.valid() && system_.pool.isConstant(a.start, 1))
            selection +=
                (selection.empty() ? "" : ", ") + system_.variables[set.candidates[c]].name;
        }
      }
      out_ += fmt::format("  set {}: {} state{} among {} (initially {}); states {}\n", k + 1,
                          set.states.size(), set.states.size() == 1 ? "" : "s",
                          names(set.candidates), selection, names(set.states));
      for (std::size_t i = 0; i < set.constraints.size(); ++i) {
        const dae::Equation& c = system_.equations[set.constraints[i]];
        std::string row;
        for (std::size_t j = 0; j < columns; ++j) {
          expr::Id entry = set.jacobian[i * columns + j];
          row += (j ? ", " : "") + (entry.valid() ? e(entry) : std::string("0"));
        }
        out_ += fmt::format("    constraint {} = {}; jacobian [{}]{}\n", e(c.lhs), e(c.rhs), row,
                            at(c.range));
      }
    }
  }

  void blocks() {
    std::size_t equations = 0, loops = 0;
    for (const Step& step : schedule_.steps) {
      if (step.kind == Step::Kind::Assign) ++equations;
      if (step.kind == Step::Kind::System) ++loops;
    }
    out_ += fmt::format("blocks ({}, {} algebraic loop{}):\n", schedule_.steps.size(), loops,
                        loops == 1 ? "" : "s");
    out_ += printSteps(system_, schedule_.steps, system_.equations, sources_, 2);
  }

  void odeJacobian() {
    if (!schedule_.odeJacobian) {
      out_ += "ode jacobian: " + odeJacobianFallback(schedule_) + "\n";
      return;
    }
    out_ += fmt::format("ode jacobian ({} nonzeros):\n", schedule_.odeJacobian->size());
    for (const JacobianEntry& entry : *schedule_.odeJacobian) {
      out_ += fmt::format("  d {}/d {} = {}\n",
                          system_.variables[system_.variables[entry.state].derivative].name,
                          system_.variables[entry.wrt].name, e(entry.value));
    }
  }

  void relations() {
    out_ += fmt::format("zero-crossings and relations ({}):\n", system_.relations.size());
    for (std::size_t i = 0; i < system_.relations.size(); ++i) {
      const dae::Relation& r = system_.relations[i];
      out_ += fmt::format("  $rel{} {} {}{}\n", i,
                          r.kind == dae::RelationKind::Time ? "time-event" : "state-event",
                          e(r.comparison), at(r.range));
    }
  }

  void whens() {
    out_ += fmt::format("when-clauses ({}):\n", system_.whens.size());
    for (std::size_t w = 0; w < system_.whens.size(); ++w) {
      const dae::WhenClause& clause = system_.whens[w];
      std::string conditions;
      for (const dae::WhenBranch& branch : clause.branches) {
        for (std::uint32_t c : branch.conditions)
          conditions += (conditions.empty() ? "" : ", ") + system_.variables[c].name;
        if (branch.activeAtInitial) conditions += " (initial)";
      }
      out_ += fmt::format("  #{} when {} assigns {}{}\n", w, conditions, names(clause.assigned),
                          at(clause.range));
    }
  }

  const dae::System& system_;
  const Schedule& schedule_;
  const SourceManager* sources_;
  expr::Names names_;
  std::string out_;
};

} // namespace

std::string printAnalysis(const dae::System& system, const Schedule& schedule,
                          const SourceManager* sources) {
  return AnalysisPrinter(system, schedule, sources).run();
}

} // namespace mocc::backend::structure
