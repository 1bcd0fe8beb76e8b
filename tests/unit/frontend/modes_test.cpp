// Structural if-equations and the models of their modes (mocc/flat/modes.h, issue 15).
#include "flatten_source.h"

#include "mocc/flat/modes.h"

#include <gtest/gtest.h>

using mocc::test::flattenSource;
using mocc::test::SourceCompilation;

namespace {

std::optional<mocc::flat::Model> flatten(SourceCompilation& c, const std::string& text) {
  auto model = flattenSource(c, text);
  EXPECT_TRUE(model) << c.rendered();
  return model;
}

const char* kRope = R"(
model Rope
  Real x(start = 1, fixed = true), y, vx(start = 0, fixed = true), vy, lambda;
  Boolean taut(start = true);
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -lambda*x;
  der(vy) = -9.81 - lambda*y;
  if taut then
    x^2 + y^2 = 1;
  else
    lambda = 0;
  end if;
  when lambda < 0 then
    taut = false;
  end when;
end Rope;
)";

} // namespace

TEST(Modes, BranchesSharingNoUnknownMakeAnIfEquationStructural) {
  SourceCompilation c;
  auto model = flatten(c, kRope);
  ASSERT_TRUE(model);
  auto ifs = mocc::flat::structuralIfEquations(*model);
  ASSERT_EQ(ifs.size(), 1u);
  EXPECT_EQ(ifs[0].branches, 2u);
}

TEST(Modes, BranchesComputingTheSameUnknownKeepOneStructure) {
  SourceCompilation c;
  auto model = flatten(c, R"(
model Switch
  parameter Real R = 2;
  Real u = sin(time), i;
  Boolean on = u > 0;
equation
  if on then
    i = u/R;
  else
    i = 0;
  end if;
end Switch;
)");
  ASSERT_TRUE(model);
  EXPECT_TRUE(mocc::flat::structuralIfEquations(*model).empty());
}

TEST(Modes, ConditionsOnInitialAreLeftToTheSingleCompilation) {
  SourceCompilation c;
  auto model = flatten(c, R"(
model Start
  Real x(start = 1), y;
equation
  if initial() then
    x = 1;
  else
    y = 2;
  end if;
  der(x) = -y;
end Start;
)");
  ASSERT_TRUE(model);
  EXPECT_TRUE(mocc::flat::structuralIfEquations(*model).empty());
}

TEST(Modes, AModeResolvesTheBranchesAndComputesItsSelector) {
  SourceCompilation c;
  auto model = flatten(c, kRope);
  ASSERT_TRUE(model);
  auto ifs = mocc::flat::structuralIfEquations(*model);
  std::string flight = mocc::flat::print(mocc::flat::specialiseMode(*model, ifs, {1}));
  EXPECT_NE(flight.find("  lambda = 0;\n"), std::string::npos) << flight;
  EXPECT_EQ(flight.find("x ^ 2 + y ^ 2 = 1"), std::string::npos) << flight;
  EXPECT_NE(flight.find("$mode1 = if taut then 1 else 2;"), std::string::npos) << flight;
  std::string swinging = mocc::flat::print(mocc::flat::specialiseMode(*model, ifs, {0}));
  EXPECT_NE(swinging.find("x ^ 2 + y ^ 2 = 1;"), std::string::npos) << swinging;
  EXPECT_EQ(swinging.find("lambda = 0"), std::string::npos) << swinging;
  EXPECT_EQ(mocc::flat::describeMode(*model, c.sources, ifs, {1}),
            "the if-equation at test.mo:10:3 takes its else branch");
}

TEST(Modes, DerivativeLevelsOrderPositionsBeforeVelocities) {
  // der(x) = vx makes vx level 1 (x is level 0); a variable defined as the derivative of vx
  // would be level 2; lambda and y's velocity in a branch count too.
  SourceCompilation c;
  auto model = flatten(c, R"(
model Chain
  Real x(start = 1, fixed = true), v(start = 0, fixed = true), a, y(start = 0, fixed = true), w;
  Boolean free(start = false);
equation
  der(x) = v;
  a = der(v);
  a = -x;
  if free then
    der(y) = w;
    w = 1;
  else
    y = 0;
    w = 0;
  end if;
end Chain;
)");
  ASSERT_TRUE(model);
  std::map<std::string, int> levels = mocc::flat::derivativeLevels(*model);
  EXPECT_EQ(levels, (std::map<std::string, int>{{"v", 1}, {"a", 2}, {"w", 1}}));
}
