// JitCompilation: the compile path of `mocc run` and `mocc compare`. The JIT cache sits between
// the flat model and the backend: on a hit the structural analysis and code generation are
// skipped.
#include "jit_compilation.h"

#include "native_loading.h"

#include "mocc/dae/build.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace mocc::tool {

namespace {

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

/// The cache the options ask for; none with --no-cache, without a home directory, or (with a
/// one-line warning) when its directory cannot be created.
std::optional<JitCache> openCache(const JitCompileOptions& o) {
  if (o.noCache) return std::nullopt;
  auto directory = o.cacheDirectory.empty()
                       ? JitCache::defaultDirectory()
                       : std::optional<std::filesystem::path>(o.cacheDirectory);
  if (!directory) return std::nullopt;
  std::string warning;
  auto cache = JitCache::open(*directory, warning);
  if (!cache) *o.diagnostics << "mocc: warning: " << warning << "\n";
  return cache;
}

} // namespace

void addJitCompileOptions(CLI::App& cmd, JitCompileOptions& o, bool withPrintAfter) {
  cmd.add_option_function<std::string>(
         "-O,--opt-level",
         [&o](const std::string& level) {
           o.optLevel =
               level == "auto" ? backend::jit::CompileOptions::kAutomatic : std::stoi(level);
         },
         "LLVM optimisation level 0..3, or auto (the default): 2, or 0 for a model of more than " +
             std::to_string(backend::jit::kOptimisedProgramSize) +
             " statements, where optimising costs more than it saves")
      ->check(CLI::IsMember({"auto", "0", "1", "2", "3"}))
      ->default_str("auto");
  if (withPrintAfter) {
    std::string names;
    for (const backend::PassInfo& pass : backend::passes())
      names += (names.empty() ? "" : ", ") + std::string(pass.name);
    cmd.add_option("--print-after", o.printAfter,
                   "Print the backend's state after this pass (repeatable): " + names);
  }
  CLI::Option* cache = cmd.add_option("--cache", o.cacheDirectory,
                                      "Directory of the JIT cache of compiled models (default: "
                                      "$XDG_CACHE_HOME/mocc, else ~/.cache/mocc)")
                           ->type_name("DIR");
  cmd.add_flag("--no-cache", o.noCache, "Neither read nor write the JIT cache")->excludes(cache);
  addMaxModesOption(cmd, o.maxModes,
                    "A model whose if-equations change its structure is compiled once per mode "
                    "it reaches; the run stops with an error when it needs more modes than this");
}

JitCompilation::JitCompilation(const JitCompileOptions& options) : o_(options) {
  configure(compilation_, o_.selection);
}

double JitCompilation::compileSeconds() const {
  double total = 0.0;
  for (const cli::PhaseTiming& phase : phases_)
    total += phase.seconds.value_or(0.0);
  return total;
}

std::unique_ptr<backend::jit::CompiledModel> JitCompilation::compile() {
  FrontendTimings frontend;
  auto model = flattenFile(compilation_, o_.selection.model, o_.selection.className, &frontend);
  phases_.push_back({"parse", frontend.parseSeconds, {}});
  phases_.push_back({"instantiate", frontend.flatten.instantiateSeconds, {}});
  phases_.push_back({"flatten", frontend.flatten.flattenSeconds, {}});
  if (!model) {
    printDiagnostics();
    return nullptr;
  }
  if (!loadExternalCode(*model)) return nullptr;
  cache_ = openCache(o_);
  std::vector<flat::StructuralIf> ifs = modeIfEquations(compilation_, *model);
  if (ifs.empty()) return compileThroughCache(*model);
  if (!refuseModeExternalObjects(compilation_, *model, ifs.front())) {
    printDiagnostics();
    return nullptr;
  }
  modes_ = std::make_unique<JitModeCatalog>(
      std::move(*model), std::move(ifs), compilation_.sources,
      [this](const flat::Model& mode, std::string& error, bool& cached) {
        return compileMode(mode, error, cached);
      },
      o_.maxModes);
  std::string error;
  auto compiled = modes_->compileInitial(error);
  if (!compiled) *o_.diagnostics << error;
  return compiled;
}

std::unique_ptr<backend::jit::CompiledModel>
JitCompilation::compileThroughCache(const flat::Model& model, bool* cached) {
  auto compiled = loadCached(model);
  if (cached) *cached = compiled != nullptr;
  if (compiled) {
    printDiagnostics(); // the frontend's warnings
    return compiled;
  }
  compiled = compileFlat(model);
  if (compiled && cache_) store(*compiled); // a model that failed to compile leaves nothing
  phases_.push_back({"cache", cacheSeconds_, cache_ ? "miss" : "off"});
  return compiled;
}

// The first mode prints the frontend's warnings as any model does; a later one reports only
// why it failed, as the run's error.
std::unique_ptr<backend::jit::CompiledModel>
JitCompilation::compileMode(const flat::Model& model, std::string& error, bool& cached) {
  bool first = !quiet_;
  std::size_t known = compilation_.diagnostics.all().size();
  auto compiled = compileThroughCache(model, &cached);
  quiet_ = true;
  if (!compiled && !first) {
    std::ostringstream text;
    for (std::size_t i = known; i < compilation_.diagnostics.all().size(); ++i)
      text << render(compilation_.diagnostics.all()[i], compilation_.sources);
    error = text.str();
  }
  return compiled;
}

void JitCompilation::printDiagnostics() {
  if (quiet_) return;
  warnings_ = tool::printDiagnostics(compilation_, *o_.diagnostics, !o_.warningSummaryAtEnd);
}

// Before the JIT looks up symbols, also those of a cached model.
bool JitCompilation::loadExternalCode(const flat::Model& model) {
  auto begin = std::chrono::steady_clock::now();
  auto code = prepareNativeCode(dae::externalLibraries(model), o_.cacheDirectory);
  bool loaded = code && loadNativeCode(*code);
  if (code && !code->sharedObjects.empty())
    phases_.push_back(
        {"external C code", secondsSince(begin), code->compiledObjects ? "built" : "cached"});
  if (!loaded) printDiagnostics();
  return loaded;
}

// --print-after and --verify-each need the backend to run, so they never take a cached model.
std::unique_ptr<backend::jit::CompiledModel> JitCompilation::loadCached(const flat::Model& model) {
  if (!cache_) return nullptr;
  auto begin = std::chrono::steady_clock::now();
  key_ = modelCacheKey(flat::print(model), compilation_.sources, o_.optLevel);
  cacheSeconds_ = secondsSince(begin);
  if (!o_.printAfter.empty() || o_.selection.verifyEach) return nullptr;
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

std::unique_ptr<backend::jit::CompiledModel> JitCompilation::compileFlat(const flat::Model& model) {
  backend::PipelineOptions pipeline = pipelineOptions(compilation_);
  pipeline.printAfter = o_.printAfter;
  pipeline.print = [](const std::string& pass, const std::string& text) {
    std::cout << "--- after " << pass << " ---\n" << text;
  };
  auto begin = std::chrono::steady_clock::now();
  auto program = backend::compile(model, compilation_.sources, compilation_.diagnostics, pipeline);
  phases_.push_back({"structural analysis", secondsSince(begin), {}});
  printDiagnostics();
  if (!program) return nullptr;
  std::string error;
  backend::jit::CompileTimings timings;
  auto compiled = backend::jit::compile(*program, {o_.optLevel}, error, &timings);
  if (!compiled) {
    *o_.diagnostics << "mocc: error: code generation failed: " << error << "\n";
    return nullptr;
  }
  phases_.push_back({"codegen", timings.codegenSeconds, "O" + std::to_string(timings.optLevel)});
  phases_.push_back({"JIT", timings.jitSeconds, {}});
  return compiled;
}

void JitCompilation::store(const backend::jit::CompiledModel& compiled) {
  auto begin = std::chrono::steady_clock::now();
  std::string warning;
  if (!cache_->store(key_, compiled, warning))
    *o_.diagnostics << "mocc: warning: " << warning << "\n";
  cacheSeconds_ += secondsSince(begin);
}

} // namespace mocc::tool
