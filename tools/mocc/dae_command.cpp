// `mocc dae MODEL.mo`: the model after structural analysis (issue 4): states, dummy
// derivatives, algebraic variables, differentiated equations, the BLT blocks in order with
// torn variables and residuals, the initialization problem, crossings and when-clauses. For a
// model whose structure changes at events, the same per mode (issue 15).
#include "commands.h"
#include "driver.h"
#include "jit_compilation.h"
#include "mode_catalog.h"

#include "mocc/flat/modes.h"
#include "mocc/runtime/modes.h"
#include "mocc/runtime/result_sink.h"

#include "mocc/structure/analysis.h"

#include <fmt/format.h>

#include <iostream>

namespace mocc::tool {

namespace {

struct DaeOptions {
  ModelSelection selection;
  bool reachedModes = false; // --modes
  bool allModes = false;     // --all-modes
  int maxModes = kDefaultMaxModes;
};

/// Keeps no row: a run made only to see which modes it reaches.
class DiscardingSink final : public runtime::ResultSink {
public:
  void begin(std::span<const runtime::ResultColumn>) override {}
  void row(double, runtime::RowKind, std::span<const double>) override {}
  void flush() override {}
};

/// The modes (selector values) a run of the model with its experiment reaches, in order;
/// nullopt after printing why the run could not be made. A failed run still reached modes.
std::optional<std::vector<std::vector<int>>> modesOfARun(const DaeOptions& o) {
  JitCompileOptions compileOptions;
  compileOptions.selection = o.selection;
  compileOptions.maxModes = o.maxModes;
  JitCompilation compilation(compileOptions);
  auto compiled = compilation.compile();
  if (!compiled || !compilation.modes()) return std::nullopt;
  std::string error;
  auto run = cli::resolveRun(compiled->model(), cli::SimulatorOptions{}, error);
  if (!run) {
    std::cerr << "mocc: error: " << error << "\n";
    return std::nullopt;
  }
  DiscardingSink sink;
  runtime::SimulationResult result =
      runtime::simulateModes(*compilation.modes(), run->simulation, run->overrides, sink);
  if (result.outcome == runtime::Outcome::Failed)
    std::cerr << fmt::format("mocc: warning: the run stopped: {}; the modes up to there "
                             "follow\n",
                             result.message);
  return compilation.modes()->reached();
}

/// The modes to print: every branch combination with --all-modes, those a run reaches with
/// --modes, else the one the start values select.
std::optional<std::vector<flat::ModeKey>> modesToPrint(const DaeOptions& o,
                                                       const flat::Model& model,
                                                       const std::vector<flat::StructuralIf>& ifs) {
  if (o.allModes) {
    std::vector<flat::ModeKey> keys = allModes(ifs, static_cast<std::size_t>(o.maxModes));
    if (keys.empty()) {
      std::cerr << fmt::format("mocc: error: the {} structural if-equations of '{}' combine to "
                               "more than {} modes (--max-modes {})\n",
                               ifs.size(), model.name, o.maxModes, o.maxModes);
      return std::nullopt;
    }
    return keys;
  }
  if (!o.reachedModes) return std::vector<flat::ModeKey>{flat::initialModeGuess(model, ifs)};
  auto reached = modesOfARun(o);
  if (!reached) return std::nullopt;
  std::vector<flat::ModeKey> keys;
  for (const std::vector<int>& selectors : *reached) {
    flat::ModeKey& key = keys.emplace_back();
    for (int value : selectors)
      key.push_back(value - 1);
  }
  return keys;
}

/// A model whose structure changes at events (mocc/flat/modes.h): the analysis of each mode
/// that modesToPrint chooses.
int printModes(const DaeOptions& o, Compilation& compilation, const flat::Model& model,
               const std::vector<flat::StructuralIf>& ifs) {
  auto keys = modesToPrint(o, model, ifs);
  if (!keys) {
    printDiagnostics(compilation, std::cerr);
    return static_cast<int>(kModelError);
  }
  std::string which = o.allModes       ? "every branch combination"
                      : o.reachedModes ? "the modes a run with its experiment reaches"
                                       : "the mode the start values select (--modes: the modes "
                                         "a run reaches, --all-modes: every mode)";
  std::cout << fmt::format("model {}: its structure changes at events; {}:\n", model.name, which);
  bool failed = false;
  for (std::size_t k = 0; k < keys->size(); ++k) {
    std::cout << fmt::format("--- mode {}: {}\n", k + 1,
                             flat::describeMode(model, compilation.sources, ifs, (*keys)[k]));
    flat::Model mode = flat::specialiseMode(model, ifs, (*keys)[k]);
    auto analysis = backend::analyse(mode, compilation.sources, compilation.diagnostics,
                                     pipelineOptions(compilation));
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

int printDae(const DaeOptions& o) {
  Compilation compilation;
  auto model = flattenSelection(compilation, o.selection);
  if (model) {
    std::vector<flat::StructuralIf> ifs = modeIfEquations(compilation, *model);
    if (!ifs.empty()) return printModes(o, compilation, *model, ifs);
  }
  std::optional<backend::Analysis> analysis;
  if (model) {
    analysis = backend::analyse(*model, compilation.sources, compilation.diagnostics,
                                pipelineOptions(compilation));
  }
  printDiagnostics(compilation, std::cerr);
  if (!analysis) return static_cast<int>(kModelError);
  std::cout << backend::structure::printAnalysis(analysis->system, analysis->schedule,
                                                 &compilation.sources);
  return static_cast<int>(kSuccess);
}

} // namespace

CommandAction addDaeCommand(CLI::App& app) {
  auto options = std::make_shared<DaeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "dae", "Print the structural analysis: states, dummy derivatives, differentiated "
             "equations, BLT blocks with torn variables, initialization, crossings");
  addModelOptions(*cmd, options->selection);
  CLI::Option* reached = cmd->add_flag(
      "--modes", options->reachedModes,
      "A model whose if-equations change its structure: print each mode that a run with the "
      "model's experiment reaches (JIT-compiled and simulated), in the order reached");
  cmd->add_flag("--all-modes", options->allModes,
                "A model whose if-equations change its structure: print every mode, each "
                "branch combination of those if-equations")
      ->excludes(reached);
  addMaxModesOption(*cmd, options->maxModes,
                    "The most modes --modes compiles and --all-modes prints");
  cmd->footer("A model whose structure changes at events is shown by default in the mode its "
              "start values select.");
  return [options]() { return printDae(*options); };
}

} // namespace mocc::tool
