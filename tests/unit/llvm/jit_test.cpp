// The compile()/emitIR() entry points: identical numbers at O0 and O3, textual IR that LLVM
// parses and verifies (with libm calls kept as calls and no fast-math or contraction), and
// error messages instead of aborts for bad options and malformed programs.
#include "instance_layout.h" // backend/llvm/src: the layout check is not public API
#include "test_model.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <random>

namespace mocc::backend::jit::test {
namespace {

using expr::Builtin;
using expr::Id;
using expr::Op;

// A model using most node kinds: der(x) = if x > y then sin(x) * y - z else atan2(x, y) + z^2,
// der(y) = mod(x, 0.7) - exp(-y) / (1 + x*x), z = sqrt(abs(x*y)) + min(x, y).
TestModel richModel() {
  TestModel m;
  std::uint32_t x = m.addState("x"), y = m.addState("y"), z = m.addValue("z");
  auto& p = m.pool();
  Id X = m.read(x), Y = m.read(y), Z = m.read(z);
  Id xy = p.mul(X, Y);
  Id args2[] = {X, Y};
  Id modArgs[] = {X, m.real(0.7)};
  Id absXy = p.call(Builtin::Abs, std::span<const Id>(&xy, 1));
  Id negY = p.neg(Y);
  m.program.derivatives = {
      assign(z, p.add(p.call(Builtin::Sqrt, std::span<const Id>(&absXy, 1)),
                      p.call(Builtin::Min, args2))),
      assign(x + 1,
             p.ifThenElse(p.compare(Op::Gt, X, Y),
                          p.sub(p.mul(p.call(Builtin::Sin, std::span<const Id>(&X, 1)), Y), Z),
                          p.add(p.call(Builtin::Atan2, args2), p.pow(Z, m.real(2))))),
      assign(y + 1, p.sub(p.call(Builtin::Mod, modArgs),
                          p.div(p.call(Builtin::Exp, std::span<const Id>(&negY, 1)),
                                p.add(m.real(1), p.mul(X, X))))),
  };
  m.addRelation(Op::Lt, Z, m.real(0.5), true);
  return m;
}

TEST(Jit, OptimisationLevelsGiveIdenticalResults) {
  TestModel m = richModel();
  auto o0 = compileOrFail(m.program, 0);
  auto o3 = compileOrFail(m.program, 3);
  ASSERT_TRUE(o0 && o3);
  Instance a(o0->model()), b(o3->model());
  std::mt19937_64 random(42);
  std::uniform_real_distribution<double> uniform(-10, 10);
  for (int i = 0; i < 2000; ++i) {
    a.x = b.x = {uniform(random), uniform(random)};
    o0->model().derivatives(a.get());
    o3->model().derivatives(b.get());
    double ga[1], gb[1];
    o0->model().crossings(a.get(), ga);
    o3->model().crossings(b.get(), gb);
    for (int k = 0; k < 2; ++k)
      ASSERT_TRUE(sameBits(a.dx[k], b.dx[k])) << i << " " << k;
    ASSERT_TRUE(sameBits(a.v[0], b.v[0]));
    ASSERT_TRUE(sameBits(ga[0], gb[0]));
  }
}

TEST(Jit, EmitIrParsesAndVerifies) {
  TestModel m = richModel();
  for (int level : {0, 2, 3}) {
    std::string error;
    std::string ir = emitIR(m.program, CompileOptions{level}, &error);
    ASSERT_EQ(error, "");
    llvm::LLVMContext context;
    llvm::SMDiagnostic diagnostic;
    std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(ir, diagnostic, context);
    ASSERT_TRUE(module) << diagnostic.getMessage().str();
    std::string problems;
    llvm::raw_string_ostream out(problems);
    EXPECT_FALSE(llvm::verifyModule(*module, &out)) << out.str();
    for (const char* entry : {"mocc_bind", "mocc_derivatives", "mocc_crossings", "mocc_outputs",
                              "mocc_event_update", "mocc_next_time_event"}) {
      llvm::Function* function = module->getFunction(entry);
      ASSERT_TRUE(function) << entry;
      EXPECT_FALSE(function->isDeclaration()) << entry;
    }
    // libm stays libm: no intrinsics, no fast-math flags, no fused multiply-add.
    EXPECT_NE(ir.find("@sin("), std::string::npos);
    EXPECT_NE(ir.find("@atan2("), std::string::npos);
    EXPECT_EQ(ir.find("@llvm.sin"), std::string::npos);
    EXPECT_EQ(ir.find("fmuladd"), std::string::npos);
    EXPECT_EQ(ir.find("@llvm.fma"), std::string::npos);
    EXPECT_EQ(ir.find(" fast "), std::string::npos);
    EXPECT_EQ(ir.find(" contract "), std::string::npos);
  }
}

TEST(Jit, BadOptimisationLevelIsAnError) {
  TestModel m = richModel();
  std::string error;
  EXPECT_FALSE(compile(m.program, CompileOptions{4}, error));
  EXPECT_NE(error.find("optimisation level"), std::string::npos) << error;
  std::string irError;
  EXPECT_EQ(emitIR(m.program, CompileOptions{-2}, &irError), "");
  EXPECT_NE(irError.find("optimisation level"), std::string::npos) << irError;
}

std::string compileError(const sim::Program& program) {
  std::string error;
  EXPECT_FALSE(compile(program, CompileOptions{}, error));
  return error;
}

TEST(Jit, MalformedProgramsAreErrors) {
  {
    TestModel m;
    m.addValue("a");
    m.program.outputs = {assign(7, m.real(1))};
    EXPECT_NE(compileError(m.program).find("variable number 7 is out of range"), std::string::npos);
  }
  {
    TestModel m;
    std::uint32_t a = m.addValue("a");
    m.program.variables[a].index = 3; // beyond valueCount
    m.program.outputs = {assign(a, m.real(1))};
    EXPECT_NE(compileError(m.program).find("beyond its region's size"), std::string::npos);
  }
  {
    TestModel m;
    std::uint32_t x = m.addState("x");
    m.program.derivatives = {sim::Statement{sim::Reinit{x, m.real(0)}, ""}};
    EXPECT_NE(compileError(m.program).find("reinit() outside the event function"),
              std::string::npos);
  }
  {
    TestModel m;
    std::uint32_t x = m.addState("x");
    m.program.event = {sim::Statement{sim::Terminate{3}, ""}};
    (void)x;
    EXPECT_NE(compileError(m.program).find("message 3 is out of range"), std::string::npos);
  }
  {
    TestModel m;
    std::uint32_t x = m.addState("x");
    m.program.outputs = {assign(x, m.pool().pre(x + 1, expr::Type::Real))};
    EXPECT_NE(compileError(m.program).find("a derivative has no pre() value"), std::string::npos);
  }
  {
    TestModel m;
    std::uint32_t a = m.addValue("a");
    m.program.outputs = {
        assign(a, m.pool().relation(4, m.pool().compare(Op::Lt, m.read(a), m.real(0))))};
    EXPECT_NE(compileError(m.program).find("relation 4 is out of range"), std::string::npos);
  }
}

TEST(Jit, InstanceLayoutCheckComparesWithC) {
  llvm::LLVMContext context;
  EXPECT_EQ(checkInstanceLayout(context, llvm::DataLayout("e-m:e-i64:64-n8:16:32:64-S128")), "");
  // With 32-bit pointers x stays at 8 but dx moves to 12: the check must name it.
  std::string mismatch = checkInstanceLayout(context, llvm::DataLayout("e-p:32:32-i64:64"));
  EXPECT_NE(mismatch.find("mocc_instance.dx is at offset 12"), std::string::npos) << mismatch;
}

TEST(Jit, ModelOutlivesOtherModelsAndCompilesRepeatedly) {
  TestModel m = richModel();
  auto first = compileOrFail(m.program);
  ASSERT_TRUE(first);
  {
    auto second = compileOrFail(m.program, 1);
    ASSERT_TRUE(second);
  }
  Instance instance(first->model());
  instance.x = {1, 2};
  first->model().derivatives(instance.get());
  EXPECT_TRUE(std::isfinite(instance.dx[0]));
}

TEST(Jit, ImageLoadsBackIntoAnEqualModel) {
  TestModel m = richModel();
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  std::string error;
  auto loaded = loadImage(compiled->image(), error);
  ASSERT_TRUE(loaded) << error;
  const mocc_model &a = compiled->model(), &b = loaded->model();
  EXPECT_STREQ(a.name, b.name);
  ASSERT_EQ(a.n_variables, b.n_variables);
  for (int i = 0; i < a.n_variables; ++i) {
    EXPECT_STREQ(a.variables[i].name, b.variables[i].name);
    EXPECT_EQ(a.variables[i].index, b.variables[i].index);
  }
  ASSERT_EQ(a.n_crossings, b.n_crossings);
  EXPECT_STREQ(a.crossing_descriptions[0], b.crossing_descriptions[0]);
  EXPECT_EQ(loaded->image(), compiled->image());
  Instance x(a), y(b);
  x.x = y.x = {0.3, -1.7};
  a.derivatives(x.get());
  b.derivatives(y.get());
  for (int k = 0; k < 2; ++k)
    EXPECT_TRUE(sameBits(x.dx[k], y.dx[k])) << k;
}

// Message templates survive the image (the JIT cache): a loaded model writes the same texts.
TEST(Jit, ImageKeepsMessageTemplates) {
  MessageModel s;
  auto compiled = compileOrFail(s.m.program);
  ASSERT_TRUE(compiled);
  std::string error;
  auto loaded = loadImage(compiled->image(), error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->image(), compiled->image());
  Instance instance(loaded->model());
  instance.v = {1.5, 7, 1};
  loaded->model().outputs(instance.get());
  ASSERT_EQ(instance.reports.size(), 2u);
  EXPECT_EQ(instance.reports[0].text, "x = 1.5, n = 7, b = true");
  EXPECT_EQ(instance.reports[1].text, "n = 7: x =     1.5");
}

TEST(Jit, TruncatedOrForeignImagesAreErrors) {
  TestModel m = richModel();
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  std::string image = compiled->image();
  for (std::size_t size :
       {std::size_t{0}, std::size_t{3}, std::size_t{40}, image.size() / 2, image.size() - 1}) {
    std::string error;
    EXPECT_FALSE(loadImage(std::string_view(image).substr(0, size), error)) << size;
    EXPECT_FALSE(error.empty()) << size;
  }
  std::string error;
  EXPECT_FALSE(loadImage(std::string(200, '\x7f'), error));
}

} // namespace
} // namespace mocc::backend::jit::test
