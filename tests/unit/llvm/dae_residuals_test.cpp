// The residual form of model.h (dae_residuals): the loops derivatives solves are opened, their
// iteration variables becoming IDA's algebraic unknowns. A semi-explicit index-1 DAE through
// the JIT and IDA against its closed form, and against CVODE on the solved form.
#include "loop_programs.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mocc::backend::jit::test {
namespace {

/// x' = -z with 0 = z^2 - x (z > 0), x(0) = 1, z(0) = 1: x = (1 - t/2)^2, z = 1 - t/2 until
/// z reaches 0 at t = 2, where the algebraic equation becomes singular (index 1 ends).
struct SquareRootDae {
  SquareRootDae() {
    expr::Pool& p = m.pool();
    x = m.addState("x");
    z = m.addValue("z");
    sim::AlgebraicSystem loop;
    loop.description = "nonlinear system of 1 equation at dae.mo:4:3";
    loop.unknowns = {z};
    loop.residuals = {p.sub(p.mul(m.read(z), m.read(z)), m.read(x))};
    loop.jacobian = {p.mul(m.real(2), m.read(z))};
    m.program.systems.push_back(loop);
    m.program.bind = {assign(x, m.real(1)), assign(z, m.real(1))};
    useEverywhere(m.program, {solve(0), assign(x + 1, p.neg(m.read(z)))});
  }
  TestModel m;
  std::uint32_t x, z;
};

TEST(DaeResiduals, OpenedLoopsTakeTheirUnknownsFromZAndWriteTheirResiduals) {
  SquareRootDae dae;
  auto compiled = compileOrFail(dae.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  ASSERT_EQ(model.n_dae_unknowns, 1);
  EXPECT_STREQ(model.variables[model.dae_unknowns[0]].name, "z");
  ASSERT_TRUE(model.dae_residuals);
  Instance instance(model);
  instance.x[0] = 4;
  double z = 1.5, r = 0;
  model.dae_residuals(instance.get(), &z, &r);
  EXPECT_EQ(r, 1.5 * 1.5 - 4);
  EXPECT_EQ(instance.dx[0], -1.5);
  EXPECT_EQ(instance.v[slot(dae.m.program, dae.z)], 1.5);
  EXPECT_EQ(instance.services.solver().statistics().solves, 0); // opened, not solved
}

TEST(DaeResiduals, AModelWithoutLoopsHasNoResidualForm) {
  TestModel m;
  std::uint32_t x = m.addState("x");
  useEverywhere(m.program, {assign(x + 1, m.real(1))});
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  EXPECT_EQ(compiled->model().n_dae_unknowns, 0);
  EXPECT_FALSE(compiled->model().dae_residuals);
}

TEST(DaeResiduals, IdaSolvesTheIndexOneDaeToItsClosedForm) {
  SquareRootDae dae;
  auto compiled = compileOrFail(dae.m.program);
  ASSERT_TRUE(compiled);
  runtime::ResultTable ida, cvode;
  runtime::SimulationResult ri = simulateModel(compiled->model(), 1.5, ida, "ida", 1e-10);
  runtime::SimulationResult rc = simulateModel(compiled->model(), 1.5, cvode, "cvode", 1e-10);
  ASSERT_EQ(ri.outcome, runtime::Outcome::Finished) << ri.message;
  ASSERT_EQ(rc.outcome, runtime::Outcome::Finished) << rc.message;
  // IDA difference-quotients its Newton matrix: z is an unknown the model's Jacobian omits.
  EXPECT_EQ(ri.statistics.jacobian, "finite differences, dense");
  // BDF at rtol = atol = 1e-10 on a polynomial solution of degree 2: the global error stays
  // within a few hundred tolerances; 1e-7 leaves margin.
  for (std::size_t r = 0; r < ida.rows().size(); ++r) {
    double t = ida.rows()[r].time;
    EXPECT_NEAR(ida.value(r, "x"), std::pow(1 - t / 2, 2), 1e-7) << "t = " << t;
    EXPECT_NEAR(ida.value(r, "z"), 1 - t / 2, 1e-7) << "t = " << t;
  }
  std::size_t last = ida.rows().size() - 1;
  EXPECT_NEAR(ida.value(last, "x"), cvode.value(cvode.rows().size() - 1, "x"), 1e-7);
}

} // namespace
} // namespace mocc::backend::jit::test
