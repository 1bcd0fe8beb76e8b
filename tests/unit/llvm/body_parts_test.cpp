// Long ABI function bodies are split into part functions (backend/llvm/src/body_parts.h): the
// split is invisible in the results. A program of 130 states fills derivatives, crossings,
// jacobian, crossing_rates and event_update (one when-clause with a reinit() per state) with
// far more than one part's worth of statements and values; every entry is checked against its
// closed form at -O0 and -O2.
#include "test_model.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

namespace mocc::backend::jit::test {
namespace {

constexpr std::uint32_t kStates = 130;

/// der(x_i) = -(i + 1) x_i; g_i = x_i - 1/2 (a crossing per state); Jacobian entry (i, i) =
/// -(i + 1); in event mode, when c_i then reinit(x_i, 10 i + pre(x_i)).
struct LongProgram {
  TestModel m;
  std::vector<std::uint32_t> x, c;

  LongProgram() {
    auto& p = m.pool();
    for (std::uint32_t i = 0; i < kStates; ++i)
      x.push_back(m.addState("x" + std::to_string(i)));
    for (std::uint32_t i = 0; i < kStates; ++i)
      c.push_back(m.addValue("c" + std::to_string(i), expr::Type::Boolean, sim::Kind::Discrete));
    for (std::uint32_t i = 0; i < kStates; ++i) {
      double rate = -double(i + 1);
      m.program.derivatives.push_back(assign(x[i] + 1, p.mul(m.real(rate), m.read(x[i]))));
      sim::Crossing crossing;
      crossing.function = p.sub(m.read(x[i]), m.real(0.5));
      crossing.rate = p.mul(m.real(rate), m.read(x[i]));
      crossing.description = "x" + std::to_string(i) + " > 0.5";
      m.program.crossings.push_back(crossing);
      m.program.jacobian.push_back(sim::JacobianEntry{i, i, m.real(rate)});
      sim::When when;
      when.branches.push_back(sim::WhenBranch{
          {c[i]},
          false,
          {sim::Statement{sim::Reinit{x[i], p.add(m.real(10.0 * i), m.pre(x[i]))}, ""}}});
      m.program.event.push_back(sim::Statement{when, ""});
    }
  }
};

class BodyParts : public ::testing::TestWithParam<int> {};

TEST_P(BodyParts, SplitFunctionsComputeEveryEntry) {
  LongProgram long_;
  std::string error;
  std::string ir = emitIR(long_.m.program, CompileOptions{GetParam()}, &error);
  ASSERT_EQ(error, "");
  for (const char* part : {"mocc_derivatives.part1", "mocc_crossings.part1", "mocc_jacobian.part1",
                           "mocc_crossing_rates.part1", "mocc_event_update.part1"})
    EXPECT_NE(ir.find(part), std::string::npos) << part;

  auto compiled = compileOrFail(long_.m.program, GetParam());
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  for (std::uint32_t i = 0; i < kStates; ++i)
    instance.x[i] = instance.preX[i] = 1.0 + i;
  model.derivatives(instance.get());
  std::vector<double> g(kStates), rates(kStates), jacobian(kStates);
  model.crossings(instance.get(), g.data());
  model.crossing_rates(instance.get(), rates.data());
  model.jacobian(instance.get(), jacobian.data());
  for (std::uint32_t i = 0; i < kStates; ++i) {
    double x = 1.0 + i, rate = -double(i + 1);
    EXPECT_EQ(instance.dx[i], rate * x) << i;
    EXPECT_EQ(g[i], x - 0.5) << i;
    EXPECT_EQ(rates[i], rate * x) << i;
    EXPECT_EQ(jacobian[i], rate) << i;
  }

  // Every third condition rises: those states, and only those, are reinitialised, each from
  // its own slot of the reinit buffer, which the parts share.
  instance->mode = MOCC_MODE_EVENT;
  for (std::uint32_t i = 0; i < kStates; i += 3)
    instance.v[slot(long_.m.program, long_.c[i])] = 1;
  EXPECT_EQ(model.event_update(instance.get()), 1);
  for (std::uint32_t i = 0; i < kStates; ++i) {
    double expected = i % 3 == 0 ? 10.0 * i + 1.0 + i : 1.0 + i;
    EXPECT_EQ(instance.x[i], expected) << i;
  }
  for (std::uint32_t i = 0; i < kStates; ++i)
    instance.preV[slot(long_.m.program, long_.c[i])] =
        instance.v[slot(long_.m.program, long_.c[i])];
  EXPECT_EQ(model.event_update(instance.get()), 0); // no edge any more
}

INSTANTIATE_TEST_SUITE_P(OptimisationLevels, BodyParts, ::testing::Values(0, 2));

TEST(BodyParts, PartsOfBindStayUnoptimisedLikeBindItself) {
  LongProgram long_;
  for (std::uint32_t i = 0; i < kStates; ++i)
    long_.m.program.bind.push_back(assign(long_.x[i], long_.m.real(1.0 + i)));
  std::string error;
  std::string ir = emitIR(long_.m.program, CompileOptions{2}, &error);
  ASSERT_EQ(error, "");
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(ir, diagnostic, context);
  ASSERT_TRUE(module) << diagnostic.getMessage().str();
  for (const char* name : {"mocc_bind", "mocc_bind.part0", "mocc_bind.part1"}) {
    llvm::Function* function = module->getFunction(name);
    ASSERT_TRUE(function) << name;
    EXPECT_TRUE(function->hasFnAttribute(llvm::Attribute::OptimizeNone)) << name;
  }
  EXPECT_FALSE(
      module->getFunction("mocc_derivatives.part0")->hasFnAttribute(llvm::Attribute::OptimizeNone));
}

TEST(BodyParts, AutomaticLevelOptimisesSmallProgramsOnly) {
  LongProgram long_;
  EXPECT_GT(programSize(long_.m.program), 4 * kStates);
  EXPECT_EQ(effectiveOptLevel(long_.m.program, CompileOptions{CompileOptions::kAutomatic}), 2);
  EXPECT_EQ(effectiveOptLevel(long_.m.program, CompileOptions{3}), 3);
  TestModel huge;
  std::uint32_t x = huge.addState("x");
  for (std::size_t i = 0; i <= kOptimisedProgramSize; ++i)
    huge.program.derivatives.push_back(assign(x + 1, huge.real(double(i))));
  EXPECT_EQ(effectiveOptLevel(huge.program, CompileOptions{CompileOptions::kAutomatic}), 0);
  EXPECT_EQ(effectiveOptLevel(huge.program, CompileOptions{2}), 2);
}

} // namespace
} // namespace mocc::backend::jit::test
