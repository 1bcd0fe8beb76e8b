// `mocc dae MODEL.mo`: the model after structural analysis (issue 4): states, dummy
// derivatives, algebraic variables, differentiated equations, the BLT blocks in order with
// torn variables and residuals, the initialization problem, crossings and when-clauses.
#include "commands.h"
#include "driver.h"

#include "mocc/structure/analysis.h"

#include <iostream>

namespace mocc::tool {

CommandAction addDaeCommand(CLI::App& app) {
  auto options = std::make_shared<ModelSelection>();
  CLI::App* cmd = app.add_subcommand(
      "dae", "Print the structural analysis: states, dummy derivatives, differentiated "
             "equations, BLT blocks with torn variables, initialization, crossings");
  addModelOptions(*cmd, *options);
  return [options]() {
    Compilation compilation;
    configure(compilation, *options);
    auto model = flattenFile(compilation, options->model, options->className);
    std::optional<backend::Analysis> analysis;
    if (model) analysis = backend::analyse(*model, compilation.sources, compilation.diagnostics);
    printDiagnostics(compilation, std::cerr);
    if (!analysis) return static_cast<int>(kModelError);
    std::cout << backend::structure::printAnalysis(analysis->system, analysis->schedule,
                                                   &compilation.sources);
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
