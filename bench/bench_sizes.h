// The model sizes the benchmark executables run, from their own command-line flags, and the
// registration of benchmarks whose failure is reported instead of aborting the run.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::bench {

/// Removes `--NAME=1,2,3` from argv (after benchmark::Initialize has taken its own flags) and
/// returns its sizes; `fallback` when the flag is absent. Exits with a message on a malformed
/// list or an unknown flag left over.
std::vector<std::size_t> takeSizes(int& argc, char** argv, std::string_view name,
                                   std::vector<std::size_t> fallback);

/// Removes `--NAME=VALUE` from argv and returns VALUE (the last one), nullopt when absent.
std::optional<std::string> takeFlag(int& argc, char** argv, std::string_view name);

/// Removes `--opt-level=auto|0|1|2|3` from argv: the LLVM level, CompileOptions::kAutomatic
/// for auto or when absent (what `mocc run` does). Exits with a message on another value.
int takeOptLevel(int& argc, char** argv);

/// Exits with a usage message when argv holds anything but the program name.
void rejectUnknownFlags(int argc, char** argv, std::string_view usage);

/// Registers `body` as a benchmark in milliseconds of wall time; an exception it throws (a
/// model that fails to compile or simulate) becomes the benchmark's error and sets
/// anyBenchmarkFailed().
void registerGuarded(const std::string& name, std::function<void(benchmark::State&)> body);

/// Whether a benchmark registered by registerGuarded failed: the executable's exit code.
bool anyBenchmarkFailed();

} // namespace mocc::bench
