// Algorithm sections through the backend (MLS 11.1, 11.2): one block in sorting, outputs
// initialised from pre() or start values, relations generating events, when-statements with
// condition variables assigned in the block, tuple calls, and the diagnostics.
#include "flat_builder.h"

#include "mocc/sim/program.h"

namespace mocc::test {
namespace {

// der(x) = -y with
//   algorithm
//     y := 2*x;
//     if y < 1 then y := 1; end if;
//     when x < 0.5 then n := pre(n) + 1; end when;
struct CountingModel {
  ModelBuilder m;
  std::uint32_t x, y, n;
  CountingModel() {
    x = m.variable("x", Type::Real, flat::Variability::Continuous, number(2));
    y = m.variable("y", Type::Real, flat::Variability::Continuous, number(7));
    n = m.variable("n", Type::Integer, flat::Variability::Discrete);
    m.equation(m.der(x), -m.ref(y));
    m.algorithm({
        assign(y, number(2) * m.ref(x), at(21, 5)),
        ifStatement(m.ref(y) < number(1), {assign(y, number(1), at(22, 20))}, {}, at(22, 5)),
        whenStatement(m.ref(x) < number(0.5), {assign(n, m.pre(n) + integer(1), at(23, 30))},
                      at(23, 5)),
    });
  }
};

TEST(BackendAlgorithms, RelationsAndWhenConditionsInTheDae) {
  CountingModel model;
  Compilation c;
  compileModel(c, model.m.model, {"relations"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("algorithms:\n"
                           "  algorithm -> y, n, $whenCondition1  // test.mo:20:1\n"
                           "    y := 2.0*x\n"
                           "    if $rel0(y < 1.0) then\n"
                           "      y := 1.0\n"
                           "    end if\n"
                           "    $whenCondition1 := $rel1(x < 0.5)\n"
                           "    when $whenCondition1\n"
                           "      n := pre(n) + 1\n"
                           "    end when\n"),
            std::string::npos)
      << c.printed;
  EXPECT_NE(c.printed.find("relations:\n"
                           "  $rel0 state-event y < 1.0  // test.mo:22:5\n"
                           "  $rel1 state-event x < 0.5  // test.mo:23:5\n"),
            std::string::npos)
      << c.printed;
  EXPECT_NE(c.printed.find("  discrete n\n"), std::string::npos) << c.printed;
}

TEST(BackendAlgorithms, OneBlockInSortingAndInEveryList) {
  CountingModel model;
  Compilation c;
  compileModel(c, model.m.model, {"sort"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  algorithm #0 -> y, n, $whenCondition1\n  der(x) := -y\n"),
            std::string::npos)
      << c.printed;
  // MLS 11.1.2: a continuous output starts from its start value, a discrete one from pre().
  const char* block = "  y := 7.0\n"
                      "  n := pre(n)\n"
                      "  $whenCondition1 := pre($whenCondition1)\n"
                      "  y := 2.0*x\n"
                      "  if $rel0(y < 1.0) then\n"
                      "    y := 1.0\n"
                      "  end if\n"
                      "  $whenCondition1 := $rel1(x < 0.5)\n"
                      "  when edge($whenCondition1)\n"
                      "    n := pre(n) + 1\n"
                      "  end when\n";
  std::string listing = sim::print(*c.program);
  for (const char* section : {"derivatives:\n", "outputs:\n", "event:\n"}) {
    EXPECT_NE(listing.find(std::string(section) + block), std::string::npos) << section << listing;
  }
  ASSERT_EQ(c.program->crossings.size(), 2u);
  EXPECT_EQ(c.program->crossings[0].description, "y < 1.0 at test.mo:22:5");
  // Both crossing functions read y or x: the crossing inputs hold the whole block.
  EXPECT_NE(listing.find(std::string("crossing inputs:\n") + block), std::string::npos) << listing;
}

// An algorithm computing only what the outputs need stays out of the derivatives.
TEST(BackendAlgorithms, DerivativesSkipBlocksTheyDoNotNeed) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(1));
  std::uint32_t y = m.variable("y");
  m.equation(m.der(x), -m.ref(x));
  m.algorithm({assign(y, m.ref(x) * m.ref(x))});
  Compilation c;
  compileModel(c, m.model);
  ASSERT_TRUE(c.program) << c.rendered();
  std::string listing = sim::print(*c.program);
  EXPECT_NE(listing.find("derivatives:\n  der(x) := -x\ncrossing inputs:\n"), std::string::npos)
      << listing;
  EXPECT_NE(listing.find("outputs:\n  der(x) := -x\n  y := 0.0\n  y := x*x\n"), std::string::npos)
      << listing;
}

// (a, b) := f(a): every element goes through a temporary so that both see the old a.
TEST(BackendAlgorithms, TupleCallReadingItsTargetUsesTemporaries) {
  FunctionBuilder f("swap");
  std::uint32_t u = f.input("u");
  std::uint32_t v = f.input("v");
  std::uint32_t p = f.output("p");
  std::uint32_t q = f.output("q");
  f.function.body = {assign(p, local(v)), assign(q, local(u))};
  ModelBuilder m;
  std::uint32_t a = m.variable("a", Type::Real, flat::Variability::Discrete);
  std::uint32_t b = m.variable("b", Type::Real, flat::Variability::Discrete);
  std::uint32_t swap = m.function(std::move(f));
  m.algorithm({whenStatement(
      call("sample", {number(0), number(1)}, Type::Boolean),
      {statement(flat::CallStatement{functionCall(swap, 0, {m.ref(a), number(5)}),
                                     {flat::LValue{a, {}}, flat::LValue{b, {}}}})})});
  Compilation c;
  compileModel(c, m.model, {"build-dae"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("    when $whenCondition1\n"
                           "      $tuple1 := swap(a, 5.0)[1]\n"
                           "      $tuple2 := swap(a, 5.0)[2]\n"
                           "      a := $tuple1\n"
                           "      b := $tuple2\n"
                           "    end when\n"),
            std::string::npos)
      << c.printed;
}

TEST(BackendAlgorithmsErrors, StatementsAreChecked) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(1));
  std::uint32_t y = m.variable("y");
  std::uint32_t d = m.variable("d", Type::Real, flat::Variability::Discrete);
  std::uint32_t n = m.variable("n", Type::Integer, flat::Variability::Discrete);
  m.equation(m.der(x), -m.ref(x));
  m.algorithm(
      {
          ifStatement(m.ref(x) > number(0), {whenStatement(m.ref(x) > number(1), {}, at(11, 7))}),
          statement(flat::ReinitStatement{m.ref(x), number(0)}, at(12, 5)),
          statement(flat::WhileStatement{boolean(true), {}}, at(13, 5)),
          assign(x, number(3), at(14, 5)),
          assign(y, number(1), at(15, 5)),
          assign(n, m.ref(y) * number(2), at(19, 5)),
      },
      at(10, 3));
  flat::Equation& when = m.model.equations.emplace_back();
  when.node = flat::When{{{m.ref(x) > number(2), {equality(m.ref(d), number(1))}, at(16, 3)}}};
  when.range = at(16, 3);
  m.algorithm({assign(d, number(2))}, at(17, 3));
  m.model.algorithms.push_back(
      {{whenStatement(m.ref(x) > number(1), {}, at(18, 5))}, true, at(18, 3)});
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  std::string out = c.rendered();
  EXPECT_NE(out.find("test.mo:11:7: error[E0503]: a when-statement cannot be used inside an "
                     "if-statement (MLS 11.2.7)"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find("test.mo:12:5: error[E0502]: reinit() can only be used inside a when-statement"),
      std::string::npos)
      << out;
  EXPECT_NE(
      out.find("test.mo:13:5: error[E0401]: while-loops in algorithm sections are not supported "
               "yet"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:17:3: error[E0504]: 'd' is assigned both in a when-clause and in an "
                     "algorithm section"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:16:3: note: the when-clause"), std::string::npos) << out;
  EXPECT_NE(out.find("test.mo:18:5: error[E0503]: a when-statement cannot be used in an initial "
                     "algorithm section (MLS 11.2.7)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:19:5: error[E0405]: Integer 'n' cannot be assigned a Real value"),
            std::string::npos)
      << out;
}

TEST(BackendAlgorithmsErrors, StatesCannotBeAssigned) {
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(1));
  m.equation(m.der(x), number(1));
  m.algorithm({assign(x, number(3))}, at(14, 3));
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  EXPECT_NE(
      c.rendered().find("test.mo:14:3: error[E0503]: 'x' is a state (it appears in der()) and "
                        "cannot be assigned in an algorithm section"),
      std::string::npos)
      << c.rendered();
}

// Two algorithm sections reading each other's outputs form an algebraic loop.
TEST(BackendAlgorithmsErrors, LoopBetweenAlgorithmsIsReported) {
  ModelBuilder m;
  std::uint32_t a = m.variable("a");
  std::uint32_t b = m.variable("b");
  m.algorithm({assign(a, m.ref(b) + number(1))}, at(5, 3));
  m.algorithm({assign(b, m.ref(a) * number(2))}, at(8, 3));
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  std::string out = c.rendered();
  EXPECT_NE(
      out.find("error[E0507]: algebraic loop through a when-clause or an algorithm section: 2 "
               "blocks must be solved together for a, b"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:5:3: note: part of the loop"), std::string::npos) << out;
  EXPECT_NE(out.find("test.mo:8:3: note: part of the loop"), std::string::npos) << out;
}

} // namespace
} // namespace mocc::test
