// mocc: the command-line driver. Thin: parses options, calls the libraries, prints
// diagnostics and decides exit codes (0 ok, 1 model error, 2 usage error, 3 simulation
// failure).
#include "commands.h"
#include "driver.h"

#include <iostream>
#include <map>

int main(int argc, char** argv) {
  using namespace mocc::tool;
  CLI::App app{
      "mocc: a Modelica compiler with event-aware simulation.\n"
      "Compiles equation-based models (.mo files with when/if clauses) and simulates "
      "them through an LLVM JIT on SUNDIALS, or emits them as C++ for standalone simulators."};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("mocc 0.1.0"));
  std::map<CLI::App*, CommandAction> actions;
  auto add = [&](CommandAction (*factory)(CLI::App&)) {
    std::size_t before = app.get_subcommands({}).size();
    CommandAction action = factory(app);
    actions[app.get_subcommands({})[before]] = std::move(action);
  };
  add(addRunCommand);
  add(addFlattenCommand);
  add(addDaeCommand);
  add(addCheckCommand);
  add(addEmitCppCommand);
  add(addBuildCommand);
  add(addCompareCommand);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "mocc: error: " << e.what() << "\n"
              << "Run 'mocc --help' or 'mocc <command> --help' for the options.\n";
    return kUsageError;
  }
  for (CLI::App* sub : app.get_subcommands())
    return actions.at(sub)();
  return kUsageError;
}
