// `mocc flatten MODEL.mo [--class NAME]`: prints the flat model (frontend output).
#include "commands.h"
#include "driver.h"

#include <iostream>

namespace mocc::tool {

void addModelOptions(CLI::App& command, ModelSelection& selection) {
  command
      .add_option("model", selection.model,
                  "The Modelica file (.mo), or the qualified name of a class on the library "
                  "path (--lib, MODELICAPATH, the project's stdlib), such as "
                  "Modelica.Electrical.Analog.Examples.ChuaCircuit")
      ->required()
      ->check(CLI::Validator(
          [](std::string& model) -> std::string {
            if (namesLibraryClass(model)) return {};
            return CLI::ExistingFile(model);
          },
          "FILE.mo|CLASS"));
  command.add_option("--class", selection.className,
                     "The class to use (default: the only model in the file); a qualified name "
                     "such as Modelica.Blocks.Examples.PID_Controller selects a library class");
  command
      .add_option("--lib", selection.libraries,
                  "A directory of libraries (packages as directories or .mo files), searched "
                  "before MODELICAPATH and the project's stdlib (repeatable)")
      ->check(CLI::ExistingDirectory)
      ->type_name("DIR");
  command.add_flag("--all-warnings", selection.allWarnings,
                   "Show every warning (default: the first few of each kind, then their count) "
                   "and every item of the lists in messages");
}

void configure(Compilation& compilation, const ModelSelection& selection) {
  for (const std::string& directory : selection.libraries) {
    compilation.libraries.libraries.emplace_back(directory);
  }
  compilation.allWarnings = selection.allWarnings;
  if (selection.allWarnings) compilation.diagnostics.setListLimit(0);
}

CommandAction addFlattenCommand(CLI::App& app) {
  auto options = std::make_shared<ModelSelection>();
  CLI::App* cmd = app.add_subcommand("flatten", "Print the flat model: every variable with its "
                                                "attributes, then the equations");
  addModelOptions(*cmd, *options);
  return [options]() {
    Compilation compilation;
    configure(compilation, *options);
    auto model = flattenFile(compilation, options->model, options->className);
    printDiagnostics(compilation, std::cerr);
    if (!model) return static_cast<int>(kModelError);
    std::cout << flat::print(*model);
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
