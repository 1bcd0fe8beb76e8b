// `mocc dae MODEL.mo`: the model after structural analysis (issue 4): states, dummy
// derivatives, algebraic variables, differentiated equations, the BLT blocks in order with
// torn variables and residuals, the initialization problem, crossings and when-clauses.
#include "commands.h"
#include "driver.h"
#include "mode_catalog.h"

#include "mocc/flat/modes.h"

#include "mocc/structure/analysis.h"

#include <fmt/format.h>

#include <iostream>

namespace mocc::tool {

namespace {

/// A model whose structure changes at events (mocc/flat/modes.h): the analysis of each of its
/// modes, every branch combination of its structural if-equations (a run reaches those its
/// events select; `mocc run` compiles them as it does).
int printModes(Compilation& compilation, const flat::Model& model) {
  std::vector<flat::StructuralIf> ifs = modeIfEquations(compilation, model);
  std::vector<flat::ModeKey> keys = allModes(ifs, kDefaultMaxModes);
  if (keys.empty()) {
    printDiagnostics(compilation, std::cerr);
    std::cerr << fmt::format("mocc: error: the {} structural if-equations of '{}' combine to more "
                             "than {} modes, more than mocc dae prints\n",
                             ifs.size(), model.name, kDefaultMaxModes);
    return static_cast<int>(kModelError);
  }
  std::cout << fmt::format("model {}: {} modes: its structure changes at events\n", model.name,
                           keys.size());
  bool failed = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    std::cout << fmt::format("--- mode {}: {}\n", k + 1,
                             flat::describeMode(model, compilation.sources, ifs, keys[k]));
    flat::Model mode = flat::specialiseMode(model, ifs, keys[k]);
    auto analysis = backend::analyse(mode, compilation.sources, compilation.diagnostics);
    if (!analysis) {
      failed = true;
      std::cout << "(does not compile: see the errors)\n";
      continue;
    }
    std::cout << backend::structure::printAnalysis(analysis->system, analysis->schedule,
                                                   &compilation.sources);
  }
  printDiagnostics(compilation, std::cerr);
  return static_cast<int>(failed ? kModelError : kSuccess);
}

} // namespace

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
    if (model && !modeIfEquations(compilation, *model).empty())
      return printModes(compilation, *model);
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
