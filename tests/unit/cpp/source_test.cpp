// The generated text and tables: the descriptor equals the JIT's (names with characters that
// need escaping, descriptions, messages, crossing descriptions, experiment), comments name the
// Modelica origin and variables, malformed programs are refused with the JIT's reasons, and the
// CMakeLists.txt builds against the mocc package with the flags generated code needs.
#include "cpp_test_support.h"

#include <cstring>

namespace mocc::backend::cpp::test {
namespace {

using expr::Id;
using expr::Op;
using jit::test::assign;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CppSource, DescriptorEqualsTheJits) {
  TestModel m;
  m.program.modelName = "Pkg.Ball";
  std::uint32_t h = m.addState("h");
  m.program.variables[h].description = "height \"above\" C:\\floor\n??=";
  std::uint32_t n = m.addValue("a.b[1,2]", expr::Type::Integer, sim::Kind::Discrete);
  Id relation = m.addRelation(Op::Lt, m.read(h), m.real(0), true);
  m.program.crossings[0].description = "h < 0 at Ball.mo:9:8";
  m.program.outputs = {assign(n, relation)};
  m.addMessage("first");
  m.addMessage("größer als \t 2");
  m.program.experiment.stopTime = 3;
  m.program.experiment.tolerance = 1e-8;
  m.program.experiment.interval = 0.1;
  BothWays both = compileBothWays(m.program, testName());
  ASSERT_TRUE(both.ok());
  const mocc_model& a = both.jit->model();
  const mocc_model& b = both.cpp->model();
  EXPECT_EQ(b.abi_version, MOCC_ABI_VERSION);
  EXPECT_STREQ(a.name, b.name);
  EXPECT_EQ(a.n_states, b.n_states);
  EXPECT_EQ(a.n_values, b.n_values);
  ASSERT_EQ(a.n_variables, b.n_variables);
  for (int i = 0; i < a.n_variables; ++i) {
    EXPECT_STREQ(a.variables[i].name, b.variables[i].name);
    EXPECT_STREQ(a.variables[i].description, b.variables[i].description);
    EXPECT_EQ(std::memcmp(&a.variables[i].region, &b.variables[i].region, 5 * sizeof(int32_t)), 0)
        << i;
  }
  ASSERT_EQ(a.n_messages, b.n_messages);
  for (int i = 0; i < a.n_messages; ++i)
    EXPECT_STREQ(a.messages[i], b.messages[i]);
  ASSERT_EQ(a.n_crossings, b.n_crossings);
  EXPECT_STREQ(a.crossing_descriptions[0], b.crossing_descriptions[0]);
  EXPECT_EQ(a.has_start_time, b.has_start_time);
  EXPECT_EQ(a.has_stop_time, b.has_stop_time);
  EXPECT_EQ(a.has_tolerance, b.has_tolerance);
  EXPECT_EQ(a.has_interval, b.has_interval);
  EXPECT_EQ(a.stop_time, b.stop_time);
  EXPECT_EQ(a.tolerance, b.tolerance);
  EXPECT_EQ(a.interval, b.interval);
  EXPECT_EQ(b.initialize == nullptr, a.initialize == nullptr);
}

TEST(CppSource, CommentsNameTheOriginAndTheEquation) {
  TestModel m;
  std::uint32_t x = m.addState("x");
  std::uint32_t y = m.addValue("y");
  m.program.derivatives = {
      sim::Statement{sim::Assign{x + 1, m.pool().neg(m.read(x))}, "Decay.mo:7:3"}};
  m.program.outputs = {sim::Statement{sim::Assign{y, m.pool().mul(m.read(x), m.real(2))}, ""}};
  std::string source = emitCpp(m.program, EmitOptions{"Decay.mo"});
  EXPECT_TRUE(contains(source, "// der(x) := -x   [Decay.mo:7:3]")) << source;
  EXPECT_TRUE(contains(source, "dx[0] = -x[0];")) << source;
  EXPECT_TRUE(contains(source, "// y := x*2.0\n")) << source;
  EXPECT_TRUE(contains(source, "(from Decay.mo)")) << source;
  EXPECT_TRUE(contains(source, std::string("extern \"C\" const mocc_model* ") + kEntryName))
      << source;
  EXPECT_FALSE(contains(source, "<cmath>")); // libm only through the renamed declarations
}

TEST(CppSource, MalformedProgramsAreRefusedLikeTheJitRefusesThem) {
  auto refused = [](const sim::Program& program, const std::string& reason) {
    std::string jitError;
    EXPECT_EQ(jit::compile(program, {}, jitError), nullptr);
    try {
      emitCpp(program);
      ADD_FAILURE() << "emitted a program the JIT refuses: " << jitError;
    } catch (const EmitError& e) {
      EXPECT_TRUE(contains(e.what(), reason)) << e.what();
      EXPECT_TRUE(contains(jitError, reason)) << jitError;
    }
  };
  {
    TestModel m;
    m.program.outputs = {assign(7, m.real(1))};
    refused(m.program, "variable number 7 is out of range");
  }
  {
    TestModel m;
    std::uint32_t x = m.addState("x");
    m.program.outputs = {sim::Statement{sim::Reinit{x, m.real(1)}, ""}};
    refused(m.program, "reinit() outside the event function");
  }
  {
    TestModel m;
    std::uint32_t y = m.addValue("y");
    m.program.outputs = {sim::Statement{sim::Assert{m.real(1), 3, sim::AssertLevel::Error}, ""}};
    refused(m.program, "message 3 is out of range");
    m.program.outputs = {assign(y, m.pool().local(0, expr::Type::Real))};
    refused(m.program, "reads a function's frame outside a function");
  }
}

TEST(CppSource, CMakeListsBuildsAgainstThePackage) {
  EXPECT_EQ(fileStem("Modelica.Blocks.Examples.PID_Controller"),
            "Modelica_Blocks_Examples_PID_Controller");
  std::string lists = emitCMakeLists("Ball", "Pkg.Ball");
  EXPECT_TRUE(contains(lists, "find_package(mocc REQUIRED CONFIG)"));
  EXPECT_TRUE(contains(lists, "add_executable(Ball Ball.cpp)"));
  EXPECT_TRUE(contains(lists, "-ffp-contract=off"));
  EXPECT_TRUE(contains(lists, "target_link_libraries(Ball PRIVATE mocc::simulator_cli)"));
}

} // namespace
} // namespace mocc::backend::cpp::test
