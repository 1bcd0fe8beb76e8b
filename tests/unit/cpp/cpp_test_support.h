// Helpers for the backend/cpp tests: a sim::Program emitted as C++, compiled by the system
// compiler into a shared object (flags of requiredCompilerFlags(), MOCC_NO_MAIN) and loaded;
// and the same program JIT-compiled, so both can be driven on equal instances and compared
// bit for bit. The programs are built by hand (test_model.h) or through the backend
// (flat_model.h), as in the JIT's own tests.
#pragma once

#include "test_model.h"

#include "mocc/cpp/emit.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace mocc::backend::cpp::test {

using jit::test::Instance;
using jit::test::TestModel;

/// A generated file compiled into a shared object and loaded; unloaded on destruction.
class CppModel {
public:
  ~CppModel();
  CppModel(const CppModel&) = delete;
  CppModel& operator=(const CppModel&) = delete;

  const mocc_model& model() const { return *model_; }
  const std::string& source() const { return source_; }

  /// Emits, compiles and loads `program` under the name `name` (a file in a scratch
  /// directory). On failure records a test failure (with the compiler's messages) and returns
  /// null.
  static std::unique_ptr<CppModel> build(const sim::Program& program, const std::string& name);

private:
  CppModel() = default;
  void* handle_ = nullptr;
  const mocc_model* model_ = nullptr;
  std::string source_;
};

/// A program compiled both ways.
struct BothWays {
  std::unique_ptr<jit::CompiledModel> jit;
  std::unique_ptr<CppModel> cpp;
  bool ok() const { return jit && cpp; }
};
BothWays compileBothWays(const sim::Program& program, const std::string& name);

/// EXPECTs equal bits in every array of two instances (x, dx, v) and equal reports.
void expectSameState(const Instance& jit, const Instance& cpp, const std::string& where);

/// The current test's name, for scratch files.
std::string testName();

} // namespace mocc::backend::cpp::test
