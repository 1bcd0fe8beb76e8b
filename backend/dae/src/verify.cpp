// dae::verify: the invariants of dae::System that every pass relies on and must keep (see
// system.h). Run after each pass with --verify-each; a violation is a bug in the pass before.
#include "mocc/dae/system.h"

#include <fmt/format.h>

namespace mocc::dae {

namespace {

class Verifier {
public:
  explicit Verifier(const System& system)
      : system_(system), pool_(system.pool), checked_(system.pool.size(), false) {}

  std::vector<std::string> run() {
    variables();
    equations("equation", system_.equations);
    equations("initial equation", system_.initialEquations);
    whenClauses();
    algorithms("algorithm", system_.algorithms);
    algorithms("initial algorithm", system_.initialAlgorithms);
    for (std::size_t i = 0; i < system_.assertions.size(); ++i)
      expression(system_.assertions[i].condition, fmt::format("assertion {}", i));
    for (std::size_t i = 0; i < system_.relations.size(); ++i) {
      expression(system_.relations[i].comparison, fmt::format("relation {}", i));
      expression(system_.relations[i].threshold, fmt::format("relation {} threshold", i));
    }
    stateSets();
    return std::move(problems_);
  }

private:
  template <class... Args> void problem(fmt::format_string<Args...> format, Args&&... args) {
    problems_.push_back(fmt::format(format, std::forward<Args>(args)...));
  }

  bool isVariable(std::uint32_t v) const { return v < system_.variables.size(); }
  const std::string& nameOf(std::uint32_t v) const { return system_.variables[v].name; }

  /// `id` (invalid means absent) is well formed, and reads no eliminated alias.
  void expression(expr::Id id, const std::string& where) {
    if (!id.valid() || !wellFormed(id, where) || malformed_) return;
    for (auto* reads : {&expr::variablesOf, &expr::preVariablesOf}) {
      for (std::uint32_t v : (*reads)(pool_, id)) {
        if (system_.variables[v].alias.valid())
          problem("{} reads '{}', which alias elimination removed", where, nameOf(v));
      }
    }
  }

  /// Every node below `root` exists, has its arguments before it (the pool is a DAG in
  /// creation order) and names variables, relations and functions that exist.
  bool wellFormed(expr::Id root, const std::string& where) {
    if (root.value >= pool_.size()) {
      problem("{} is node {}, beyond the pool's {} nodes", where, root.value, pool_.size());
      return false;
    }
    bool ok = true;
    std::vector<expr::Id> pending{root};
    while (!pending.empty()) {
      expr::Id id = pending.back();
      pending.pop_back();
      if (checked_[id.value]) continue;
      checked_[id.value] = true;
      if (!node(id, where)) {
        ok = false;
        malformed_ = true;
      }
      for (expr::Id arg : pool_.args(id)) {
        if (arg.value >= id.value) {
          problem("{}: node {} has argument {}, which does not precede it", where, id.value,
                  arg.value);
          ok = false;
          malformed_ = true;
        } else {
          pending.push_back(arg);
        }
      }
    }
    return ok;
  }

  bool node(expr::Id id, const std::string& where) {
    const expr::Node& n = pool_.node(id);
    std::size_t limit = 0;
    const char* what = nullptr;
    switch (n.op) {
    case expr::Op::Variable:
    case expr::Op::Pre: limit = system_.variables.size(), what = "variable"; break;
    case expr::Op::Relation: limit = system_.relations.size(), what = "relation"; break;
    case expr::Op::FunctionCall: limit = system_.functions.size(), what = "function"; break;
    default: return true;
    }
    if (n.index < limit) return true;
    problem("{} names {} {}, but there are {}", where, what, n.index, limit);
    return false;
  }

  void variables() {
    for (std::uint32_t v = 0; v < system_.variables.size(); ++v) {
      const Variable& variable = system_.variables[v];
      std::string where = fmt::format("variable '{}'", variable.name);
      for (expr::Id attribute :
           {variable.binding, variable.start, variable.nominal, variable.min, variable.max})
        expression(attribute, where);
      expression(variable.alias, where + " (its alias)");
      derivativeLinks(v, variable);
    }
  }

  // A state's derivative is a Derivative naming it back; a derivative's state names it.
  void derivativeLinks(std::uint32_t v, const Variable& variable) {
    if (variable.alias.valid()) return; // an eliminated state keeps no derivative link
    if (variable.derivative != kNone) {
      if (!isVariable(variable.derivative))
        problem("'{}' has derivative {}, which does not exist", variable.name, variable.derivative);
      else if (system_.variables[variable.derivative].state != v)
        problem("'{}' has derivative '{}', whose state is not '{}'", variable.name,
                nameOf(variable.derivative), variable.name);
    }
    if (variable.kind == VariableKind::Derivative) {
      if (!isVariable(variable.state))
        problem("derivative '{}' has no state", variable.name);
      else if (system_.variables[variable.state].derivative != v)
        problem("derivative '{}' has state '{}', whose derivative is not it", variable.name,
                nameOf(variable.state));
    }
  }

  void equations(const char* kind, const std::vector<Equation>& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string where = fmt::format("{} {}", kind, i);
      expression(list[i].lhs, where);
      expression(list[i].rhs, where);
      if (list[i].origin == EquationOrigin::Differentiated &&
          list[i].differentiatedFrom >= list.size())
        problem("{} is differentiated from equation {}, which does not exist", where,
                list[i].differentiatedFrom);
    }
  }

  void variableList(const std::vector<std::uint32_t>& list, const std::string& where) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!isVariable(list[i]))
        problem("{} lists variable {}, which does not exist", where, list[i]);
      else if (i > 0 && list[i] <= list[i - 1])
        problem("{} lists its variables out of ascending order", where);
    }
  }

  void whenClauses() {
    for (std::size_t c = 0; c < system_.whens.size(); ++c) {
      const WhenClause& clause = system_.whens[c];
      std::string where = fmt::format("when-clause {}", c);
      variableList(clause.assigned, where);
      for (const WhenBranch& branch : clause.branches) {
        for (std::uint32_t condition : branch.conditions) {
          if (!isVariable(condition))
            problem("{} has condition variable {}, which does not exist", where, condition);
        }
        for (const WhenStatement& statement : branch.body)
          whenStatement(statement, where);
      }
    }
  }

  void whenStatement(const WhenStatement& statement, const std::string& where) {
    if (auto* a = std::get_if<Assignment>(&statement)) {
      target(a->variable, where);
      expression(a->value, where);
    } else if (auto* r = std::get_if<Reinit>(&statement)) {
      target(r->state, where);
      expression(r->value, where);
    } else if (auto* a = std::get_if<Assertion>(&statement)) {
      expression(a->condition, where);
    }
  }

  void target(std::uint32_t v, const std::string& where) {
    if (!isVariable(v))
      problem("{} assigns variable {}, which does not exist", where, v);
    else if (system_.variables[v].alias.valid())
      problem("{} assigns '{}', which alias elimination removed", where, nameOf(v));
  }

  void algorithms(const char* kind, const std::vector<Algorithm>& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string where = fmt::format("{} {}", kind, i);
      variableList(list[i].outputs, where);
      forEachStatement(list[i].statements, [&](const AlgorithmStatement& statement, bool) {
        if (auto* a = std::get_if<Assignment>(&statement.node)) target(a->variable, where);
        if (auto* r = std::get_if<Reinit>(&statement.node)) target(r->state, where);
        // An assertion's message values are substituted by build-program (see Assertion).
        if (auto* a = std::get_if<Assertion>(&statement.node)) {
          expression(a->condition, where);
          return;
        }
        if (std::holds_alternative<Termination>(statement.node)) return;
        for (expr::Id e : expressionsOf(statement))
          expression(e, where);
      });
    }
  }

  void stateSets() {
    for (std::size_t s = 0; s < system_.stateSets.size(); ++s) {
      const StateSet& set = system_.stateSets[s];
      std::string where = fmt::format("state set {}", s);
      for (const auto* list :
           {&set.candidates, &set.states, &set.selection, &set.candidateDerivatives}) {
        for (std::uint32_t v : *list) {
          if (!isVariable(v)) problem("{} lists variable {}, which does not exist", where, v);
        }
      }
      for (std::uint32_t e : set.constraints) {
        if (e >= system_.equations.size())
          problem("{} has constraint equation {}, which does not exist", where, e);
      }
      if (set.selection.size() != set.states.size() * set.candidates.size())
        problem("{} has {} selection entries for {} states and {} candidates", where,
                set.selection.size(), set.states.size(), set.candidates.size());
      for (expr::Id entry : set.jacobian)
        expression(entry, where + " Jacobian");
    }
  }

  const System& system_;
  const expr::Pool& pool_;
  std::vector<bool> checked_; // nodes found well formed (or reported) already
  bool malformed_ = false;    // a node was not: reading variables below it is unsafe
  std::vector<std::string> problems_;
};

} // namespace

std::vector<std::string> verify(const System& system) { return Verifier(system).run(); }

} // namespace mocc::dae
