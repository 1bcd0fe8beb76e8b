// `mocc run MODEL.mo`: compile, JIT, then simulate through the simulator command line shared
// with generated simulators (runtime/cli): results, plot, summary, exit codes.
#include "commands.h"
#include "driver.h"

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
};

/// Options of the compilation that precedes the simulation.
void addCompileOptions(CLI::App& cmd, RunOptions& o) {
  cmd.add_option("-O,--opt-level", o.optLevel, "LLVM optimisation level 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  cmd.add_option("--print-after", o.printAfter,
                 "Print the backend's state after this pass (repeatable): build-dae, "
                 "eval-params, alias-elim, trivial-elim, relations, pantelides, sort, "
                 "initialization, build-program");
}

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kUsageError;
}

int run(const RunOptions& o) {
  for (const std::string& pass : o.printAfter) {
    if (!backend::isPass(pass)) return usageError("--print-after " + pass + ": no such pass");
  }
  auto begin = std::chrono::steady_clock::now();
  Compilation compilation;
  configure(compilation, o.selection);
  backend::PipelineOptions pipeline;
  pipeline.printAfter = o.printAfter;
  pipeline.print = [](const std::string& pass, const std::string& text) {
    std::cout << "--- after " << pass << " ---\n" << text;
  };
  auto program = compileFile(compilation, o.selection.model, o.selection.className, pipeline);
  printDiagnostics(compilation, std::cerr);
  if (!program) return kModelError;
  std::string error;
  auto compiled = backend::jit::compile(*program, {o.optLevel}, error);
  if (!compiled) {
    std::cerr << "mocc: error: code generation failed: " << error << "\n";
    return kModelError;
  }
  double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return cli::simulateModel(compiled->model(), o.simulation,
                            cli::RunPresentation{"mocc", compileSeconds});
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
