// User functions compiled by the JIT and called directly (C signature of program.h):
// recursion, for/while loops with break and return, array arguments and outputs, tuple
// outputs, asserts and subscript checks reported through instance->report, purity attributes,
// and calls from model equations.
#include "flat_model.h"
#include "sample_functions.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>

#include <cmath>

namespace mocc::backend::jit::test {
namespace {

/// A model with no equations, only `functions`.
flat::Model library(std::vector<FunctionBuilder> functions) {
  ModelBuilder m;
  for (FunctionBuilder& f : functions)
    m.function(std::move(f));
  return m.model;
}

TEST(JitUserFunctions, RecursiveFactorial) {
  auto c = compileFlat(library({factorial(0)}));
  ASSERT_TRUE(c->compiled);
  auto fact = c->function(0);
  ASSERT_NE(fact, nullptr);
  EXPECT_EQ(c->function(1), nullptr);
  EXPECT_EQ(callFunction(fact, {0}, 1)[0], 1);
  EXPECT_EQ(callFunction(fact, {5}, 1)[0], 120);
  EXPECT_EQ(callFunction(fact, {10}, 1)[0], 3628800);
}

TEST(JitUserFunctions, ForLoopWithBreakAndReturn) {
  auto c = compileFlat(library({firstAbove()}));
  ASSERT_TRUE(c->compiled);
  auto f = c->function(0);
  EXPECT_EQ(callFunction(f, {1, 5, 2, 7, 3, 4}, 1)[0], 2);
  EXPECT_EQ(callFunction(f, {1, 5, 2, 7, 3, 6}, 1)[0], 4);
  EXPECT_EQ(callFunction(f, {1, 5, 2, 7, 3, 9}, 1)[0], 0);
  EXPECT_EQ(callFunction(f, {1, 5, 2, 7, 3, -1}, 1)[0], -1);
}

TEST(JitUserFunctions, WhileLoopAndRealRanges) {
  auto c = compileFlat(library({gcd(), rangeSum()}));
  ASSERT_TRUE(c->compiled);
  EXPECT_EQ(callFunction(c->function(0), {48, 18}, 1)[0], 6);
  EXPECT_EQ(callFunction(c->function(0), {7, 0}, 1)[0], 7);
  auto sum = c->function(1);
  EXPECT_EQ(callFunction(sum, {1, -0.25, 0}, 2), (std::vector<double>{2.5, 5}));
  EXPECT_EQ(callFunction(sum, {1, 0.25, 0}, 2), (std::vector<double>{0, 0}));
  EXPECT_EQ(callFunction(sum, {1, 0, 3}, 2), (std::vector<double>{0, 0})); // step 0: no pass
  // start + k*step, not repeated addition: 0.1 + 2*0.1 is 0.30000000000000004 either way, but
  // the last value must be exactly 0.1 + 9*0.1.
  std::vector<double> tenths = callFunction(sum, {0.1, 0.1, 1.0}, 2);
  double expected = 0;
  int count = 0;
  for (int k = 0; 0.1 + k * 0.1 <= 1.0; ++k, ++count)
    expected += 0.1 + k * 0.1;
  EXPECT_EQ(tenths[0], expected);
  EXPECT_EQ(tenths[1], count);
}

// transpose(a[2, 3]) -> b[3, 2], with nested loops and two subscripts on each side.
TEST(JitUserFunctions, ArrayArgumentsAndOutputs) {
  FunctionBuilder f("transpose");
  std::uint32_t a = f.input("a", Type::Real, {2, 3});
  std::uint32_t b = f.output("b", Type::Real, {3, 2});
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  std::uint32_t j = f.protectedVariable("j", Type::Integer);
  Expr I = local(i, Type::Integer), J = local(j, Type::Integer);
  f.function.body = {forStatement(
      i, integer(1), integer(2),
      {forStatement(j, integer(1), integer(3), {assignElement(b, {J, I}, element(a, {I, J}))})})};
  auto c = compileFlat(library({std::move(f)}));
  ASSERT_TRUE(c->compiled);
  EXPECT_EQ(callFunction(c->function(0), {11, 12, 13, 21, 22, 23}, 6),
            (std::vector<double>{11, 21, 12, 22, 13, 23}));
}

// divide(n, d) -> (q, r); user(x) := (q, r) of divide(x, 7) combined as 10*q + r, both through
// a multiple assignment and through two FunctionCall nodes.
TEST(JitUserFunctions, TupleOutputs) {
  FunctionBuilder divide("divide");
  std::uint32_t n = divide.input("n", Type::Integer);
  std::uint32_t d = divide.input("d", Type::Integer);
  std::uint32_t q = divide.output("q", Type::Integer);
  std::uint32_t r = divide.output("r", Type::Integer);
  auto I = [](std::uint32_t v) { return local(v, Type::Integer); };
  divide.function.body = {assign(q, call("div", {I(n), I(d)}, Type::Integer)),
                          assign(r, I(n) - I(q) * I(d))};
  FunctionBuilder user("user");
  std::uint32_t x = user.input("x", Type::Integer);
  std::uint32_t viaTuple = user.output("viaTuple", Type::Integer);
  std::uint32_t viaCalls = user.output("viaCalls", Type::Integer);
  std::uint32_t qq = user.protectedVariable("qq", Type::Integer);
  std::uint32_t rr = user.protectedVariable("rr", Type::Integer);
  std::vector<Expr> args{I(x), integer(7)};
  user.function.body = {
      statement(flat::CallStatement{functionCall(0, 0, args, Type::Integer),
                                    {flat::LValue{qq, {}}, flat::LValue{rr, {}}}}),
      assign(viaTuple, integer(10) * I(qq) + I(rr)),
      assign(viaCalls, integer(10) * functionCall(0, 0, args, Type::Integer) +
                           functionCall(0, 1, args, Type::Integer)),
  };
  auto c = compileFlat(library({std::move(divide), std::move(user)}));
  ASSERT_TRUE(c->compiled);
  EXPECT_EQ(callFunction(c->function(0), {23, 7}, 2), (std::vector<double>{3, 2}));
  EXPECT_EQ(callFunction(c->function(1), {23}, 2), (std::vector<double>{32, 32}));
  EXPECT_EQ(callFunction(c->function(1), {-23}, 2), (std::vector<double>{-32, -32}));
}

std::uint32_t messageIndex(const sim::Program& program, const std::string& text) {
  for (std::size_t i = 0; i < program.messages.size(); ++i) {
    if (program.messages[i] == text) return static_cast<std::uint32_t>(i);
  }
  ADD_FAILURE() << "no message " << text;
  return 0;
}

TEST(JitUserFunctions, AssertsAndSubscriptChecksReport) {
  auto c = compileFlat(library({checked(), pick()}));
  ASSERT_TRUE(c->compiled);
  Instance instance(c->model());
  instance->time = 2.5;
  auto f = c->function(0);
  EXPECT_EQ(callFunction(f, {4}, 1, instance.get())[0], 3);
  EXPECT_TRUE(instance.reports.empty());

  EXPECT_EQ(callFunction(f, {-1}, 1, instance.get())[0], 0); // aborted before any assignment
  ASSERT_EQ(instance.reports.size(), 1u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(instance.reports[0].message, messageIndex(c->program(), "x must not be negative"));
  EXPECT_EQ(instance.reports[0].time, 2.5);

  EXPECT_EQ(callFunction(f, {400}, 1, instance.get())[0], 21);
  ASSERT_EQ(instance.reports.size(), 2u);
  EXPECT_EQ(instance.reports[1].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(instance.reports[1].message, messageIndex(c->program(), "x is large"));

  // Without an instance nothing is reported, and the call is still aborted.
  EXPECT_EQ(callFunction(f, {-1}, 1, nullptr)[0], 0);

  auto p = c->function(1);
  EXPECT_EQ(callFunction(p, {10, 20, 30, 2}, 1, instance.get())[0], 20.5);
  EXPECT_EQ(instance.reports.size(), 2u);
  for (double outside : {0.0, 4.0, -7.0, std::nan("")}) {
    EXPECT_EQ(callFunction(p, {10, 20, 30, outside}, 1, instance.get())[0], -1) << outside;
  }
  ASSERT_EQ(instance.reports.size(), 6u);
  EXPECT_EQ(instance.reports[5].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(instance.reports[5].message,
            messageIndex(c->program(), "array index out of bounds for 'v' in function 'pick'"));
}

// Messages show values computed where the assert fails (String(), MLS 3.7.4.5): a Real with 6
// significant digits by default, an Integer, a Boolean; a failed Error assert still aborts.
TEST(JitUserFunctions, MessagesShowValuesComputedAtRunTime) {
  auto c = compileFlat(library({described()}));
  ASSERT_TRUE(c->compiled);
  Instance instance(c->model());
  instance->time = 1.25;
  auto f = c->function(0);
  EXPECT_EQ(callFunction(f, {0.5, 2, 1}, 1, instance.get())[0], 2.5);
  EXPECT_TRUE(instance.reports.empty());

  EXPECT_EQ(callFunction(f, {1.5, 3, 1}, 1, instance.get())[0], -1); // aborted
  ASSERT_EQ(instance.reports.size(), 1u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(instance.reports[0].text, "x = 1.5, n = 3, b = true");
  EXPECT_EQ(instance.reports[0].time, 1.25);

  EXPECT_DOUBLE_EQ(callFunction(f, {0.123456789, 7, 0}, 1, instance.get())[0], 7.123456789);
  ASSERT_EQ(instance.reports.size(), 2u);
  EXPECT_EQ(instance.reports[1].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(instance.reports[1].text, "n = 7: x =   0.123");

  EXPECT_EQ(callFunction(f, {-2e-7 + 3, -4, 0}, 1, instance.get())[0], -1);
  ASSERT_EQ(instance.reports.size(), 3u);
  EXPECT_EQ(instance.reports[2].text, "x = 3, n = -4, b = false");

  // Without an instance nothing is reported, and the call is still aborted.
  EXPECT_EQ(callFunction(f, {1.5, 3, 1}, 1, nullptr)[0], -1);
  EXPECT_EQ(instance.reports.size(), 3u);

  // The model's tables carry the template: literal texts and the values' formats.
  const mocc_model& model = c->model();
  ASSERT_NE(model.message_templates, nullptr);
  const sim::Program& program = c->program();
  std::uint32_t error = 0;
  while (error < program.messages.size() && program.messages[error].values.size() != 3)
    ++error;
  ASSERT_LT(error, program.messages.size());
  EXPECT_STREQ(model.messages[error], "x = <value>, n = <value>, b = <value>");
  const mocc_message_template& t = model.message_templates[error];
  ASSERT_EQ(t.n_values, 3);
  EXPECT_STREQ(t.texts[1], ", n = ");
  EXPECT_EQ(t.values[0].format, MOCC_FORMAT_REAL);
  EXPECT_EQ(t.values[0].significant_digits, 6);
  EXPECT_EQ(t.values[1].format, MOCC_FORMAT_INTEGER);
  EXPECT_EQ(t.values[2].format, MOCC_FORMAT_BOOLEAN);
}

// In functions `and` only evaluates its right side when the left one holds, so a guarded
// subscript never fails.
TEST(JitUserFunctions, AndShortCircuitsInFunctions) {
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
  auto c = compileFlat(library({std::move(f)}));
  ASSERT_TRUE(c->compiled);
  Instance instance(c->model());
  EXPECT_EQ(callFunction(c->function(0), {1, 2, 3}, 1, instance.get())[0], 3);
  EXPECT_EQ(callFunction(c->function(0), {1, -2, 3}, 1, instance.get())[0], 1);
  EXPECT_TRUE(instance.reports.empty());
}

// Functions that cannot report only touch their buffers, and LLVM is told so; a function with
// an assert (or calling one) keeps no memory attribute, so its calls are never merged.
TEST(JitUserFunctions, OnlyFunctionsThatCannotReportAreMarkedPure) {
  FunctionBuilder caller("caller");
  std::uint32_t x = caller.input("x");
  std::uint32_t y = caller.output("y");
  caller.function.body = {assign(y, functionCall(1, 0, {local(x)}))};
  Compilation backend;
  compileModel(backend, library({factorial(0), checked(), std::move(caller)}));
  ASSERT_TRUE(backend.program) << backend.rendered();
  std::string error;
  std::string ir = emitIR(*backend.program, CompileOptions{0}, &error);
  ASSERT_EQ(error, "");
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  auto module = llvm::parseIR(llvm::MemoryBufferRef(ir, "ir"), diagnostic, context);
  ASSERT_TRUE(module);
  auto pure = [&](const char* name) {
    llvm::Function* f = module->getFunction(name);
    EXPECT_NE(f, nullptr) << name;
    return f && f->onlyAccessesArgMemory();
  };
  EXPECT_TRUE(pure("mocc_fn0_fact"));
  EXPECT_FALSE(pure("mocc_fn1_checked"));
  EXPECT_FALSE(pure("mocc_fn2_caller"));
}

TEST(JitUserFunctions, OptimisationLevelsGiveIdenticalBits) {
  FunctionBuilder f("wiggle");
  std::uint32_t x = f.input("x");
  std::uint32_t y = f.output("y");
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  f.function.body = {
      forStatement(i, integer(1), integer(20),
                   {assign(y, local(y) * number(0.3) +
                                  call("sin", {local(x) * local(i, Type::Integer)}) / number(3))})};
  auto o0 = compileFlat(library({f}), 0);
  auto o3 = compileFlat(library({f}), 3);
  ASSERT_TRUE(o0->compiled && o3->compiled);
  for (double input : {0.1, 1.7, -3.25, 1e3}) {
    double a = callFunction(o0->function(0), {input}, 1)[0];
    double b = callFunction(o3->function(0), {input}, 1)[0];
    EXPECT_TRUE(sameBits(a, b)) << input << ": " << a << " vs " << b;
  }
}

// der(x) = g(x)[0] - g(x)[1] and (a, b) = g(x): the derivatives call the user function; the
// outputs call it once for both output elements.
TEST(JitUserFunctions, CalledFromModelEquations) {
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
  m.equation(m.ref(b), functionCall(gIndex, 1, {m.ref(x)}));
  auto c = compileFlat(m.model);
  ASSERT_TRUE(c->compiled);
  Instance instance(c->model());
  c->model().bind(instance.get());
  EXPECT_EQ(instance.x[0], 1);
  instance.x[0] = 2;
  c->model().derivatives(instance.get());
  EXPECT_EQ(instance.dx[0], (2 + 1) - 2 * 3.0);
  EXPECT_EQ(valueOf(c->program(), instance, "a"), 3);
  EXPECT_EQ(valueOf(c->program(), instance, "b"), 6);

  std::string ir = emitIR(c->program(), CompileOptions{0});
  std::size_t begin = ir.find("define void @mocc_outputs");
  ASSERT_NE(begin, std::string::npos) << ir;
  std::string outputs = ir.substr(begin, ir.find("\n}\n", begin) - begin);
  std::size_t calls = 0;
  for (std::size_t at = outputs.find("call void @mocc_fn0_g"); at != std::string::npos;
       at = outputs.find("call void @mocc_fn0_g", at + 1)) {
    ++calls;
  }
  EXPECT_EQ(calls, 1u) << outputs;
}

} // namespace
} // namespace mocc::backend::jit::test
