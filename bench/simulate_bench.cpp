// Simulation throughput of JIT-compiled models (compiled once, outside the timing; results
// discarded): events and steps per second of an elastic bouncing ball (a hybrid model, two
// state events per bounce), and steps and right-hand-side evaluations per second of the
// generated continuous models of growing size.
//
//   mocc_simulate_bench [--sizes=10,100] [--ball-stop-time=1000] [benchmark flags]
#include "bench_sizes.h"
#include "generated_models.h"
#include "pipeline.h"

#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <exception>
#include <memory>

namespace mocc::bench {

namespace {

constexpr std::string_view kUsage =
    "usage: mocc_simulate_bench [--sizes=N,...] [--ball-stop-time=T] [--benchmark_* flags]\n"
    "  --sizes           sizes of the generated continuous models (default 10,100)\n"
    "  --ball-stop-time  stop time of the bouncing ball in s (default 1000: 700 events)";

void simulateModel(benchmark::State& state, const GeneratedModel& source, std::string solver) {
  auto compiled = compileModel(source);
  runtime::Statistics total;
  long events = 0;
  for (auto _ : state) {
    runtime::SimulationResult result = simulate(compiled->model(), solver);
    const runtime::Statistics& s = result.statistics;
    total.steps += s.steps;
    total.rhsEvaluations += s.rhsEvaluations;
    total.jacobianEvaluations += s.jacobianEvaluations;
    events += s.stateEvents + s.timeEvents;
  }
  auto iterations = static_cast<double>(state.iterations());
  using benchmark::Counter;
  state.counters["states"] = compiled->model().n_states;
  state.counters["events"] = static_cast<double>(events) / iterations;
  state.counters["steps"] = static_cast<double>(total.steps) / iterations;
  state.counters["events/s"] = Counter(static_cast<double>(events), Counter::kIsRate);
  state.counters["steps/s"] = Counter(static_cast<double>(total.steps), Counter::kIsRate);
  state.counters["f-evals/s"] =
      Counter(static_cast<double>(total.rhsEvaluations), Counter::kIsRate);
}

void registerSimulation(const std::string& name, const GeneratedModel& model,
                        const std::string& solver) {
  registerGuarded(
      name, [model, solver](benchmark::State& state) { simulateModel(state, model, solver); });
}

} // namespace

} // namespace mocc::bench

int main(int argc, char** argv) {
  using namespace mocc::bench;
  benchmark::Initialize(&argc, argv);
  std::vector<std::size_t> sizes = takeSizes(argc, argv, "sizes", {10, 100});
  std::vector<std::size_t> ballStop = takeSizes(argc, argv, "ball-stop-time", {1000});
  rejectUnknownFlags(argc, argv, kUsage);
  GeneratedModel ball = bouncingBall(1.0, static_cast<double>(ballStop.front()));
  for (const char* solver : {"cvode", "rk45"})
    registerSimulation(fmt::format("simulate/bouncing-ball/{}", solver), ball, solver);
  for (const ModelFamily& family : modelFamilies()) {
    for (std::size_t size : sizes) {
      registerSimulation(fmt::format("simulate/{}/{}", family.name, size), family.generate(size),
                         "cvode");
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return anyBenchmarkFailed() ? 1 : 0;
}
