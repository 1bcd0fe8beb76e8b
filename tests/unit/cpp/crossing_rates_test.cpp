// The symbolic time derivatives of crossing functions (sim::Crossing::rate, the ABI's
// crossing_rates): derived through states, algebraic assignments and state derivatives,
// missing (NaN) for a crossing that reads an algebraic loop, and computed bit for bit alike by
// the JIT and the generated C++. Also the relation each crossing watches
// (mocc_model.crossing_relations and crossing_positive_values).
#include "compile_source.h"
#include "cpp_test_support.h"

#include <cmath>

namespace mocc::backend::cpp::test {
namespace {

// x'' = -x. g0 = e - 1/2 with e = x^2 + sin(v): dg0/dt = 2 x v - x cos(v). g1 = w - 0.1 with
// w = 2 z, where z + exp(z) = x is a loop: implicitly, z' (1 + exp(z)) = x', so
// dg1/dt = 2 v / (1 + exp(z)). g2 = der(v) - 1/2 = -x - 1/2: dg2/dt = -v. g3 = time - 2 x - p:
// dg3/dt = 1 - 2 v. g4 reads a, computed by an algorithm section: no symbolic rate.
const char* kRates = R"(model Rates
  parameter Real p = 3;
  Real x(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real e = x*x + sin(v);
  Real z;
  Real w;
  Real a;
algorithm
  a := 2*x;
equation
  der(x) = v;
  der(v) = -x;
  z + exp(z) = x;
  w = 2*z;
  when a > 1 then
  end when;
  when e > 0.5 then
    reinit(v, 2*v);
  end when;
  when w > 0.1 then
  end when;
  when der(v) > 0.5 then
  end when;
  when time > 2*x + p then
  end when;
end Rates;
)";

sim::Program ratesProgram() {
  mocc::test::SourceCompilation c;
  auto program = mocc::test::compileSource(c, kRates);
  EXPECT_TRUE(program) << c.rendered();
  return program ? std::move(*program) : sim::Program{};
}

TEST(CrossingRates, AreDerivedThroughAssignmentsAndStateDerivatives) {
  sim::Program program = ratesProgram();
  ASSERT_EQ(program.crossings.size(), 5u);
  for (std::size_t i : {1, 2, 3, 4})
    EXPECT_TRUE(program.crossings[i].rate.valid()) << i << ": " << program.crossings[i].rateMissing;
  EXPECT_FALSE(program.crossings[0].rate.valid());
  EXPECT_EQ(program.crossings[0].rateMissing,
            "'a' is computed by neither an assignment nor an algebraic loop");
}

TEST(CrossingRates, MatchTheClosedFormsInBothBackends) {
  sim::Program program = ratesProgram();
  BothWays both = compileBothWays(program, testName());
  ASSERT_TRUE(both.ok());
  ASSERT_TRUE(both.jit->model().crossing_rates);
  ASSERT_TRUE(both.cpp->model().crossing_rates);
  Instance jit(both.jit->model()), cpp(both.cpp->model());
  const double x = 0.7, v = -0.4;
  double z = 0; // z + exp(z) = x by Newton
  for (int k = 0; k < 60; ++k)
    z -= (z + std::exp(z) - x) / (1 + std::exp(z));
  std::vector<double> jitRates(5), cppRates(5);
  for (Instance* instance : {&jit, &cpp}) {
    instance->get()->time = 0.25;
    instance->get()->mode = MOCC_MODE_CONTINUOUS;
    both.jit->model().bind(instance->get());
  }
  // Both instances get the same parameters and states (the state order is the program's).
  for (const sim::Variable& variable : program.variables) {
    if (variable.region != sim::Region::State) continue;
    double value = variable.name == "x" ? x : v;
    jit.x[variable.index] = cpp.x[variable.index] = value;
  }
  both.jit->model().crossing_rates(jit.get(), jitRates.data());
  both.cpp->model().crossing_rates(cpp.get(), cppRates.data());
  // Exact up to the rounding of a few operations on numbers of order one.
  const double rounding = 1e-15;
  EXPECT_TRUE(std::isnan(jitRates[0]));
  EXPECT_NEAR(jitRates[1], 2 * x * v - x * std::cos(v), rounding);
  // The loop is solved to its Newton tolerance (relative 1e-10 or better): z and its rate as
  // well as that.
  EXPECT_NEAR(jitRates[2], 2 * v / (1 + std::exp(z)), 1e-9);
  EXPECT_NEAR(jitRates[3], -v, rounding);
  EXPECT_NEAR(jitRates[4], 1 - 2 * v, rounding);
  for (std::size_t i = 0; i < jitRates.size(); ++i)
    EXPECT_TRUE(jit::test::sameBits(jitRates[i], cppRates[i]))
        << "rate " << i << ": " << jitRates[i] << " (JIT) but " << cppRates[i] << " (C++)";
}

// x > c and x <= 0 watched by crossing functions x - c and x: the first relation holds where
// its function is positive, the second where it is negative; both backends name the variables
// that store them.
TEST(CrossingRelations, NameEachCrossingsStoredRelationAndItsPositiveSide) {
  mocc::test::SourceCompilation c;
  auto program = mocc::test::compileSource(c, R"(model Watched
  parameter Real c = 3;
  Real x(start = 0, fixed = true);
equation
  der(x) = 1;
  when x > c then
  end when;
  when x <= 0 then
  end when;
end Watched;
)");
  ASSERT_TRUE(program) << c.rendered();
  ASSERT_EQ(program->crossings.size(), 2u);
  BothWays both = compileBothWays(*program, testName());
  ASSERT_TRUE(both.ok());
  for (const mocc_model* model : {&both.jit->model(), &both.cpp->model()}) {
    ASSERT_TRUE(model->crossing_relations && model->crossing_positive_values);
    for (int i = 0; i < 2; ++i) {
      const sim::Relation& relation = program->relations[program->crossings[i].relation];
      EXPECT_EQ(model->crossing_relations[i], static_cast<std::int32_t>(relation.storage));
      EXPECT_EQ(std::string(model->variables[model->crossing_relations[i]].name),
                program->variables[relation.storage].name);
    }
    EXPECT_EQ(model->crossing_positive_values[0], 1); // x > c holds where x - c > 0
    EXPECT_EQ(model->crossing_positive_values[1], 0); // x <= 0 holds where x < 0
  }
}

} // namespace
} // namespace mocc::backend::cpp::test
