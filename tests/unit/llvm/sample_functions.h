// Sample user functions built as flat::Functions, shared by the JIT tests and the C++ emitter
// tests so that both code generators are checked on the same programs.
#pragma once

#include "flat_model.h"

namespace mocc::backend::jit::test {

// fact(n): if n <= 1 then 1 else n * fact(n - 1).
inline FunctionBuilder factorial(std::uint32_t self) {
  FunctionBuilder f("fact");
  std::uint32_t n = f.input("n", Type::Integer);
  std::uint32_t out = f.output("f", Type::Integer);
  Expr nValue = local(n, Type::Integer);
  f.function.body = {ifStatement(
      nValue <= integer(1), {assign(out, integer(1))},
      {assign(out, nValue * functionCall(self, 0, {nValue - integer(1)}, Type::Integer))})};
  return f;
}

// firstAbove(v[5], t): -1 for a negative t (return), else the first i with v[i] > t (break).
inline FunctionBuilder firstAbove() {
  FunctionBuilder f("firstAbove");
  std::uint32_t v = f.input("v", Type::Real, {5});
  std::uint32_t t = f.input("t");
  std::uint32_t index = f.output("index", Type::Integer);
  std::uint32_t i = f.protectedVariable("i", Type::Integer);
  Expr iValue = local(i, Type::Integer);
  f.function.body = {
      ifStatement(local(t) < number(0),
                  {assign(index, integer(-1)), statement(flat::ReturnStatement{}),
                   assign(index, integer(99))}),
      forStatement(i, integer(1), integer(5),
                   {ifStatement(element(v, {iValue}) > local(t),
                                {assign(index, iValue), statement(flat::BreakStatement{}),
                                 assign(index, integer(98))})}),
  };
  return f;
}

// gcd(a, b) by Euclid, with a while-loop.
inline FunctionBuilder gcd() {
  FunctionBuilder f("gcd");
  std::uint32_t a = f.input("a", Type::Integer);
  std::uint32_t b = f.input("b", Type::Integer);
  std::uint32_t g = f.output("g", Type::Integer);
  std::uint32_t x = f.protectedVariable("x", Type::Integer);
  std::uint32_t y = f.protectedVariable("y", Type::Integer);
  std::uint32_t t = f.protectedVariable("t", Type::Integer);
  auto I = [](std::uint32_t v) { return local(v, Type::Integer); };
  f.function.body = {
      assign(x, I(a)),
      assign(y, I(b)),
      whileStatement(
          binary(BinaryOp::Ne, I(y), integer(0)),
          {assign(t, call("mod", {I(x), I(y)}, Type::Integer)), assign(x, I(y)), assign(y, I(t))}),
      assign(g, I(x)),
  };
  return f;
}

// (sum, count) over r in start:step:stop.
inline FunctionBuilder rangeSum() {
  FunctionBuilder f("rangeSum");
  std::uint32_t start = f.input("start");
  std::uint32_t step = f.input("step");
  std::uint32_t stop = f.input("stop");
  std::uint32_t sum = f.output("sum");
  std::uint32_t count = f.output("count", Type::Integer);
  std::uint32_t r = f.protectedVariable("r");
  f.function.body = {forStatement(
      r, local(start), local(stop),
      {assign(sum, local(sum) + local(r)), assign(count, local(count, Type::Integer) + integer(1))},
      local(step))};
  return f;
}

// checked(x): assert(x >= 0) aborts; a warning is reported and the call goes on.
inline FunctionBuilder checked() {
  FunctionBuilder f("checked");
  std::uint32_t x = f.input("x");
  std::uint32_t y = f.output("y");
  f.function.body = {
      assertStatement(local(x) >= number(0), "x must not be negative"),
      assign(y, call("sqrt", {local(x)})),
      assertStatement(local(y) < number(10), "x is large", flat::AssertionLevel::Warning),
      assign(y, local(y) + number(1)),
  };
  return f;
}

// described(x, n, b) -> x + n; messages with values computed at run time: an assert that
// x < 1 showing x, n and b, and a warning when n > 5 showing x with 3 significant digits,
// right-justified in 8 characters.
inline FunctionBuilder described() {
  FunctionBuilder f("described");
  std::uint32_t x = f.input("x");
  std::uint32_t n = f.input("n", Type::Integer);
  std::uint32_t b = f.input("b", Type::Boolean);
  std::uint32_t y = f.output("y");
  Expr N = local(n, Type::Integer);
  f.function.body = {
      assign(y, number(-1)),
      assertStatement(N <= integer(5),
                      text("n = ") + stringOf(N) + text(": x =") + stringOf(local(x), 3, 8, false),
                      flat::AssertionLevel::Warning),
      assertStatement(local(x) < number(1), text("x = ") + stringOf(local(x)) + text(", n = ") +
                                                stringOf(N) + text(", b = ") +
                                                stringOf(local(b, Type::Boolean))),
      assign(y, local(x) + N),
  };
  return f;
}

// pick(v[3], i) -> v[i] + 0.5; an out-of-range i reports the array's bounds message.
inline FunctionBuilder pick() {
  FunctionBuilder f("pick");
  std::uint32_t v = f.input("v", Type::Real, {3});
  std::uint32_t i = f.input("i", Type::Integer);
  std::uint32_t y = f.output("y");
  f.function.body = {assign(y, number(-1)),
                     assign(y, element(v, {local(i, Type::Integer)}) + number(0.5))};
  return f;
}

} // namespace mocc::backend::jit::test
