// The model sizes the benchmark executables run, from their own command-line flags.
#include "bench_sizes.h"

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

std::vector<std::size_t> takeSizes(int& argc, char** argv, std::string_view name,
                                   std::vector<std::size_t> fallback) {
  std::string prefix = "--" + std::string(name) + "=";
  std::vector<std::size_t> sizes = std::move(fallback);
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    std::string_view argument = argv[i];
    if (argument.rfind(prefix, 0) == 0) {
      sizes = parseSizes(argument.substr(prefix.size()), name);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return sizes;
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
