// `mocc instances MODEL.mo [--class NAME]`: prints the instance tree (the frontend's
// instantiation, before flattening).
#include "commands.h"
#include "driver.h"

#include "mocc/frontend/instantiate.h"

#include <iostream>

namespace mocc::tool {

CommandAction addInstancesCommand(CLI::App& app) {
  auto options = std::make_shared<ModelSelection>();
  CLI::App* cmd = app.add_subcommand(
      "instances", "Print the instance tree: every component with its class after "
                   "redeclarations, its sizes and, for predefined types, its merged modifier");
  addModelOptions(*cmd, *options);
  return [options]() {
    Compilation compilation;
    configure(compilation, *options);
    frontend::ClassEntry* selected = selectModel(compilation, options->model, options->className);
    std::optional<std::string> tree =
        selected ? frontend::printInstanceTree(compilation.tree, *selected, &compilation.external)
                 : std::nullopt;
    printDiagnostics(compilation, std::cerr);
    if (!tree) return static_cast<int>(kModelError);
    std::cout << *tree;
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
