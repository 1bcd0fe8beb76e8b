// The compiler's phases one at a time, for the benchmarks.
#include "pipeline.h"

#include "mocc/backend/pipeline.h"
#include "mocc/runtime/result_sink.h"

#include <fstream>
#include <stdexcept>
#include <string>

namespace mocc::bench {

namespace {

[[noreturn]] void fail(const Compilation& compilation, const std::string& what) {
  throw std::runtime_error(what + " failed:\n" + compilation.rendered());
}

/// A sink that keeps nothing, so that simulations measure the runtime and the model only.
class DiscardingSink final : public runtime::ResultSink {
public:
  void begin(std::span<const runtime::ResultColumn>) override {}
  void row(double, runtime::RowKind, std::span<const double>) override {}
  void flush() override {}
};

/// A field of /proc/self/status in kB ("VmRSS:    1234 kB"), as MiB; 0 when missing.
double statusMiB(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stod(line.substr(field.size() + 1)) / 1024.0;
  }
  return 0;
}

} // namespace

Compilation::Compilation() { frontend::addLibraryRoots(tree, {}); }

std::string Compilation::rendered() const {
  std::string out;
  for (const Diagnostic& d : diagnostics.all())
    out += render(d, sources);
  return out;
}

void parse(Compilation& compilation, const GeneratedModel& model) {
  compilation.entries = compilation.tree.loadText(model.className + ".mo", model.text);
  if (compilation.diagnostics.hasErrors()) fail(compilation, "parsing " + model.className);
}

flat::Model flatten(Compilation& compilation, const GeneratedModel& model,
                    frontend::FlattenTimings* timings) {
  frontend::ClassEntry* selected =
      frontend::selectClass(compilation.tree, compilation.entries, model.className);
  if (!selected) fail(compilation, "selecting " + model.className);
  auto flat = frontend::flatten(compilation.tree, *selected, timings);
  if (!flat) fail(compilation, "flattening " + model.className);
  return std::move(*flat);
}

sim::Program analyse(Compilation& compilation, const flat::Model& model) {
  auto program = backend::compile(model, compilation.sources, compilation.diagnostics);
  if (!program) fail(compilation, "structural analysis of " + model.name);
  return std::move(*program);
}

std::unique_ptr<backend::jit::CompiledModel> generateCode(const sim::Program& program, int optLevel,
                                                          backend::jit::CompileTimings* timings) {
  std::string error;
  auto compiled = backend::jit::compile(program, {optLevel}, error, timings);
  if (!compiled) throw std::runtime_error("code generation failed: " + error);
  return compiled;
}

std::unique_ptr<backend::jit::CompiledModel> compileModel(const GeneratedModel& model) {
  Compilation compilation;
  parse(compilation, model);
  flat::Model flat = flatten(compilation, model);
  return generateCode(analyse(compilation, flat));
}

runtime::SimulationResult simulate(const mocc_model& model, const std::string& solver) {
  runtime::SimulationOptions options = runtime::defaultOptions(model);
  options.solver = solver;
  DiscardingSink sink;
  runtime::SimulationResult result = runtime::simulate(model, options, {}, sink);
  if (result.outcome == runtime::Outcome::Failed)
    throw std::runtime_error("simulation failed: " + result.message);
  return result;
}

double residentMiB() { return statusMiB("VmRSS"); }

double peakResidentMiB() { return statusMiB("VmHWM"); }

bool resetPeakResident() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
}

} // namespace mocc::bench
