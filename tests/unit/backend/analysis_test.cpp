// The structural passes on Modelica text: alias and trivial-equation elimination, index
// reduction with dummy derivatives and state sets, tearing, initialization diagnostics and the
// `mocc dae` listing (structure::printAnalysis).
#include "analysis_support.h"
#include "mocc/expr/evaluate.h"

#include <cmath>
#include <map>

using namespace mocc::test;

namespace {

const char* kPendulum = R"(model Pendulum
  parameter Real L = 1, m = 1, g = 9.81;
  Real x(start = 1), y(start = 0);
  Real vx, vy;
  Real lambda;
initial equation
  y = 0;
  vy = 0;
equation
  der(x) = vx;
  der(y) = vy;
  m*der(vx) = -lambda*x;
  m*der(vy) = -lambda*y - m*g;
  x^2 + y^2 = L^2;
end Pendulum;
)";

// Two positions tied by a gear: the constraint is differentiated twice and a static choice
// of states exists (its Jacobian entries are constants).
std::string gear(const std::string& x2Attributes) {
  return R"(model Gear
  Real x1, x2)" +
         x2Attributes + R"(, v1, v2, f;
equation
  der(x1) = v1;
  der(x2) = v2;
  der(v1) = f;
  der(v2) = -f - x2;
  x1 = 2*x2;
end Gear;
)";
}

} // namespace

TEST(AliasElim, AliasesAndNegatedAliasesDisappearKeepingAttributes) {
  auto a = analyse(R"(model A
  Real x(start = 1, fixed = true);
  Real a(nominal = 10), b(start = 2), c;
equation
  der(x) = -a;
  a = x;
  b = -a;
  c + b = 0;
end A;
)",
                   {"alias-elim"});
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  // a = -der(x), b = -a, c = -b: one class around der(x), which must stay (a derivative).
  EXPECT_TRUE(contains(a->printed, "  algebraic a (alias of -der(x))\n"
                                   "  algebraic b (start 2) (alias of der(x))\n"
                                   "  algebraic c (alias of -der(x))\n"
                                   "  derivative der(x) (start 2)\n"));
  EXPECT_TRUE(contains(a->printed, "equations:\n  -der(x) = x  // test.mo:6:3\n"));
  EXPECT_TRUE(contains(a->listing(), "aliases (3): a = -der(x), b = der(x), c = -der(x)\n"));
}

TEST(AliasElim, ConflictingFixedStartValuesAreWarned) {
  // z = y with both fixed: the alias keeps the state's start value and says so.
  auto a = analyse(R"(model C
  Real y(start = 2, fixed = true), z(start = 3, fixed = true);
equation
  der(y) = -y;
  z = y;
end C;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->c.rendered(),
                       "warning[E0409]: 'z' is an alias of 'y' but both have fixed = true with "
                       "different start values (3 and 2); using the start value of 'y'"));
}

TEST(TrivialElim, AnEquationBetweenDifferentConstantsIsAnError) {
  auto a = analyse(R"(model T
  Real x;
equation
  x = time;
  1 = 2;
end T;
)");
  EXPECT_FALSE(a->analysis);
  EXPECT_TRUE(
      contains(a->c.rendered(),
               "test.mo:5:3: error[E0505]: this equation reduces to 1 = 2, which never holds"));
}

TEST(IndexReduction, CapacitorOnAVoltageSourceHasNoState) {
  auto a = analyse(R"(model CapacitorOnSource
  parameter Real C = 1e-3;
  Real u, i;
equation
  u = sin(time);
  C*der(u) = i;
end CapacitorOnSource;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (0): \n"
                                "dummy derivatives (1): der(u)\n"
                                "dummy states (1): u\n"));
  EXPECT_TRUE(contains(listing, "  der(u) = cos(time)  (d/dt of u = sin(time))  // test.mo:5:3\n"));
  EXPECT_TRUE(contains(listing, "blocks (3, 0 algebraic loops):\n"
                                "  u := sin(time)  // test.mo:5:3\n"
                                "  der(u) := cos(time)  // test.mo:5:3\n"
                                "  i := C*der(u)  // test.mo:6:3\n"));
}

TEST(IndexReduction, StaticChoiceTakesTheFirstDeclaredAsState) {
  auto a = analyse(gear(""));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (2): x1, v1\n"));
  EXPECT_TRUE(contains(listing, "dummy states (2): x2, v2\n"));
  EXPECT_TRUE(contains(listing, "state sets (0):\n"));
  EXPECT_TRUE(contains(listing, "  der(der(x1)) = 2*der(der(x2))  (d2/dt2 of x1 = 2*x2)"));
}

TEST(IndexReduction, StateSelectPreferIsHonoured) {
  auto a = analyse(gear("(stateSelect = StateSelect.prefer)"));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (2): x2, v1\n"));
  EXPECT_TRUE(contains(listing, "dummy states (2): x1, v2\n"));
}

TEST(IndexReduction, StateSelectNeverIsAvoided) {
  auto a = analyse(R"(model G
  Real x1(stateSelect = StateSelect.never), x2, v1, v2, f;
equation
  der(x1) = v1;
  der(x2) = v2;
  der(v1) = f;
  der(v2) = -f - x2;
  x1 = 2*x2;
end G;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->listing(), "dummy states (2): x1, v2\n"));
}

TEST(IndexReduction, CartesianPendulumGetsTwoDynamicStateSets) {
  auto a = analyse(kPendulum, {"pantelides"});
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (2): $stateSet1.s1, $stateSet2.s1\n"
                                "dummy derivatives (6): der(x), der(y), der(vx), der(vy), "
                                "der(der(x)), der(der(y))\n"
                                "dummy states (4): x, y, vx, vy\n"
                                "algebraic variables (1): lambda\n"));
  EXPECT_TRUE(contains(listing, "differentiated equations (4):\n"
                                "  2*x*der(x) + 2*y*der(y) = 0.0  (d/dt of x^2 + y^2 = L^2)"));
  // At the start (x = 1, y = 0) the constraint's Jacobian [2*y, 2*x] = [0, 2] leaves y free:
  // y and vy are the initial states; x and vx follow from the constraints.
  EXPECT_TRUE(contains(listing, "  set 1: 1 state among vy, vx (initially vy); states "
                                "$stateSet1.s1\n"
                                "    constraint 2*der(x)*der(x) + 2*x*der(der(x)) + (2*der(y)*"
                                "der(y) + 2*y*der(der(y))) = 0.0; jacobian [2*y, 2*x]"));
  EXPECT_TRUE(contains(listing,
                       "  set 2: 1 state among y, x (initially y); states "
                       "$stateSet2.s1\n"
                       "    constraint 2*x*der(x) + 2*y*der(y) = 0.0; jacobian [2*y, 2*x]"));
  EXPECT_TRUE(contains(listing, "  nonlinear system of 2 equations, torn to 2: x, y"));
  EXPECT_TRUE(contains(listing, "  linear system of 5 equations, torn to 1: lambda"));
  // The selection matrices are discrete variables the runtime switches.
  EXPECT_TRUE(contains(a->printed, "  discrete $stateSet1.A[1,1] (start 1.0) (state selection)\n"));
  EXPECT_FALSE(contains(a->c.rendered(), "warning"));
}

// f(u) = u^3 + u, whose derivative annotation names df (MLS 12.7.1), and df itself.
const std::string kCubic = R"(function f
  input Real u;
  output Real y;
algorithm
  y := u^3 + u;
  annotation(derivative = df);
end f;
)";
const std::string kCubicWithDerivative = kCubic + R"(function df
  input Real u;
  input Real du;
  output Real dy;
algorithm
  dy := (3*u^2 + 1)*du;
end df;
)";

TEST(IndexReduction, DerivativeAnnotationDifferentiatesAFunction) {
  auto a = analyse(kCubicWithDerivative + R"(model WithDer
  Real x, y, z;
equation
  der(x) = y;
  f(x) = sin(time);
  z = df(x, 0);
end WithDer;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "  df(x, der(x))[1] = cos(time)  (d/dt of f(x)[1] = sin(time))"));
  // Newton on the differentiated equation uses d df(x, der(x)) / d der(x) = df(x, 1).
  EXPECT_TRUE(contains(listing, "      0 = df(x, der(x))[1] - cos(time)\n"
                                "      jacobian: 1 nonzero\n"));
}

// A body of assignments in sequence is differentiated through (dae::inlinedFunctions); one
// with a loop is not. Both put f into an index-2 model:
constexpr const char* kEquationOfF = R"(model NoDer
  Real x, y;
equation
  der(x) = y;
  f(x) = sin(time);
end NoDer;
)";

TEST(IndexReductionErrors, FunctionWithoutDerivativeAnnotationIsNamed) {
  auto a = analyse(R"(function f
  input Real u;
  output Real y;
algorithm
  y := u;
  for k in 1:2 loop
    y := y*u;
  end for;
  y := y + u;
end f;
)" + std::string(kEquationOfF));
  EXPECT_FALSE(a->analysis);
  EXPECT_TRUE(
      contains(a->c.rendered(),
               "test.mo:15:3: error[E0501]: index reduction must differentiate this equation, "
               "but function 'f' has no derivative annotation that names a function of "
               "the model (MLS 12.7.1)\n"
               "    f(x) = sin(time);\n"
               "    ^~~~~~~~~~~~~~~~\n"));
}

TEST(IndexReduction, AFunctionOfAssignmentsInSequenceIsDifferentiatedThroughItsBody) {
  auto a = analyse(R"(function f
  input Real u;
  output Real y;
protected
  Real s = u*u;
algorithm
  y := s*u + u;
end f;
)" + std::string(kEquationOfF));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  // d/dt (s*u + u) with s = u*u, as the chain rule gives it: 3*x^2*der(x) + der(x).
  EXPECT_TRUE(contains(listing, "  (der(x)*x + x*der(x))*x + x*x*der(x) + der(x) = cos(time)  "
                                "(d/dt of f(x)[1] = sin(time))"))
      << listing;
}

TEST(StructureErrors, UnderDeterminedVariablesAreNamedWithTheirDeclarations) {
  auto a = analyse(R"(model U
  Real x(start = 1, fixed = true);
  Real y, z;
equation
  der(x) = -x + y;
  y + z = 1;
end U;
)");
  EXPECT_FALSE(a->analysis);
  std::string out = a->c.rendered();
  EXPECT_TRUE(
      contains(out, "test.mo:1:7: error[E0505]: model 'U' is structurally singular: 2 equations, "
                    "3 unknowns"));
  EXPECT_TRUE(contains(out, "note: no equation is left to determine"));
}

TEST(StructureErrors, AnEquationThatStructuralConstantsEmptyIsOverDetermined) {
  // C = 0 (evaluated) makes a and b the constant 0, so a = b determines nothing: reported
  // where it stands, although 0 = 0 holds.
  auto a = analyse(R"(model R
  parameter Real C = 0 annotation(Evaluate = true);
  Real x(start = 1, fixed = true);
  Real a, b;
equation
  der(x) = -x;
  a = C*x;
  b = C*x;
  a = b;
end R;
)");
  EXPECT_FALSE(a->analysis);
  std::string out = a->c.rendered();
  EXPECT_TRUE(contains(out,
                       "test.mo:9:3: error[E0505]: this equation has no unknown left to determine "
                       "(over-determined): other equations fix each variable it reads to "
                       "a constant"))
      << out;
}

TEST(StructureErrors, AtZeroFlowASemiLinearEquationEquatesItsSlopes) {
  // m_flow = 0 and H_flow = 0 are constants, which fold H_flow = semiLinear(m_flow, h, hb) to
  // 0 = 0; MLS 3.7.4.4 replaces it by h = hb, so the model stays balanced and h is known.
  auto a = analyse(R"(model S
  parameter Real hb = 2;
  Real m_flow, H_flow, h;
equation
  m_flow = 0;
  H_flow = 0;
  H_flow = semiLinear(m_flow, h, hb);
end S;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_FALSE(contains(a->c.rendered(), "error")) << a->c.rendered();
}

TEST(StructureErrors, OverDeterminedEquationsAreNamed) {
  auto a = analyse(R"(model O
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  x = time;
end O;
)");
  EXPECT_FALSE(a->analysis);
  std::string out = a->c.rendered();
  EXPECT_TRUE(
      contains(out, "error[E0505]: model 'O' is structurally singular: 2 equations, 1 unknowns"));
  EXPECT_TRUE(contains(out, "note: this equation has no unknown left to determine "
                            "(over-determined)"));
}

TEST(Tearing, LoopsAreTornLinearOnesMarkedLinear) {
  auto a = analyse(R"(model Loops
  parameter Real R1 = 1, R2 = 2, Ron = 1e-5, Goff = 1e-5, C = 1e-3;
  Real uC(start = 1, fixed = true), i, v, s, u1, u2, y;
  Boolean off;
equation
  C*der(uC) = i;
  u1 = R1*i;
  u2 = R2*(i - u1/R2) + v;
  u1 + u2 + uC = sin(time);
  off = s < 0;
  v = s*(if off then 1 else Ron);
  i = s*(if off then Goff else 1);
  y*y*y + y = time;
end Loops;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  // The ideal switch: relations are frozen during the solve, so the loop is linear and the
  // Boolean is computed inside it; only Reals are iterated.
  EXPECT_TRUE(contains(listing, "blocks (3, 2 algebraic loops):\n"
                                "  linear system of 6 equations, torn to 2: u1, s"));
  EXPECT_TRUE(contains(listing, "      off := $rel0(s < 0)  // test.mo:10:3\n"));
  EXPECT_TRUE(contains(listing, "  nonlinear system of 1 equation, torn to 1: y  // test.mo:13:3\n"
                                "      0 = y*y*y + y - time\n"
                                "      jacobian: 1 nonzero\n"));
}

TEST(OdeJacobian, ExplicitOdeHasAnAnalyticJacobian) {
  auto a = analyse(R"(model J
  Real x(start = 1, fixed = true), v(start = 0, fixed = true);
equation
  der(x) = v;
  der(v) = -sin(x) - 0.1*v;
end J;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->listing(), "ode jacobian (3 nonzeros):\n"
                                     "  d der(x)/d v = 1.0\n"
                                     "  d der(v)/d x = -cos(x)\n"
                                     "  d der(v)/d v = -0.1\n"));
}

TEST(Initialization, ALeftOverInitialEquationBecomesAConsistencyCheck) {
  // MLS 8.6: a consistent initial equation may be removed with a diagnostic; whether it is
  // consistent is only known once the others are solved, so it is checked then.
  auto a = analyse(R"(model Over
  Real x(start = 1, fixed = true);
initial equation
  x = 2;
equation
  der(x) = -x;
end Over;
)");
  ASSERT_TRUE(a->analysis);
  std::string out = a->c.rendered();
  EXPECT_TRUE(
      contains(out, "test.mo:1:7: warning[E0505]: the initialization problem is over-determined: "
                    "1 equation has no unknown left: x = 1 (fixed = true, test.mo:2:8); "
                    "it is removed and checked for consistency at initialization"));
  EXPECT_TRUE(contains(out, "test.mo:2:8: note: this equation is redundant"));
  const auto& initialization = a->analysis->schedule.initialization;
  EXPECT_EQ(initialization.equations.size(), 2u); // der(x) = -x and x = 2
  EXPECT_EQ(initialization.consistencyChecks.size(), 1u);
}

TEST(Initialization, UnderDeterminedNamesTheFreeParameter) {
  auto a = analyse(R"(model Under
  parameter Real p(fixed = false);
  Real x(start = 1, fixed = true);
equation
  der(x) = -p*x;
end Under;
)");
  EXPECT_FALSE(a->analysis);
  std::string out = a->c.rendered();
  EXPECT_TRUE(contains(out,
                       "error[E0505]: the initialization problem is under-determined: 1 variable "
                       "has no equation: p (test.mo:2:18)"));
  EXPECT_TRUE(contains(out, "test.mo:2:18: note: nothing determines the initial value of 'p'"));
}

TEST(Initialization, FreeStatesTakeTheirStartValuesWithAWarning) {
  auto a = analyse(R"(model Free
  Real x(start = 1);
equation
  der(x) = -x;
end Free;
)",
                   {"initialization"});
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->printed, "initialization Free: 2 unknowns, 2 equations (1 of the model, "
                                   "0 initial, 0 fixed start, 0 reinit, 1 start fallback)\n"
                                   "  x := 1  // test.mo:2:8\n"));
  EXPECT_TRUE(contains(a->c.rendered(),
                       "warning[E0505]: the initialization problem is under-determined: "
                       "1 state has no initial equation and fixed = false: x "
                       "(test.mo:2:8)"));
}

TEST(Initialization, PendulumInitialEquationsDetermineTheDummyStates) {
  auto a = analyse(kPendulum, {"initialization"});
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->printed,
                       "initialization Pendulum: 15 unknowns, 15 equations (13 of the "
                       "model, 2 initial, 0 fixed start, 0 reinit, 0 start fallback)\n"));
}

TEST(PrintAnalysis, IsDeterministic) {
  auto first = analyse(kPendulum), second = analyse(kPendulum);
  ASSERT_TRUE(first->analysis);
  EXPECT_EQ(first->listing(), second->listing());
}

TEST(OdeJacobian, ScalarLoopsAreDifferentiatedImplicitly) {
  // y^3 + y = x: dy/dx = 1/(3y^2 + 1) by the implicit function theorem, so
  // d der(x)/d x = -dy/dx.
  auto a = analyse(R"(model K
  Real x(start = 1, fixed = true), y;
equation
  der(x) = -y;
  y^3 + y = x;
end K;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  const auto& system = a->analysis->system;
  const auto& jacobian = a->analysis->schedule.odeJacobian;
  ASSERT_TRUE(jacobian) << a->listing();
  ASSERT_EQ(jacobian->size(), 1u);
  // At x = 2, y = 1 (1 + 1 = 2): dy/dx = 1/4, and y is -der(x) after alias elimination.
  mocc::expr::Values at;
  at.variable = [&](std::uint32_t v) -> std::optional<double> {
    if (system.variables[v].name == "x") return 2.0;
    if (system.variables[v].name == "der(x)") return -1.0;
    return std::nullopt;
  };
  auto value = mocc::expr::evaluate(system.pool, jacobian->front().value, at);
  ASSERT_TRUE(value) << a->listing();
  EXPECT_NEAR(*value, -0.25, 1e-15);
}

TEST(OdeJacobian, LoopsOfSeveralVariablesAreDifferentiatedThroughTheAdjugate) {
  // r = (exp(a) + b^3 - 1 - x, a^3 + exp(b) - 1 - y) = 0 has no equation linear in a or b, so
  // the loop keeps both as iteration variables. At a = b = 1 (x = y = e) its Jacobian is
  // J = [[e, 3], [3, e]] and dr/d(x, y) = -I, so d(a, b)/d(x, y) = J^-1
  // = [[e, -3], [-3, e]] / (e^2 - 9), and d der(x)/d(x, y) = -d a/d(x, y), likewise for y.
  auto a = analyse(R"(model L2
  Real x(start = 0, fixed = true), y(start = 0, fixed = true), a, b;
equation
  der(x) = -a;
  der(y) = -b;
  exp(a) + b^3 = 1 + x;
  a^3 + exp(b) = 1 + y;
end L2;
)");
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->listing(), "torn to 2")) << a->listing();
  const auto& system = a->analysis->system;
  const auto& jacobian = a->analysis->schedule.odeJacobian;
  ASSERT_TRUE(jacobian) << a->listing();
  const double e = std::exp(1.0), det = e * e - 9;
  std::map<std::string, double> point = {{"x", e},   {"y", e},         {"a", 1.0},
                                         {"b", 1.0}, {"der(x)", -1.0}, {"der(y)", -1.0}};
  mocc::expr::Values at;
  at.variable = [&](std::uint32_t v) -> std::optional<double> {
    auto found = point.find(system.variables[v].name);
    if (found == point.end()) return std::nullopt;
    return found->second;
  };
  std::map<std::pair<std::string, std::string>, double> expected = {
      {{"x", "x"}, -e / det}, {{"x", "y"}, 3 / det}, {{"y", "x"}, 3 / det}, {{"y", "y"}, -e / det}};
  ASSERT_EQ(jacobian->size(), expected.size()) << a->listing();
  for (const auto& entry : *jacobian) {
    std::pair<std::string, std::string> key{system.variables[entry.state].name,
                                            system.variables[entry.wrt].name};
    auto value = mocc::expr::evaluate(system.pool, entry.value, at);
    ASSERT_TRUE(value) << key.first << ", " << key.second;
    EXPECT_NEAR(*value, expected.at(key), 1e-14) << key.first << ", " << key.second;
  }
}

// f(y) = x, a loop in y, with x integrated: its Jacobian needs f's derivative.
const std::string kCubicLoop = R"(model K
  Real x(start = 2, fixed = true), y;
equation
  der(x) = -y;
  f(y) = x;
end K;
)";

TEST(OdeJacobian, ADerivativeAnnotationIsFollowedWhenTheModelNeverCallsTheDerivative) {
  // f(y) = x with f(u) = u^3 + u: the loop's Jacobian and the ODE Jacobian go through df,
  // which only the annotation names (MLS 12.7.1). With y = -der(x) (alias elimination),
  // d der(x)/d x = -dy/dx = -1/f'(y) = 1/df(y, -1).
  auto a = analyse(kCubicWithDerivative + kCubicLoop);
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_TRUE(contains(a->listing(), "      jacobian: 1 nonzero\n")) << a->listing();
  ASSERT_TRUE(a->analysis->schedule.odeJacobian) << a->listing();
  EXPECT_TRUE(contains(a->listing(), "  d der(x)/d x = 1.0/df(-der(x), -1.0)[1]\n"))
      << a->listing();
}

TEST(OdeJacobian, AnExternalDerivativeGivesTheLoopAnAnalyticJacobian) {
  // A derivative function may be external (MLS 12.7.1, 12.9): the loop's Jacobian calls it.
  auto a = analyse(kCubic + R"(function df
  input Real u;
  input Real du;
  output Real dy;
external "C" dy = df_impl(u, du);
end df;
)" + kCubicLoop);
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_FALSE(a->c.diagnostics.hasErrors()) << a->c.rendered();
  EXPECT_TRUE(contains(a->listing(), "      jacobian: 1 nonzero\n")) << a->listing();
}
