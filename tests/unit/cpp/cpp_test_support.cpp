// CppModel: emit, compile with the system compiler (c++, or $CXX), dlopen. The shared object
// resolves mocc_solve_system from the test executable, which links the runtime.
#include "cpp_test_support.h"

#include "csv.h"

#include <dlfcn.h>
#include <filesystem>
#include <fstream>

namespace mocc::backend::cpp::test {

namespace fs = std::filesystem;

namespace {

std::string compiler() {
  const char* cxx = std::getenv("CXX");
  return cxx && *cxx ? cxx : "c++";
}

fs::path scratch() {
  fs::path dir = fs::temp_directory_path() / "mocc_cpp_unit";
  fs::create_directories(dir);
  return dir;
}

} // namespace

std::string testName() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string(info->test_suite_name()) + "_" + info->name();
}

CppModel::~CppModel() {
  if (handle_) dlclose(handle_);
}

std::unique_ptr<CppModel> CppModel::build(const sim::Program& program, const std::string& name) {
  std::unique_ptr<CppModel> result(new CppModel);
  try {
    result->source_ = emitCpp(program);
  } catch (const EmitError& e) {
    ADD_FAILURE() << "emitCpp failed: " << e.what();
    return nullptr;
  }
  fs::path cpp = scratch() / (name + ".cpp"), so = scratch() / (name + ".so");
  std::ofstream(cpp) << result->source_;
  std::string command = compiler();
  for (const std::string& flag : requiredCompilerFlags())
    command += " " + flag;
  command += " -O2 -shared -fPIC -DMOCC_NO_MAIN -I" MOCC_SOURCE_DIR "/runtime/include " +
             cpp.string() + " -o " + so.string();
  mocc::test::CommandResult compiled = mocc::test::runCommand(command);
  if (compiled.exitCode != 0) {
    ADD_FAILURE() << command << "\n" << compiled.output;
    return nullptr;
  }
  result->handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!result->handle_) {
    ADD_FAILURE() << dlerror();
    return nullptr;
  }
  using Entry = const mocc_model* (*)();
  auto entry = reinterpret_cast<Entry>(dlsym(result->handle_, kEntryName));
  if (!entry) {
    ADD_FAILURE() << "no " << kEntryName << " in " << so;
    return nullptr;
  }
  result->model_ = entry();
  return result;
}

BothWays compileBothWays(const sim::Program& program, const std::string& name) {
  BothWays both;
  both.jit = jit::test::compileOrFail(program);
  both.cpp = CppModel::build(program, name);
  return both;
}

void expectSameState(const Instance& jit, const Instance& cpp, const std::string& where) {
  auto same = [&](const std::vector<double>& a, const std::vector<double>& b, const char* what) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_TRUE(jit::test::sameBits(a[i], b[i])) << where << ": " << what << "[" << i << "] is "
                                                   << a[i] << " (JIT) but " << b[i] << " (C++)";
    }
  };
  same(jit.x, cpp.x, "x");
  same(jit.dx, cpp.dx, "dx");
  same(jit.v, cpp.v, "v");
  ASSERT_EQ(jit.reports.size(), cpp.reports.size()) << where;
  for (std::size_t i = 0; i < jit.reports.size(); ++i) {
    EXPECT_EQ(jit.reports[i].kind, cpp.reports[i].kind) << where;
    EXPECT_EQ(jit.reports[i].message, cpp.reports[i].message) << where;
    EXPECT_EQ(jit.reports[i].text, cpp.reports[i].text) << where;
    EXPECT_TRUE(jit::test::sameBits(jit.reports[i].time, cpp.reports[i].time)) << where;
  }
}

} // namespace mocc::backend::cpp::test
