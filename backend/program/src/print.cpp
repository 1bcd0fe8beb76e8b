// The printer of sim::Program: a readable listing of every function the emitters generate,
// model ABI lists first, then the user functions they call.
#include "mocc/sim/program.h"

#include <fmt/format.h>
#include <ostream>

namespace mocc::sim {

std::string variableName(const Program& program, std::uint32_t index) {
  return index < program.variables.size() ? program.variables[index].name
                                          : "$invalid" + std::to_string(index);
}

std::string functionName(const Program& program, std::uint32_t index) {
  return index < program.functions.size() ? program.functions[index].name
                                          : "$fn" + std::to_string(index);
}

std::string Message::text() const {
  std::string out = texts[0];
  for (std::size_t i = 0; i < values.size(); ++i)
    out += "<value>" + (i + 1 < texts.size() ? texts[i + 1] : std::string());
  return out;
}

std::ostream& operator<<(std::ostream& out, const Message& message) {
  return out << '"' << message.text() << '"';
}

std::string print(const Message& message, const std::function<std::string(std::size_t)>& value) {
  if (message.isConstant()) return "\"" + message.texts[0] + "\"";
  std::string out;
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : " + ") + part; };
  for (std::size_t i = 0; i < message.texts.size(); ++i) {
    if (!message.texts[i].empty()) add("\"" + message.texts[i] + "\"");
    if (i >= message.values.size()) continue;
    const MessageValue& v = message.values[i];
    std::string options;
    if (!v.formatSpec.empty())
      options += ", format = \"" + v.formatSpec + "\"";
    else if (v.format == MessageValue::Format::Real && v.significantDigits != 6)
      options += fmt::format(", significantDigits = {}", v.significantDigits);
    if (v.minimumLength != 0) options += fmt::format(", minimumLength = {}", v.minimumLength);
    if (!v.leftJustified) options += ", leftJustified = false";
    add("String(" + value(i) + options + ")");
  }
  return out;
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
    section("update parameters", program_.parameterUpdate);
    section("derivatives", program_.derivatives);
    section("crossing inputs", program_.crossingInputs);
    section("crossing rate inputs", program_.crossingRateInputs);
    section("outputs", program_.outputs);
    delays();
    section("event", program_.event);
    section("initialize", program_.initialize);
    section("destroy external objects", program_.destroyExternalObjects);
    systems();
    jacobian();
    daeJacobian();
    stateSets();
    relations();
    timeEvents();
    functions();
    return out_;
  }

private:
  std::string e(Id id) { return expr::print(program_.pool, id, names_); }

  std::string message(std::uint32_t index, const std::vector<Id>& values) {
    if (index >= program_.messages.size()) return "$message" + std::to_string(index);
    return print(program_.messages[index], [&](std::size_t i) {
      return i < values.size() ? e(values[i]) : "$value" + std::to_string(i);
    });
  }

  void variables() {
    out_ += "variables:\n";
    for (const Variable& v : program_.variables) {
      out_ += fmt::format("  {}[{}] {}{}{}{}\n", regionPrefix(v.region), v.index, v.name,
                          v.hidden ? " (hidden)" : "", v.tunable ? " (tunable)" : "",
                          v.calculated ? " (calculated)" : "");
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
    } else if (auto* assign = std::get_if<AssignPre>(&s.node)) {
      out_ += fmt::format("{}pre({}) := {}\n", indent, namer_(assign->variable), e(assign->value));
    } else if (auto* call = std::get_if<Call>(&s.node)) {
      std::string targets;
      for (const Call::Output& output : call->outputs)
        targets += fmt::format("{}{} := [{}]", targets.empty() ? "" : ", ", namer_(output.variable),
                               output.element + 1);
      out_ += fmt::format("{}call {}{}\n", indent, e(call->call),
                          targets.empty() ? "" : " assigning " + targets);
    } else if (auto* reinit = std::get_if<Reinit>(&s.node)) {
      out_ += fmt::format("{}reinit({}, {})\n", indent, namer_(reinit->variable), e(reinit->value));
    } else if (auto* check = std::get_if<Assert>(&s.node)) {
      out_ += fmt::format("{}assert({}, {}{})\n", indent, e(check->condition),
                          message(check->message, check->values), levelSuffix(check->level));
    } else if (auto* stop = std::get_if<Terminate>(&s.node)) {
      out_ += fmt::format("{}terminate({})\n", indent, message(stop->message, stop->values));
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
    } else if (auto* solve = std::get_if<Solve>(&s.node)) {
      std::string unknowns;
      if (solve->system < program_.systems.size()) {
        for (std::uint32_t v : program_.systems[solve->system].unknowns)
          unknowns += (unknowns.empty() ? "" : ", ") + namer_(v);
      }
      out_ += fmt::format("{}solve #{} for {}\n", indent, solve->system, unknowns);
    }
  }

  std::string list(const std::vector<std::uint32_t>& variables) {
    std::string text;
    for (std::uint32_t v : variables)
      text += (text.empty() ? "" : ", ") + namer_(v);
    return text;
  }

  void systems() {
    if (program_.systems.empty()) return;
    out_ += "systems:\n";
    for (std::size_t k = 0; k < program_.systems.size(); ++k) {
      const AlgebraicSystem& system = program_.systems[k];
      out_ +=
          fmt::format("  #{} {}\n    unknowns: {}\n", k, system.description, list(system.unknowns));
      for (const Statement& s : system.inner)
        statement(s, 2);
      for (std::size_t i = 0; i < system.residuals.size(); ++i)
        out_ += fmt::format("    0 = {}\n", e(system.residuals[i]));
      std::size_t n = system.unknowns.size();
      for (std::size_t i = 0; i < system.jacobian.size() && n > 0; ++i) {
        if (!system.jacobian[i].valid()) continue;
        out_ += fmt::format("    d r{} / d {} = {}\n", i / n, namer_(system.unknowns[i % n]),
                            e(system.jacobian[i]));
      }
    }
  }

  /// The state whose storage is x[index] (or dx[index] when `derivative`).
  std::string stateName(std::uint32_t index, bool derivative) {
    Region region = derivative ? Region::Derivative : Region::State;
    for (std::size_t i = 0; i < program_.variables.size(); ++i)
      if (program_.variables[i].region == region && program_.variables[i].index == index)
        return namer_(static_cast<std::uint32_t>(i));
    return fmt::format("{}[{}]", derivative ? "dx" : "x", index);
  }

  void jacobian() {
    if (!program_.jacobianMissing.empty())
      out_ += fmt::format("jacobian: none ({})\n", program_.jacobianMissing);
    if (program_.jacobian.empty()) return;
    section("jacobian inputs", program_.jacobianInputs);
    out_ += "jacobian:\n";
    for (const JacobianEntry& entry : program_.jacobian)
      out_ += fmt::format("  d {} / d {} = {}\n", stateName(entry.row, true),
                          stateName(entry.column, false), e(entry.value));
  }

  // Rows and columns past the states are positions in z (the opened loops' unknowns).
  void daeJacobian() {
    if (!program_.daeJacobianMissing.empty())
      out_ += fmt::format("dae jacobian: none ({})\n", program_.daeJacobianMissing);
    if (program_.daeJacobian.empty()) return;
    out_ += "dae jacobian (residual form; rows der(x) then loop residuals, columns x then z):\n";
    for (const JacobianEntry& entry : program_.daeJacobian)
      out_ += fmt::format("  [{}, {}] = {}\n", entry.row, entry.column, e(entry.value));
  }

  void stateSets() {
    for (std::size_t k = 0; k < program_.stateSets.size(); ++k) {
      const StateSet& set = program_.stateSets[k];
      out_ += fmt::format("state set #{}: states {} among {{{}}} (selection {})\n", k,
                          list(set.states), list(set.candidates), list(set.selection));
      for (const Statement& s : set.jacobianInputs)
        statement(s, 1);
      std::size_t n = set.candidates.size();
      for (std::size_t i = 0; i < set.constraintJacobian.size() && n > 0; ++i)
        out_ += fmt::format("  d g{} / d {} = {}\n", i / n, namer_(set.candidates[i % n]),
                            e(set.constraintJacobian[i]));
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
      out_ += fmt::format("  $rel{} = {} -> {}{}{}{}\n", i, e(r.comparison), namer_(r.storage),
                          r.crossing >= 0 ? fmt::format(" crossing {}", r.crossing) : "",
                          r.partner >= 0 ? fmt::format(" partner {}", r.partner) : "",
                          r.timeEvent ? " time-event" : "");
    }
    out_ += "crossings:\n";
    for (std::size_t i = 0; i < program_.crossings.size(); ++i) {
      const Crossing& c = program_.crossings[i];
      out_ += fmt::format("  g{} = {}  ({})\n", i, e(c.function), c.description);
      if (c.rate.valid())
        out_ += fmt::format("    dg{}/dt = {}\n", i, e(c.rate));
      else
        out_ += fmt::format("    dg{}/dt: numerical ({})\n", i, c.rateMissing);
    }
  }

  void delays() {
    if (program_.delays.empty()) return;
    section("delay inputs", program_.delayInputs);
    out_ += "delays:\n";
    for (std::size_t i = 0; i < program_.delays.size(); ++i)
      out_ += fmt::format("  delay {}: {}\n", i, e(program_.delays[i].node));
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
