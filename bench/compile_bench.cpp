// Wall time of each compiler phase on generated models of growing size (generated_models.h):
// parse, instantiate + flatten, structural analysis (the backend pipeline) and LLVM code
// generation + JIT. Each benchmark times one phase; its input is prepared once, outside the
// timing. Counters: the flat model's size, and for flatten and codegen/JIT the split the
// stages report themselves (as `mocc run --timings` prints it).
//
//   mocc_compile_bench [--sizes=10,100,1000,5000] [--jit-sizes=10,100] [--opt-level=auto]
//                      [benchmark flags]
#include "bench_sizes.h"
#include "generated_models.h"
#include "pipeline.h"

#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <exception>

namespace mocc::bench {

namespace {

constexpr std::string_view kUsage =
    "usage: mocc_compile_bench [--sizes=N,...] [--jit-sizes=N,...] [--opt-level=L] "
    "[--benchmark_* flags]\n"
    "  --sizes      sizes for parse, flatten and structural analysis (default 10,100,1000,5000)\n"
    "  --jit-sizes  sizes for code generation and JIT (default 10,100)\n"
    "  --opt-level  LLVM level: auto (the default, as mocc run) or 0 to 3";

void setModelCounters(benchmark::State& state, const flat::Model& flat) {
  state.counters["flat_vars"] = static_cast<double>(flat.variables.size());
  state.counters["flat_eqs"] = static_cast<double>(flat.equations.size());
}

void parsePhase(benchmark::State& state, const GeneratedModel& model) {
  for (auto _ : state) {
    state.PauseTiming();
    auto compilation = std::make_unique<Compilation>();
    state.ResumeTiming();
    parse(*compilation, model);
    state.PauseTiming();
    compilation.reset(); // destroying the AST is not parsing
    state.ResumeTiming();
  }
  state.counters["bytes"] = static_cast<double>(model.text.size());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * model.text.size()));
}

void flattenPhase(benchmark::State& state, const GeneratedModel& model) {
  frontend::FlattenTimings total;
  std::optional<flat::Model> last;
  for (auto _ : state) {
    state.PauseTiming();
    auto compilation = std::make_unique<Compilation>();
    parse(*compilation, model);
    last.reset();
    frontend::FlattenTimings timings;
    state.ResumeTiming();
    last = flatten(*compilation, model, &timings);
    state.PauseTiming();
    compilation.reset();
    state.ResumeTiming();
    total.instantiateSeconds += timings.instantiateSeconds;
    total.flattenSeconds += timings.flattenSeconds;
  }
  auto iterations = static_cast<double>(state.iterations());
  state.counters["instantiate_ms"] = 1e3 * total.instantiateSeconds / iterations;
  state.counters["flatten_ms"] = 1e3 * total.flattenSeconds / iterations;
  setModelCounters(state, *last);
}

void analysePhase(benchmark::State& state, const GeneratedModel& model) {
  Compilation compilation;
  parse(compilation, model);
  flat::Model flat = flatten(compilation, model);
  std::size_t states = 0, equations = 0;
  for (auto _ : state) {
    sim::Program program = analyse(compilation, flat);
    states = program.stateCount;
    equations = program.derivatives.size();
    state.PauseTiming();
    { sim::Program discarded = std::move(program); } // its destruction is not analysis
    state.ResumeTiming();
  }
  setModelCounters(state, flat);
  state.counters["states"] = static_cast<double>(states);
  state.counters["ode_assignments"] = static_cast<double>(equations);
}

void codegenPhase(benchmark::State& state, const GeneratedModel& model, int optLevel) {
  Compilation compilation;
  parse(compilation, model);
  flat::Model flat = flatten(compilation, model);
  sim::Program program = analyse(compilation, flat);
  backend::jit::CompileTimings total;
  for (auto _ : state) {
    backend::jit::CompileTimings timings;
    auto compiled = generateCode(program, optLevel, &timings);
    total.optLevel = timings.optLevel;
    benchmark::DoNotOptimize(compiled.get());
    state.PauseTiming();
    compiled.reset();
    state.ResumeTiming();
    total.codegenSeconds += timings.codegenSeconds;
    total.jitSeconds += timings.jitSeconds;
  }
  auto iterations = static_cast<double>(state.iterations());
  state.counters["codegen_ms"] = 1e3 * total.codegenSeconds / iterations;
  state.counters["jit_ms"] = 1e3 * total.jitSeconds / iterations;
  state.counters["opt_level"] = total.optLevel;
  setModelCounters(state, flat);
}

/// Runs `phase` on `model` as a benchmark (a failed compilation is its error).
template <typename Phase>
void registerPhase(const std::string& name, Phase phase, const GeneratedModel& model) {
  registerGuarded(name, [phase, model](benchmark::State& state) { phase(state, model); });
}

} // namespace

} // namespace mocc::bench

int main(int argc, char** argv) {
  using namespace mocc::bench;
  benchmark::Initialize(&argc, argv);
  std::vector<std::size_t> sizes = takeSizes(argc, argv, "sizes", {10, 100, 1000, 5000});
  std::vector<std::size_t> jitSizes = takeSizes(argc, argv, "jit-sizes", {10, 100});
  int optLevel = takeOptLevel(argc, argv);
  rejectUnknownFlags(argc, argv, kUsage);
  for (const ModelFamily& family : modelFamilies()) {
    for (std::size_t size : sizes) {
      GeneratedModel model = family.generate(size);
      registerPhase(fmt::format("parse/{}/{}", family.name, size), parsePhase, model);
      registerPhase(fmt::format("flatten/{}/{}", family.name, size), flattenPhase, model);
      registerPhase(fmt::format("analyse/{}/{}", family.name, size), analysePhase, model);
    }
    for (std::size_t size : jitSizes) {
      auto codegen = [optLevel](benchmark::State& state, const GeneratedModel& model) {
        codegenPhase(state, model, optLevel);
      };
      registerPhase(fmt::format("codegen_jit/{}/{}", family.name, size), codegen,
                    family.generate(size));
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return anyBenchmarkFailed() ? 1 : 0;
}
