// `mocc flatten MODEL.mo [--class NAME]`: prints the flat model (frontend output).
#include "commands.h"
#include "driver.h"

#include <iostream>

namespace mocc::tool {

CommandAction addFlattenCommand(CLI::App& app) {
  auto options = std::make_shared<ModelSelection>();
  CLI::App* cmd = app.add_subcommand("flatten", "Print the flat model: every variable with its "
                                                "attributes, then the equations");
  addModelOptions(*cmd, *options);
  return [options]() {
    Compilation compilation;
    auto model = flattenSelection(compilation, *options);
    printDiagnostics(compilation, std::cerr);
    if (!model) return static_cast<int>(kModelError);
    std::cout << flat::print(*model);
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
