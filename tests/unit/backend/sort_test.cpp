// The `sort` pass: causal order, solving for the unknown, structural diagnostics.
#include "compile_source.h"

#include <gtest/gtest.h>

using mocc::test::compileErrors;
using mocc::test::printedAfter;

TEST(Sort, OrdersByDependencyAndSolvesLinearEquations) {
  EXPECT_EQ(printedAfter(R"(model M
  Real x(start = 1);
  Real a, b, c;
equation
  2 * c + b = 0;
  der(x) = c;
  a = x * 3;
  b - a = 1;
end M;
)",
                         "sort"),
            // c is an alias of der(x) (pass alias-elim): the equation for c computes der(x).
            "schedule M\n"
            "  a := x*3  // test.mo:7:3\n"
            "  b := 1 + a  // test.mo:8:3\n"
            "  der(x) := -b/2.0  // test.mo:5:3\n"
            "ode jacobian: 1 nonzero\n");
}

TEST(Sort, WhenClausesComeAfterTheirInputsAndBeforeTheirReaders) {
  std::string s = printedAfter(R"(model M
  Real x(start = 0);
  discrete Real held;
  Real y;
equation
  der(x) = 1;
  when x > 1 then
    held = x;
  end when;
  y = 2 * held;
end M;
)",
                               "sort");
  EXPECT_EQ(s, "schedule M\n"
               "  der(x) := 1  // test.mo:6:3\n"
               "  $whenCondition1 := $rel0(x > 1)  // test.mo:7:8\n"
               "  when-clause #0\n"
               "  y := 2*held  // test.mo:10:3\n"
               "ode jacobian: 0 nonzeros\n");
}

TEST(SortErrors, UnderAndOverDeterminedVariablesAreNamed) {
  std::string out = compileErrors(R"(model M
  Real x(start = 1);
  Real y;
  Real z;
equation
  der(x) = -x;
  y = x;
  y = 2 * x;
end M;
)");
  EXPECT_NE(out.find("error[E0505]: model 'M' is structurally singular: 3 equations, 3 unknowns"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:4:8: note: no equation is left to determine 'z'"), std::string::npos)
      << out;
  EXPECT_NE(out.find("note: this equation has no unknown left to determine (over-determined)"),
            std::string::npos)
      << out;
}

TEST(Sort, LinearAlgebraicLoopIsTornAndMarkedLinear) {
  std::string s = printedAfter(R"(model M
  Real a, b;
equation
  a = b + time;
  b = -a / 2;
end M;
)",
                               "sort");
  EXPECT_EQ(s, "schedule M\n"
               "  linear system of 2 equations, torn to 1: a  // test.mo:4:3\n"
               "      b := a - time  // test.mo:4:3\n"
               "      0 = b + a/2\n"
               "      jacobian: 1 nonzero\n"
               "ode jacobian: 0 nonzeros\n");
}

TEST(Sort, NonlinearEquationBecomesANewtonSystem) {
  std::string s = printedAfter(R"(model M
  Real y;
equation
  y * y = time + 1;
end M;
)",
                               "sort");
  EXPECT_NE(s.find("  nonlinear system of 1 equation, torn to 1: y  // test.mo:4:3\n"
                   "      0 = y*y - (time + 1)\n"
                   "      jacobian: 1 nonzero\n"),
            std::string::npos)
      << s;
}
