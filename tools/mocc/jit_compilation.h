// The compile path of `mocc run`, shared with `mocc compare`: file -> flat model -> JIT cache
// (jit_cache.h) or backend and LLVM -> compiled model, recording the phases for --timings.
#pragma once

#include "commands.h"
#include "driver.h"
#include "jit_cache.h"
#include "mode_catalog.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/llvm/jit.h"

#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

/// The options of the compilation that precedes a JIT simulation.
struct JitCompileOptions {
  ModelSelection selection;
  std::vector<std::string> printAfter;
  int optLevel = backend::jit::CompileOptions::kAutomatic; // -O auto
  std::string cacheDirectory;                              // empty: the default one
  bool noCache = false;
  std::ostream* diagnostics = &std::cerr; // where errors and warnings go
  /// The line counting the warnings by kind is left to the caller, who ends the run with it
  /// (warnings() has the counts).
  bool warningSummaryAtEnd = false;
  /// Structural-dynamic models: how many modes a run may compile (--max-modes).
  int maxModes = kDefaultMaxModes;
};

/// The -O level for a C++ build of the same model: the JIT's automatic level means 2 there.
inline int cppOptLevel(int jitOptLevel) {
  return jitOptLevel == backend::jit::CompileOptions::kAutomatic ? 2 : jitOptLevel;
}

/// Registers -O, --print-after (when `withPrintAfter`), --cache, --no-cache and --max-modes.
void addJitCompileOptions(CLI::App& command, JitCompileOptions& options, bool withPrintAfter);

/// One compilation from file to compiled model, recording its phases for --timings.
class JitCompilation {
public:
  explicit JitCompilation(const JitCompileOptions& options);

  /// The compiled model, or null after reporting why (the exit code is then kModelError). For
  /// a structural-dynamic model, the model of its initial mode; modes() has the others.
  std::unique_ptr<backend::jit::CompiledModel> compile();
  /// After compile(): the modes of a structural-dynamic model (mocc/flat/modes.h), compiled
  /// on first use while the run goes on; null for a model of one structure.
  JitModeCatalog* modes() { return modes_.get(); }
  std::vector<cli::PhaseTiming>& phases() { return phases_; }
  /// The compiler's warnings by kind, as printed.
  const cli::WarningCounts& warnings() const { return warnings_; }
  /// The wall time of every compile phase so far (parse to JIT, cache included).
  double compileSeconds() const;

private:
  bool loadExternalCode(const flat::Model& model);
  /// The cache, else the backend and LLVM (storing the result in the cache); `cached`, when
  /// given, tells a cache hit.
  std::unique_ptr<backend::jit::CompiledModel> compileThroughCache(const flat::Model& model,
                                                                   bool* cached = nullptr);
  /// compileThroughCache for a mode of a structural-dynamic model, reached during the run:
  /// errors come back in `error` instead of being printed; `cached` tells a cache hit.
  std::unique_ptr<backend::jit::CompiledModel> compileMode(const flat::Model& model,
                                                           std::string& error, bool& cached);
  std::unique_ptr<backend::jit::CompiledModel> loadCached(const flat::Model& model);
  std::unique_ptr<backend::jit::CompiledModel> compileFlat(const flat::Model& model);
  void store(const backend::jit::CompiledModel& compiled);
  void printDiagnostics();

  const JitCompileOptions& o_;
  Compilation compilation_;
  std::vector<cli::PhaseTiming> phases_;
  std::optional<JitCache> cache_;
  std::uint64_t key_ = 0;
  double cacheSeconds_ = 0; // the key, reading and writing entries
  cli::WarningCounts warnings_;
  std::unique_ptr<JitModeCatalog> modes_;
  bool quiet_ = false; // compileMode: printDiagnostics prints nothing
};

} // namespace mocc::tool
