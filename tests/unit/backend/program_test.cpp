// backend/program: the layout and ABI functions of sim::Program.
#include "compile_source.h"

#include <gtest/gtest.h>

using mocc::test::compiledProgram;
using mocc::test::compileSource;
using mocc::test::SourceCompilation;

namespace {

const char* kBall = R"(model Ball
  parameter Real g = 9.81;
  parameter Real e = 0.9;
  Real h(start = 10);
  Real v;
  Real energy;
equation
  der(h) = v;
  der(v) = -g;
  energy = g * h + v^2 / 2;
  when h < 0 then
    reinit(v, -e * pre(v));
  end when;
end Ball;
)";

} // namespace

TEST(Program, LaysOutStatesDerivativesAndValues) {
  auto p = compiledProgram(kBall);
  ASSERT_EQ(p.stateCount, 2u);
  // g, e, energy, $whenCondition1 and the relation's storage
  EXPECT_EQ(p.valueCount, 5u);
  ASSERT_EQ(p.crossings.size(), 1u);
  EXPECT_EQ(p.crossings[0].description, "h < 0 at test.mo:11:8");
  ASSERT_EQ(p.relations.size(), 1u);
  EXPECT_EQ(p.relations[0].crossing, 0);
}

TEST(Program, DerivativesOnlyComputeWhatTheyNeed) {
  auto p = compiledProgram(kBall);
  std::string listing = mocc::sim::print(p);
  // energy is an output, not needed by dx
  EXPECT_NE(listing.find("derivatives:\n  der(h) := v\n  der(v) := -g\ncrossing inputs:\n"),
            std::string::npos)
      << listing;
  EXPECT_NE(listing.find("outputs:\n  der(h) := v\n  der(v) := -g\n  energy := g*h + v^2/2\n"
                         "  $whenCondition1 := $rel0(h < 0)\n"),
            std::string::npos)
      << listing;
  EXPECT_NE(listing.find("  when edge($whenCondition1)\n    reinit(v, -e*pre(v))\n"),
            std::string::npos)
      << listing;
}

TEST(Program, BindAssignsParametersInDependencyOrder) {
  auto p = compiledProgram(R"(model M
  parameter Real b = 2 * a;
  parameter Real a = 1;
  Real x(start = b);
equation
  der(x) = -x;
end M;
)");
  std::string listing = mocc::sim::print(p);
  EXPECT_NE(listing.find("bind:\n  a := 1\n  b := 2*a\n  x := b\n"), std::string::npos) << listing;
}

TEST(Program, SamplesAndTimeRelationsAreScheduled) {
  auto p = compiledProgram(R"(model M
  parameter Real T = 0.1;
  discrete Real u;
  Real y = if time >= 1.5 then 1 else 0;
equation
  when sample(0, T) then
    u = time;
  end when;
end M;
)");
  std::string listing = mocc::sim::print(p);
  EXPECT_NE(listing.find("time events:\n  at 1.5\n  sample(0, T)\n"), std::string::npos) << listing;
  EXPECT_TRUE(p.crossings.empty());
}

TEST(ProgramErrors, CyclicParameters) {
  SourceCompilation c;
  EXPECT_FALSE(
      compileSource(c, "model M\n  parameter Real a = b;\n  parameter Real b = a;\nend M;\n"));
  EXPECT_NE(c.rendered().find("the value of 'a' depends on itself: 'a' -> 'b' -> 'a'"),
            std::string::npos)
      << c.rendered();
}
