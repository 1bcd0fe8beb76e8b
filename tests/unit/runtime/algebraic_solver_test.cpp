// AlgebraicSolver (mocc_solve_system) on hand-written loops: one exact step for a linear loop,
// Newton with finite differences (reported once), loops without a solution or with a singular
// Jacobian and their messages, a singular loop its start solves or the least-norm step solves,
// sparse LU for a large loop,
// a linear loop whose residual is rounding of cancelling terms, a warm start left by a rejected
// step that falls back to an earlier solution, and the C entry point.
#include "mocc/runtime/algebraic_solver.h"
#include "mocc/runtime/instance_services.h"

#include <array>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace mocc::runtime {
namespace {

constexpr int largeSize = 300; // above the sparse threshold of 100

// Loop 0: x + 2y = 5, 3x - y = 1 (linear): x = 1, y = 2.
void linearResidual(mocc_instance*, const double* x, double* r) {
  r[0] = x[0] + 2 * x[1] - 5;
  r[1] = 3 * x[0] - x[1] - 1;
}
void linearJacobian(mocc_instance*, const double*, double* values) {
  values[0] = 1, values[1] = 2, values[2] = 3, values[3] = -1; // row-major, all nonzero
}
// Loop 0 again, in units as far apart as a magnetic loop's (permeabilities near 1e-6,
// reluctances near 1e9): 1e-9 x + 1e9 y = 2, 1e-9 x - 1e9 y = 0, solved by x = 1e9, y = 1e-9.
// Its condition number is 1e18 as written, 1 once rows and columns are scaled.
void unitScaledResidual(mocc_instance*, const double* x, double* r) {
  r[0] = 1e-9 * x[0] + 1e9 * x[1] - 2;
  r[1] = 1e-9 * x[0] - 1e9 * x[1];
}
void unitScaledJacobian(mocc_instance*, const double*, double* values) {
  values[0] = 1e-9, values[1] = 1e9, values[2] = 1e-9, values[3] = -1e9;
}
// Loop 1: x^2 + y^2 = 1 and y = x^3 torn to x (y computed inside, stored in `inner`).
double inner = 0;
void circleResidual(mocc_instance*, const double* x, double* r) {
  inner = x[0] * x[0] * x[0];
  r[0] = x[0] * x[0] + inner * inner - 1;
}
// Loop 2: z^2 + 1 = 0 has no real solution.
void noRootResidual(mocc_instance*, const double* x, double* r) { r[0] = x[0] * x[0] + 1; }
void noRootJacobian(mocc_instance*, const double* x, double* values) { values[0] = 2 * x[0]; }
// Loop 3: a + b = 1, 2a + 2b = 3: singular.
void singularResidual(mocc_instance*, const double* x, double* r) {
  r[0] = x[0] + x[1] - 1;
  r[1] = 2 * x[0] + 2 * x[1] - 3;
}
// Loop 3 again: 3 (0.1 a) - 0.3 b = 0 twice over, singular but solved by a = b = 1 up to
// the rounding of 0.1 and 0.3 (a residual of 5.6e-17, not 0).
void consistentSingularResidual(mocc_instance*, const double* x, double* r) {
  r[0] = 3 * (0.1 * x[0]) - 0.3 * x[1];
  r[1] = 2 * r[0];
}
// Loop 3 once more, as FluidHeatFlow's ports at zero flow m = 0: the flow H = semiLinear(m,
// h, 300) = m h and the balance H = m 300 fix H = 0 but leave the enthalpy h free (x = H,
// y = h): singular, consistent, and not solved by a start with H != 0.
void zeroFlowResidual(mocc_instance*, const double* x, double* r) {
  const double m = 0;
  r[0] = x[0] - m * x[1];
  r[1] = x[0] - m * 300;
}
// Loop 4: the tridiagonal -x[i-1] + 2.5 x[i] - x[i+1] = 1 (linear, sparse analytic).
void chainResidual(mocc_instance*, const double* x, double* r) {
  for (int i = 0; i < largeSize; ++i)
    r[i] = 2.5 * x[i] - (i > 0 ? x[i - 1] : 0) - (i + 1 < largeSize ? x[i + 1] : 0) - 1;
}
void chainJacobian(mocc_instance*, const double*, double* values) {
  int k = 0;
  for (int i = 0; i < largeSize; ++i) {
    if (i > 0) values[k++] = -1;
    values[k++] = 2.5;
    if (i + 1 < largeSize) values[k++] = -1;
  }
}
// Loop 5: the star point z of three inductors L = 1e-4 whose other ends are at voltages a_k
// of 1e7 that cancel (as ideal diodes with Ron = Goff = 1e-5 make them): the currents' rates
// (a_k + z) / L sum to zero, z = -(a_1 + a_2 + a_3) / 3 up to the rounding of terms of 1e11.
constexpr double starInductance = 1e-4;
double starEnds[3] = {0, 0, 0};
void starResidual(mocc_instance*, const double* x, double* r) {
  r[0] = 0;
  for (double end : starEnds)
    r[0] += (end + x[0]) / starInductance;
}
void starJacobian(mocc_instance*, const double*, double* values) { values[0] = 3 / starInductance; }

// Loop 6: x + y = 2, x + (1 + 1e-15) y = 2 + 1e-15 (nonlinear by declaration): solved by x = y
// = 1, and to rounding by every point of the line x + y = 2, where the Newton step of the
// nearly singular Jacobian (condition number 4e15) is rounding amplified.
constexpr double nearlyParallel = 1e-15;
void nearlySingularResidual(mocc_instance*, const double* x, double* r) {
  r[0] = x[0] + x[1] - 2;
  r[1] = x[0] + (1 + nearlyParallel) * x[1] - (2 + nearlyParallel);
}
void nearlySingularJacobian(mocc_instance*, const double*, double* values) {
  values[0] = 1, values[1] = 1, values[2] = 1, values[3] = 1 + nearlyParallel;
}

// Loop 7: z^3 - 3z = p(t) with p = -3 before t = 1.75 and 3 from then on: one root each,
// z = -2.1038 and z = 2.1038 (the cubic's turning points are at z = -1 and 1, where its values
// are 2 and -2). Newton from the right root with p = -3 ends at the local minimum of |r| at
// z = 1 (r = 1), where no damped step decreases the residual.
double cubicResidualValue(double z, double t) { return z * z * z - 3 * z - (t < 1.75 ? -3 : 3); }
void cubicResidual(mocc_instance* instance, const double* x, double* r) {
  r[0] = cubicResidualValue(x[0], instance->time);
}
void cubicJacobian(mocc_instance*, const double* x, double* values) {
  values[0] = 3 * x[0] * x[0] - 3;
}

// A Schmitt trigger (MSL Modelica.Electrical.Analog.Examples.OpAmps.SchmittTrigger): input u
// through R1 = 1000 to the op-amp's input v, output sat(15000 v) (limits +-15 V) fed back
// through R2 = 15000; unknowns v and the current i, solved on loop 6's dense pattern. For
// u > -1 the +15 V branch v = (15000 u + 15000) / 16000 exists, for u < 1 the -15 V one.
double triggerInput = 5;
double saturated(double v) { return std::clamp(15000 * v, -15.0, 15.0); }
void triggerResidual(mocc_instance*, const double* x, double* r) {
  r[0] = triggerInput - x[0] - 1000 * x[1];
  r[1] = x[0] - saturated(x[0]) - 15000 * x[1];
}
void triggerJacobian(mocc_instance*, const double* x, double* values) {
  values[0] = -1, values[1] = -1000;
  values[2] = 1 - (std::abs(15000 * x[0]) < 15 ? 15000 : 0), values[3] = -15000;
}
/// The branch where the output is `output` volts: v from the voltage divider, i through R1.
std::array<double, 2> triggerBranch(double output) {
  double v = (15000 * triggerInput + 1000 * output) / 16000;
  return {v, (triggerInput - v) / 1000};
}

/// The model's tables: variables x, y, v2, ..., v299, z and the eight loops above.
struct LoopModel {
  LoopModel() {
    for (int i = 0; i < largeSize; ++i)
      names.push_back(i < 2 ? std::string(i == 0 ? "x" : "y") : "v" + std::to_string(i));
    names.push_back("z");
    for (int i = 0; i <= largeSize; ++i)
      variables.push_back(mocc_variable{names[static_cast<std::size_t>(i)].c_str(), "",
                                        MOCC_REGION_VALUE, i, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC,
                                        0, ""});
    for (int i = 0; i < largeSize; ++i)
      unknowns.push_back(i);
    denseRows = {0, 0, 1, 1};
    denseColumns = {0, 1, 0, 1};
    for (int i = 0; i < largeSize; ++i)
      for (int j = i - 1; j <= i + 1; ++j)
        if (j >= 0 && j < largeSize) chainRows.push_back(i), chainColumns.push_back(j);
    auto loop = [&](const char* text, int size, bool linear, const int32_t* of,
                    const std::vector<int32_t>& rows, const std::vector<int32_t>& columns) {
      systems.push_back(mocc_system_info{text, size, linear, of, static_cast<int32_t>(rows.size()),
                                         rows.data(), columns.data(), 0, nullptr});
    };
    loop("linear system of 2 equations at m.mo:2:3", 2, true, unknowns.data(), denseRows,
         denseColumns);
    loop("nonlinear system of 2 equations at m.mo:3:3", 1, false, unknowns.data(), none, none);
    loop("nonlinear system of 1 equation at m.mo:5:3", 1, false, &zIndex, zero, zero);
    loop("linear system of 2 equations at m.mo:6:3", 2, true, unknowns.data(), none, none);
    loop("linear system of 300 equations at m.mo:7:3", largeSize, true, unknowns.data(), chainRows,
         chainColumns);
    loop("linear system of 1 equation at m.mo:8:3", 1, true, &zIndex, zero, zero);
    loop("nonlinear system of 2 equations at m.mo:9:3", 2, false, unknowns.data(), denseRows,
         denseColumns);
    loop("nonlinear system of 1 equation at m.mo:10:3", 1, false, &zIndex, zero, zero);
    model.abi_version = MOCC_ABI_VERSION;
    model.name = "Loops";
    model.n_values = largeSize + 1;
    model.n_variables = largeSize + 1;
    model.variables = variables.data();
    model.n_systems = static_cast<int32_t>(systems.size());
    model.systems = systems.data();
  }

  std::vector<std::string> names;
  std::vector<mocc_variable> variables;
  std::vector<int32_t> unknowns, denseRows, denseColumns, chainRows, chainColumns;
  std::vector<int32_t> zero{0}, none;
  int32_t zIndex = largeSize;
  std::vector<mocc_system_info> systems;
  mocc_model model{};
};

class AlgebraicSolverTest : public ::testing::Test {
protected:
  LoopModel loops;
  AlgebraicSolver solver{loops.model};
  mocc_instance instance{};
};

TEST_F(AlgebraicSolverTest, ALinearLoopTakesOneExactStep) {
  double x[2] = {0, 0};
  EXPECT_EQ(solver.solve(&instance, 0, linearResidual, linearJacobian, x), 0);
  EXPECT_NEAR(x[0], 1.0, 1e-15);
  EXPECT_NEAR(x[1], 2.0, 1e-15);
  EXPECT_EQ(solver.statistics().iterations, 1);
  EXPECT_EQ(solver.statistics().jacobianEvaluations, 1);
  EXPECT_EQ(solver.statistics().residualEvaluations, 2); // the start and the solution
  EXPECT_TRUE(solver.takeNotes().empty());
}

TEST_F(AlgebraicSolverTest, ALoopSingularOnlyByItsUnitsIsSolved) {
  double x[2] = {0, 0};
  EXPECT_EQ(solver.solve(&instance, 0, unitScaledResidual, unitScaledJacobian, x), 0);
  if (auto failure = solver.takeLatestFailure()) ADD_FAILURE() << failure->message;
  // Power-of-two scaling is exact: the scaled system is [1 1; 1 -1] up to rounding of 1e-9.
  EXPECT_NEAR(x[0], 1e9, 4 * std::numeric_limits<double>::epsilon() * 1e9);
  EXPECT_NEAR(x[1], 1e-9, 4 * std::numeric_limits<double>::epsilon() * 1e-9);
}

TEST_F(AlgebraicSolverTest, NewtonWithFiniteDifferencesConvergesAndSaysSoOnce) {
  double x[1] = {1.0};
  ASSERT_EQ(solver.solve(&instance, 1, circleResidual, nullptr, x), 0);
  EXPECT_NEAR(x[0] * x[0] + std::pow(x[0], 6), 1.0, 1e-13);
  EXPECT_EQ(inner, x[0] * x[0] * x[0]); // the last residual call was at the solution
  x[0] = 0.9;
  ASSERT_EQ(solver.solve(&instance, 1, circleResidual, nullptr, x), 0);
  std::vector<std::string> notes = solver.takeNotes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "finite differences approximate the Jacobian of nonlinear system of 2 "
                      "equations at m.mo:3:3 (no analytic Jacobian)");
}

TEST_F(AlgebraicSolverTest, ALoopWithoutSolutionNamesLoopUnknownsResidualAndTime) {
  double z[1] = {0.5};
  instance.time = 2.5;
  EXPECT_EQ(solver.solve(&instance, 2, noRootResidual, noRootJacobian, z), 1);
  EXPECT_EQ(z[0], 0.5); // the start is given back
  EXPECT_EQ(solver.failureCount(), 1);
  std::optional<AlgebraicFailure> failure = solver.takeFirstFailure();
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->time, 2.5);
  // Newton on z^2 + 1 wanders (the Jacobian 2z vanishes near 0 and no step decreases |r|
  // below 1 for long); whichever way it gives up, the message has this shape.
  EXPECT_EQ(failure->message.rfind("cannot solve nonlinear system of 1 equation at m.mo:5:3 for z "
                                   "at time 2.5: ",
                                   0),
            0u)
      << failure->message;
  EXPECT_NE(failure->message.find("; residual norm "), std::string::npos);
  EXPECT_NE(failure->message.find(" at z = "), std::string::npos);
  EXPECT_FALSE(solver.takeFirstFailure()); // taken
}

TEST_F(AlgebraicSolverTest, ASingularLoopSaysSo) {
  double x[2] = {0, 0};
  EXPECT_EQ(solver.solve(&instance, 3, singularResidual, nullptr, x), 1);
  std::optional<AlgebraicFailure> failure = solver.takeLatestFailure();
  ASSERT_TRUE(failure);
  EXPECT_NE(failure->message.find("for x, y at time 0: the Jacobian is singular; residual norm "),
            std::string::npos)
      << failure->message;
}

TEST_F(AlgebraicSolverTest, ASingularLoopThatItsStartSolvesToRoundingIsSolved) {
  double x[2] = {1, 1};
  EXPECT_EQ(solver.solve(&instance, 3, consistentSingularResidual, nullptr, x), 0);
  EXPECT_EQ(x[0], 1.0);
  EXPECT_EQ(x[1], 1.0);
}

TEST_F(AlgebraicSolverTest, ASingularConsistentLoopTakesTheSolutionNearestItsStart) {
  // The least-squares step of least norm sets H = 0 and leaves h where it was.
  double x[2] = {-2.9, 293.15};
  EXPECT_EQ(solver.solve(&instance, 3, zeroFlowResidual, nullptr, x), 0);
  if (auto failure = solver.takeLatestFailure()) ADD_FAILURE() << failure->message;
  EXPECT_NEAR(x[0], 0.0, 4 * std::numeric_limits<double>::epsilon() * 2.9); // rounding of 2.9
  EXPECT_EQ(x[1], 293.15);
}

TEST_F(AlgebraicSolverTest, ALargeLoopIsFactorisedSparsely) {
  std::vector<double> x(largeSize, 0.0), r(largeSize);
  ASSERT_EQ(solver.solve(&instance, 4, chainResidual, chainJacobian, x.data()), 0);
  chainResidual(&instance, x.data(), r.data());
  for (double residual : r)
    EXPECT_LT(std::abs(residual), 1e-13);
  EXPECT_EQ(solver.statistics().iterations, 1);
  // The same loop by differences: 300 extra residual evaluations, the same solution.
  std::vector<double> y(largeSize, 0.0);
  ASSERT_EQ(solver.solve(&instance, 4, chainResidual, nullptr, y.data()), 0);
  for (int i = 0; i < largeSize; ++i)
    EXPECT_NEAR(y[static_cast<std::size_t>(i)], x[static_cast<std::size_t>(i)], 1e-9);
}

TEST_F(AlgebraicSolverTest, ALinearLoopWhoseTermsCancelEndsAtItsRoundingLevel) {
  // Refinement steps cannot decrease a residual that is rounding of its terms: solved. The
  // ends come from a fixed linear congruential sequence; a third of them failed before.
  std::uint64_t seed = 12345;
  auto uniform = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(seed >> 11) / static_cast<double>(1ULL << 53) * 2 - 1;
  };
  for (int k = 0; k < 50; ++k) {
    starEnds[0] = 1e7 * uniform(), starEnds[1] = 1e7 * uniform();
    starEnds[2] = -(starEnds[0] + starEnds[1]) + 1e-6 * uniform();
    double root = -(starEnds[0] + starEnds[1] + starEnds[2]) / 3;
    double rounding = 0;
    for (double end : starEnds)
      rounding += 4 * std::abs(std::nextafter(end / starInductance, 0.0) - end / starInductance);
    double z[1] = {0.0};
    ASSERT_EQ(solver.solve(&instance, 5, starResidual, starJacobian, z), 0)
        << solver.takeFirstFailure().value_or(AlgebraicFailure{}).message;
    EXPECT_NEAR(z[0], root, rounding * starInductance / 3);
  }
}

TEST_F(AlgebraicSolverTest, ANearlySingularLoopWhoseResidualIsRoundingIsSolved) {
  // Where no damped step decreases a residual that is rounding of the loop's terms, the loop is
  // solved there, not failed. From the first three offsets (found by a scan of 2,000) no damped
  // step decreased the residual before.
  for (double offset : {0.754392, 0.755123, 0.763164, 0.5, 1e-3}) {
    double x[2] = {1 + offset, 1 - offset}, r[2];
    nearlySingularResidual(&instance, x, r);
    ASSERT_EQ(solver.solve(&instance, 6, nearlySingularResidual, nearlySingularJacobian, x), 0)
        << solver.takeFirstFailure().value_or(AlgebraicFailure{}).message;
    nearlySingularResidual(&instance, x, r);
    EXPECT_LE(std::abs(r[0]) + std::abs(r[1]), 8 * std::numeric_limits<double>::epsilon());
  }
}

TEST_F(AlgebraicSolverTest, AWarmStartFromARejectedLaterTimeFallsBackToTheLatestEarlierSolution) {
  double z[1] = {-2};
  instance.time = 1; // an accepted step: the left root
  ASSERT_EQ(solver.solve(&instance, 7, cubicResidual, cubicJacobian, z), 0);
  double left = z[0];
  EXPECT_NEAR(cubicResidualValue(left, 1), 0, 1e-12);
  z[0] = 2;
  instance.time = 2; // a trial step the integrator will reject: the right root
  ASSERT_EQ(solver.solve(&instance, 7, cubicResidual, cubicJacobian, z), 0);
  ASSERT_GT(z[0], 2);
  instance.time = 1.5; // the retry at a smaller step starts from the right root and stalls
  EXPECT_EQ(solver.solve(&instance, 7, cubicResidual, cubicJacobian, z), 0);
  EXPECT_EQ(z[0], left);
  EXPECT_EQ(solver.failureCount(), 0);
}

TEST_F(AlgebraicSolverTest, WithoutAnEarlierSolutionTheRetriesLeadPastTheLocalMinimum) {
  // The damped iteration stalls at z = 1; the retries (full steps, the homotopy path) reach the
  // one real root, -2.10380340 (Cardano: -(u + 1/u) with u^3 = (3 + sqrt(5)) / 2).
  double z[1] = {2};
  instance.time = 1.5;
  ASSERT_EQ(solver.solve(&instance, 7, cubicResidual, cubicJacobian, z), 0);
  double u = std::cbrt((3 + std::sqrt(5.0)) / 2);
  EXPECT_NEAR(z[0], -(u + 1 / u), 1e-12);
}

TEST_F(AlgebraicSolverTest, ASaturatedLimiterLoopIsSolvedByFullNewtonSteps) {
  // From 0 the damped iteration stalls at the -15 V piece (a local minimum of the residual
  // norm, about 4); full steps go through the linear piece to the +15 V branch, the one
  // solution for u = 5.
  triggerInput = 5;
  double x[2] = {0, 0};
  ASSERT_EQ(solver.solve(&instance, 6, triggerResidual, triggerJacobian, x), 0)
      << solver.takeFirstFailure().value_or(AlgebraicFailure{}).message;
  auto [v, i] = triggerBranch(15);
  EXPECT_NEAR(x[0], v, 1e-12);
  EXPECT_NEAR(x[1], i, 1e-15);
}

TEST_F(AlgebraicSolverTest, PastTheFoldOfASchmittTriggerTheHomotopyPathReachesTheOtherBranch) {
  // Just past the switching point u = -1 the +15 V branch has ended; from its last point both
  // Newton iterations cycle between it and the linear piece, the homotopy path turns at the
  // pieces' borders and reaches the -15 V branch.
  triggerInput = -1;
  auto [v15, i15] = triggerBranch(15);
  triggerInput = -1 - 1e-9;
  double x[2] = {v15, i15};
  ASSERT_EQ(solver.solve(&instance, 6, triggerResidual, triggerJacobian, x), 0)
      << solver.takeFirstFailure().value_or(AlgebraicFailure{}).message;
  auto [v, i] = triggerBranch(-15);
  EXPECT_NEAR(x[0], v, 1e-12);
  EXPECT_NEAR(x[1], i, 1e-15);
}

TEST_F(AlgebraicSolverTest, AfterARejectedTrialALoopWithSeveralRootsStaysOnItsBranch) {
  // z^3 - 3z - 1 = 0 has three roots (2 cos(20 deg + k 120 deg)). A trial step the integrator
  // rejects (t = 2) found the largest; the retry at t = 1.5 starts from the solution at t = 1,
  // the smallest, not from the warm start, which would converge to the largest at once.
  auto threeRoots = [](mocc_instance*, const double* x, double* r) {
    r[0] = x[0] * x[0] * x[0] - 3 * x[0] - 1;
  };
  auto threeRootsJacobian = [](mocc_instance*, const double* x, double* values) {
    values[0] = 3 * x[0] * x[0] - 3;
  };
  double smallest = 2 * std::cos(140 * M_PI / 180), largest = 2 * std::cos(20 * M_PI / 180);
  double z[1] = {-2};
  instance.time = 1;
  ASSERT_EQ(solver.solve(&instance, 7, threeRoots, threeRootsJacobian, z), 0);
  EXPECT_NEAR(z[0], smallest, 1e-14);
  z[0] = 2;
  instance.time = 2;
  ASSERT_EQ(solver.solve(&instance, 7, threeRoots, threeRootsJacobian, z), 0);
  EXPECT_NEAR(z[0], largest, 1e-14);
  instance.time = 1.5;
  ASSERT_EQ(solver.solve(&instance, 7, threeRoots, threeRootsJacobian, z), 0);
  EXPECT_NEAR(z[0], smallest, 1e-14);
}

TEST_F(AlgebraicSolverTest, AColumnBelowTheRoundingOfForwardDifferencesIsResolvedByALargerStep) {
  // A node tied to the rest only by a conductance of 1e-12 among currents of 1e-4 (a Spice3
  // NAND's node between two transistors that are off, held by gmin): x1's column changes r1 by
  // 1e-12 * 1.5e-8 for the usual step, below the rounding of r1's other terms (about 5e-20),
  // so forward differences see a zero column. Solution x0 = 5, x1 = 0; x1 within r1's rounding
  // at x0 = 5 (half an ulp of 5e-4, 5.4e-20) over its coefficient 1e-12.
  auto weaklyTied = [](mocc_instance*, const double* x, double* r) {
    r[0] = 1e-4 * x[0] - 5e-4;
    r[1] = 1e-12 * x[1] + (1e-4 * x[0] - 5e-4);
  };
  double x[2] = {1, 1};
  ASSERT_EQ(solver.solve(&instance, 6, weaklyTied, nullptr, x), 0)
      << solver.takeFirstFailure().value_or(AlgebraicFailure{}).message;
  EXPECT_NEAR(x[0], 5, 1e-12);
  EXPECT_NEAR(x[1], 0, 5.5e-20 / 1e-12);
}

TEST_F(AlgebraicSolverTest, AnUnknownLoopNumberIsAFailure) {
  double x[1] = {0};
  EXPECT_EQ(solver.solve(&instance, 8, noRootResidual, nullptr, x), 1);
  EXPECT_EQ(solver.takeFirstFailure()->message,
            "algebraic loop #8 is not in the model's table of 8 loops");
}

TEST(SolveSystemEntryPoint, UsesTheServicesAttachedToTheInstance) {
  LoopModel loops;
  InstanceServices services(loops.model);
  mocc_instance instance{};
  double x[2] = {0, 0};
  EXPECT_EQ(mocc_solve_system(&instance, 0, linearResidual, linearJacobian, x), 1); // none
  services.attach(instance);
  EXPECT_EQ(mocc_solve_system(&instance, 0, linearResidual, linearJacobian, x), 0);
  EXPECT_NEAR(x[1], 2.0, 1e-15);
  EXPECT_EQ(services.solver().statistics().solves, 1);
  std::vector<int32_t> reported;
  services.onReport(
      [&](int32_t kind, int32_t, double, const double*) { reported.push_back(kind); });
  instance.report(&instance, MOCC_REPORT_TERMINATE, 0, 0.0, nullptr);
  EXPECT_EQ(reported, std::vector<int32_t>{MOCC_REPORT_TERMINATE});
}

} // namespace
} // namespace mocc::runtime
