// The Jacobian of the residual form (the ABI's dae_jacobian, IDA's Newton matrix with opened
// loops): every nonzero agrees with central differences of dae_residuals, entries outside the
// pattern have none, and the JIT and the generated C++ compute the same bits.
#include "compile_source.h"
#include "cpp_test_support.h"

#include <cmath>

namespace mocc::backend::cpp::test {
namespace {

// The loop in a and b keeps both as iteration variables (no equation is linear in either), so
// the residual form has the unknowns x, v (states) and z = (a, b); der(v) reads a and x.
const char* kTwoVariableLoop = R"(model TwoVariableLoop
  Real x(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real a;
  Real b;
equation
  der(x) = v;
  der(v) = -a*x;
  exp(a) + b^3 = 2 + x;
  a^3 + exp(b) = 1 + v*x;
end TwoVariableLoop;
)";

/// [dx; r] of the residual form at the instance's states and z.
std::vector<double> residualForm(const mocc_model& model, jit::test::Instance& instance,
                                 const std::vector<double>& z) {
  std::vector<double> r(z.size());
  model.dae_residuals(instance.get(), z.data(), r.data());
  std::vector<double> out(instance.dx.begin(), instance.dx.end());
  out.insert(out.end(), r.begin(), r.end());
  return out;
}

TEST(DaeJacobian, AgreesWithDifferencesOfTheResidualFormInBothBackends) {
  mocc::test::SourceCompilation c;
  auto program = mocc::test::compileSource(c, kTwoVariableLoop);
  ASSERT_TRUE(program) << c.rendered();
  ASSERT_FALSE(program->daeJacobian.empty()) << program->daeJacobianMissing;
  BothWays both = compileBothWays(*program, testName());
  ASSERT_TRUE(both.ok());
  const mocc_model& model = both.jit->model();
  ASSERT_EQ(model.n_dae_unknowns, 2);
  ASSERT_TRUE(model.dae_jacobian && both.cpp->model().dae_jacobian);
  std::size_t n = static_cast<std::size_t>(model.n_states), size = n + 2;

  jit::test::Instance jit(model), cpp(both.cpp->model());
  std::vector<double> x = {0.8, -0.3}, z = {0.4, 0.6};
  for (jit::test::Instance* instance : {&jit, &cpp}) {
    instance->get()->mode = MOCC_MODE_CONTINUOUS;
    model.bind(instance->get());
    std::copy(x.begin(), x.end(), instance->x.begin());
  }
  auto k = static_cast<std::size_t>(model.n_dae_jacobian);
  std::vector<double> jitValues(k), cppValues(k), r(2);
  model.dae_jacobian(jit.get(), z.data(), r.data(), jitValues.data());
  both.cpp->model().dae_jacobian(cpp.get(), z.data(), r.data(), cppValues.data());
  for (std::size_t e = 0; e < k; ++e)
    EXPECT_TRUE(jit::test::sameBits(jitValues[e], cppValues[e])) << "entry " << e;

  std::vector<std::vector<double>> analytic(size, std::vector<double>(size, 0.0));
  for (std::size_t e = 0; e < k; ++e)
    analytic[static_cast<std::size_t>(model.dae_jacobian_rows[e])]
            [static_cast<std::size_t>(model.dae_jacobian_columns[e])] = jitValues[e];
  // Central differences with h = 1e-6 on functions of order one whose third derivatives are
  // of order ten at most: truncation h^2/6 * 10 < 2e-12, rounding 1e-16/h = 1e-10.
  const double h = 1e-6, tolerance = 1e-8;
  for (std::size_t j = 0; j < size; ++j) {
    auto at = [&](double step) {
      std::vector<double> zs = z;
      std::copy(x.begin(), x.end(), jit.x.begin());
      if (j < n)
        jit.x[j] += step;
      else
        zs[j - n] += step;
      return residualForm(model, jit, zs);
    };
    std::vector<double> plus = at(h), minus = at(-h);
    for (std::size_t i = 0; i < size; ++i)
      EXPECT_NEAR(analytic[i][j], (plus[i] - minus[i]) / (2 * h), tolerance)
          << "d row " << i << " / d unknown " << j;
  }
}

} // namespace
} // namespace mocc::backend::cpp::test
