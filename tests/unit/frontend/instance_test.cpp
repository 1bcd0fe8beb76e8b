// The instance stage: what `mocc flatten` prints for valid models.
#include "flatten_source.h"

#include "mocc/frontend/instantiate.h"

#include <gtest/gtest.h>

using mocc::test::flattenSource;
using mocc::test::SourceCompilation;

namespace {

std::string flatten(const std::string& text) {
  SourceCompilation c;
  auto model = flattenSource(c, text);
  EXPECT_TRUE(model) << c.rendered();
  return model ? mocc::flat::print(*model) : "";
}

} // namespace

TEST(Flatten, KeepsDeclarationsAttributesAndEquations) {
  EXPECT_EQ(flatten(R"(
model Ball "a ball"
  parameter Real g = 9.81 "gravity";
  Real h(start = 10, fixed = true, unit = "m");
  Real v;
  discrete Integer n(start = 0);
  Boolean b = h > 0;
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -0.9*pre(v));
    n = pre(n) + 1;
  end when;
end Ball;
)"),
            R"(class Ball "a ball"
  parameter Real g = 9.81 "gravity";
  Real h(unit = "m", start = 10, fixed = true);
  Real v;
  discrete Integer n(start = 0);
  discrete Boolean b = h > 0;
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -0.9 * pre(v));
    n = pre(n) + 1;
  end when;
end Ball;
)");
}

TEST(Flatten, ElementWiseOperatorsOnScalarsBecomePlainOnes) {
  EXPECT_EQ(flatten("model M\n  Real x = 2 .* time .+ 1;\nend M;\n"),
            "class M\n  Real x = 2 * time + 1;\nend M;\n");
}

TEST(Flatten, ReadsTheExperimentAnnotation) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  Real x(start = 1);
equation
  der(x) = -x;
  annotation(experiment(StartTime = -1, StopTime = 2*3, Tolerance = 1e-9, Interval = 0.5,
                        __Vendor_Flag = true));
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  EXPECT_EQ(model->experiment.startTime, -1);
  EXPECT_EQ(model->experiment.stopTime, 6);
  EXPECT_EQ(model->experiment.tolerance, 1e-9);
  EXPECT_EQ(model->experiment.interval, 0.5);
}

TEST(Flatten, KeepsVectorWhenConditionsAndElsewhen) {
  EXPECT_EQ(flatten(R"(
model M
  Real x(start = 0);
  discrete Real y;
equation
  der(x) = 1;
  when {x > 1, initial()} then
    y = 1;
  elsewhen x > 2 then
    y = 2;
  end when;
end M;
)"),
            R"(class M
  Real x(start = 0);
  discrete Real y;
equation
  der(x) = 1;
  when {x > 1, initial()} then
    y = 1;
  elsewhen x > 2 then
    y = 2;
  end when;
end M;
)");
}

TEST(Flatten, TypesIntegerArithmeticAndBuiltins) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  Integer n = div(7, 2) + abs(-3);
  Real r = n / 2 + sin(time) + min(1, 2.5);
  Integer s = sign(r);
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  EXPECT_EQ(model->variables[0].binding->type, mocc::flat::Type::Integer);
  EXPECT_EQ(model->variables[1].binding->type, mocc::flat::Type::Real);
  EXPECT_EQ(model->variables[2].binding->type, mocc::flat::Type::Integer);
}

TEST(SelectClass, PicksTheOnlyModelAndIgnoresPackagesAndFunctions) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
function f
  input Real x;
  output Real y;
algorithm
  y := x;
end f;
partial model Base
end Base;
model Only
  Real x = time;
end Only;
)");
  ASSERT_TRUE(model) << c.rendered();
  EXPECT_EQ(model->name, "Only");
}

// MLS 11.1.2: an algorithm section gives one equation per variable it assigns, including the
// targets of a tuple assignment and assignments inside for-loops.
TEST(Balance, CountsTupleAndLoopTargetsOfAlgorithms) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  function f
    input Real x;
    output Real a;
    output Real b;
    output Real c;
  algorithm
    a := x;
    b := 2 * x;
    c := 3 * x;
  end f;
  Real x, y;
  Real z[2];
algorithm
  (x, , y) := f(time);
  for i in 1:2 loop
    z[i] := i * x;
  end for;
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  mocc::frontend::BalanceReport report = mocc::frontend::checkBalance(*model);
  EXPECT_EQ(report.variables, 4u);
  EXPECT_EQ(report.equations, 4u);
}

// MLS 7.1: an inherited element identical to an existing one is kept once; one that differs
// is an error.
TEST(Inheritance, IdenticalDuplicatesAreMergedDifferentOnesRejected) {
  const char* base = R"(
model Base
  model A
    Real x = 2;
  end A;
  Real y = 2;
end Base;
)";
  SourceCompilation same;
  auto merged = flattenSource(same, std::string(base) + R"(model M
  model A
    Real x = 2;
  end A;
  Real y = 2;
  extends Base;
  A a;
end M;
)",
                              "M");
  ASSERT_TRUE(merged) << same.rendered();
  EXPECT_EQ(merged->variables.size(), 2u);
  SourceCompilation different;
  EXPECT_FALSE(flattenSource(different, std::string(base) + R"(model M
  Real y = 3;
  extends Base;
end M;
)",
                             "M"));
  EXPECT_NE(different.rendered().find("'y' is already declared"), std::string::npos)
      << different.rendered();
}

// A short class with a base prefix gives it to components of the type (MLS 4.5.1): in a
// function they are inputs and outputs.
TEST(Functions, TypesWithInputOrOutputPrefixDeclareArguments) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  type InArgument = input Real;
  type OutArgument = output Real[3];
  function f
    InArgument u;
    OutArgument y;
  algorithm
    y := {u, 2 * u, 3 * u};
  end f;
  Real x[3] = f(2);
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  ASSERT_EQ(model->functions.size(), 1u);
  using Role = mocc::flat::FunctionVariable::Role;
  const auto& variables = model->functions[0].variables;
  ASSERT_EQ(variables.size(), 2u);
  EXPECT_EQ(variables[0].role, Role::Input);
  EXPECT_EQ(variables[1].role, Role::Output);
  EXPECT_EQ(variables[1].dims, std::vector<std::size_t>{3});
}

// MLS 7.3: a redeclaration without prefixes of a group keeps the original's (here input,
// output and parameter).
TEST(Redeclaration, KeepsThePrefixesItDoesNotRepeat) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  function f
    replaceable input Real x;
    replaceable output Real y;
  algorithm
    y := x;
  end f;
  function f2 = f(redeclare Real x = 3.0, redeclare Real y = 4.0);
  model Part
    replaceable parameter Real k = 1;
  end Part;
  Part part(redeclare Real k = 2);
  Real z = f2(5.0) * part.k;
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  std::string flat = mocc::flat::print(*model);
  EXPECT_NE(flat.find("parameter Real part.k = 2;"), std::string::npos) << flat;
  ASSERT_EQ(model->functions.size(), 1u);
  EXPECT_EQ(model->functions[0].variables[0].role, mocc::flat::FunctionVariable::Role::Input);
}

// MLS 10.6.8: A^k of a square matrix is the identity for k = 0, else repeated products.
TEST(Arrays, MatrixPowersExpandToProducts) {
  SourceCompilation c;
  auto model = flattenSource(c, R"(
model M
  parameter Real a[2, 2] = {{1, 2}, {3, 4}};
  Real zero[2, 2] = a ^ 0;
  Real two[2, 2] = a ^ 2;
end M;
)");
  ASSERT_TRUE(model) << c.rendered();
  std::string flat = mocc::flat::print(*model);
  EXPECT_NE(flat.find("Real zero[1,2] = 0;"), std::string::npos) << flat;
  EXPECT_NE(flat.find("Real zero[2,2] = 1;"), std::string::npos) << flat;
  EXPECT_NE(flat.find("Real two[1,1] = a[1,1] * a[1,1] + a[1,2] * a[2,1];"), std::string::npos)
      << flat;
}

// MLS 3.7.4: semiLinear(x, k+, k-) = smooth(0, if x >= 0 then k+ * x else k- * x).
TEST(Builtins, SemiLinearIsASmoothIfExpression) {
  EXPECT_NE(flatten(R"(
model M
  Real x = time - 0.5;
  Real y = semiLinear(x, 2, -3);
end M;
)")
                .find("Real y = smooth(0, if x >= 0.0 then 2 * x else (-3) * x);"),
            std::string::npos);
}

// MLS 10.4.1.1: an iterator without a range takes the index values of the dimension it
// subscripts, including the values of Boolean and enumeration dimensions.
TEST(ForLoops, ImplicitRangesOfBooleanAndEnumerationDimensions) {
  std::string flat = flatten(R"(
model M
  type E = enumeration(one, two);
  Integer n[E];
  Boolean b[Boolean];
equation
  for i loop
    n[i] = Integer(i);
  end for;
  for j loop
    b[j] = not j;
  end for;
end M;
)");
  // Elements are numbered from 1 in the flat model: n[2] is n[E.two], b[1] is b[false].
  EXPECT_NE(flat.find("n[2] = 2;"), std::string::npos) << flat;
  EXPECT_NE(flat.find("b[1] = not false;"), std::string::npos) << flat;
}

// MLS 5.4: an outer class stands for the inner class of the enclosing instance; MLS 4.5.1: a
// short class definition of a partial class is partial.
TEST(InnerOuter, OuterFunctionsCallTheInnerOneAndShortPartialClassesArePartial) {
  std::string flat = flatten(R"(
model M
  partial function A
    input Integer u;
    output Integer y;
  end A;
  function B
    extends A;
  algorithm
    y := u + 1;
  end B;
  model D
    outer function fc = A;
    Integer y = fc(1);
  end D;
  inner function fc = B;
  D d;
end M;
)");
  EXPECT_NE(flat.find("d.y = M.fc(1)"), std::string::npos) << flat;
  SourceCompilation c;
  EXPECT_FALSE(flattenSource(c, R"(
model M
  partial model A
    Real x = 1;
  end A;
  model B = A;
  B b;
end M;
)"));
  EXPECT_NE(c.rendered().find("'b' is an instance of the partial class 'M.B'"), std::string::npos)
      << c.rendered();
}

// A short type's modification belongs to the element type: every element of an array of
// that type gets it whole (MLS 7.2.5 splits only the component's own array values).
TEST(Modifiers, TypeAttributesApplyToEveryArrayElement) {
  std::string flat = flatten(R"(
model M
  type IC = Real(start = 0, fixed = true);
  IC ic[2] = {time, 2 * time};
end M;
)");
  EXPECT_NE(flat.find("Real ic[2](start = 0, fixed = true) = 2 * time;"), std::string::npos)
      << flat;
}

// String() (MLS 3.7.4.5) of a constant is folded with its options; of anything else it stays a
// call, printed with the options that differ from their defaults, for messages to format at
// run time. A parameter is not folded, so that it stays a parameter.
TEST(Flatten, StringConversionsInMessages) {
  std::string flat = flatten(R"(
model M
  constant Real c = 2.5;
  parameter Integer p = 3;
  Real x = time;
  Boolean b = x > 1;
equation
  assert(x < 2, "x = " + String(x, significantDigits = 3) + ", p = " +
    String(p, minimumLength = 4, leftJustified = false) + ", b = " + String(b) + ", c = " +
    String(c) + ", " + String(2 * c, minimumLength = 5) + "|" + String(1 / 3, format = "8.2f"));
end M;
)");
  EXPECT_NE(flat.find("assert(x < 2, \"x = \" + String(x, significantDigits = 3) + \", p = \" "
                      "+ String(p, minimumLength = 4, leftJustified = false) + \", b = \" + "
                      "String(b) + \", c = \" + \"2.5\" + \", \" + \"5    \" + \"|\" + "
                      "\"    0.33\")"),
            std::string::npos)
      << flat;
}

TEST(Flatten, AnArrayBoundToAPackageConstantThroughItsEnclosingPackageKeepsItsSize) {
  // Lowering P.Tables.V adds the package's variables while the size check holds z's entry (a
  // regression: the size came out empty, as for MSL Digital's delayTable).
  SourceCompilation c;
  auto model = flattenSource(c, R"(
package P
  package Tables
    constant Integer V[2] = {4, 5};
  end Tables;
  model M
    Integer z[2] = P.Tables.V;
  end M;
end P;
)",
                             "P.M");
  ASSERT_TRUE(model) << c.rendered();
  EXPECT_EQ(mocc::flat::print(*model), R"(class P.M
  discrete Integer z[1] = 4;
  discrete Integer z[2] = 5;
end P.M;
)");
}
