// backend/dae: classification of variables and the DAE's diagnostics.
#include "compile_source.h"

#include <gtest/gtest.h>

using mocc::test::compileErrors;
using mocc::test::printedAfter;

TEST(BuildDae, ClassifiesStatesDerivativesAndDiscreteVariables) {
  std::string dae = printedAfter(R"(model M
  constant Real k = 2;
  parameter Real p = k * 3;
  Real x(start = 1);
  Real y;
  Real z;
  Integer n;
equation
  der(x) = -p * x;
  y = x + k;
  when x < 0.5 then
    z = y;
  end when;
  n = if y > 2 then 1 else 0;
end M;
)",
                                 "build-dae");
  EXPECT_NE(dae.find("parameter p = 6.0\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("state x (start 1)\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("algebraic y\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("discrete z\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("discrete n\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("derivative der(x)\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("internal $whenCondition1\n"), std::string::npos) << dae;
  EXPECT_NE(dae.find("y = x + 2.0"), std::string::npos) << dae; // constant folded
}

TEST(BuildDae, ExpandsEdgeAndChange) {
  std::string dae = printedAfter(R"(model M
  Boolean b = time > 1;
  Boolean rising = edge(b);
  Boolean changed = change(b);
end M;
)",
                                 "build-dae");
  EXPECT_NE(dae.find("rising = b and not pre(b)"), std::string::npos) << dae;
  EXPECT_NE(dae.find("changed = b <> pre(b)"), std::string::npos) << dae;
}

// A message is literal texts and values (String() of what is not constant); the program's
// message is the template, and its statement reads the values, through aliases too.
TEST(BuildDae, MessagesKeepTheirValues) {
  const char* source = R"(model M
  parameter Real limit = 2;
  Real x(start = 1, fixed = true);
  Real y;
  discrete Integer n(start = 0, fixed = true);
equation
  der(x) = 1;
  y = x;
  when sample(0, 0.5) then
    n = pre(n) + 1;
    terminate("n = " + String(n) + " at y = " + String(y, significantDigits = 3));
  end when;
  assert(y < limit, "y = " + String(y) + " exceeds " + String(limit) + ", " + String(2.5));
end M;
)";
  std::string dae = printedAfter(source, "build-dae");
  EXPECT_NE(dae.find("assert(y < limit, \"y = \" + String(y) + \" exceeds \" + String(limit) + "
                     "\", 2.5\")"),
            std::string::npos)
      << dae;
  EXPECT_NE(dae.find("terminate(\"n = \" + String(n) + \" at y = \" + String(y, "
                     "significantDigits = 3))"),
            std::string::npos)
      << dae;
  // y is an alias of x: the program's statements read x.
  std::string program = printedAfter(source, "build-program");
  EXPECT_NE(program.find("assert(x < limit, \"y = \" + String(x) + \" exceeds \" + "
                         "String(limit) + \", 2.5\")"),
            std::string::npos)
      << program;
  EXPECT_NE(program.find("String(x, significantDigits = 3)"), std::string::npos) << program;
}

TEST(BuildProgram, AMultipleAssignmentCallsTheFunctionOnce) {
  // (lo, hi) := range(u) reaches the DAE as one assignment per output element; the program
  // calls range once and assigns both. (v, w) := range({v, t}) reads its own target v, so its
  // outputs go through temporaries first, and the call that fills them is again one. Two
  // statements are two calls (were the function impure, they would differ).
  std::string source = R"(model M
  function range
    input Real u[2];
    output Real lo;
    output Real hi;
  algorithm
    lo := min(u);
    hi := max(u);
  end range;
  discrete Real v(start = 1, fixed = true);
  discrete Real lo, hi, w, a1, a2;
algorithm
  when sample(0, 0.5) then
    (lo, hi) := range({time, 2 * time});
    (v, w) := range({v, time});
    a1 := range({time, 1});
    a2 := range({time, 1});
  end when;
end M;
)";
  std::string program = printedAfter(source, "build-program");
  EXPECT_NE(program.find("assigning lo := [1], hi := [2]"), std::string::npos) << program;
  EXPECT_NE(program.find("assigning $tuple1 := [1], $tuple2 := [2]"), std::string::npos) << program;
  EXPECT_EQ(program.find("lo := M.range"), std::string::npos) << program;
  EXPECT_NE(program.find("a1 := M.range"), std::string::npos) << program;
  EXPECT_NE(program.find("a2 := M.range"), std::string::npos) << program;
}

TEST(BuildDaeErrors, MessagesMustBeStrings) {
  std::string out = compileErrors(R"(model M
  Real x = time;
equation
  assert(x < 2, x);
end M;
)");
  EXPECT_NE(out.find("test.mo:4:17: error[E0405]: a message must be a String"), std::string::npos)
      << out;
}

TEST(BuildDae, AMessageMayBeAnyStringComputedDuringSimulation) {
  std::string program = printedAfter(R"(model M
  Real x = time;
equation
  assert(x < 2, if x > 1 then "big" else "small");
end M;
)",
                                     "build-program");
  EXPECT_NE(program.find("assert(x < 2, String(if x > 1 then \"big\" else \"small\"))"),
            std::string::npos)
      << program;
}

TEST(BuildDaeErrors, AStringEquationMustNotReadItsOwnVariable) {
  std::string out = compileErrors(R"(model M
  String s;
equation
  s = s + "a";
end M;
)");
  EXPECT_NE(
      out.find("test.mo:4:3: error[E0508]: cannot solve this equation for String variable 's': it "
               "must have the form 's = expression' with an expression that does not read "
               "'s'"),
      std::string::npos)
      << out;
}

TEST(BuildDaeErrors, ReinitNeedsAState) {
  std::string out = compileErrors(R"(model M
  Real x(start = 1);
  Real y;
equation
  der(x) = -x;
  y = 2 * x;
  when x < 0.5 then
    reinit(y, 1);
  end when;
end M;
)");
  EXPECT_NE(
      out.find("test.mo:8:5: error[E0502]: reinit() needs a state, but 'y' does not appear in "
               "der() (MLS 8.3.6)"),
      std::string::npos)
      << out;
}

TEST(BuildDaeErrors, VariableAssignedInTwoWhenClauses) {
  std::string out = compileErrors(R"(model M
  discrete Real y;
equation
  when time > 1 then
    y = 1;
  end when;
  when time > 2 then
    y = 2;
  end when;
end M;
)");
  EXPECT_NE(out.find("'y' is assigned in more than one when-clause"), std::string::npos) << out;
  EXPECT_NE(out.find("test.mo:4:3: note: the other when-clause"), std::string::npos) << out;
}

TEST(BuildDaeErrors, StateAssignedInWhenClause) {
  std::string out = compileErrors(R"(model M
  Real x(start = 1);
equation
  der(x) = -x;
  when x < 0.5 then
    x = 1;
  end when;
end M;
)");
  EXPECT_NE(out.find("'x' is a state (it appears in der()) and cannot be assigned in a "
                     "when-clause; use reinit(x, ...)"),
            std::string::npos)
      << out;
}

TEST(BuildDaeErrors, SelfReferenceInWhenEquationNeedsPre) {
  std::string out = compileErrors(R"(model M
  discrete Integer n;
equation
  when time > 1 then
    n = n + 1;
  end when;
end M;
)");
  EXPECT_NE(out.find("'n' appears on both sides of its when-equation; write pre(n)"),
            std::string::npos)
      << out;
}
