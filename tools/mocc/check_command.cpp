// `mocc check MODEL.mo`: flattens a model and counts its variables and equations, like
// OpenModelica's checkModel, reporting whether it is balanced.
#include "commands.h"
#include "driver.h"

#include <fmt/format.h>
#include <iostream>

namespace mocc::tool {

CommandAction addCheckCommand(CLI::App& app) {
  auto options = std::make_shared<ModelSelection>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Check a model: flatten it and count its variables and equations");
  addModelOptions(*cmd, *options);
  return [options]() {
    Compilation compilation;
    auto model = flattenSelection(compilation, *options);
    printDiagnostics(compilation, std::cerr);
    if (!model) return static_cast<int>(kModelError);
    frontend::BalanceReport report = frontend::checkBalance(*model);
    std::cout << fmt::format("{}: {} equations, {} variables", model->name, report.equations,
                             report.variables);
    if (report.inputs) std::cout << fmt::format(" ({} top-level inputs given)", report.inputs);
    std::cout << "\n";
    if (!report.balanced()) {
      std::cerr << fmt::format("{}: error: model '{}' is not balanced: {} equations for {} "
                               "variables (MLS 4.7)\n",
                               compilation.sources.describe(model->range.begin), model->name,
                               report.equations, report.variables);
      return static_cast<int>(kModelError);
    }
    std::cout << "  balanced\n";
    return static_cast<int>(kSuccess);
  };
}

} // namespace mocc::tool
