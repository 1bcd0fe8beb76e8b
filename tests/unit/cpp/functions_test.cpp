// User functions in generated C++ against the JIT, bit for bit, called from model code (the
// functions of a generated file are internal): recursion, for and while loops with break and
// return, Real ranges, arrays, tuple outputs, asserts and subscript checks reported through
// instance->report, and `and` short-circuiting inside functions. The functions are built as
// flat::Functions and go through the backend, as in backend/llvm's tests.
#include "cpp_test_support.h"
#include "flat_model.h"
#include "sample_functions.h"

#include <cmath>

namespace mocc::backend::cpp::test {
namespace {

using namespace mocc::test;
using jit::test::checked;
using jit::test::compileModel;
using jit::test::described;
using jit::test::factorial;
using jit::test::firstAbove;
using jit::test::gcd;
using jit::test::pick;
using jit::test::rangeSum;
using mocc::test::assign;

// transpose(a[2, 3]) -> b[3, 2].
FunctionBuilder transpose() {
  FunctionBuilder f("transpose");
  std::uint32_t a = f.input("a", Type::Real, {2, 3});
  std::uint32_t b = f.output("b", Type::Real, {3, 2});
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  std::uint32_t j = f.protectedVariable("j", Type::Integer);
  Expr I = local(i, Type::Integer), J = local(j, Type::Integer);
  f.function.body = {forStatement(
      i, integer(1), integer(2),
      {forStatement(j, integer(1), integer(3), {assignElement(b, {J, I}, element(a, {I, J}))})})};
  return f;
}

// divide(n, d) -> (q, r), and user(x) combining them through a tuple assignment and calls.
FunctionBuilder divide() {
  FunctionBuilder f("divide");
  std::uint32_t n = f.input("n", Type::Integer);
  std::uint32_t d = f.input("d", Type::Integer);
  std::uint32_t q = f.output("q", Type::Integer);
  std::uint32_t r = f.output("r", Type::Integer);
  auto I = [](std::uint32_t v) { return local(v, Type::Integer); };
  f.function.body = {assign(q, call("div", {I(n), I(d)}, Type::Integer)),
                     assign(r, I(n) - I(q) * I(d))};
  return f;
}
FunctionBuilder tupleUser(std::uint32_t divideIndex) {
  FunctionBuilder f("user");
  auto I = [](std::uint32_t v) { return local(v, Type::Integer); };
  std::uint32_t x = f.input("x", Type::Integer);
  std::uint32_t viaTuple = f.output("viaTuple", Type::Integer);
  std::uint32_t viaCalls = f.output("viaCalls", Type::Integer);
  std::uint32_t qq = f.protectedVariable("qq", Type::Integer);
  std::uint32_t rr = f.protectedVariable("rr", Type::Integer);
  std::vector<Expr> args{I(x), integer(7)};
  f.function.body = {
      statement(flat::CallStatement{functionCall(divideIndex, 0, args, Type::Integer),
                                    {flat::LValue{qq, {}}, flat::LValue{rr, {}}}}),
      assign(viaTuple, integer(10) * I(qq) + I(rr)),
      assign(viaCalls, integer(10) * functionCall(divideIndex, 0, args, Type::Integer) +
                           functionCall(divideIndex, 1, args, Type::Integer)),
  };
  return f;
}

// count(v[3]): how many leading elements are positive, with `i <= 3 and v[i] > 0`.
FunctionBuilder countPositive() {
  FunctionBuilder f("count");
  std::uint32_t v = f.input("v", Type::Real, {3});
  std::uint32_t n = f.output("n", Type::Integer);
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  Expr I = local(i, Type::Integer);
  f.function.body = {
      assign(i, integer(1)),
      whileStatement(I <= integer(3) && element(v, {I}) > number(0), {assign(i, I + integer(1))}),
      assign(n, I - integer(1)),
  };
  return f;
}

/// The functions above, compiled through the backend into one program, with for each function
/// a caller in outputs(): value variables for its inputs and outputs,
/// `out := if selected == f then f(ins)[k] else out`, so that only the selected function runs
/// (an If node evaluates only its taken branch).
struct Library {
  mocc::test::Compilation backend;
  sim::Program program;
  struct Caller {
    std::vector<std::uint32_t> inputs, outputs; // v indices
  };
  std::vector<Caller> callers;
  std::uint32_t selected = 0; // the variable choosing the function to call

  Library() {
    ModelBuilder m;
    m.function(factorial(0));
    m.function(firstAbove());
    m.function(gcd());
    m.function(rangeSum());
    m.function(transpose());
    std::uint32_t divideIndex = m.function(divide());
    m.function(tupleUser(divideIndex));
    m.function(checked());
    m.function(pick());
    m.function(countPositive());
    m.function(described());
    compileModel(backend, m.model);
    EXPECT_TRUE(backend.program) << backend.rendered();
    if (!backend.program) return;
    program = *backend.program;
    selected = addValue("selected");
    for (std::uint32_t f = 0; f < program.functions.size(); ++f)
      callers.push_back(addCaller(f));
  }

  Caller addCaller(std::uint32_t function) {
    const sim::Function& callee = program.functions[function];
    Caller caller;
    std::vector<expr::Id> args;
    for (std::uint32_t i = 0; i < callee.inputCount; ++i) {
      caller.inputs.push_back(program.valueCount);
      args.push_back(program.pool.variable(addValue(callee.name + ".in"), expr::Type::Real));
    }
    for (std::uint32_t o = 0; o < callee.outputCount; ++o) {
      caller.outputs.push_back(program.valueCount);
      std::uint32_t out = addValue(callee.name + ".out");
      expr::Pool& p = program.pool;
      expr::Id call = p.functionCall(function, o, expr::Type::Real, args);
      expr::Id chosen =
          p.compare(expr::Op::Eq, p.variable(selected, expr::Type::Real), p.real(function));
      expr::Id value = p.ifThenElse(chosen, call, p.variable(out, expr::Type::Real));
      program.outputs.push_back(sim::Statement{sim::Assign{out, value}, "test.mo:1:1"});
    }
    return caller;
  }

  std::uint32_t addValue(const std::string& name) {
    program.variables.push_back(sim::Variable{name, "", sim::Region::Value, program.valueCount++,
                                              expr::Type::Real, sim::Kind::Algebraic, false, ""});
    return static_cast<std::uint32_t>(program.variables.size() - 1);
  }
};

/// Calls function `f` through outputs() on both compilations; expects equal bits and reports;
/// returns the C++ outputs.
std::vector<double> call(const Library& library, BothWays& both, Instance& jit, Instance& cpp,
                         std::uint32_t f, const std::vector<double>& inputs) {
  const Library::Caller& caller = library.callers[f];
  EXPECT_EQ(inputs.size(), caller.inputs.size());
  for (Instance* instance : {&jit, &cpp}) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
      instance->v[caller.inputs[i]] = inputs[i];
    instance->v[library.program.variables[library.selected].index] = f;
    (*instance)->time = 2.5;
  }
  both.jit->model().outputs(jit.get());
  both.cpp->model().outputs(cpp.get());
  expectSameState(jit, cpp, library.program.functions[f].name);
  std::vector<double> outputs;
  for (std::uint32_t o : caller.outputs)
    outputs.push_back(cpp.v[o]);
  return outputs;
}

class CppFunctions : public ::testing::Test {
protected:
  void SetUp() override {
    both = compileBothWays(library.program, testName());
    ASSERT_TRUE(both.ok());
    jit.emplace(both.jit->model());
    cpp.emplace(both.cpp->model());
  }
  std::vector<double> call(std::uint32_t f, const std::vector<double>& inputs) {
    return test::call(library, both, *jit, *cpp, f, inputs);
  }
  std::size_t reports() const { return cpp->reports.size(); }

  Library library;
  BothWays both;
  std::optional<Instance> jit, cpp;
};

TEST_F(CppFunctions, RecursionLoopsBreakAndReturn) {
  EXPECT_EQ(call(0, {10})[0], 3628800);
  EXPECT_EQ(call(1, {1, 5, 2, 7, 3, 4})[0], 2);
  EXPECT_EQ(call(1, {1, 5, 2, 7, 3, 9})[0], 0);
  EXPECT_EQ(call(1, {1, 5, 2, 7, 3, -1})[0], -1);
  EXPECT_EQ(call(2, {48, 18})[0], 6);
  EXPECT_EQ(call(3, {1, -0.25, 0}), (std::vector<double>{2.5, 5}));
  EXPECT_EQ(call(3, {1, 0, 3}), (std::vector<double>{0, 0})); // step 0: no pass
  double expected = 0;
  int count = 0;
  for (int k = 0; 0.1 + k * 0.1 <= 1.0; ++k, ++count)
    expected += 0.1 + k * 0.1; // start + k*step, never accumulated
  EXPECT_EQ(call(3, {0.1, 0.1, 1.0}), (std::vector<double>{expected, double(count)}));
}

TEST_F(CppFunctions, ArraysAndTupleOutputs) {
  EXPECT_EQ(call(4, {11, 12, 13, 21, 22, 23}), (std::vector<double>{11, 21, 12, 22, 13, 23}));
  EXPECT_EQ(call(5, {23, 7}), (std::vector<double>{3, 2}));
  EXPECT_EQ(call(6, {-23}), (std::vector<double>{-32, -32}));
}

TEST_F(CppFunctions, AssertsAndSubscriptChecksReport) {
  EXPECT_EQ(call(7, {4})[0], 3);
  EXPECT_EQ(reports(), 0u);
  EXPECT_EQ(call(7, {-1})[0], 0); // aborted before any assignment
  ASSERT_EQ(reports(), 1u);
  EXPECT_EQ(cpp->reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(library.program.messages[cpp->reports[0].message], "x must not be negative");
  EXPECT_EQ(cpp->reports[0].time, 2.5);
  EXPECT_EQ(call(7, {400})[0], 21);
  ASSERT_EQ(reports(), 2u);
  EXPECT_EQ(cpp->reports[1].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(call(8, {10, 20, 30, 2})[0], 20.5);
  for (double outside : {0.0, 4.0, -7.0, std::nan("")})
    EXPECT_EQ(call(8, {10, 20, 30, outside})[0], -1) << outside;
  ASSERT_EQ(reports(), 6u);
  EXPECT_EQ(library.program.messages[cpp->reports[5].message],
            "array index out of bounds for 'v' in function 'pick'");
}

// Messages with values computed where the assert fails (String()): the same texts as the JIT.
TEST_F(CppFunctions, MessagesShowValuesComputedAtRunTime) {
  EXPECT_EQ(call(10, {0.5, 2, 1})[0], 2.5);
  EXPECT_EQ(reports(), 0u);
  EXPECT_EQ(call(10, {1.5, 3, 1})[0], -1); // aborted
  ASSERT_EQ(reports(), 1u);
  EXPECT_EQ(cpp->reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(cpp->reports[0].text, "x = 1.5, n = 3, b = true");
  EXPECT_DOUBLE_EQ(call(10, {0.123456789, 7, 0})[0], 7.123456789);
  ASSERT_EQ(reports(), 2u);
  EXPECT_EQ(cpp->reports[1].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(cpp->reports[1].text, "n = 7: x =   0.123");
  EXPECT_EQ(call(10, {3, -4, 0})[0], -1);
  ASSERT_EQ(reports(), 3u);
  EXPECT_EQ(cpp->reports[2].text, "x = 3, n = -4, b = false");
}

TEST_F(CppFunctions, AndShortCircuitsInFunctions) {
  EXPECT_EQ(call(9, {1, 2, 3})[0], 3); // i = 4 never reads v[4]
  EXPECT_EQ(call(9, {1, -2, 3})[0], 1);
  EXPECT_EQ(reports(), 0u);
}

} // namespace
} // namespace mocc::backend::cpp::test
