// Helpers for JIT tests that start from a hand-built flat::Model: run the backend, compile the
// program and find variables by name in the compiled instance.
#pragma once

#include "flat_builder.h"
#include "test_model.h"

namespace mocc::backend::jit::test {

using namespace mocc::test;
using mocc::test::assign; // beside test_model.h's assign(variable, expr::Id)

/// A flat model compiled through backend::compile and the JIT.
struct CompiledFlat {
  Compilation backend;
  std::unique_ptr<CompiledModel> compiled;

  const sim::Program& program() const { return *backend.program; }
  const mocc_model& model() const { return compiled->model(); }
  CompiledModel::Function function(std::size_t index) const { return compiled->function(index); }
};

/// Compiles `model`; failures are test failures (check `compiled` before use).
inline std::unique_ptr<CompiledFlat> compileFlat(const flat::Model& model, int optLevel = 2) {
  auto result = std::make_unique<CompiledFlat>();
  compileModel(result->backend, model);
  EXPECT_TRUE(result->backend.program) << result->backend.rendered();
  if (!result->backend.program) return result;
  result->compiled = compileOrFail(*result->backend.program, optLevel);
  return result;
}

/// The storage of the program variable called `name` in `instance`.
inline double& valueOf(const sim::Program& program, Instance& instance, const std::string& name) {
  for (const sim::Variable& v : program.variables) {
    if (v.name != name) continue;
    switch (v.region) {
    case sim::Region::State: return instance.x[v.index];
    case sim::Region::Derivative: return instance.dx[v.index];
    case sim::Region::Value: return instance.v[v.index];
    }
  }
  ADD_FAILURE() << "no variable " << name;
  static double none = 0;
  return none;
}

/// pre() := current values, as the runtime does between event-iteration steps.
inline void copyToPre(Instance& instance) {
  instance.preX = instance.x;
  instance.preV = instance.v;
}

/// Calls a compiled function with `inputs`, returning its `outputCount` outputs.
inline std::vector<double> callFunction(CompiledModel::Function function,
                                        std::vector<double> inputs, std::size_t outputCount,
                                        mocc_instance* instance = nullptr) {
  std::vector<double> outputs(outputCount, -12345.0);
  function(instance, inputs.data(), outputs.data());
  return outputs;
}

} // namespace mocc::backend::jit::test
