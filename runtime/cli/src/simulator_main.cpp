// mocc_simulator_main: the whole command line of a generated standalone simulator. Only the
// simulation options exist here: the model is already compiled into the program.
#include "mocc/simulator_main.h"

#include "mocc/cli/simulator_cli.h"
#include "mocc/runtime/modes.h"

#include <filesystem>
#include <iostream>

namespace {

/// `modes`: the catalog of a model whose structure changes at events, `model` its initial mode.
int simulatorMain(int argc, char** argv, const mocc_model* model,
                  mocc::runtime::ModeCatalog* modes = nullptr) {
  using namespace mocc::cli;
  std::string tool = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "simulator";
  if (!model) {
    std::cerr << tool << ": error: no model was compiled into this program\n";
    return kUsageError;
  }
  CLI::App app{std::string("Simulates the model ") + model->name +
               " (compiled to C++ by mocc) and writes the results as CSV."};
  app.name(tool);
  SimulatorOptions options;
  addSimulatorOptions(app, options);
  app.footer("Exit codes: 0 success, 2 usage error, 3 simulation failure (the results computed "
             "so far are kept).");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << tool << ": error: " << e.what() << "\n"
              << "Run '" << tool << " --help' for the options.\n";
    return kUsageError;
  }
  return simulateModel(*model, options, RunPresentation{tool, std::nullopt, {}}, modes);
}

} // namespace

extern "C" int mocc_simulator_main(int argc, char** argv, const mocc_model* model) {
  // Nothing may escape through the C boundary; the runtime reports its problems as results,
  // so what arrives here is unexpected (out of memory, a failed write of the summary).
  try {
    return simulatorMain(argc, argv, model);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return mocc::cli::kSimulationFailure;
  }
}

extern "C" int mocc_simulator_main_modes(int argc, char** argv, const mocc_mode_set* modes) {
  try {
    if (!modes) return simulatorMain(argc, argv, nullptr);
    auto catalog = mocc::runtime::builtModeCatalog(*modes);
    return simulatorMain(argc, argv, &catalog->model(catalog->initialKey()), catalog.get());
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return mocc::cli::kSimulationFailure;
  }
}
