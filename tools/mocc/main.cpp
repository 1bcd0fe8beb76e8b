// mocc: the command-line driver. Thin: parses options, calls the libraries, prints
// diagnostics and decides exit codes (0 ok, 1 model error, 2 usage error, 3 simulation
// failure).
#include "commands.h"
#include "driver.h"

#include <pthread.h>

#include <functional>
#include <iostream>
#include <map>

namespace {

// The compiler's passes recurse once per level of an expression, and a sum of 20,000 terms is
// 20,000 levels deep: a command runs on a thread with a stack of 1 GiB (address space; pages
// are committed as they are touched). Brackets nest at most 256 levels (the parser says so).
int runWithLargeStack(const std::function<int()>& command) {
  struct Call {
    const std::function<int()>* command;
    int result = 0;
  } call{&command};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, std::size_t{1} << 30);
  pthread_t thread;
  auto body = [](void* argument) -> void* {
    auto* c = static_cast<Call*>(argument);
    c->result = (*c->command)();
    return nullptr;
  };
  bool started = pthread_create(&thread, &attributes, body, &call) == 0;
  pthread_attr_destroy(&attributes);
  if (!started) return command(); // no thread: the ordinary stack
  pthread_join(thread, nullptr);
  return call.result;
}

} // namespace

int main(int argc, char** argv) {
  using namespace mocc::tool;
  CLI::App app{
      "mocc: a Modelica compiler with event-aware simulation.\n"
      "Compiles equation-based models (.mo files with when/if clauses) and simulates "
      "them through an LLVM JIT on SUNDIALS, or emits them as C++ for standalone simulators."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "mocc " MOCC_VERSION "\nstandard library: " +
                                        mocc::frontend::defaultStandardLibrary().string());
  std::map<CLI::App*, CommandAction> actions;
  auto add = [&](CommandAction (*factory)(CLI::App&)) {
    std::size_t before = app.get_subcommands({}).size();
    CommandAction action = factory(app);
    actions[app.get_subcommands({})[before]] = std::move(action);
  };
  add(addRunCommand);
  add(addInstancesCommand);
  add(addFlattenCommand);
  add(addDaeCommand);
  add(addCheckCommand);
  add(addEmitCppCommand);
  add(addBuildCommand);
  add(addFmuCommand);
  add(addCompareCommand);
  add(addPlotCommand);
  add(addSweepCommand);
  add(addHelpCommand);
  add(addExplainCommand);
  add(addManCommand);
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
    return runWithLargeStack(actions.at(sub));
  return kUsageError;
}
