// The continuous-mode ABI functions and bind: derivatives of a linear system, crossing
// functions after their inputs, outputs, bind skipping overridden slots, and the mocc_model
// tables (sizes, variables, messages, crossing descriptions, experiment).
#include "test_model.h"

#include <cstring>

namespace mocc::backend::jit::test {
namespace {

using expr::Id;
using expr::Op;

// der(x1) = a*x1 + b*x2, der(x2) = -x1 with parameters a, b.
struct LinearSystem {
  TestModel m;
  std::uint32_t x1, x2, a, b, w;
  LinearSystem() {
    x1 = m.addState("x1");
    x2 = m.addState("x2");
    a = m.addValue("a", expr::Type::Real, sim::Kind::Parameter);
    b = m.addValue("b", expr::Type::Real, sim::Kind::Parameter);
    w = m.addValue("w"); // an algebraic value the derivatives need
    auto& p = m.pool();
    m.program.derivatives = {
        assign(w, p.add(p.mul(m.read(a), m.read(x1)), p.mul(m.read(b), m.read(x2)))),
        assign(x1 + 1, m.read(w)),
        assign(x2 + 1, p.neg(m.read(x1))),
    };
  }
};

TEST(JitFunctions, DerivativesOfLinearSystem) {
  LinearSystem s;
  auto compiled = compileOrFail(s.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  EXPECT_EQ(model.n_states, 2);
  EXPECT_EQ(model.n_values, 3);
  Instance instance(model);
  instance.v[0] = -0.5; // a
  instance.v[1] = 2;    // b
  instance.x = {3, 4};
  model.derivatives(instance.get());
  EXPECT_EQ(instance.dx[0], -0.5 * 3 + 2 * 4.0);
  EXPECT_EQ(instance.dx[1], -3);
  EXPECT_EQ(instance.v[2], instance.dx[0]);
}

TEST(JitFunctions, CrossingsEvaluateInputsThenFunctions) {
  TestModel m;
  std::uint32_t h = m.addState("h"), k = m.addValue("k"), y = m.addValue("y");
  auto& p = m.pool();
  m.addRelation(Op::Lt, m.read(h), m.real(0), true);
  m.addRelation(Op::Gt, m.read(y), m.read(k), true);
  m.program.crossingInputs = {assign(y, p.mul(m.read(h), m.real(2)))};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  ASSERT_EQ(model.n_crossings, 2);
  Instance instance(model);
  instance.x[0] = 1.5;
  instance.v[slot(m.program, k)] = 1;
  double g[2] = {0, 0};
  model.crossings(instance.get(), g);
  EXPECT_EQ(g[0], 1.5);
  EXPECT_EQ(g[1], 3.0 - 1);
  EXPECT_EQ(instance.v[slot(m.program, y)], 3.0);
}

TEST(JitFunctions, OutputsRunInOrder) {
  TestModel m;
  std::uint32_t x = m.addState("x"), y = m.addValue("y"), z = m.addValue("z");
  auto& p = m.pool();
  m.program.outputs = {assign(y, p.mul(m.read(x), m.read(x))),
                       assign(z, p.add(m.read(y), p.time()))};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance.x[0] = 3;
  instance->time = 0.25;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[0], 9);
  EXPECT_EQ(instance.v[1], 9.25);
}

TEST(JitFunctions, BindSkipsOverriddenSlots) {
  TestModel m;
  std::uint32_t x = m.addState("x");
  std::uint32_t pa = m.addValue("pa", expr::Type::Real, sim::Kind::Parameter);
  std::uint32_t pb = m.addValue("pb", expr::Type::Real, sim::Kind::Parameter);
  std::uint32_t y = m.addValue("y");
  auto& p = m.pool();
  m.program.bind = {
      assign(pa, m.real(2)),
      assign(pb, p.mul(m.read(pa), m.real(10))),
      assign(x, p.add(m.read(pb), m.real(1))),
      assign(y, p.neg(m.read(x))),
  };
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();

  Instance plain(model);
  model.bind(plain.get());
  EXPECT_EQ(plain.v[0], 2);
  EXPECT_EQ(plain.v[1], 20);
  EXPECT_EQ(plain.x[0], 21);
  EXPECT_EQ(plain.v[2], -21);

  Instance overridden(model);
  overridden.v[0] = 5; // pa set by the runtime: slot n_states + 0
  overridden.overridden[1 + 0] = 1;
  overridden.x[0] = -3; // x's start value set by the runtime: slot 0
  overridden.overridden[0] = 1;
  model.bind(overridden.get());
  EXPECT_EQ(overridden.v[0], 5);
  EXPECT_EQ(overridden.v[1], 50);
  EXPECT_EQ(overridden.x[0], -3);
  EXPECT_EQ(overridden.v[2], 3);
}

// Asserts and terminate() pass the values of their messages; the runtime writes them as
// String() does (MLS 3.7.4.5).
TEST(JitFunctions, ReportsPassTheValuesOfTheirMessages) {
  MessageModel s;
  auto compiled = compileOrFail(s.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance->time = 0.5;
  instance.v = {0.5, 2, 0};
  model.outputs(instance.get());
  EXPECT_TRUE(instance.reports.empty());
  instance.v = {1.5, 3, 1};
  model.outputs(instance.get());
  ASSERT_EQ(instance.reports.size(), 1u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(instance.reports[0].text, "x = 1.5, n = 3, b = true");
  EXPECT_EQ(instance.reports[0].time, 0.5);
  instance.v = {-1234567.0, 12, 0};
  model.outputs(instance.get());
  ASSERT_EQ(instance.reports.size(), 2u);
  EXPECT_EQ(instance.reports[1].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(instance.reports[1].text, "n = 12: x =-1.23e+06");
  instance->mode = MOCC_MODE_EVENT;
  model.event_update(instance.get());
  EXPECT_EQ(instance.reports.size(), 2u);
  instance.v = {0.25, 0, 1};
  model.event_update(instance.get());
  ASSERT_EQ(instance.reports.size(), 3u);
  EXPECT_EQ(instance.reports[2].kind, MOCC_REPORT_TERMINATE);
  EXPECT_EQ(instance.reports[2].text, "stopped at x = 0.5");
  ASSERT_NE(model.message_templates, nullptr);
  EXPECT_STREQ(model.messages[2], "stopped at x = <value>");
  EXPECT_EQ(model.message_templates[1].values[1].minimum_length, 8);
  EXPECT_EQ(model.message_templates[1].values[1].left_justified, 0);
}

TEST(JitFunctions, ModelTablesComeFromProgram) {
  TestModel m;
  m.program.modelName = "Pkg.Ball";
  std::uint32_t h = m.addState("h");
  m.program.variables[h].description = "height";
  std::uint32_t n = m.addValue("n", expr::Type::Integer, sim::Kind::Discrete);
  Id relation = m.addRelation(Op::Lt, m.read(h), m.real(0), true);
  m.program.crossings[0].description = "h < 0 at Ball.mo:9:8";
  m.program.outputs = {assign(n, relation)};
  m.addMessage("first");
  m.addMessage("second");
  m.program.experiment.stopTime = 3;
  m.program.experiment.tolerance = 1e-8;
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  EXPECT_EQ(model.abi_version, MOCC_ABI_VERSION);
  EXPECT_STREQ(model.name, "Pkg.Ball");
  ASSERT_EQ(model.n_variables, 4);
  EXPECT_STREQ(model.variables[0].name, "h");
  EXPECT_STREQ(model.variables[0].description, "height");
  EXPECT_EQ(model.variables[0].region, MOCC_REGION_STATE);
  EXPECT_STREQ(model.variables[1].name, "der(h)");
  EXPECT_EQ(model.variables[1].region, MOCC_REGION_DERIVATIVE);
  EXPECT_EQ(model.variables[1].kind, MOCC_KIND_DERIVATIVE);
  EXPECT_EQ(model.variables[2].type, MOCC_TYPE_INTEGER);
  EXPECT_EQ(model.variables[2].kind, MOCC_KIND_DISCRETE);
  EXPECT_EQ(model.variables[2].index, 0);
  EXPECT_EQ(model.variables[3].hidden, 1);
  EXPECT_EQ(model.variables[3].type, MOCC_TYPE_BOOLEAN);
  EXPECT_EQ(model.variables[3].index, 1);
  ASSERT_EQ(model.n_messages, 2);
  EXPECT_STREQ(model.messages[1], "second");
  EXPECT_EQ(model.message_templates, nullptr); // no message has values
  ASSERT_EQ(model.n_crossings, 1);
  EXPECT_STREQ(model.crossing_descriptions[0], "h < 0 at Ball.mo:9:8");
  EXPECT_FALSE(model.has_start_time);
  EXPECT_TRUE(model.has_stop_time);
  EXPECT_EQ(model.stop_time, 3);
  EXPECT_TRUE(model.has_tolerance);
  EXPECT_EQ(model.tolerance, 1e-8);
  EXPECT_FALSE(model.has_interval);
  for (auto* function :
       {(void*)model.bind, (void*)model.derivatives, (void*)model.crossings, (void*)model.outputs,
        (void*)model.event_update, (void*)model.next_time_event}) {
    EXPECT_NE(function, nullptr);
  }
}

} // namespace
} // namespace mocc::backend::jit::test
