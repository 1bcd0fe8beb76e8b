// The printer of sim::Program: a readable listing of every function the emitters generate,
// model ABI lists first, then the user functions they call.
#include "mocc/sim/program.h"

#include <fmt/format.h>

namespace mocc::sim {

std::string variableName(const Program& program, std::uint32_t index) {
  return index < program.variables.size() ? program.variables[index].name
                                          : "$invalid" + std::to_string(index);
}

std::string functionName(const Program& program, std::uint32_t index) {
  return index < program.functions.size() ? program.functions[index].name
                                          : "$fn" + std::to_string(index);
}

namespace {

const char* regionPrefix(Region region) {
  switch (region) {
  case Region::State: return "x";
  case Region::Derivative: return "dx";
  case Region::Value: return "v";
  }
  return "?";
}

class ProgramPrinter {
public:
  explicit ProgramPrinter(const Program& program)
      : program_(program), namer_([&](std::uint32_t i) { return variableName(program_, i); }),
        functionNamer_([&](std::uint32_t i) { return functionName(program_, i); }),
        names_{namer_, nullptr, functionNamer_} {}

  std::string run() {
    out_ += fmt::format("program {} ({} states, {} values)\n", program_.modelName,
                        program_.stateCount, program_.valueCount);
    variables();
    section("bind", program_.bind);
    section("derivatives", program_.derivatives);
    section("crossing inputs", program_.crossingInputs);
    section("outputs", program_.outputs);
    section("event", program_.event);
    relations();
    timeEvents();
    functions();
    return out_;
  }

private:
  std::string e(Id id) { return expr::print(program_.pool, id, names_); }

  void variables() {
    out_ += "variables:\n";
    for (const Variable& v : program_.variables) {
      out_ += fmt::format("  {}[{}] {}{}\n", regionPrefix(v.region), v.index, v.name,
                          v.hidden ? " (hidden)" : "");
    }
  }

  void section(const char* title, const std::vector<Statement>& statements) {
    out_ += fmt::format("{}:\n", title);
    for (const Statement& s : statements)
      statement(s, 1);
  }

  void statement(const Statement& s, int depth) {
    std::string indent(2 * depth, ' ');
    if (auto* assign = std::get_if<Assign>(&s.node)) {
      out_ += fmt::format("{}{} := {}\n", indent, namer_(assign->variable), e(assign->value));
    } else if (auto* reinit = std::get_if<Reinit>(&s.node)) {
      out_ += fmt::format("{}reinit({}, {})\n", indent, namer_(reinit->variable), e(reinit->value));
    } else if (auto* check = std::get_if<Assert>(&s.node)) {
      out_ += fmt::format("{}assert({}, \"{}\"{})\n", indent, e(check->condition),
                          program_.messages[check->message],
                          check->level == AssertLevel::Warning ? ", warning" : "");
    } else if (auto* stop = std::get_if<Terminate>(&s.node)) {
      out_ += fmt::format("{}terminate(\"{}\")\n", indent, program_.messages[stop->message]);
    } else if (auto* when = std::get_if<When>(&s.node)) {
      bool first = true;
      for (const WhenBranch& branch : when->branches) {
        std::string conditions;
        for (std::uint32_t c : branch.conditions) {
          conditions += (conditions.empty() ? "" : ", ") + namer_(c);
        }
        out_ += fmt::format("{}{} edge({}){}\n", indent, first ? "when" : "elsewhen", conditions,
                            branch.activeAtInitial ? " or initial" : "");
        for (const Statement& inner : branch.body)
          statement(inner, depth + 1);
        first = false;
      }
      out_ += indent + "end when\n";
    } else if (auto* branching = std::get_if<If>(&s.node)) {
      ifStatement(*branching, depth);
    }
  }

  void ifStatement(const If& node, int depth) {
    std::string indent(2 * depth, ' ');
    for (std::size_t i = 0; i < node.branches.size(); ++i) {
      out_ += fmt::format("{}{} {} then\n", indent, i == 0 ? "if" : "elseif",
                          e(node.branches[i].condition));
      for (const Statement& inner : node.branches[i].body)
        statement(inner, depth + 1);
    }
    if (!node.elseBody.empty()) {
      out_ += indent + "else\n";
      for (const Statement& inner : node.elseBody)
        statement(inner, depth + 1);
    }
    out_ += indent + "end if\n";
  }

  void functions() {
    if (program_.functions.empty()) return;
    out_ += "functions:\n";
    for (const Function& function : program_.functions)
      out_ += print(program_.pool, function, program_.messages, functionNamer_);
  }

  void relations() {
    out_ += "relations:\n";
    for (std::size_t i = 0; i < program_.relations.size(); ++i) {
      const Relation& r = program_.relations[i];
      out_ += fmt::format("  $rel{} = {} -> {}{}{}\n", i, e(r.comparison), namer_(r.storage),
                          r.crossing >= 0 ? fmt::format(" crossing {}", r.crossing) : "",
                          r.timeEvent ? " time-event" : "");
    }
    out_ += "crossings:\n";
    for (std::size_t i = 0; i < program_.crossings.size(); ++i) {
      const Crossing& c = program_.crossings[i];
      out_ += fmt::format("  g{} = {}  ({})\n", i, e(c.function), c.description);
    }
  }

  void timeEvents() {
    out_ += "time events:\n";
    for (const TimeEvent& t : program_.timeEvents) {
      if (auto* s = std::get_if<SampleEvent>(&t)) {
        out_ += fmt::format("  sample({}, {})\n", e(s->start), e(s->interval));
      } else if (auto* th = std::get_if<ThresholdEvent>(&t)) {
        out_ += fmt::format("  at {}\n", e(th->at));
      }
    }
  }

  const Program& program_;
  expr::VariableNamer namer_;
  expr::VariableNamer functionNamer_;
  expr::Names names_;
  std::string out_;
};

} // namespace

std::string print(const Program& program) { return ProgramPrinter(program).run(); }

} // namespace mocc::sim
