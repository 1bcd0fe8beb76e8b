// The instance stage's diagnostics: position, message, notes.
#include "flatten_source.h"

#include <gtest/gtest.h>

using mocc::test::flattenErrors;
using mocc::test::flattenSource;
using mocc::test::SourceCompilation;

TEST(FlattenErrors, UndefinedNameSuggestsTheNearestOne) {
  std::string out =
      flattenErrors("model M\n  Real height;\nequation\n  der(hieght) = 1;\nend M;\n");
  EXPECT_EQ(out, "test.mo:4:7: error[E0412]: undefined name 'hieght'\n"
                 "    der(hieght) = 1;\n"
                 "        ^~~~~~\n"
                 "note: did you mean 'height'?\n");
}

TEST(FlattenErrors, DuplicateDeclarationPointsAtBoth) {
  std::string out = flattenErrors("model M\n  Real x;\n  Real x;\nend M;\n");
  EXPECT_NE(out.find("test.mo:3:8: error[E0402]: 'x' is already declared"), std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:2:8: note: the other declaration"), std::string::npos) << out;
}

TEST(FlattenErrors, UnknownAttributeSuggests) {
  std::string out = flattenErrors("model M\n  Real x(strat = 1);\nend M;\n");
  EXPECT_NE(out.find("test.mo:2:10: error[E0404]: Real has no attribute 'strat'"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("did you mean 'start'?"), std::string::npos) << out;
}

TEST(FlattenErrors, TypeErrorsNameBothTypes) {
  std::string out = flattenErrors("model M\n  Real x = true + 1;\nend M;\n");
  EXPECT_NE(out.find("operands of '+' must be Real or Integer, but they are Boolean and Integer"),
            std::string::npos)
      << out;
}

TEST(FlattenErrors, RealEqualityOutsideFunctionsIsRejected) {
  std::string out = flattenErrors("model M\n  Real x = time;\n  Boolean b = x == 1;\nend M;\n");
  EXPECT_NE(out.find("must not compare Real operands outside functions (MLS 3.5)"),
            std::string::npos)
      << out;
}

TEST(FlattenErrors, ParameterBindingMustNotBeContinuous) {
  std::string out = flattenErrors("model M\n  parameter Real p = time;\nend M;\n");
  EXPECT_NE(out.find("test.mo:2:22: error[E0408]: the value of parameter 'p' must be a parameter "
                     "expression, but it is continuous-time"),
            std::string::npos)
      << out;
}

TEST(FlattenErrors, ReinitOutsideWhenAndNestedWhen) {
  std::string out = flattenErrors(R"(model M
  Real x(start = 1);
equation
  der(x) = -x;
  reinit(x, 1);
  when x < 0.5 then
    when x < 0.2 then
    end when;
  end when;
end M;
)");
  EXPECT_NE(out.find("test.mo:5:3: error[E0502]: reinit() is only allowed inside a when-clause"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:7:5: error[E0503]: when-clauses cannot be nested"), std::string::npos)
      << out;
}

TEST(FlattenErrors, WrongArgumentCounts) {
  std::string out = flattenErrors("model M\n  Real x = sin(time, 2);\nend M;\n");
  EXPECT_NE(out.find("'sin' takes 1 argument, but 2 were given"), std::string::npos) << out;
}

TEST(FlattenErrors, UnsupportedConstructsAreNamed) {
  std::string out = flattenErrors(R"(connector Fluid
  Real p;
  flow Real m;
  stream Real h;
end Fluid;
model M
  Fluid a, b;
equation
  connect(a, b);
end M;
)");
  EXPECT_NE(
      out.find("test.mo:9:11: error[E0401]: connect: 'a' has the stream variable 'h'; connecting "
               "stream connectors is not supported yet"),
      std::string::npos)
      << out;
}

TEST(FlattenErrors, SeveralModelsNeedAClassChoice) {
  SourceCompilation c;
  EXPECT_FALSE(flattenSource(c, "model A\nend A;\nmodel B\nend B;\n"));
  EXPECT_EQ(c.rendered(), "error[E0003]: the file defines several models; choose one with --class\n"
                          "note: candidates: A, B\n");
  SourceCompilation d;
  EXPECT_FALSE(flattenSource(d, "model A\nend A;\n", "C"));
  EXPECT_EQ(d.rendered(),
            "error[E0002]: no class named 'C' in the file or its libraries\nnote: candidates: A\n");
}
