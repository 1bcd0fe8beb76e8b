// `mocc run MODEL.mo`: compile, JIT (jit_compilation.h, with the JIT cache), then simulate
// through the simulator command line shared with generated simulators (runtime/cli): results,
// plot, summary, exit codes.
#include "commands.h"
#include "driver.h"
#include "jit_compilation.h"

#include "mocc/cli/simulator_cli.h"

#include <chrono>
#include <iostream>

namespace mocc::tool {

namespace {

struct RunOptions {
  JitCompileOptions compile;
  cli::SimulatorOptions simulation;
};

int usageError(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kUsageError;
}

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

int run(const RunOptions& o) {
  for (const std::string& pass : o.compile.printAfter) {
    if (!backend::isPass(pass)) return usageError("--print-after " + pass + ": no such pass");
  }
  auto begin = std::chrono::steady_clock::now();
  JitCompileOptions compileOptions = o.compile;
  compileOptions.warningSummaryAtEnd = true; // counted with the run's own
  JitCompilation compilation(compileOptions);
  auto compiled = compilation.compile();
  if (!compiled) return kModelError;
  cli::RunPresentation presentation{"mocc", secondsSince(begin), std::move(compilation.phases()),
                                    compilation.warnings()};
  return cli::simulateModel(compiled->model(), o.simulation, presentation, compilation.modes());
}

} // namespace

CommandAction addRunCommand(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run",
      "Compile a model, JIT it through LLVM and simulate it; write the results as CSV or MAT");
  addModelOptions(*cmd, options->compile.selection);
  cli::addSimulatorOptions(*cmd, options->simulation);
  addJitCompileOptions(*cmd, options->compile, /*withPrintAfter=*/true);
  cmd->footer("Exit codes: 0 success, 1 model error, 2 usage error, 3 simulation failure "
              "(the results computed so far are kept).");
  return [options]() { return run(*options); };
}

} // namespace mocc::tool
