// Dummy derivative selection (Mattsson and Soederlind 1993) on an ideal gear whose housing is a
// free inertia: the constraint phi1 - phi3 = r*(phi2 - phi3) is differentiated twice, and the
// dummies of each level must be a nonsingular block of that level's Jacobian that contains
// every derivative of a derivative, so that no der(...) of an algebraic variable is left as a
// state.
#include "analysis_support.h"

#include <algorithm>

using namespace mocc::test;

namespace {

// Inertias J1 = 1 (driven by 2 N.m), J2 = 2 and the housing J3 = 4; the gear has no inertia:
//   phi_a = phi1 - phi3, phi_b = phi2 - phi3, phi_a = r*phi_b, r*ta + tb = 0,
// and the housing takes the reaction ta + tb.
std::string movingSupport(const std::string& ratio, const std::string& housingAttributes = "") {
  return R"(model MovingSupport
  parameter Real r = )" +
         ratio + R"( "gear ratio";
  Real phi1(start = 0, fixed = true), w1(start = 0, fixed = true);
  Real phi2, w2;
  Real phi3(start = 0, fixed = true)" +
         housingAttributes + R"(), w3(start = 0, fixed = true) "the housing";
  Real phi_a, phi_b, ta, tb;
equation
  der(phi1) = w1;
  der(w1) = 2 - ta;
  der(phi2) = w2;
  2*der(w2) = -tb;
  der(phi3) = w3;
  4*der(w3) = ta + tb;
  phi_a = phi1 - phi3;
  phi_b = phi2 - phi3;
  phi_a = r*phi_b;
  0 = r*ta + tb;
end MovingSupport;
)";
}

// Every derivative that is not a dummy is the derivative of a state that is not a derivative
// itself; returns the states (in declaration order).
std::vector<std::string> statesWithoutDerivativeStates(const Analysed& a) {
  std::vector<std::string> states;
  const auto& variables = a.analysis->system.variables;
  for (const auto& v : variables) {
    if (v.kind != mocc::dae::VariableKind::Derivative || v.dummy || v.alias.valid()) continue;
    const auto& state = variables[v.state];
    EXPECT_NE(state.kind, mocc::dae::VariableKind::Derivative)
        << v.name << " is the derivative of a derivative left as a state";
    EXPECT_FALSE(state.dummy) << state.name;
    states.push_back(state.name);
  }
  return states;
}

const char* kAllSecondDerivativesAreDummies =
    "der(der(phi_a)), der(der(phi1)), der(der(phi3)), der(der(phi_b)), der(der(phi2))\n";

} // namespace

TEST(DummyDerivatives, MovingSupportSelectsAValidStateSet) {
  // Level 1 (the constraint twice, the kinematic equations once): 6 equations over the five
  // second derivatives and der(w1), der(w2), der(w3); all second derivatives are dummies, and
  // one der(w). Level 2 (the constraint once): 3 equations over the first derivatives of the
  // five; det of the columns der(phi_a), der(phi_b), der(phi3) is r - 1 = 1, so the housing
  // angle is a dummy and phi1, phi2 stay states (the first declared, on ties).
  auto a = analyse(movingSupport("2"));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (4): phi1, w1, phi2, w2\n"
                                "dummy derivatives (9): der(phi3), der(w3), der(phi_a), "
                                "der(phi_b), " +
                                    std::string(kAllSecondDerivativesAreDummies) +
                                    "dummy states (4): phi3, w3, phi_a, phi_b\n"));
  EXPECT_TRUE(contains(listing, "state sets (0):\n"));
  EXPECT_EQ(statesWithoutDerivativeStates(*a).size(), 4u);
}

TEST(DummyDerivatives, MovingSupportWithRatioOneAvoidsTheSingularBlock) {
  // r = 1: phi1 = phi2 and the housing is free of torque. At level 2 the block of
  // der(phi_a), der(phi_b), der(phi3) is singular (det r - 1 = 0), and at level 1 the three
  // second derivatives of the constraint together with der(w3) would leave der(der(phi3))
  // out, making der(phi3) a state. The whole level is chosen at once: the housing keeps its
  // states, phi2 and w2 follow from phi1 and w1.
  auto a = analyse(movingSupport("1"));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  std::string listing = a->listing();
  EXPECT_TRUE(contains(listing, "states (4): phi1, w1, phi3, w3\n"
                                "dummy derivatives (9): der(phi2), der(w2), der(phi_a), "
                                "der(phi_b), " +
                                    std::string(kAllSecondDerivativesAreDummies) +
                                    "dummy states (4): phi2, w2, phi_a, phi_b\n"));
  EXPECT_EQ(statesWithoutDerivativeStates(*a).size(), 4u);
}

TEST(DummyDerivatives, MovingSupportHonoursStateSelectOnTheHousing) {
  // stateSelect = prefer on phi3 ranks der(phi3) last among the level-2 candidates; of the
  // others the later declared become dummies first: der(phi_a), der(phi_b), der(phi2), a
  // block with det -r. The housing angle stays a state, phi2 follows from phi1 and phi3.
  auto a = analyse(movingSupport("2", ", stateSelect = StateSelect.prefer"));
  ASSERT_TRUE(a->analysis) << a->c.rendered();
  EXPECT_EQ(statesWithoutDerivativeStates(*a),
            (std::vector<std::string>{"phi1", "w1", "w2", "phi3"}))
      << a->listing();
}
