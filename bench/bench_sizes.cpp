// The model sizes the benchmark executables run, from their own command-line flags.
#include "bench_sizes.h"

#include "mocc/llvm/jit.h"

#include <cstdlib>
#include <iostream>
#include <string>

namespace mocc::bench {

namespace {

[[noreturn]] void usageError(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  std::exit(2);
}

std::vector<std::size_t> parseSizes(std::string_view list, std::string_view flag) {
  std::vector<std::size_t> sizes;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string item(list.substr(0, comma));
    char* end = nullptr;
    unsigned long size = std::strtoul(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || size == 0)
      usageError("--" + std::string(flag) + ": '" + item + "' is not a positive size");
    sizes.push_back(size);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  return sizes;
}

} // namespace

std::optional<std::string> takeFlag(int& argc, char** argv, std::string_view name) {
  std::string prefix = "--" + std::string(name) + "=";
  std::optional<std::string> value;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    std::string_view argument = argv[i];
    if (argument.rfind(prefix, 0) == 0) {
      value = std::string(argument.substr(prefix.size()));
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return value;
}

std::vector<std::size_t> takeSizes(int& argc, char** argv, std::string_view name,
                                   std::vector<std::size_t> fallback) {
  std::optional<std::string> list = takeFlag(argc, argv, name);
  return list ? parseSizes(*list, name) : fallback;
}

int takeOptLevel(int& argc, char** argv) {
  std::optional<std::string> level = takeFlag(argc, argv, "opt-level");
  if (!level || *level == "auto") return backend::jit::CompileOptions::kAutomatic;
  if (level->size() != 1 || (*level)[0] < '0' || (*level)[0] > '3')
    usageError("--opt-level: '" + *level + "' is not auto or 0 to 3");
  return (*level)[0] - '0';
}

void rejectUnknownFlags(int argc, char** argv, std::string_view usage) {
  if (argc > 1)
    usageError("unknown argument '" + std::string(argv[1]) + "'\n" + std::string(usage));
}

namespace {
bool failed = false;
}

void registerGuarded(const std::string& name, std::function<void(benchmark::State&)> body) {
  benchmark::RegisterBenchmark(name.c_str(),
                               [body](benchmark::State& state) {
                                 try {
                                   body(state);
                                 } catch (const std::exception& e) {
                                   failed = true;
                                   state.SkipWithError(e.what());
                                 }
                               })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

bool anyBenchmarkFailed() { return failed; }

} // namespace mocc::bench
