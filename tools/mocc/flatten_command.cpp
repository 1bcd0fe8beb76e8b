// `mocc flatten MODEL.mo [--class NAME]`: prints the flat model (frontend output).
#include "commands.h"
#include "driver.h"

#include <iostream>

namespace mocc::tool {

namespace {

struct FlattenOptions {
  std::string model;
  std::string className;
};

} // namespace

CommandAction addFlattenCommand(CLI::App& app) {
  auto options = std::make_shared<FlattenOptions>();
  CLI::App* cmd = app.add_subcommand("flatten", "Print the flat model: every variable with its "
                                                "attributes, then the equations");
  cmd->add_option("model", options->model, "The Modelica file (.mo)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--class", options->className,
                  "The class to flatten (default: the only model in the file)");
  return [options]() {
    Compilation compilation;
    auto model = flattenFile(compilation, options->model, options->className);
    printDiagnostics(compilation, std::cerr);
    if (!model) return static_cast<int>(kModelError);
    std::cout << flat::print(*model);
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
