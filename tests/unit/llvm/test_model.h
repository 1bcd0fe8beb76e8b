// Helpers for the backend/llvm tests: build a sim::Program by hand (pool, variables,
// statements), JIT-compile it, and drive the compiled functions on a hand-allocated
// mocc_instance whose report() calls are recorded and whose algebraic loops are solved by the
// runtime's InstanceServices (mocc_solve_system).
#pragma once

#include "mocc/llvm/jit.h"
#include "mocc/runtime/instance_services.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mocc::backend::jit::test {

/// A sim::Program under construction.
class TestModel {
public:
  TestModel() { program.modelName = "Test"; }

  sim::Program program;
  expr::Pool& pool() { return program.pool; }

  /// A state and its derivative; returns the state's variable number (the derivative is next).
  std::uint32_t addState(const std::string& name) {
    std::uint32_t index = program.stateCount++;
    std::uint32_t state =
        addVariable(name, sim::Region::State, index, expr::Type::Real, sim::Kind::State);
    addVariable("der(" + name + ")", sim::Region::Derivative, index, expr::Type::Real,
                sim::Kind::Derivative);
    return state;
  }
  /// A variable stored in v.
  std::uint32_t addValue(const std::string& name, expr::Type type = expr::Type::Real,
                         sim::Kind kind = sim::Kind::Algebraic) {
    return addVariable(name, sim::Region::Value, program.valueCount++, type, kind);
  }
  std::uint32_t addVariable(const std::string& name, sim::Region region, std::uint32_t index,
                            expr::Type type, sim::Kind kind) {
    program.variables.push_back(sim::Variable{name, "", region, index, type, kind, false, ""});
    return static_cast<std::uint32_t>(program.variables.size() - 1);
  }

  expr::Id read(std::uint32_t variable) {
    return pool().variable(variable, program.variables[variable].type);
  }
  expr::Id pre(std::uint32_t variable) {
    return pool().pre(variable, program.variables[variable].type);
  }
  expr::Id real(double value) { return pool().real(value); }

  /// A relation generating events, with a hidden Boolean storage variable; returns its node.
  expr::Id addRelation(expr::Op op, expr::Id lhs, expr::Id rhs, bool withCrossing,
                       bool timeEvent = false) {
    expr::Id comparison = pool().compare(op, lhs, rhs);
    std::uint32_t storage = addValue("$rel" + std::to_string(program.relations.size()),
                                     expr::Type::Boolean, sim::Kind::Internal);
    program.variables[storage].hidden = true;
    sim::Relation relation{comparison, storage};
    relation.timeEvent = timeEvent;
    auto number = static_cast<std::uint32_t>(program.relations.size());
    if (withCrossing) {
      relation.crossing = static_cast<std::int32_t>(program.crossings.size());
      sim::Crossing crossing;
      crossing.function = pool().sub(lhs, rhs);
      crossing.relation = number;
      crossing.description = "crossing " + std::to_string(number);
      program.crossings.push_back(std::move(crossing));
    }
    program.relations.push_back(relation);
    return pool().relation(number, comparison);
  }
  std::uint32_t storageOf(expr::Id relationNode) {
    return program.relations[pool().node(relationNode).index].storage;
  }

  std::uint32_t addMessage(const std::string& text) {
    program.messages.push_back(text);
    return static_cast<std::uint32_t>(program.messages.size() - 1);
  }
};

inline sim::Statement assign(std::uint32_t variable, expr::Id value) {
  return sim::Statement{sim::Assign{variable, value}, ""};
}

/// A model whose messages show values computed at run time: outputs() asserts x < 1 with
/// "x = <x>, n = <n>, b = <b>" and warns when n > 5 with "n = <n>: x =<x>" (x with 3
/// significant digits, right-justified in 8 characters); event_update terminates with
/// "stopped at x = <2 x>" (computed) when b is true.
struct MessageModel {
  TestModel m;
  std::uint32_t x, n, b;
  MessageModel() {
    x = m.addValue("x");
    n = m.addValue("n", expr::Type::Integer, sim::Kind::Discrete);
    b = m.addValue("b", expr::Type::Boolean, sim::Kind::Discrete);
    auto& p = m.pool();
    using Format = sim::MessageValue::Format;
    auto value = [](Format format, std::int32_t digits = 6, std::int32_t minimumLength = 0,
                    bool leftJustified = true) {
      sim::MessageValue v;
      v.format = format;
      v.significantDigits = digits;
      v.minimumLength = minimumLength;
      v.leftJustified = leftJustified;
      return v;
    };
    sim::Message error;
    error.texts = {"x = ", ", n = ", ", b = ", ""};
    error.values = {value(Format::Real), value(Format::Integer), value(Format::Boolean)};
    sim::Message warning;
    warning.texts = {"n = ", ": x =", ""};
    warning.values = {value(Format::Integer), value(Format::Real, 3, 8, false)};
    sim::Message stop;
    stop.texts = {"stopped at x = ", ""};
    stop.values = {value(Format::Real)};
    std::uint32_t errorMessage = addMessage(error), warningMessage = addMessage(warning),
                  stopMessage = addMessage(stop);
    m.program.outputs = {
        {sim::Assert{p.compare(expr::Op::Lt, m.read(x), m.real(1)),
                     errorMessage,
                     sim::AssertLevel::Error,
                     {m.read(x), m.read(n), m.read(b)}},
         ""},
        {sim::Assert{p.compare(expr::Op::Le, m.read(n), p.constant(expr::Type::Integer, 5)),
                     warningMessage,
                     sim::AssertLevel::Warning,
                     {m.read(n), m.read(x)}},
         ""},
    };
    sim::If stopWhenB;
    stopWhenB.branches.push_back(
        {m.read(b), {{sim::Terminate{stopMessage, {p.mul(m.real(2), m.read(x))}}, ""}}});
    m.program.event = {{std::move(stopWhenB), ""}};
  }
  std::uint32_t addMessage(sim::Message message) {
    m.program.messages.push_back(std::move(message));
    return static_cast<std::uint32_t>(m.program.messages.size() - 1);
  }
};

/// Compiles `program`; on failure records a test failure and returns null.
inline std::unique_ptr<CompiledModel> compileOrFail(const sim::Program& program, int optLevel = 2) {
  std::string error;
  auto compiled = compile(program, CompileOptions{optLevel}, error);
  EXPECT_TRUE(compiled) << error;
  EXPECT_EQ(error, "");
  return compiled;
}

struct Report {
  std::int32_t kind;
  std::int32_t message;
  double time;
  std::string text; // the message with its values, as the runtime writes it
};

/// A mocc_instance with its own storage, sized for `model`; report() calls are recorded.
class Instance {
public:
  explicit Instance(const mocc_model& model)
      : x(model.n_states), dx(model.n_states), v(model.n_values), preX(model.n_states),
        preV(model.n_values), direction(model.n_crossings),
        overridden(model.n_states + model.n_values), services(model) {
    raw.x = x.data();
    raw.dx = dx.data();
    raw.v = v.data();
    raw.pre_x = preX.data();
    raw.pre_v = preV.data();
    raw.crossing_direction = direction.data();
    raw.overridden = overridden.data();
    raw.homotopy_lambda = 1.0;
    raw.mode = MOCC_MODE_CONTINUOUS;
    services.attach(raw);
    services.onReport(
        [this, &model](std::int32_t kind, std::int32_t message, double time, const double* values) {
          reports.push_back(
              Report{kind, message, time, runtime::formatMessage(model, message, values)});
        });
  }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  mocc_instance* operator->() { return &raw; }
  mocc_instance* get() { return &raw; }

  std::vector<double> x, dx, v, preX, preV;
  std::vector<std::int8_t> direction;
  std::vector<std::uint8_t> overridden;
  std::vector<Report> reports;
  runtime::InstanceServices services;
  mocc_instance raw{};
};

/// The number of the value slot (v index) of `variable`.
inline std::uint32_t slot(const sim::Program& program, std::uint32_t variable) {
  return program.variables[variable].index;
}

inline bool sameBits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

} // namespace mocc::backend::jit::test
