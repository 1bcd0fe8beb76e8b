// The printer of dae::System (`--print-after=PASS`, golden tests).
#include "mocc/dae/system.h"

#include <fmt/format.h>

namespace mocc::dae {

const char* spelling(VariableKind kind) {
  switch (kind) {
  case VariableKind::Parameter: return "parameter";
  case VariableKind::State: return "state";
  case VariableKind::Derivative: return "derivative";
  case VariableKind::Algebraic: return "algebraic";
  case VariableKind::Discrete: return "discrete";
  case VariableKind::Internal: return "internal";
  }
  return "?";
}

expr::VariableNamer namer(const System& system) {
  return [&system](std::uint32_t index) {
    return index < system.variables.size() ? system.variables[index].name
                                           : "$invalid" + std::to_string(index);
  };
}

expr::Names names(const System& system) {
  return expr::Names{namer(system), nullptr, [&system](std::uint32_t index) {
                       return index < system.functions.size() ? system.functions[index].code.name
                                                              : "$fn" + std::to_string(index);
                     }};
}

namespace {

class SystemPrinter {
public:
  SystemPrinter(const System& system, const SourceManager* sources)
      : system_(system), sources_(sources), name_(namer(system)), names_(names(system)) {}

  std::string run() {
    out_ += "system " + system_.name + "\n";
    variables();
    equations();
    initialEquations();
    stateSets();
    whens();
    algorithms(system_.algorithms, "algorithms", "algorithm");
    algorithms(system_.initialAlgorithms, "initial algorithms", "initial algorithm");
    relations();
    functions();
    return out_;
  }

private:
  std::string e(expr::Id id) { return id.valid() ? expr::print(system_.pool, id, names_) : "-"; }

  std::string at(const SourceRange& range) {
    if (!sources_ || !range.valid()) return "";
    return "  // " + sources_->describe(range.begin);
  }

  void variables() {
    out_ += "variables:\n";
    for (const Variable& v : system_.variables) {
      out_ += fmt::format("  {}{} {}", v.dummy ? "dummy " : "", spelling(v.kind), v.name);
      if (v.binding.valid()) out_ += " = " + e(v.binding);
      if (v.start.valid()) out_ += " (start " + e(v.start) + ")";
      if (v.alias.valid()) out_ += " (alias of " + e(v.alias) + ")";
      if (v.stateSelection) out_ += " (state selection)";
      out_ += "\n";
    }
  }

  void equations() {
    out_ += "equations:\n";
    for (const Equation& eq : system_.equations) {
      out_ += fmt::format("  {} = {}{}{}\n", e(eq.lhs), e(eq.rhs), origin(eq), at(eq.range));
    }
    for (const Assertion& a : system_.assertions) {
      out_ += fmt::format("  assert({}, {}){}\n", e(a.condition), message(a.message, a.values),
                          at(a.range));
    }
  }

  // Equations made by index reduction name the equation they come from (counted from 1 in
  // this listing).
  std::string origin(const Equation& eq) {
    switch (eq.origin) {
    case EquationOrigin::Model: return "";
    case EquationOrigin::Differentiated:
      return fmt::format("  (d/dt of equation {})", eq.differentiatedFrom + 1);
    case EquationOrigin::StateSet:
      return eq.differentiatedFrom == kNone
                 ? std::string("  (state set)")
                 : fmt::format("  (state set, d/dt of equation {})", eq.differentiatedFrom + 1);
    }
    return "";
  }

  void initialEquations() {
    if (system_.initialEquations.empty()) return;
    out_ += "initial equations:\n";
    for (const Equation& eq : system_.initialEquations)
      out_ += fmt::format("  {} = {}{}\n", e(eq.lhs), e(eq.rhs), at(eq.range));
  }

  std::string list(const std::vector<std::uint32_t>& variables) {
    std::string text;
    for (std::uint32_t v : variables)
      text += (text.empty() ? "" : ", ") + name_(v);
    return text;
  }

  void stateSets() {
    if (system_.stateSets.empty()) return;
    out_ += "state sets:\n";
    for (std::size_t k = 0; k < system_.stateSets.size(); ++k) {
      const StateSet& set = system_.stateSets[k];
      std::string constraints;
      for (std::uint32_t c : set.constraints)
        constraints += fmt::format("{}{}", constraints.empty() ? "" : ", ", c + 1);
      out_ += fmt::format("  set {}: {} of {} (states {}; constraints: equation{} {})\n", k + 1,
                          set.states.size(), list(set.candidates), list(set.states),
                          set.constraints.size() == 1 ? "" : "s", constraints);
    }
  }

  void whens() {
    out_ += "when-clauses:\n";
    for (const WhenClause& clause : system_.whens) {
      bool first = true;
      for (const WhenBranch& branch : clause.branches) {
        std::string conditions;
        for (std::uint32_t c : branch.conditions) {
          conditions += (conditions.empty() ? "" : ", ") + name_(c);
        }
        out_ +=
            fmt::format("  {} {}{}{}\n", first ? "when" : "elsewhen", conditions,
                        branch.activeAtInitial ? " (initial)" : "", first ? at(clause.range) : "");
        for (const WhenStatement& s : branch.body)
          std::visit([&](const auto& simple) { statement(simple, "    "); }, s);
        first = false;
      }
    }
  }

  void algorithms(const std::vector<Algorithm>& list, const char* heading, const char* keyword) {
    if (list.empty()) return;
    out_ += fmt::format("{}:\n", heading);
    for (const Algorithm& algorithm : list) {
      std::string outputs;
      for (std::uint32_t v : algorithm.outputs)
        outputs += (outputs.empty() ? "" : ", ") + name_(v);
      out_ += fmt::format("  {} -> {}{}\n", keyword, outputs, at(algorithm.range));
      algorithmStatements(algorithm.statements, 4);
    }
  }

  void algorithmStatements(const std::vector<AlgorithmStatement>& statements, int indent) {
    std::string pad(indent, ' ');
    for (const AlgorithmStatement& s : statements) {
      if (auto* branching = std::get_if<AlgorithmIf>(&s.node)) {
        for (std::size_t i = 0; i < branching->branches.size(); ++i) {
          out_ += fmt::format("{}{} {} then\n", pad, i == 0 ? "if" : "elseif",
                              e(branching->branches[i].condition));
          algorithmStatements(branching->branches[i].body, indent + 2);
        }
        if (!branching->elseBody.empty()) {
          out_ += pad + "else\n";
          algorithmStatements(branching->elseBody, indent + 2);
        }
        out_ += pad + "end if\n";
      } else if (auto* when = std::get_if<AlgorithmWhen>(&s.node)) {
        bool first = true;
        for (const AlgorithmWhenBranch& branch : when->branches) {
          std::string conditions;
          for (std::uint32_t c : branch.conditions)
            conditions += (conditions.empty() ? "" : ", ") + name_(c);
          out_ += fmt::format("{}{} {}{}\n", pad, first ? "when" : "elsewhen", conditions,
                              branch.activeAtInitial ? " (initial)" : "");
          algorithmStatements(branch.body, indent + 2);
          first = false;
        }
        out_ += pad + "end when\n";
      } else {
        std::visit([&](const auto& simple) { statement(simple, pad); }, s.node);
      }
    }
  }

  void statement(const AlgorithmIf&, const std::string&) {}
  void statement(const AlgorithmWhen&, const std::string&) {}
  void statement(const CallForEffects& c, const std::string& pad) {
    out_ += fmt::format("{}call {}\n", pad, e(c.call));
  }
  void statement(const Assignment& a, const std::string& pad) {
    out_ += fmt::format("{}{} := {}\n", pad, name_(a.variable), e(a.value));
  }
  void statement(const Reinit& r, const std::string& pad) {
    out_ += fmt::format("{}reinit({}, {})\n", pad, name_(r.state), e(r.value));
  }
  void statement(const Assertion& a, const std::string& pad) {
    out_ += fmt::format("{}assert({}, {})\n", pad, e(a.condition), message(a.message, a.values));
  }
  void statement(const Termination& t, const std::string& pad) {
    out_ += fmt::format("{}terminate({})\n", pad, message(t.message, t.values));
  }
  std::string message(const sim::Message& m, const std::vector<expr::Id>& values) {
    return sim::print(m, [&](std::size_t i) {
      return i < values.size() ? e(values[i]) : "$value" + std::to_string(i);
    });
  }

  void functions() {
    if (system_.functions.empty()) return;
    out_ += "functions:\n";
    for (const Function& f : system_.functions)
      out_ += sim::print(system_.pool, f.code, f.messages, names_.function);
  }

  void relations() {
    out_ += "relations:\n";
    for (std::size_t i = 0; i < system_.relations.size(); ++i) {
      const Relation& r = system_.relations[i];
      out_ += fmt::format("  $rel{} {} {}{}\n", i,
                          r.kind == RelationKind::Time ? "time-event" : "state-event",
                          e(r.comparison), at(r.range));
    }
  }

  const System& system_;
  const SourceManager* sources_;
  expr::VariableNamer name_;
  expr::Names names_;
  std::string out_;
};

} // namespace

std::string print(const System& system, const SourceManager* sources) {
  return SystemPrinter(system, sources).run();
}

} // namespace mocc::dae
