// The Jacobian of the residual form (the ABI's dae_jacobian, IDA's Newton matrix with opened
// loops): every nonzero agrees with central differences of dae_residuals, entries outside the
// pattern have none, and the JIT and the generated C++ compute the same bits. Through it the
// runtime also gets the ODE Jacobian of loops the compiler cannot differentiate implicitly.
#include "compile_source.h"
#include "cpp_test_support.h"
#include "mocc/runtime/instance_services.h"
#include "model_ode.h" // runtime/src: white-box

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

namespace mocc::backend::cpp::test {
namespace {

// Five equations, each nonlinear in two neighbours of a ring: tearing keeps all five as
// iteration variables, more than the compiler differentiates implicitly (four), so the ODE
// Jacobian is the runtime's Schur complement of the residual form's Jacobian.
const char* kFiveVariableLoop = R"(model FiveVariableLoop
  Real x(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real a[5];
equation
  der(x) = v;
  der(v) = -x*a[1] - a[3]*a[5];
  for i in 1:5 loop
    exp(a[i]) + 0.1*a[mod(i, 5) + 1]^3 = 1.5 + 0.1*i*x + 0.05*v;
  end for;
end FiveVariableLoop;
)";

TEST(DaeJacobian, GivesTheOdeJacobianThroughLoopsTooLargeForTheCompiler) {
  mocc::test::SourceCompilation c;
  auto program = mocc::test::compileSource(c, kFiveVariableLoop);
  ASSERT_TRUE(program) << c.rendered();
  EXPECT_TRUE(program->jacobian.empty()); // the compiler stops at four iteration variables
  ASSERT_FALSE(program->daeJacobian.empty()) << program->daeJacobianMissing;
  auto compiled = jit::test::compileOrFail(*program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  ASSERT_EQ(model.n_dae_unknowns, 5);

  runtime::ModelInstance instance(model);
  runtime::InstanceServices services(model);
  runtime::ReportHandler reports(model, services.texts());
  services.attach(instance.abi());
  runtime::StateSelection selection(instance);
  runtime::ModelOde ode(instance, reports, services.solver(), selection);
  ASSERT_TRUE(ode.hasJacobian());
  ASSERT_EQ(ode.jacobianPattern(), nullptr); // dense, from the Schur complement
  model.bind(&instance.abi());

  const std::vector<double> y = {0.6, -0.2};
  std::vector<double> dy(2), values(4);
  ASSERT_EQ(ode.jacobian(0.0, y, dy, runtime::DenseMatrixView{values.data(), 2}),
            runtime::CallbackStatus::Ok)
      << ode.problem();
  // Central differences of the derivatives, each evaluation solving the loop by Newton to its
  // tolerance (relative 1e-10 or better): with h = 1e-5 the loop's error contributes 1e-10/h =
  // 1e-5 at most, truncation h^2/6 times third derivatives of order one much less.
  const double h = 1e-5;
  for (std::size_t j = 0; j < 2; ++j) {
    std::vector<double> plus = y, minus = y, fPlus(2), fMinus(2);
    plus[j] += h;
    minus[j] -= h;
    ASSERT_EQ(ode.derivatives(0.0, plus, fPlus), runtime::CallbackStatus::Ok) << ode.problem();
    ASSERT_EQ(ode.derivatives(0.0, minus, fMinus), runtime::CallbackStatus::Ok) << ode.problem();
    for (std::size_t i = 0; i < 2; ++i)
      EXPECT_NEAR(values[j * 2 + i], (fPlus[i] - fMinus[i]) / (2 * h), 2e-5)
          << "d f" << i << " / d y" << j;
  }
}

} // namespace
} // namespace mocc::backend::cpp::test
