// User functions through the backend (MLS 12): frame layout and bodies in the DAE and program
// printers, calls from model equations (shared output elements, sorting, nonlinear calls) and
// the diagnostics of function bodies. Models are built by hand (flat_builder.h).
#include "flat_builder.h"

#include "mocc/sim/program.h"

namespace mocc::test {
namespace {

// f(x, v[3]) -> (y, w[2]): t := 2x; y := sum of v[i]*t; w := {y, -y}.
FunctionBuilder sumFunction() {
  FunctionBuilder f("P.f");
  std::uint32_t x = f.input("x");
  std::uint32_t y = f.output("y");
  std::uint32_t v = f.input("v", Type::Real, {3});
  std::uint32_t w = f.output("w", Type::Real, {2});
  std::uint32_t t = f.protectedVariable("t");
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  f.function.body = {
      assign(t, local(x) * number(2)),
      forStatement(i, integer(1), integer(3),
                   {assign(y, local(y) + element(v, {local(i, Type::Integer)}) * local(t))}),
      assignElement(w, {integer(1)}, local(y)),
      assignElement(w, {integer(2)}, -local(y)),
  };
  return f;
}

TEST(BackendFunctions, FrameLayoutAndBodyArePrinted) {
  ModelBuilder m;
  std::uint32_t z = m.variable("z");
  std::uint32_t f = m.function(sumFunction());
  m.equation(m.ref(z), functionCall(f, 2, {timeExpr(), number(1), number(2), number(3)}));
  Compilation c;
  compileModel(c, m.model, {"build-program"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  z := P.f(time, 1.0, 2.0, 3.0)[3]\n"), std::string::npos) << c.printed;
  // Inputs first, then outputs, then protected variables, in declaration order.
  EXPECT_NE(c.printed.find("functions:\n"
                           "  function P.f (4 inputs, 3 outputs, frame 9)\n"
                           "    input Real x @0\n"
                           "    input Real v[3] @1\n"
                           "    output Real y @4\n"
                           "    output Real w[2] @5\n"
                           "    protected Real t @7\n"
                           "    protected Integer i @8\n"
                           "    t := x*2.0\n"
                           "    for i in 1:1:3 loop\n"
                           "      y := y + v[i - 1]*t\n"
                           "    end for\n"
                           "    w[0] := y\n"
                           "    w[1] := -y\n"
                           "  end P.f\n"),
            std::string::npos)
      << c.printed;
  ASSERT_EQ(c.program->functions.size(), 1u);
  const sim::Function& code = c.program->functions[0];
  EXPECT_EQ(code.inputCount, 4u);
  EXPECT_EQ(code.outputCount, 3u);
  EXPECT_EQ(code.frameSize, 9u);
  // Arrays carry the message a failed subscript check reports.
  ASSERT_LT(code.locals[1].boundsMessage, c.program->messages.size());
  EXPECT_EQ(c.program->messages[code.locals[1].boundsMessage],
            "array index out of bounds for 'v' in function 'P.f'");
}

TEST(BackendFunctions, DaePrinterShowsFunctions) {
  ModelBuilder m;
  std::uint32_t z = m.variable("z");
  std::uint32_t f = m.function(sumFunction());
  m.equation(m.ref(z), functionCall(f, 0, {timeExpr(), number(1), number(2), number(3)}));
  Compilation c;
  compileModel(c, m.model, {"build-dae"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  z = P.f(time, 1.0, 2.0, 3.0)[1]\n"), std::string::npos) << c.printed;
  EXPECT_NE(c.printed.find("functions:\n  function P.f (4 inputs, 3 outputs, frame 9)\n"),
            std::string::npos)
      << c.printed;
}

// Two-dimensional subscripts that are not constant check every dimension: the offset is -1
// when one is out of range, which the run-time check rejects.
TEST(BackendFunctions, MatrixSubscriptsCheckEachDimension) {
  FunctionBuilder g("g");
  std::uint32_t a = g.input("a", Type::Real, {2, 3});
  std::uint32_t i = g.input("i", Type::Integer);
  std::uint32_t y = g.output("y");
  g.function.body = {assign(y, element(a, {local(i, Type::Integer), integer(3)}) +
                                   element(a, {integer(2), integer(1)}))};
  ModelBuilder m;
  std::uint32_t z = m.variable("z");
  std::vector<Expr> args;
  for (int k = 0; k < 6; ++k)
    args.push_back(number(k));
  args.push_back(integer(1));
  m.equation(m.ref(z), functionCall(m.function(g), 0, args));
  Compilation c;
  compileModel(c, m.model, {"build-program"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("    y := a[if i >= 1 and i <= 2 then (i - 1)*3 + 2 else -1] + a[3]\n"),
            std::string::npos)
      << c.printed;
}

TEST(BackendFunctions, CallStatementAssignsOutputElements) {
  FunctionBuilder divide("divide");
  std::uint32_t n = divide.input("n", Type::Integer);
  std::uint32_t d = divide.input("d", Type::Integer);
  std::uint32_t q = divide.output("q", Type::Integer);
  std::uint32_t r = divide.output("r", Type::Integer);
  divide.function.body = {
      assign(q, call("div", {local(n, Type::Integer), local(d, Type::Integer)}, Type::Integer)),
      assign(r, local(n, Type::Integer) - local(q, Type::Integer) * local(d, Type::Integer))};
  ModelBuilder m;
  std::uint32_t divideIndex = m.function(std::move(divide));
  FunctionBuilder user("user");
  std::uint32_t x = user.input("x", Type::Integer);
  std::uint32_t y = user.output("y", Type::Integer);
  std::uint32_t rest = user.protectedVariable("rest", Type::Integer);
  flat::CallStatement tuple{functionCall(divideIndex, 0, {local(x, Type::Integer), integer(7)}),
                            {flat::LValue{y, {}}, flat::LValue{rest, {}}}};
  user.function.body = {statement(std::move(tuple))};
  std::uint32_t z = m.variable("z");
  m.equation(m.ref(z), functionCall(m.function(std::move(user)), 0, {integer(23)}, Type::Integer));
  Compilation c;
  compileModel(c, m.model, {"build-program"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("    (y <- [1], rest <- [2]) := divide(x, 7)\n"), std::string::npos)
      << c.printed;
}

// (a, b) = g(x) arrives as a = g(x)[1], b = g(x)[2]; equal calls are one DAG node apart from
// the output element, and each equation is explicit in its unknown.
TEST(BackendFunctions, EquationsCallingFunctionsAreSorted) {
  FunctionBuilder g("g");
  std::uint32_t u = g.input("u");
  std::uint32_t s = g.output("s");
  std::uint32_t p = g.output("p");
  g.function.body = {assign(s, local(u) + number(1)), assign(p, local(u) * number(3))};
  ModelBuilder m;
  std::uint32_t x = m.variable("x", Type::Real, flat::Variability::Continuous, number(1));
  std::uint32_t a = m.variable("a");
  std::uint32_t b = m.variable("b");
  std::uint32_t gIndex = m.function(std::move(g));
  m.equation(m.der(x), m.ref(a) - m.ref(b));
  m.equation(m.ref(a), functionCall(gIndex, 0, {m.ref(x)}));
  m.equation(functionCall(gIndex, 1, {m.ref(x)}), m.ref(b));
  Compilation c;
  compileModel(c, m.model, {"sort"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  a := g(x)[1]\n  b := g(x)[2]\n  der(x) := a - b\n"),
            std::string::npos)
      << c.printed;
  // The derivatives need the call: it is in the derivative function.
  std::string listing = sim::print(*c.program);
  EXPECT_NE(listing.find("derivatives:\n  a := g(x)[1]\n  b := g(x)[2]\n  der(x) := a - b\n"),
            std::string::npos)
      << listing;
}

// g has no derivative annotation: y = g(y)-style equations are solved by Newton, with a
// Jacobian through g's body of one assignment (dae::inlinedFunctions).
TEST(BackendFunctions, UnknownInCallArgumentsIsNonlinear) {
  FunctionBuilder g("g");
  std::uint32_t u = g.input("u");
  std::uint32_t s = g.output("s");
  g.function.body = {assign(s, local(u) * local(u))};
  ModelBuilder m;
  std::uint32_t y = m.variable("y");
  m.equation(functionCall(m.function(std::move(g)), 0, {m.ref(y)}), timeExpr(), at(7, 3));
  Compilation c;
  compileModel(c, m.model, {"sort"});
  ASSERT_TRUE(c.program) << c.rendered();
  EXPECT_NE(c.printed.find("  nonlinear system of 1 equation, torn to 1: y  // test.mo:7:3\n"
                           "      0 = g(y)[1] - time\n"
                           "      jacobian: 1 nonzero\n"),
            std::string::npos)
      << c.printed;
}

// Function bodies only see their variables and constants; inputs are read-only; break needs a
// loop; constant subscripts are checked; when and time do not belong in functions.
TEST(BackendFunctionsErrors, BodiesAreChecked) {
  ModelBuilder m;
  std::uint32_t z = m.variable("z");
  FunctionBuilder f("bad");
  std::uint32_t x = f.input("x");
  std::uint32_t y = f.output("y");
  std::uint32_t v = f.protectedVariable("v", Type::Real, {2});
  std::uint32_t k = f.protectedVariable("k", Type::Integer);
  Expr three = integer(3);
  three.range = at(6, 7);
  f.function.body = {
      assign(y, m.ref(z), at(3, 5)),
      assign(x, number(1), at(4, 5)),
      statement(flat::BreakStatement{}, at(5, 5)),
      assignElement(v, {three}, number(1), at(6, 5)),
      whenStatement(local(x) > number(0), {}, at(7, 5)),
      assign(y, timeExpr(), at(8, 5)),
      assign(k, number(0.5), at(9, 5)),
  };
  m.function(std::move(f));
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  std::string out = c.rendered();
  EXPECT_NE(
      out.find("error[E0401]: model variable 'z' cannot be used inside function 'bad' (MLS 12.2)"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:4:5: error[E0407]: input 'x' of function 'bad' cannot be assigned"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:5:5: error[E0401]: break outside a for- or while-loop"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find("test.mo:6:7: error[E0406]: subscript 3 is out of range for dimension 1 of 'v' "
               "(size 2)"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:7:5: error[E0401]: when cannot be used inside function 'bad'"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("error[E0401]: time cannot be used inside function 'bad'"), std::string::npos)
      << out;
  EXPECT_NE(out.find("test.mo:9:5: error[E0405]: Integer 'k' cannot be assigned a Real value"),
            std::string::npos)
      << out;
}

TEST(BackendFunctionsErrors, CallArgumentCountMustMatch) {
  FunctionBuilder g("g");
  g.input("u");
  g.output("s");
  ModelBuilder m;
  std::uint32_t y = m.variable("y");
  Expr bad = functionCall(m.function(std::move(g)), 0, {number(1), number(2)});
  bad.range = at(9, 4);
  m.equation(m.ref(y), bad);
  Compilation c;
  compileModel(c, m.model);
  EXPECT_FALSE(c.program);
  EXPECT_NE(c.rendered().find(
                "test.mo:9:4: error[E0406]: call of 'g' with 2 argument elements for output "
                "element 0; it has 1 input and 1 output elements"),
            std::string::npos)
      << c.rendered();
}

} // namespace
} // namespace mocc::test
