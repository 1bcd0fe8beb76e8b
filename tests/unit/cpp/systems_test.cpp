// Algebraic loops, Jacobians, state sets and the residual form in generated C++: the loop
// programs of the JIT's own tests (loop_programs.h) compiled both ways, simulated by the runtime
// with each solver that uses the entry, and required to give the JIT's rows bit for bit; the
// descriptor tables (loops, Jacobian nonzeros, state sets, residual-form unknowns) equal.
#include "cpp_test_support.h"
#include "loop_programs.h"

#include <array>

namespace mocc::backend::cpp::test {
namespace {

using expr::Id;
using jit::test::assign;
using jit::test::slot;
using jit::test::solve;
using jit::test::useEverywhere;

/// Every row of `cpp` has the bits of the same row of `jit`.
void expectSameRows(const runtime::ResultTable& jit, const runtime::ResultTable& cpp) {
  ASSERT_EQ(jit.rows().size(), cpp.rows().size());
  for (std::size_t r = 0; r < jit.rows().size(); ++r) {
    const auto& a = jit.rows()[r];
    const auto& b = cpp.rows()[r];
    ASSERT_TRUE(jit::test::sameBits(a.time, b.time)) << "row " << r;
    ASSERT_EQ(a.values.size(), b.values.size());
    for (std::size_t c = 0; c < a.values.size(); ++c)
      ASSERT_TRUE(jit::test::sameBits(a.values[c], b.values[c]))
          << "row " << r << " (t = " << a.time << "), column " << jit.columns()[c].name << ": "
          << a.values[c] << " (JIT) but " << b.values[c] << " (C++)";
  }
}

/// Simulates `program` both ways with `solver` and requires identical results and statistics.
void expectSameSimulation(const sim::Program& program, double stop, const std::string& solver) {
  BothWays both = compileBothWays(program, testName() + "_" + solver);
  ASSERT_TRUE(both.ok());
  runtime::ResultTable jitRows, cppRows;
  runtime::SimulationResult a = jit::test::simulateModel(both.jit->model(), stop, jitRows, solver);
  runtime::SimulationResult b = jit::test::simulateModel(both.cpp->model(), stop, cppRows, solver);
  ASSERT_EQ(a.outcome, runtime::Outcome::Finished) << a.message;
  ASSERT_EQ(b.outcome, runtime::Outcome::Finished) << b.message;
  EXPECT_EQ(a.statistics.steps, b.statistics.steps);
  EXPECT_EQ(a.statistics.rhsEvaluations, b.statistics.rhsEvaluations);
  EXPECT_EQ(a.statistics.algebraicSolves, b.statistics.algebraicSolves);
  EXPECT_EQ(a.statistics.jacobian, b.statistics.jacobian);
  expectSameRows(jitRows, cppRows);
}

/// The loop tables of two descriptors.
void expectSameSystems(const mocc_model& a, const mocc_model& b) {
  ASSERT_EQ(a.n_systems, b.n_systems);
  for (int k = 0; k < a.n_systems; ++k) {
    const mocc_system_info& s = a.systems[k];
    const mocc_system_info& t = b.systems[k];
    EXPECT_STREQ(s.description, t.description);
    ASSERT_EQ(s.size, t.size);
    EXPECT_EQ(s.linear, t.linear);
    for (int i = 0; i < s.size; ++i)
      EXPECT_EQ(s.unknowns[i], t.unknowns[i]);
    ASSERT_EQ(s.n_jacobian, t.n_jacobian);
    for (int i = 0; i < s.n_jacobian; ++i) {
      EXPECT_EQ(s.jacobian_rows[i], t.jacobian_rows[i]);
      EXPECT_EQ(s.jacobian_columns[i], t.jacobian_columns[i]);
    }
  }
}

TEST(CppSystems, LinearLoopSimulatesLikeTheJit) {
  jit::test::LinearLoop loop;
  BothWays both = compileBothWays(loop.m.program, testName());
  ASSERT_TRUE(both.ok());
  expectSameSystems(both.jit->model(), both.cpp->model());
  expectSameSimulation(loop.m.program, 1.0, "cvode");
}

TEST(CppSystems, TornNonlinearLoopWithAndWithoutJacobianSimulatesLikeTheJit) {
  for (bool analytic : {true, false}) {
    SCOPED_TRACE(analytic ? "analytic Jacobian" : "finite differences");
    jit::test::CircleCubicLoop loop(analytic);
    BothWays both = compileBothWays(loop.m.program, testName() + (analytic ? "_a" : "_d"));
    ASSERT_TRUE(both.ok());
    expectSameSystems(both.jit->model(), both.cpp->model());
    EXPECT_EQ(both.cpp->model().systems[0].n_jacobian, analytic ? 1 : 0);
    expectSameSimulation(loop.m.program, 1.0, "cvode");
  }
}

TEST(CppSystems, EventModeStoresTheLoopsRelationsAtTheSolution) {
  // The loop's residual reads a relation of its own unknown x (frozen while Newton runs):
  // event mode must evaluate and store it at the solution, as the JIT does.
  jit::test::LinearLoop loop;
  expr::Pool& p = loop.m.pool();
  Id relation = loop.m.addRelation(expr::Op::Gt, loop.m.read(loop.x), loop.m.real(0.5), true);
  std::uint32_t flag = loop.m.addValue("flag", expr::Type::Boolean, sim::Kind::Discrete);
  Id& residual = loop.m.program.systems[0].residuals[1];
  residual = p.sub(residual, p.ifThenElse(relation, loop.m.real(0), loop.m.real(1e-3)));
  loop.m.program.event = {solve(0), assign(flag, relation),
                          assign(loop.s + 1, loop.m.read(loop.x))};
  BothWays both = compileBothWays(loop.m.program, testName());
  ASSERT_TRUE(both.ok());
  jit::test::Instance a(both.jit->model()), b(both.cpp->model());
  for (jit::test::Instance* instance : {&a, &b}) {
    instance->x[0] = 5;
    instance->raw.mode = MOCC_MODE_EVENT;
  }
  both.jit->model().event_update(a.get());
  both.cpp->model().event_update(b.get());
  expectSameState(a, b, "event_update");
  EXPECT_EQ(b.v[slot(loop.m.program, flag)], 1.0); // x is about 1 > 0.5
}

/// y1' = -1000 y1 + y2, y2' = -y2 with its analytic Jacobian (jacobians_test.cpp).
sim::Program stiffLinear() {
  jit::test::TestModel m;
  expr::Pool& p = m.pool();
  std::uint32_t y1 = m.addState("y1"), y2 = m.addState("y2");
  m.program.bind = {assign(y1, m.real(1)), assign(y2, m.real(1))};
  useEverywhere(m.program, {assign(y1 + 1, p.add(p.mul(m.real(-1000), m.read(y1)), m.read(y2))),
                            assign(y2 + 1, p.neg(m.read(y2)))});
  m.program.jacobian = {{0, 0, m.real(-1000)}, {0, 1, m.real(1)}, {1, 1, m.real(-1)}};
  return m.program;
}

TEST(CppSystems, AnalyticOdeJacobianGivesTheJitsRows) {
  sim::Program program = stiffLinear();
  BothWays both = compileBothWays(program, testName());
  ASSERT_TRUE(both.ok());
  const mocc_model& a = both.jit->model();
  const mocc_model& b = both.cpp->model();
  ASSERT_EQ(a.n_jacobian, b.n_jacobian);
  ASSERT_TRUE(b.jacobian);
  for (int k = 0; k < a.n_jacobian; ++k) {
    EXPECT_EQ(a.jacobian_rows[k], b.jacobian_rows[k]);
    EXPECT_EQ(a.jacobian_columns[k], b.jacobian_columns[k]);
  }
  expectSameSimulation(program, 1.0, "cvode");
}

TEST(CppSystems, StateSetJacobianWritesTheRequestedSet) {
  jit::test::TestModel m;
  expr::Pool& p = m.pool();
  std::uint32_t s = m.addState("s");
  std::uint32_t x = m.addValue("x"), y = m.addValue("y");
  std::uint32_t a1 = m.addValue("A[1,1]", expr::Type::Real, sim::Kind::Discrete);
  std::uint32_t a2 = m.addValue("A[1,2]", expr::Type::Real, sim::Kind::Discrete);
  useEverywhere(m.program, {assign(x, m.read(s)), assign(s + 1, m.real(1))});
  sim::StateSet set;
  set.candidates = {x, y};
  set.states = {s};
  set.selection = {a1, a2};
  set.constraintCount = 1;
  set.jacobianInputs = {assign(x, m.read(s))};
  set.constraintJacobian = {p.mul(m.real(2), m.read(x)),
                            p.call(expr::Builtin::Sin, std::array{m.read(y)})};
  m.program.stateSets.push_back(set);
  BothWays both = compileBothWays(m.program, testName());
  ASSERT_TRUE(both.ok());
  const mocc_model& model = both.cpp->model();
  ASSERT_EQ(model.n_state_sets, 1);
  EXPECT_EQ(model.state_sets[0].n_candidates, 2);
  EXPECT_EQ(model.state_sets[0].n_states, 1);
  EXPECT_EQ(model.state_sets[0].n_constraints, 1);
  EXPECT_EQ(model.state_sets[0].selection[1], static_cast<int32_t>(a2));
  jit::test::Instance a(both.jit->model()), b(model);
  double jitValues[2] = {-1, -1}, cppValues[2] = {-1, -1};
  for (jit::test::Instance* instance : {&a, &b}) {
    instance->x[0] = 0.5;
    instance->v[slot(m.program, y)] = 3;
  }
  both.jit->model().state_set_jacobian(a.get(), 0, jitValues);
  model.state_set_jacobian(b.get(), 0, cppValues);
  EXPECT_EQ(cppValues[0], 1.0);
  for (int k = 0; k < 2; ++k)
    EXPECT_TRUE(jit::test::sameBits(jitValues[k], cppValues[k])) << k;
  double untouched[2] = {-1, -1};
  model.state_set_jacobian(b.get(), 1, untouched); // no such set: nothing written
  EXPECT_EQ(untouched[0], -1.0);
}

/// x' = -z with 0 = z^2 - x, x(0) = z(0) = 1 (dae_residuals_test.cpp).
sim::Program squareRootDae() {
  jit::test::TestModel m;
  expr::Pool& p = m.pool();
  std::uint32_t x = m.addState("x"), z = m.addValue("z");
  sim::AlgebraicSystem loop;
  loop.description = "nonlinear system of 1 equation at dae.mo:4:3";
  loop.unknowns = {z};
  loop.residuals = {p.sub(p.mul(m.read(z), m.read(z)), m.read(x))};
  loop.jacobian = {p.mul(m.real(2), m.read(z))};
  m.program.systems.push_back(loop);
  m.program.bind = {assign(x, m.real(1)), assign(z, m.real(1))};
  useEverywhere(m.program, {solve(0), assign(x + 1, p.neg(m.read(z)))});
  return m.program;
}

TEST(CppSystems, ResidualFormOpensTheLoopsOfDerivatives) {
  sim::Program program = squareRootDae();
  BothWays both = compileBothWays(program, testName());
  ASSERT_TRUE(both.ok());
  const mocc_model& model = both.cpp->model();
  ASSERT_EQ(model.n_dae_unknowns, 1);
  EXPECT_STREQ(model.variables[model.dae_unknowns[0]].name, "z");
  ASSERT_TRUE(model.dae_residuals);
  jit::test::Instance a(both.jit->model()), b(model);
  double z = 1.5, jitResidual = 0, cppResidual = 0;
  a.x[0] = b.x[0] = 4;
  both.jit->model().dae_residuals(a.get(), &z, &jitResidual);
  model.dae_residuals(b.get(), &z, &cppResidual);
  EXPECT_EQ(cppResidual, 1.5 * 1.5 - 4);
  EXPECT_EQ(b.services.solver().statistics().solves, 0); // opened, not solved
  expectSameState(a, b, "dae_residuals");
  expectSameSimulation(program, 1.5, "ida");
}

TEST(CppSystems, AModelWithoutLoopsHasNoResidualFormNorJacobian) {
  jit::test::TestModel m;
  std::uint32_t x = m.addState("x");
  useEverywhere(m.program, {assign(x + 1, m.real(1))});
  std::string source = emitCpp(m.program);
  EXPECT_NE(source.find(".dae_residuals = nullptr"), std::string::npos) << source;
  EXPECT_NE(source.find(".jacobian = nullptr"), std::string::npos) << source;
  EXPECT_NE(source.find(".n_systems = 0, .systems = nullptr"), std::string::npos) << source;
}

} // namespace
} // namespace mocc::backend::cpp::test
