// If-equations with non-parameter conditions through the backend (MLS 8.3.4): the k-th
// equations of all branches become one equation with if-expressions, in the explicit form when
// a variable stands alone on one side everywhere, else as a residual; conditions generate
// events; branch sizes must agree.
#include "flat_builder.h"

#include "mocc/sim/program.h"

namespace mocc::test {
namespace {

flat::Equation ifEquation(std::vector<flat::EquationBranch> branches,
                          std::vector<flat::Equation> elseBody, SourceRange range = {}) {
  flat::IfEquation e;
  e.branches = std::move(branches);
  e.elseBody = std::move(elseBody);
  return {std::move(e), range};
}

// if x > 1 then y = 2*x; z = y; else -x = y; z = 0; end if;
TEST(BackendIfEquations, VariableAloneOnOneSideGivesExplicitForm) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(2));
  std::uint32_t y = m.variable("y");
  std::uint32_t z = m.variable("z");
  m.equation(m.der(x), -m.ref(z));
  m.model.equations.push_back(ifEquation(
      {{m.ref(x) > number(1),
        {equality(m.ref(y), number(2) * m.ref(x), at(4, 5)), equality(m.ref(z), m.ref(y))},
        at(3, 3)}},
      {equality(-m.ref(x), m.ref(y)), equality(m.ref(z), number(0))}, at(3, 3)));
  Compilation c;
  compileModel(c, m.model, {"relations", "sort"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  y = if $rel0(x > 1.0) then 2.0*x else -x  // test.mo:4:5\n"
                           "  -der(x) = if $rel0(x > 1.0) then y else 0.0\n"),
            std::string::npos)
      << c.printed;
  EXPECT_NE(c.printed.find("  $rel0 state-event x > 1.0"), std::string::npos) << c.printed;
  // z is a negated alias of der(x) (pass alias-elim): its equation computes der(x).
  EXPECT_NE(c.printed.find("  y := if $rel0(x > 1.0) then 2.0*x else -x  // test.mo:4:5\n"
                           "  der(x) := -(if $rel0(x > 1.0) then y else 0.0)\n"),
            std::string::npos)
      << c.printed;
}

// if time < 1 then 2*y = time; elseif time < 2 then y + 1 = time; else y = 3; end if;
TEST(BackendIfEquations, OtherwiseResidualForm) {
  ModelBuilder m;
  std::uint32_t y = m.variable("y");
  m.model.equations.push_back(
      ifEquation({{timeExpr() < number(1), {equality(number(2) * m.ref(y), timeExpr())}, at(3, 3)},
                  {timeExpr() < number(2), {equality(m.ref(y) + number(1), timeExpr())}, at(5, 3)}},
                 {equality(m.ref(y), number(3))}));
  Compilation c;
  compileModel(c, m.model, {"build-dae", "sort"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  0.0 = if time < 1.0 then 2.0*y - time else if time < 2.0 then y + "
                           "1.0 - time else y - 3.0\n"),
            std::string::npos)
      << c.printed;
  // Solved through the if-expression: the time conditions became scheduled time events.
  EXPECT_NE(c.printed.find("  y := -(if $rel0(time < 1.0) then -time else if $rel1(time < 2.0) "
                           "then 1.0 - time else -3.0)/(if $rel0(time < 1.0) then 2.0 else "
                           "1.0)\n"),
            std::string::npos)
      << c.printed;
  EXPECT_EQ(c.program->timeEvents.size(), 2u);
}

// Nested if-equations are lowered first; an assertion holds when its branch is not selected.
TEST(BackendIfEquations, NestedIfAndAssertions) {
  ModelBuilder m;
  std::uint32_t y = m.variable("y");
  std::uint32_t b = m.variable("b", Type::Boolean, flat::Variability::Discrete);
  m.equation(m.ref(b), timeExpr() > number(5));
  flat::Equation inner = ifEquation({{m.ref(b), {equality(m.ref(y), number(1))}, at(4, 5)}},
                                    {equality(m.ref(y), number(2))}, at(4, 5));
  flat::Equation check{flat::AssertEquation{m.ref(y) < number(10), text("too big")}, at(6, 5)};
  m.model.equations.push_back(ifEquation({{timeExpr() < number(1), {inner, check}, at(3, 3)}},
                                         {equality(m.ref(y), number(3))}, at(3, 3)));
  Compilation c;
  compileModel(c, m.model, {"build-dae"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  y = if time < 1.0 then if b then 1.0 else 2.0 else 3.0\n"),
            std::string::npos)
      << c.printed;
  EXPECT_NE(c.printed.find("  assert(if time < 1.0 then y < 10.0 else true, \"too big\")"),
            std::string::npos)
      << c.printed;
}

TEST(BackendIfEquations, InsideWhenClauseBecomesAssignment) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(0));
  std::uint32_t d = m.variable("d", Type::Real, flat::Variability::Discrete);
  m.equation(m.der(x), number(1));
  flat::When when;
  when.branches.push_back(
      {m.ref(x) > number(1),
       {ifEquation({{m.ref(x) > number(3), {equality(m.ref(d), m.pre(d) + number(1))}, at(5, 5)}},
                   {equality(m.ref(d), number(0))})},
       at(4, 3)});
  m.model.equations.push_back({std::move(when), at(4, 3)});
  Compilation c;
  compileModel(c, m.model, {"build-dae"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("    d := if x > 3.0 then pre(d) + 1.0 else 0.0\n"), std::string::npos)
      << c.printed;
}

TEST(BackendIfEquationsErrors, BranchSizesMustAgree) {
  ModelBuilder m;
  std::uint32_t y = m.variable("y");
  std::uint32_t z = m.variable("z");
  m.model.equations.push_back(ifEquation(
      {{timeExpr() < number(1),
        {equality(m.ref(y), number(1)), equality(m.ref(z), number(1))},
        at(3, 3)},
       {timeExpr() < number(2), {equality(m.ref(y), number(2))}, at(6, 3)}},
      {equality(m.ref(y), number(3), at(9, 5)), equality(m.ref(z), number(3))}, at(3, 3)));
  m.model.equations.push_back(ifEquation(
      {{timeExpr() > number(4), {equality(m.ref(z), number(1))}, at(12, 3)}}, {}, at(12, 3)));
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  std::string out = c.rendered();
  EXPECT_NE(
      out.find("test.mo:6:3: error[E0505]: this branch has 1 equation but the first branch has 2 "
               "equations; every branch of an if-equation with non-parameter conditions "
               "needs the same number of equations (MLS 8.3.4)"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:3:3: note: the first branch"), std::string::npos) << out;
  EXPECT_NE(
      out.find("test.mo:12:3: error[E0505]: the missing else-branch counts as 0 equations but the "
               "first branch has 1 equation"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:12:3: note: the first branch"), std::string::npos) << out;
}

} // namespace
} // namespace mocc::test
