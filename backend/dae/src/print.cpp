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

namespace {

class SystemPrinter {
public:
  SystemPrinter(const System& system, const SourceManager* sources)
      : system_(system), sources_(sources), name_(namer(system)) {}

  std::string run() {
    out_ += "system " + system_.name + "\n";
    variables();
    equations();
    whens();
    relations();
    return out_;
  }

private:
  std::string e(expr::Id id) { return id.valid() ? expr::print(system_.pool, id, name_) : "-"; }

  std::string at(const SourceRange& range) {
    if (!sources_ || !range.valid()) return "";
    return "  // " + sources_->describe(range.begin);
  }

  void variables() {
    out_ += "variables:\n";
    for (const Variable& v : system_.variables) {
      out_ += fmt::format("  {} {}", spelling(v.kind), v.name);
      if (v.binding.valid()) out_ += " = " + e(v.binding);
      if (v.start.valid()) out_ += " (start " + e(v.start) + ")";
      out_ += "\n";
    }
  }

  void equations() {
    out_ += "equations:\n";
    for (const Equation& eq : system_.equations) {
      out_ += fmt::format("  {} = {}{}\n", e(eq.lhs), e(eq.rhs), at(eq.range));
    }
    for (const Assertion& a : system_.assertions) {
      out_ += fmt::format("  assert({}, \"{}\"){}\n", e(a.condition), a.message, at(a.range));
    }
  }

  void statement(const WhenStatement& s) {
    if (auto* a = std::get_if<Assignment>(&s)) {
      out_ += fmt::format("    {} := {}\n", name_(a->variable), e(a->value));
    } else if (auto* r = std::get_if<Reinit>(&s)) {
      out_ += fmt::format("    reinit({}, {})\n", name_(r->state), e(r->value));
    } else if (auto* a = std::get_if<Assertion>(&s)) {
      out_ += fmt::format("    assert({}, \"{}\")\n", e(a->condition), a->message);
    } else if (auto* t = std::get_if<Termination>(&s)) {
      out_ += fmt::format("    terminate(\"{}\")\n", t->message);
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
          statement(s);
        first = false;
      }
    }
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
  std::string out_;
};

} // namespace

std::string print(const System& system, const SourceManager* sources) {
  return SystemPrinter(system, sources).run();
}

} // namespace mocc::dae
