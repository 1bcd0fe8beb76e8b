// The `relations` pass: which comparisons generate events, and of which kind.
#include "compile_source.h"

#include <gtest/gtest.h>

using mocc::test::compileSource;
using mocc::test::SourceCompilation;

namespace {

std::string relationsOf(const std::string& text) {
  SourceCompilation c;
  std::string printed;
  auto program = compileSource(c, text, {"relations"}, &printed);
  EXPECT_TRUE(program) << c.rendered();
  return printed.substr(printed.find("relations:\n"));
}

} // namespace

TEST(Relations, ContinuousComparisonsBecomeStateEvents) {
  EXPECT_EQ(relationsOf(R"(model M
  Real x(start = 1);
  Real u;
equation
  der(x) = u;
  u = if x > 0 then -1 else 1;
end M;
)"),
            "relations:\n  $rel0 state-event x > 0  // test.mo:6:3\n");
}

TEST(Relations, TimeAgainstDiscreteIsATimeEventAndIsNormalised) {
  EXPECT_EQ(relationsOf(R"(model M
  parameter Real t1 = 2;
  Real y;
equation
  y = if 1 < time then 1 else (if time >= t1 then 2 else 3);
end M;
)"),
            "relations:\n"
            "  $rel0 time-event time > 1  // test.mo:5:3\n"
            "  $rel1 time-event time >= t1  // test.mo:5:3\n");
}

TEST(Relations, NoEventWhenBodiesAndDiscreteOperandsDoNotGenerateEvents) {
  EXPECT_EQ(relationsOf(R"(model M
  Real x(start = 1);
  Real u;
  Integer n(start = 0);
  discrete Real z;
equation
  der(x) = u;
  u = noEvent(if x > 0 then -1 else 1) + (if n > 2 then 1 else 0);
  when sample(0, 1) then
    n = pre(n) + 1;
    z = if x > 0.5 then 1 else 0;
  end when;
end M;
)"),
            "relations:\n");
}

TEST(Relations, SinOfTimeIsAStateEventNotATimeEvent) {
  EXPECT_EQ(relationsOf(R"(model M
  Real y = if sin(time) > 0 then 1 else -1;
end M;
)"),
            "relations:\n  $rel0 state-event sin(time) > 0  // test.mo:2:8\n");
}

TEST(Relations, OneRelationPerDistinctComparison) {
  std::string r = relationsOf(R"(model M
  Real x(start = 1);
  Real a, b;
equation
  der(x) = -x;
  a = if x < 0.5 then 1 else 0;
  b = if x < 0.5 then 2 else 3;
end M;
)");
  EXPECT_EQ(r, "relations:\n  $rel0 state-event x < 0.5  // test.mo:6:3\n");
}
