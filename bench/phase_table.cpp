// One pass of the compiler per generated model and size, each in a child process of its own,
// printed as a Markdown table: the wall time of every phase (as `mocc run --timings` splits
// it), their sum, the CPU time they took (user + system: on a busy machine the wall time
// grows, the CPU time much less) and the child's peak resident memory. For the sizes where
// repeating a phase, as mocc_compile_bench does, would take too long; the numbers are single runs.
//
//   mocc_phase_table [--sizes=10,100,1000,5000] [--jit-sizes=10,100] [--opt-level=auto]
//                  [--families=rc-ladder,mass-chain]
#include "bench_sizes.h"
#include "generated_models.h"
#include "pipeline.h"

#include <fmt/format.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>

namespace mocc::bench {

namespace {

constexpr std::string_view kUsage =
    "usage: mocc_phase_table [--sizes=N,...] [--jit-sizes=N,...] [--opt-level=L] "
    "[--families=F,...]\n"
    "  --sizes      sizes for parse, flatten and structural analysis (default 10,100,1000,5000)\n"
    "  --jit-sizes  sizes that are also compiled by LLVM (default 10,100)\n"
    "  --opt-level  LLVM level: auto (the default, as mocc run) or 0 to 3\n"
    "  --families   the model families to run, comma-separated (default all)";

class Stopwatch {
public:
  double lap() {
    auto now = std::chrono::steady_clock::now();
    double seconds = std::chrono::duration<double>(now - begin_).count();
    begin_ = now;
    return seconds;
  }

private:
  std::chrono::steady_clock::time_point begin_ = std::chrono::steady_clock::now();
};

std::string seconds(double s) { return fmt::format("{:.3f}", s); }

/// User and system CPU time of this process so far.
double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto toSeconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return toSeconds(usage.ru_utime) + toSeconds(usage.ru_stime);
}

/// Compiles one model and prints its row; in a child process, so that the peak memory is
/// this model's alone.
int measure(const ModelFamily& family, std::size_t size, bool withJit, int optLevel) {
  try {
    GeneratedModel model = family.generate(size);
    Compilation compilation;
    double cpuBegin = cpuSeconds();
    Stopwatch watch, total;
    parse(compilation, model);
    double parseSeconds = watch.lap();
    frontend::FlattenTimings flattenTimings;
    flat::Model flat = flatten(compilation, model, &flattenTimings);
    watch.lap();
    sim::Program program = analyse(compilation, flat);
    double analysisSeconds = watch.lap();
    std::string codegen = "-", jit = "-";
    if (withJit) {
      backend::jit::CompileTimings timings;
      auto compiled = generateCode(program, optLevel, &timings);
      codegen = fmt::format("{} (O{})", seconds(timings.codegenSeconds), timings.optLevel);
      jit = seconds(timings.jitSeconds);
    }
    double wall = total.lap();
    fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0f} |\n",
               family.name, size, flat.equations.size(), program.stateCount, seconds(parseSeconds),
               seconds(flattenTimings.instantiateSeconds), seconds(flattenTimings.flattenSeconds),
               seconds(analysisSeconds), codegen, jit, seconds(wall),
               seconds(cpuSeconds() - cpuBegin), peakResidentMiB());
    std::fflush(stdout);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "{} {}: {}\n", family.name, size, e.what());
    return 1;
  }
}

} // namespace

} // namespace mocc::bench

int main(int argc, char** argv) {
  using namespace mocc::bench;
  std::vector<std::size_t> sizes = takeSizes(argc, argv, "sizes", {10, 100, 1000, 5000});
  std::vector<std::size_t> jitSizes = takeSizes(argc, argv, "jit-sizes", {10, 100});
  int optLevel = takeOptLevel(argc, argv);
  std::optional<std::string> families = takeFlag(argc, argv, "families");
  rejectUnknownFlags(argc, argv, kUsage);
  for (std::size_t size : jitSizes) {
    if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) sizes.push_back(size);
  }
  std::sort(sizes.begin(), sizes.end());
  fmt::print("| model | N | flat equations | states | parse s | instantiate s | flatten s | "
             "structural analysis s | codegen s | JIT s | total s | CPU s | peak RSS MiB |\n"
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  std::fflush(stdout);
  int failures = 0;
  for (const ModelFamily& family : modelFamilies()) {
    if (families &&
        ("," + *families + ",").find("," + std::string(family.name) + ",") == std::string::npos)
      continue;
    for (std::size_t size : sizes) {
      bool withJit = std::find(jitSizes.begin(), jitSizes.end(), size) != jitSizes.end();
      pid_t child = fork();
      if (child < 0) {
        std::perror("fork");
        return 1;
      }
      if (child == 0) _exit(measure(family, size, withJit, optLevel));
      int status = 0;
      waitpid(child, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
