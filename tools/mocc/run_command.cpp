// `mocc run MODEL.mo`: compile, JIT, then simulate through the simulator command line shared
// with generated simulators (runtime/cli): results, plot, summary, exit codes. The JIT cache
// (jit_cache.h) sits between the flat model and the backend: on a hit the structural analysis
// and code generation are skipped.
#include "commands.h"
#include "driver.h"
#include "jit_cache.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/llvm/jit.h"

#include <chrono>
#include <iostream>

namespace mocc::tool {

namespace {

struct RunOptions {
  ModelSelection selection;
  cli::SimulatorOptions simulation;
  std::vector<std::string> printAfter;
  int optLevel = 2;
  std::string cacheDirectory; // empty: the default one
  bool noCache = false;
};

/// Options of the compilation that precedes the simulation.
void addCompileOptions(CLI::App& cmd, RunOptions& o) {
  cmd.add_option("-O,--opt-level", o.optLevel, "LLVM optimisation level 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  cmd.add_option("--print-after", o.printAfter,
                 "Print the backend's state after this pass (repeatable): build-dae, "
                 "eval-params, alias-elim, trivial-elim, relations, pantelides, sort, "
                 "initialization, build-program");
  CLI::Option* cache = cmd.add_option("--cache", o.cacheDirectory,
                                      "Directory of the JIT cache of compiled models (default: "
                                      "$XDG_CACHE_HOME/mocc, else ~/.cache/mocc)")
                           ->type_name("DIR");
  cmd.add_flag("--no-cache", o.noCache, "Neither read nor write the JIT cache")->excludes(cache);
}

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kUsageError;
}

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

/// The cache the options ask for; none with --no-cache, without a home directory, or (with a
/// one-line warning) when its directory cannot be created.
std::optional<JitCache> openCache(const RunOptions& o) {
  if (o.noCache) return std::nullopt;
  auto directory = o.cacheDirectory.empty()
                       ? JitCache::defaultDirectory()
                       : std::optional<std::filesystem::path>(o.cacheDirectory);
  if (!directory) return std::nullopt;
  std::string warning;
  auto cache = JitCache::open(*directory, warning);
  if (!cache) std::cerr << "mocc: warning: " << warning << "\n";
  return cache;
}

/// One compilation from file to compiled model, recording its phases for --timings.
class RunCompilation {
public:
  explicit RunCompilation(const RunOptions& options) : o_(options) {
    configure(compilation_, o_.selection);
  }

  /// The compiled model, or null after reporting why (the exit code is then kModelError).
  std::unique_ptr<backend::jit::CompiledModel> compile();
  std::vector<cli::PhaseTiming>& phases() { return phases_; }

private:
  std::unique_ptr<backend::jit::CompiledModel> loadCached(const flat::Model& model);
  std::unique_ptr<backend::jit::CompiledModel> compileFlat(const flat::Model& model);
  void store(const backend::jit::CompiledModel& compiled);

  const RunOptions& o_;
  Compilation compilation_;
  std::vector<cli::PhaseTiming> phases_;
  std::optional<JitCache> cache_;
  std::uint64_t key_ = 0;
  double cacheSeconds_ = 0; // the key, reading and writing entries
};

std::unique_ptr<backend::jit::CompiledModel> RunCompilation::compile() {
  FrontendTimings frontend;
  auto model = flattenFile(compilation_, o_.selection.model, o_.selection.className, &frontend);
  phases_.push_back({"parse", frontend.parseSeconds, {}});
  phases_.push_back({"instantiate", frontend.flatten.instantiateSeconds, {}});
  phases_.push_back({"flatten", frontend.flatten.flattenSeconds, {}});
  if (!model) {
    printDiagnostics(compilation_, std::cerr);
    return nullptr;
  }
  cache_ = openCache(o_);
  auto compiled = loadCached(*model);
  if (compiled) {
    printDiagnostics(compilation_, std::cerr); // the frontend's warnings
    return compiled;
  }
  compiled = compileFlat(*model);
  if (compiled && cache_) store(*compiled); // a model that failed to compile leaves nothing
  phases_.push_back({"cache", cacheSeconds_, cache_ ? "miss" : "off"});
  return compiled;
}

// --print-after needs the backend to run, so it never takes a cached model.
std::unique_ptr<backend::jit::CompiledModel> RunCompilation::loadCached(const flat::Model& model) {
  if (!cache_) return nullptr;
  auto begin = std::chrono::steady_clock::now();
  key_ = modelCacheKey(flat::print(model), compilation_.sources, o_.optLevel);
  cacheSeconds_ = secondsSince(begin);
  if (!o_.printAfter.empty()) return nullptr;
  auto loading = std::chrono::steady_clock::now();
  auto compiled = cache_->load(key_);
  if (!compiled) {
    cacheSeconds_ += secondsSince(loading);
    return nullptr;
  }
  phases_.push_back({"structural analysis", std::nullopt, "skipped (cache hit)"});
  phases_.push_back({"codegen", std::nullopt, "skipped (cache hit)"});
  phases_.push_back({"JIT", secondsSince(loading), {}}); // reading the entry, linking, lookup
  phases_.push_back({"cache", cacheSeconds_, "hit"});
  return compiled;
}

std::unique_ptr<backend::jit::CompiledModel> RunCompilation::compileFlat(const flat::Model& model) {
  backend::PipelineOptions pipeline;
  pipeline.printAfter = o_.printAfter;
  pipeline.print = [](const std::string& pass, const std::string& text) {
    std::cout << "--- after " << pass << " ---\n" << text;
  };
  auto begin = std::chrono::steady_clock::now();
  auto program = backend::compile(model, compilation_.sources, compilation_.diagnostics, pipeline);
  phases_.push_back({"structural analysis", secondsSince(begin), {}});
  printDiagnostics(compilation_, std::cerr);
  if (!program) return nullptr;
  std::string error;
  backend::jit::CompileTimings timings;
  auto compiled = backend::jit::compile(*program, {o_.optLevel}, error, &timings);
  if (!compiled) {
    std::cerr << "mocc: error: code generation failed: " << error << "\n";
    return nullptr;
  }
  phases_.push_back({"codegen", timings.codegenSeconds, {}});
  phases_.push_back({"JIT", timings.jitSeconds, {}});
  return compiled;
}

void RunCompilation::store(const backend::jit::CompiledModel& compiled) {
  auto begin = std::chrono::steady_clock::now();
  std::string warning;
  if (!cache_->store(key_, compiled, warning)) std::cerr << "mocc: warning: " << warning << "\n";
  cacheSeconds_ += secondsSince(begin);
}

int run(const RunOptions& o) {
  for (const std::string& pass : o.printAfter) {
    if (!backend::isPass(pass)) return usageError("--print-after " + pass + ": no such pass");
  }
  auto begin = std::chrono::steady_clock::now();
  RunCompilation compilation(o);
  auto compiled = compilation.compile();
  if (!compiled) return kModelError;
  cli::RunPresentation presentation{"mocc", secondsSince(begin), std::move(compilation.phases())};
  return cli::simulateModel(compiled->model(), o.simulation, presentation);
}

} // namespace

CommandAction addRunCommand(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Compile a model, JIT it through LLVM and simulate it; write the results as CSV");
  addModelOptions(*cmd, options->selection);
  cli::addSimulatorOptions(*cmd, options->simulation);
  addCompileOptions(*cmd, *options);
  cmd->footer("Exit codes: 0 success, 1 model error, 2 usage error, 3 simulation failure "
              "(the results computed so far are kept).");
  return [options]() { return run(*options); };
}

} // namespace mocc::tool
