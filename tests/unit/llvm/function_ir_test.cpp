// Hand-built function IR and sim::If statements: if/elseif/else in the ABI functions, a user
// function written directly in sim::Function form (element targets of a multiple-output call),
// and the errors that malformed functions give instead of bad code.
#include "test_model.h"

namespace mocc::backend::jit::test {
namespace {

using expr::Id;
using expr::Op;

sim::Statement ifStatement(std::vector<sim::IfBranch> branches,
                           std::vector<sim::Statement> elseBody) {
  return sim::Statement{sim::If{std::move(branches), std::move(elseBody)}, ""};
}

// y := if x < 0 then -1 elseif x < 1 then x (and an assert) else 1, in outputs and event.
TEST(JitIfStatement, FirstTrueBranchRunsInEveryFunction) {
  TestModel m;
  std::uint32_t x = m.addValue("x"), y = m.addValue("y");
  std::uint32_t message = m.addMessage("x is not 0.5");
  auto& p = m.pool();
  sim::Statement check{
      sim::Assert{p.compare(Op::Ne, m.read(x), m.real(0.5)), message, sim::AssertLevel::Error}, ""};
  sim::Statement statement =
      ifStatement({{p.compare(Op::Lt, m.read(x), m.real(0)), {assign(y, m.real(-1))}},
                   {p.compare(Op::Lt, m.read(x), m.real(1)), {assign(y, m.read(x)), check}}},
                  {assign(y, m.real(1))});
  m.program.outputs = {statement};
  m.program.event = {statement};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  for (auto function : {compiled->model().outputs, (void (*)(mocc_instance*)) nullptr}) {
    Instance instance(compiled->model());
    auto run = [&] {
      if (function) {
        function(instance.get());
      } else {
        instance->mode = MOCC_MODE_EVENT;
        compiled->model().event_update(instance.get());
      }
    };
    for (auto [in, out] : {std::pair{-3.0, -1.0}, {0.25, 0.25}, {0.5, 0.5}, {7.0, 1.0}}) {
      instance.v[0] = in;
      run();
      EXPECT_EQ(instance.v[1], out) << in;
    }
    ASSERT_EQ(instance.reports.size(), 1u);
    EXPECT_EQ(instance.reports[0].message, static_cast<std::int32_t>(message));
  }
}

// split(a, b) -> (s, d) = (a + b, a - b) and pair() -> v[2] := split(3, 1) into v[1], v[0].
struct HandBuiltFunctions {
  TestModel m;
  HandBuiltFunctions() {
    auto& p = m.pool();
    sim::Function split;
    split.name = "split";
    split.inputCount = 2;
    split.outputCount = 2;
    split.frameSize = 4;
    Id a = p.local(0, expr::Type::Real), b = p.local(1, expr::Type::Real);
    split.body = {{sim::LocalAssign{2, {}, p.add(a, b)}}, {sim::LocalAssign{3, {}, p.sub(a, b)}}};
    sim::Function pair;
    pair.name = "pair";
    pair.outputCount = 2;
    pair.frameSize = 2;
    pair.locals = {
        sim::FunctionLocal{"v", 0, 2, expr::Type::Real, sim::FunctionLocal::Role::Output, true, 0}};
    m.addMessage("index out of bounds for v");
    Id call = p.functionCall(0, 0, expr::Type::Real, std::vector<Id>{m.real(3), m.real(1)});
    pair.body = {{sim::FunctionCallOutputs{
        call, {{0, 0, p.integer(1)}, {1, 0, p.sub(p.local(5, expr::Type::Real), m.real(5))}}}}};
    m.program.functions = {split, pair};
  }
};

TEST(JitFunctionIr, MultipleOutputsIntoElements) {
  HandBuiltFunctions h;
  // The second target's offset reads slot 5, outside pair's frame: first a malformed program.
  std::string error;
  EXPECT_FALSE(compile(h.m.program, CompileOptions{}, error));
  EXPECT_NE(error.find("slot 5 is outside the frame of function 'pair'"), std::string::npos)
      << error;
  auto& targets = std::get<sim::FunctionCallOutputs>(h.m.program.functions[1].body[0].node).targets;
  targets[1].offset = h.m.pool().integer(0);
  auto compiled = compileOrFail(h.m.program);
  ASSERT_TRUE(compiled);
  std::vector<double> out(2, -1);
  compiled->function(1)(nullptr, nullptr, out.data());
  EXPECT_EQ(out, (std::vector<double>{2, 4}));
}

std::string compileError(const sim::Program& program) {
  std::string error;
  EXPECT_FALSE(compile(program, CompileOptions{}, error));
  return error;
}

sim::Function oneOutput(std::vector<sim::FunctionStatement> body) {
  sim::Function f;
  f.name = "f";
  f.inputCount = 1;
  f.outputCount = 1;
  f.frameSize = 2;
  f.body = std::move(body);
  return f;
}

TEST(JitFunctionIr, MalformedFunctionsAreErrors) {
  auto check = [](const char* expected, auto build) {
    TestModel m;
    auto& p = m.pool();
    Id input = p.local(0, expr::Type::Real);
    m.program.functions = {oneOutput({{sim::LocalAssign{1, {}, build(m, p, input)}}})};
    std::string error = compileError(m.program);
    EXPECT_NE(error.find(expected), std::string::npos) << error;
  };
  check("does not call a function of the program", [](TestModel&, expr::Pool& p, Id input) {
    return p.functionCall(4, 0, expr::Type::Real, std::vector<Id>{input});
  });
  check("call of 'f' with 2 arguments; it has 1 inputs", [](TestModel&, expr::Pool& p, Id input) {
    return p.functionCall(0, 0, expr::Type::Real, std::vector<Id>{input, input});
  });
  check("reads output element 3 of 1", [](TestModel&, expr::Pool& p, Id input) {
    return p.functionCall(0, 3, expr::Type::Real, std::vector<Id>{input});
  });
  check("indexes slot 0, where it declares no array", [](TestModel&, expr::Pool& p, Id input) {
    return p.localElement(0, p.sub(input, p.real(1)), expr::Type::Real);
  });
  check("time is used inside function", [](TestModel&, expr::Pool& p, Id) { return p.time(); });
  check("a model variable is used inside function",
        [](TestModel& m, expr::Pool&, Id) { return m.read(m.addValue("a")); });
  check("relations there never generate events", [](TestModel& m, expr::Pool&, Id input) {
    return m.addRelation(Op::Lt, input, m.real(0), false);
  });
  TestModel m;
  m.program.functions = {oneOutput({{sim::FunctionBreak{}}})};
  EXPECT_NE(compileError(m.program).find("break outside a loop in function 'f'"),
            std::string::npos);
  TestModel outside;
  outside.program.outputs = {
      assign(outside.addValue("a"), outside.pool().local(0, expr::Type::Real))};
  EXPECT_NE(compileError(outside.program).find("reads a function's frame outside a function"),
            std::string::npos);
}

} // namespace
} // namespace mocc::backend::jit::test
