// Algorithm sections and if-equations compiled end to end (hand-built flat model, backend, JIT)
// and driven through the ABI as the runtime does: relations frozen in continuous mode, crossing
// functions, event iteration with pre() values, when-statements and reinit in algorithms.
#include "flat_model.h"

namespace mocc::backend::jit::test {
namespace {

// der(x) = -1 with
//   algorithm
//     y := 2*x;
//     if y < 1 then y := 1; end if;
//     when x < 0.5 then n := pre(n) + 1; end when;
struct AlgorithmModel {
  std::unique_ptr<CompiledFlat> c;
  AlgorithmModel() {
    ModelBuilder m;
    std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(2));
    std::uint32_t y = m.variable("y");
    std::uint32_t n = m.variable("n", Type::Integer, flat::Variability::Discrete);
    m.equation(m.der(x), number(-1));
    m.algorithm({
        assign(y, number(2) * m.ref(x)),
        ifStatement(m.ref(y) < number(1), {assign(y, number(1))}),
        whenStatement(m.ref(x) < number(0.5), {assign(n, m.pre(n) + integer(1))}),
    });
    c = compileFlat(m.model);
  }
};

TEST(JitAlgorithms, IfWhenAndRelationsAcrossAnEvent) {
  AlgorithmModel a;
  ASSERT_TRUE(a.c->compiled);
  const mocc_model& model = a.c->model();
  const sim::Program& program = a.c->program();
  Instance instance(model);
  auto value = [&](const char* name) -> double& { return valueOf(program, instance, name); };
  ASSERT_EQ(model.n_crossings, 2);

  model.bind(instance.get());
  instance->mode = MOCC_MODE_INITIAL;
  model.event_update(instance.get());
  EXPECT_EQ(value("y"), 4);
  EXPECT_EQ(value("n"), 0);
  copyToPre(instance);

  // Approaching the crossings in continuous mode: both relations keep their stored values.
  instance->mode = MOCC_MODE_CONTINUOUS;
  value("x") = 0.4;
  model.outputs(instance.get());
  EXPECT_EQ(value("y"), 0.8);
  EXPECT_EQ(value("n"), 0);
  double g[2] = {0, 0};
  model.crossings(instance.get(), g);
  EXPECT_DOUBLE_EQ(g[0], 0.8 - 1);
  EXPECT_DOUBLE_EQ(g[1], 0.4 - 0.5);
  model.derivatives(instance.get());
  EXPECT_EQ(value("der(x)"), -1);

  // The event: relations evaluated, the if-branch and the when-statement fire.
  copyToPre(instance);
  instance->mode = MOCC_MODE_EVENT;
  EXPECT_EQ(model.event_update(instance.get()), 0);
  EXPECT_EQ(value("y"), 1);
  EXPECT_EQ(value("n"), 1);
  copyToPre(instance);
  model.event_update(instance.get()); // no second edge
  EXPECT_EQ(value("n"), 1);
  copyToPre(instance);

  instance->mode = MOCC_MODE_CONTINUOUS;
  value("x") = 0.3;
  model.outputs(instance.get());
  EXPECT_EQ(value("y"), 1); // the if-branch is frozen on
  EXPECT_EQ(value("n"), 1); // a discrete output keeps pre(n) between events
}

// der(h) = v, der(v) = -10; algorithm: when h < 0 then reinit(v, -0.5*pre(v)); end when;
TEST(JitAlgorithms, ReinitInWhenStatementAppliedAtTheEnd) {
  ModelBuilder m;
  std::uint32_t h = m.variable("h", Type::Real, flat::Variability::Continuous, number(1));
  std::uint32_t v = m.variable("v", Type::Real, flat::Variability::Continuous, number(0));
  m.equation(m.der(h), m.ref(v));
  m.equation(m.der(v), number(-10));
  m.algorithm(
      {whenStatement(m.ref(h) < number(0),
                     {statement(flat::ReinitStatement{m.ref(v), number(-0.5) * m.pre(v)})})});
  auto c = compileFlat(m.model);
  ASSERT_TRUE(c->compiled);
  const mocc_model& model = c->model();
  Instance instance(model);
  model.bind(instance.get());
  instance->mode = MOCC_MODE_INITIAL;
  EXPECT_EQ(model.event_update(instance.get()), 0);
  copyToPre(instance);
  valueOf(c->program(), instance, "h") = -1e-9;
  valueOf(c->program(), instance, "v") = -4;
  copyToPre(instance);
  instance->mode = MOCC_MODE_EVENT;
  EXPECT_EQ(model.event_update(instance.get()), 1);
  EXPECT_EQ(valueOf(c->program(), instance, "v"), 2);
}

// if x > 1 then y = 2*x; else y = -x; end if; with der(x) = -1.
TEST(JitIfEquations, BothSidesOfTheEvent) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(2));
  std::uint32_t y = m.variable("y");
  m.equation(m.der(x), number(-1));
  flat::IfEquation branches;
  branches.branches.push_back(
      {m.ref(x) > number(1), {equality(m.ref(y), number(2) * m.ref(x))}, {}});
  branches.elseBody = {equality(m.ref(y), -m.ref(x))};
  m.model.equations.push_back({std::move(branches), {}});
  auto c = compileFlat(m.model);
  ASSERT_TRUE(c->compiled);
  const mocc_model& model = c->model();
  Instance instance(model);
  auto value = [&](const char* name) -> double& { return valueOf(c->program(), instance, name); };
  ASSERT_EQ(model.n_crossings, 1);

  model.bind(instance.get());
  instance->mode = MOCC_MODE_INITIAL;
  model.event_update(instance.get());
  EXPECT_EQ(value("y"), 4);
  copyToPre(instance);

  instance->mode = MOCC_MODE_CONTINUOUS;
  value("x") = 0.9; // past the crossing, but the relation is frozen until the event
  model.outputs(instance.get());
  EXPECT_EQ(value("y"), 1.8);
  double g = 0;
  model.crossings(instance.get(), &g);
  EXPECT_DOUBLE_EQ(g, 0.9 - 1);

  copyToPre(instance);
  instance->mode = MOCC_MODE_EVENT;
  model.event_update(instance.get());
  EXPECT_EQ(value("y"), -0.9);

  instance->mode = MOCC_MODE_CONTINUOUS;
  value("x") = 0.8;
  model.outputs(instance.get());
  EXPECT_EQ(value("y"), -0.8);
}

} // namespace
} // namespace mocc::backend::jit::test
