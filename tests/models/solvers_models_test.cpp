// Event-free models under every solver of `mocc run --solver`: the RC ladder with an algebraic
// loop (tests/models/dae, reference by matrix exponential in rc_ladder_reference.py) and the
// stdlib LC oscillator (closed form). Bounds follow from each solver's order, step or
// tolerance. Models with events under rk45/rk4/euler need the runtime's event location and are
// tested with it.
#include "model_test_support.h"

#include <cmath>
#include <map>

using namespace mocc::test;

namespace {

std::string modelFile(const std::string& relative) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/" + relative;
}

double valueAt(const CsvTable& table, const std::string& variable, double time) {
  std::size_t t = table.column("time"), v = table.column(variable);
  for (const auto& row : table.rows) {
    if (std::abs(row[t] - time) <= 1e-12 * std::max(1.0, std::abs(time))) return row[v];
  }
  throw std::out_of_range("no output row at time " + std::to_string(time));
}

struct SolverCase {
  std::string arguments; // extra command-line arguments (the fixed step)
  double bound;          // absolute error allowed
};

class EventFreeModels : public ::testing::TestWithParam<std::string> {
protected:
  CsvTable run(const std::string& model, const std::string& arguments) {
    return simulate(modelFile(model), "--solver " + GetParam() + " " + arguments);
  }
  bool fixedStep() const { return GetParam() == "rk4" || GetParam() == "euler"; }
};

TEST_P(EventFreeModels, RcLadderWithAnAlgebraicLoopMatchesItsReference) {
  // y' = A y + b with eigenvalues -0.62 and -2.22: two decaying modes a e^(lambda t) of
  // amplitude a <= 0.5 V (the states stay within 0.5 V; r1.i is an affine function of c1.v with
  // slope 1/(3 G) ~ 0.18, so its error is smaller).
  // - Variable step at the model's tolerance 1e-10: a contracting problem keeps the global
  //   error below 100 times the local one, 1e-8 (as for cvode and ida in dae_models_test).
  // - A fixed-step method of order p leaves a local error c (h lambda)^(p+1) a e^(lambda t)
  //   per step, which then decays with the mode: at time t the global error is about
  //   c h^p |lambda|^(p+1) t a e^(lambda t) <= c h^p |lambda|^p a / e (largest at t = 1/|lambda|).
  //   rk4 (c = 1/120) at the output interval h = 0.01: 2.3e-12 + 3.7e-10 for the two modes;
  //   bound 1e-9. euler (c = 1/2) at h = 0.001: 5.7e-5 + 2.0e-4; bound 3e-4.
  std::map<std::string, SolverCase> cases = {{"rk4", {"", 1e-9}},
                                             {"euler", {"--step 0.001", 3e-4}}};
  SolverCase c = fixedStep() ? cases.at(GetParam()) : SolverCase{"", 1e-8};
  CsvTable result = run("dae/RCLadderLoop.mo", c.arguments);
  CsvTable reference = readCsv(modelFile("dae/rc_ladder_reference.csv"));
  std::size_t t = reference.column("time");
  double worst = 0.0;
  for (const auto& row : reference.rows) {
    for (const std::string name : {"c1.v", "c2.v", "r1.i"}) {
      double error = std::abs(valueAt(result, name, row[t]) - row[reference.column(name)]);
      EXPECT_LT(error, c.bound) << name << " at t = " << row[t];
      worst = std::max(worst, error);
    }
  }
  // Euler's error is first order: far from rounding, so the comparison really measures it.
  if (GetParam() == "euler") EXPECT_GT(worst, 1e-5);
}

TEST_P(EventFreeModels, LcOscillatorFollowsTheClosedForm) {
  // v = 2 cos(20 t), i = 0.4 sin(20 t) over T = 1 (about 3 periods), scale 2 V.
  // - Variable step at the model's tolerance 1e-8: errors neither grow nor decay on an
  //   oscillator, so they add up over the steps; 1e-5 of scale as stdlib's expectations allow.
  // - rk4 at the output interval h = 0.001: T w^5 h^4 / 120 * 2 V = 5e-8 (w = 20); 1e-6.
  // - euler at h = 1e-5: each step multiplies the amplitude by sqrt(1 + (h w)^2), a relative
  //   growth of N (h w)^2 / 2 = 2e-3 over N = 1e5 steps, i.e. 4e-3 V; its phase error
  //   N (h w)^3 / 3 is negligible. 1e-2 allows for the start-up.
  std::map<std::string, SolverCase> cases = {{"rk4", {"", 1e-6}}, {"euler", {"--step 1e-5", 1e-2}}};
  SolverCase c = fixedStep() ? cases.at(GetParam()) : SolverCase{"", 2e-5};
  CsvTable result = run("stdlib/Electrical_LCOscillator.mo", c.arguments);
  for (double time : {0.05, 0.1, 0.3, 0.55, 0.8, 1.0}) {
    EXPECT_NEAR(valueAt(result, "capacitor.v", time), 2 * std::cos(20 * time), c.bound)
        << "t = " << time;
    // The current's scale is 0.4 A: a fifth of the voltage's.
    EXPECT_NEAR(valueAt(result, "inductor.i", time), 0.4 * std::sin(20 * time), c.bound / 5)
        << "t = " << time;
  }
}

INSTANTIATE_TEST_SUITE_P(Solvers, EventFreeModels,
                         ::testing::Values("cvode", "cvode-adams", "ida", "arkode-erk",
                                           "arkode-dirk", "rk45", "rk4", "euler"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

} // namespace
