// DAE models of issue 4 against references computed independently (tests/models/dae/*.py):
// the Cartesian pendulum (index 3, dynamic state selection), an RC ladder with a linear
// algebraic loop, a series RLC circuit with an ideal switching diode and with a Shockley diode.
#include "model_test_support.h"

#include <algorithm>
#include <cmath>

using namespace mocc::test;

namespace {

std::string daeModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/dae/" + name;
}

double valueAt(const CsvTable& table, const std::string& variable, double time) {
  std::size_t t = table.column("time"), v = table.column(variable);
  for (const auto& row : table.rows) {
    if (std::abs(row[t] - time) <= 1e-12 * std::max(1.0, std::abs(time))) return row[v];
  }
  throw std::out_of_range("no output row at time " + std::to_string(time));
}

// Compares `variables` at every time of a reference table.
void expectMatches(const CsvTable& result, const std::string& referenceFile,
                   const std::vector<std::pair<std::string, double>>& variables) {
  CsvTable reference = readCsv(daeModel(referenceFile));
  std::size_t t = reference.column("time");
  for (const auto& row : reference.rows) {
    for (const auto& [name, tolerance] : variables) {
      EXPECT_NEAR(valueAt(result, name, row[t]), row[reference.column(name)], tolerance)
          << name << " at t = " << row[t];
    }
  }
}

/// Every case runs with both integrators: CVODE on the sorted ODE form (algebraic loops
/// solved by Newton inside each evaluation) and IDA on the residual form (the loops' iteration
/// variables integrated as algebraic unknowns, IDACalcIC after every event).
class DaeModels : public ::testing::TestWithParam<std::string> {
protected:
  CsvTable run(const std::string& model) {
    return simulate(daeModel(model), "--solver " + GetParam());
  }
};

} // namespace

TEST_P(DaeModels, CartesianPendulumFollowsTheAngleFormulation) {
  // The reference integrates theta'' = -(g/L) sin(theta) to 1e-11. The issue asks for 1e-6 in
  // positions and velocities at the model's tolerance 1e-10. The states switch between y, vy
  // and x, vx (dynamic state selection) near each 45-degree-ish crossing of the switch ratio,
  // so the determined candidates amplify the states' errors by at most about 2: measured
  // 1.1e-7 (CVODE) and 2.6e-8 (IDA) at worst, a tenfold margin.
  CsvTable result = run("Pendulum.mo");
  expectMatches(result, "pendulum_reference.csv",
                {{"x", 1e-6}, {"y", 1e-6}, {"vx", 1e-6}, {"vy", 1e-6}});
  // The constraint is solved by Newton at every evaluation (the positions are not both
  // integrated): it holds to the solver's tolerance, 1e-8 of L^2 as the issue asks.
  std::size_t x = result.column("x"), y = result.column("y");
  for (const auto& row : result.rows) {
    EXPECT_NEAR(row[x] * row[x] + row[y] * row[y], 1.0, 1e-8) << "t = " << row[0];
  }
}

TEST_P(DaeModels, RcLadderWithAnAlgebraicLoop) {
  // A linear ODE with exact reference (matrix exponential): BDF at tolerance 1e-10 over a few
  // time constants keeps the global error under 100 times the local one, 1e-8.
  CsvTable result = run("RCLadderLoop.mo");
  expectMatches(result, "rc_ladder_reference.csv",
                {{"c1.v", 1e-8}, {"c2.v", 1e-8}, {"r1.i", 1e-8}});
}

TEST_P(DaeModels, RlcWithAnIdealDiodeSwitchesLikeTheReference) {
  // Piecewise linear with six diode switchings, each located to the root tolerance; currents of
  // a few A and voltages of 10 V: 1e-6 of those scales at tolerance 1e-10.
  CsvTable result = run("RLCDiodeIdeal.mo");
  expectMatches(result, "rlc_diode_ideal_reference.csv",
                {{"inductor.i", 5e-6}, {"capacitor.v", 1e-5}});
}

TEST_P(DaeModels, RlcWithAShockleyDiodeSolvesItsNonlinearLoop) {
  // The diode voltage is the root of a nonlinear equation at every step (Newton in mocc,
  // Brent's method in the reference); same scales and tolerance as the ideal diode.
  CsvTable result = run("RLCDiodeShockley.mo");
  expectMatches(result, "rlc_diode_shockley_reference.csv",
                {{"inductor.i", 5e-6}, {"capacitor.v", 1e-5}});
}

INSTANTIATE_TEST_SUITE_P(Solvers, DaeModels, ::testing::Values("cvode", "ida"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

TEST(DaeModelFailures, ALoopThatLosesItsRootStopsWithExitCode3NamingItAndKeepsTheRows) {
  // exp(z) + z^2 = 2 - time has no root after 2 - 0.827184 = 1.172816 (the minimum of the
  // left side, at z = -0.351734); z is der(x), so Newton iterates on a derivative.
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + daeModel("LoopLosesItsSolution.mo") +
                               " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("cannot solve nonlinear system of 1 equation at "), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("LoopLosesItsSolution.mo:6:3 for der(x) at time 1.17281"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("residual norm"), std::string::npos) << r.output;
  CsvTable rows = readCsv(csv.string());
  ASSERT_FALSE(rows.rows.empty());
  EXPECT_NEAR(rows.rows.back()[0], 1.17, 1e-12); // every output point before the failure
  // The initial root of exp(z) + z^2 = 2 (scipy brentq: 0.5372744491738566).
  EXPECT_NEAR(valueAt(rows, "z", 0.0), 0.5372744491738566, 1e-12);
}

TEST(DaeModelFailures, IdaNamesTheLoopUnknownsItSolvesWhenItsCorrectorFails) {
  // With IDA the loop is opened: der(x) is an algebraic unknown of the residual form, and the
  // failure at the vanishing root is IDA's own; the message names that unknown.
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + daeModel("LoopLosesItsSolution.mo") +
                               " --solver ida -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_NE(r.output.find("at time 1.17281"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("algebraic unknowns der(x)"), std::string::npos) << r.output;
  EXPECT_NEAR(readCsv(csv.string()).rows.back()[0], 1.17, 1e-12);
}

TEST(DaeModelNotes, IdaTakesTheResidualFormsAnalyticJacobian) {
  // The ideal diode's loop is opened for IDA: its Newton matrix comes from the residual form's
  // Jacobian (dae_jacobian), so neither integrator differences anything.
  auto csv = scratchDirectory() / "result.csv";
  for (const char* solver : {"ida", "cvode"}) {
    CommandResult r = runCommand(moccBinary() + " run " + daeModel("RLCDiodeIdeal.mo") +
                                 " --solver " + solver + " -o " + csv.string());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find("finite differences"), std::string::npos) << r.output;
  }
}

TEST(DaeModels, AZeroParameterFactorDropsOutInsteadOfBeingDividedBy) {
  // ZeroCoefficient.mo: R = resistance(0) = 0, so i * R = v - vi fixes vi = v and
  // i = vi = sin(time); solving that equation for i would divide by zero.
  CsvTable table = simulate(daeModel("ZeroCoefficient.mo"), "");
  std::size_t t = table.column("time"), i = table.column("i");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows)
    EXPECT_DOUBLE_EQ(row[i], std::sin(row[t])) << "t = " << row[t];
}

/// A node c*der(v) + v/R = sin(time) with R = 2 whose capacitance c folds to 0: v is no state
/// and v = 2 sin(time) up to the rounding of one division; `zeros` are the variables that fold.
static void expectCapacitanceFoldedAway(const std::string& model,
                                        const std::vector<std::string>& zeros) {
  CsvTable table = simulate(daeModel(model), "");
  EXPECT_EQ(std::count(table.header.begin(), table.header.end(), "der(v)"), 0);
  std::size_t t = table.column("time"), v = table.column("v");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[v], 2 * std::sin(row[t]), 4e-16) << "t = " << row[t];
    for (const std::string& zero : zeros)
      EXPECT_EQ(row[table.column(zero)], 0.0) << zero << " at t = " << row[t];
  }
}

TEST(DaeModels, AVariableThatFoldsToZeroTakesItsDerivativeFactorOutOfTheSystem) {
  // ZeroCapacitance.mo: c = CapVal * junction(v) and c2 = smooth(1, c + CapVal) fold to 0
  // with CapVal = 0 evaluated.
  expectCapacitanceFoldedAway("ZeroCapacitance.mo", {"c", "c2"});
}

TEST(DaeModels, AFunctionOutputZeroAtEveryArgumentTakesItsDerivativeFactorOutOfTheSystem) {
  // ZeroCapacitanceInFunction.mo: the capacitance a function computes is CJC*(1 - XCJC) times
  // a factor of v in either branch, 0 for XCJC = 1.
  expectCapacitanceFoldedAway("ZeroCapacitanceInFunction.mo", {"caps.c", "caps.charge"});
}

TEST(DaeModels, PartialEvaluationFollowsLoopsAndNestedCallsAndKeepsWhatVaries) {
  // PartialEvaluationCases.mo: the capacitances of v1 (a for-loop over a constant range) and v3
  // (a call inside the function) are 0 whatever the voltage is; v2's depends on its sign.
  CommandResult r = runCommand(moccBinary() + " dae " + daeModel("PartialEvaluationCases.mo"));
  EXPECT_TRUE(r.output.find("states (1): v2\n") != std::string::npos) << r.output;
  CsvTable table = simulate(daeModel("PartialEvaluationCases.mo"), "");
  std::size_t t = table.column("time");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows)
    for (const char* v : {"v1", "v3"})
      EXPECT_NEAR(row[table.column(v)], 2 * std::sin(row[t]), 4e-16) << v << " at t = " << row[t];
}

TEST(DaeModels, AStateSelectGivenByAParameterChoosesTheStates) {
  // StateSelectByParameter.mo: srel prefers to be a state through a parameter, so der(x2) is
  // the dummy derivative. The motion is the damped oscillator srel'' = -2 (100 srel + 10 srel')
  // with srel(0) = 0, srel'(0) = -1: srel = -0.1 exp(-10 t) sin(10 t).
  CommandResult r = runCommand(moccBinary() + " dae " + daeModel("StateSelectByParameter.mo"));
  EXPECT_TRUE(r.output.find("states (4): x1, v1, v2, srel\n") != std::string::npos) << r.output;
  CsvTable table = simulate(daeModel("StateSelectByParameter.mo"), "--tolerance 1e-10");
  std::size_t t = table.column("time"), srel = table.column("srel");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    double exact = -0.1 * std::exp(-10 * row[t]) * std::sin(10 * row[t]);
    EXPECT_NEAR(row[srel], exact, 1e-8) << "t = " << row[t];
  }
}

TEST(DaeModels, APreferredVariableDefinedAsADerivativeBecomesAState) {
  // PreferredRelativeVelocity.mo: vrel = der(srel) prefers to be a state, so the velocity
  // constraint is differentiated once more and v2 is the dummy. The masses move together
  // (srel = vrel = 0, x1 = x2 = t) until reinit(v1, 0) at t = 0.5, which keeps the state vrel
  // and so stops both: x1 = x2 = min(t, 0.5). With v2 a state instead, v2 would keep 1 and the
  // spring-damper would swing (vrel jumping to -1). Linear motion is exact in BDF: rounding.
  CommandResult r =
      runCommand(moccBinary() + " dae " + daeModel("PreferredRelativeVelocity.mo") + " 2>&1");
  EXPECT_NE(r.output.find("states (4): x1, v1, srel, vrel\n"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("warning"), std::string::npos) << r.output;
  CsvTable table = simulate(daeModel("PreferredRelativeVelocity.mo"), "");
  std::size_t t = table.column("time");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    double position = std::min(row[t], 0.5);
    EXPECT_NEAR(row[table.column("x1")], position, 1e-12) << "t = " << row[t];
    EXPECT_NEAR(row[table.column("x2")], position, 1e-12) << "t = " << row[t];
    EXPECT_NEAR(row[table.column("vrel")], 0.0, 1e-12) << "t = " << row[t];
  }
  EXPECT_NEAR(table.rows.back()[table.column("v2")], 0.0, 1e-12);
}

TEST(DaeModels, APreferredDerivativeStaysAlgebraicWhenItsConstraintCannotBeDifferentiated) {
  // PreferredDerivativeFallback.mo: making vrel = der(f(x)) a state needs the derivative of
  // f's derivative, which has none; the model runs as before, vrel algebraic. x = cos(t),
  // vrel = -2 sin(t); at tolerance 1e-10 the global error stays far below 1e-7.
  CommandResult r =
      runCommand(moccBinary() + " dae " + daeModel("PreferredDerivativeFallback.mo") + " 2>&1");
  EXPECT_NE(r.output.find("states (2): x, v\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("algebraic variables (1): vrel\n"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("error"), std::string::npos) << r.output;
  CsvTable table = simulate(daeModel("PreferredDerivativeFallback.mo"), "--tolerance 1e-10");
  std::size_t t = table.column("time");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[table.column("x")], std::cos(row[t]), 1e-7) << "t = " << row[t];
    EXPECT_NEAR(row[table.column("vrel")], -2 * std::sin(row[t]), 1e-7) << "t = " << row[t];
  }
}

class KinkedLoopModels : public ::testing::TestWithParam<std::string> {};

TEST_P(KinkedLoopModels, ALoopThatSaturatesWithoutEventsFollowsTheClosedForm) {
  // SaturatedAmplifierLoop.mo (the MSL's OpAmps.LCOscillator written out). Bound: each of at
  // most 3000 steps commits a local error of about TOL |v| = 1e-9 * 10 V, and on an oscillator
  // that is hardly damped they add up: 3e-5 V; 1e-4 V leaves room for the rounding of
  // exp(a t) and the phase.
  CsvTable table = simulate(daeModel("SaturatedAmplifierLoop.mo"),
                            "--solver " + GetParam() + " --tolerance 1e-9");
  const double pi = 3.141592653589793, V0 = 15000, A = 1.001, L = 1e-3, R = 1e4;
  const double C = 1 / ((2 * pi * 1000) * (2 * pi * 1000) * L);
  const double g = V0 / (1 + V0 / A), a = (g - 1) / (2 * R * C);
  const double b = std::sqrt(1 / (L * C) - a * a);
  std::size_t t = table.column("time"), v = table.column("v"), vout = table.column("vout");
  ASSERT_GT(table.rows.size(), 100u);
  EXPECT_NEAR(table.rows.back()[t], 0.01, 1e-12);
  for (const auto& row : table.rows) {
    double exact =
        std::exp(a * row[t]) * (10 * std::cos(b * row[t]) + 10 * a / b * std::sin(b * row[t]));
    EXPECT_NEAR(row[v], exact, 1e-4) << "t = " << row[t];
    EXPECT_LT(std::abs(row[vout]), 15.0) << "t = " << row[t];
  }
}

INSTANTIATE_TEST_SUITE_P(Solvers, KinkedLoopModels, ::testing::Values("cvode", "ida"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

TEST(DaeModels, ATankRunsEmptyAndFillsAgainThroughAZeroSquareRootSlope) {
  // DrainingTank.mo: h = (1 - t/2)^2 until t = 2, then 0 (within the tolerance) until the
  // inflow q = 1/4 starts at t = 3; then s = sqrt(h) solves t - 3 = -2 s - 2 q ln(1 - s/q)
  // (separation of variables: dt = 2 s ds / (q - s)), found here by bisection. Bound: 100 times
  // the tolerance 1e-8 for a stable decay and a stable approach to q^2.
  CsvTable table = simulate(daeModel("DrainingTank.mo"), "--tolerance 1e-8");
  std::size_t t = table.column("time"), h = table.column("h");
  const double q = 0.25;
  auto refilled = [&](double time) {
    double low = 0, high = q * (1 - 1e-15);
    for (int k = 0; k < 200; ++k) {
      double s = (low + high) / 2;
      (-2 * s - 2 * q * std::log(1 - s / q) > time - 3 ? high : low) = s;
    }
    return low * low;
  };
  ASSERT_GT(table.rows.size(), 100u);
  EXPECT_NEAR(table.rows.back()[t], 4.0, 1e-12);
  for (const auto& row : table.rows) {
    double exact = row[t] <= 2   ? (1 - row[t] / 2) * (1 - row[t] / 2)
                   : row[t] <= 3 ? 0.0
                                 : refilled(row[t]);
    EXPECT_NEAR(row[h], exact, 1e-6) << "t = " << row[t];
  }
}

TEST(DaeModels, AnInverseModelFollowsItsDriverThroughStateFunctionsWithNoDerivativeInputs) {
  // InverseModelAdaptors.mo: the inverse bodies follow the driven ones exactly (s2 = s1,
  // T2 = T1), so both move as one: (m1 + m2) a = F gives a = 3.3 / 3.3 = 1, v = t and
  // f = -m2 a = -2.2; (C1 + C2) der(T) = F gives der(T) = 1, T = 300 + t and Q = C2 = 2.2.
  // v and T grow linearly, which every BDF order integrates exactly: what remains is the
  // rounding of a few hundred steps (< 1e-10 at T = 300); f, Q and the rates come from a
  // linear system, exact to rounding (1e-12).
  CsvTable table = simulate(daeModel("InverseModelAdaptors.mo"), "");
  std::size_t t = table.column("time");
  auto at = [&](const std::vector<double>& row, const char* name) {
    return row[table.column(name)];
  };
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    EXPECT_EQ(at(row, "s2"), at(row, "s1")) << "t = " << row[t];
    EXPECT_EQ(at(row, "T2"), at(row, "T1")) << "t = " << row[t];
    EXPECT_NEAR(at(row, "v1"), row[t], 1e-12) << "t = " << row[t];
    EXPECT_NEAR(at(row, "v2"), row[t], 1e-12) << "t = " << row[t];
    EXPECT_NEAR(at(row, "der(v2)"), 1.0, 1e-12) << "t = " << row[t];
    EXPECT_NEAR(at(row, "f"), -2.2, 1e-12) << "t = " << row[t];
    EXPECT_NEAR(at(row, "T1"), 300 + row[t], 1e-10) << "t = " << row[t];
    EXPECT_NEAR(at(row, "Q"), 2.2, 1e-12) << "t = " << row[t];
    EXPECT_EQ(at(row, "y2"), 0.0) << "t = " << row[t];
  }
}

TEST(DaeModels, AFunctionInlinedAfterIndexReductionIsDifferentiatedThroughItsBody) {
  // InlineAfterIndexReduction.mo: v = der(x) = p1 = cos(time) through state1's derivative
  // annotation, a = der(v) = der(p1) = -sin(time) through state1der1's body. Both are
  // algebraic (x and v are tied to the input), so they hold to rounding.
  CsvTable table = simulate(daeModel("InlineAfterIndexReduction.mo"), "");
  std::size_t t = table.column("time"), v = table.column("v"), a = table.column("a");
  ASSERT_GT(table.rows.size(), 5u);
  for (const auto& row : table.rows) {
    EXPECT_NEAR(row[v], std::cos(row[t]), 1e-15) << "t = " << row[t];
    EXPECT_NEAR(row[a], -std::sin(row[t]), 1e-15) << "t = " << row[t];
  }
}
