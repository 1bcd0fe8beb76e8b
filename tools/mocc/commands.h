// The subcommands of mocc. Each registers its options on the CLI11 app and returns the
// function that runs it; main.cpp owns parsing and exit codes.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::flat {
struct Model;
}

namespace mocc::tool {

using CommandAction = std::function<int()>;

struct Compilation;

/// The options every command that reads a model shares: the file, the class, libraries.
struct ModelSelection {
  std::string model;
  std::string className;
  std::vector<std::string> libraries;
  bool allWarnings = false; // every warning and every item of a list in full
  bool verifyEach = false;  // check what each backend pass leaves (always in debug builds)
};
void addModelOptions(CLI::App& command, ModelSelection& selection);

/// Registers --max-modes (default kDefaultMaxModes, driver.h) with `description`.
void addMaxModesOption(CLI::App& command, int& maxModes, const std::string& description);
/// Applies the library options to a compilation before it loads anything.
void configure(Compilation& compilation, const ModelSelection& selection);
/// configure() with `selection`, then flattenFile() of its model and class.
std::optional<flat::Model> flattenSelection(Compilation& compilation,
                                            const ModelSelection& selection);

CommandAction addRunCommand(CLI::App& app);
CommandAction addFlattenCommand(CLI::App& app);
CommandAction addInstancesCommand(CLI::App& app);
CommandAction addDaeCommand(CLI::App& app);
CommandAction addCheckCommand(CLI::App& app);
CommandAction addEmitCppCommand(CLI::App& app);
CommandAction addBuildCommand(CLI::App& app);
CommandAction addCompareCommand(CLI::App& app);
CommandAction addPlotCommand(CLI::App& app);
CommandAction addSweepCommand(CLI::App& app);
CommandAction addHelpCommand(CLI::App& app);
CommandAction addExplainCommand(CLI::App& app);
CommandAction addManCommand(CLI::App& app);
CommandAction addFmuCommand(CLI::App& app);

} // namespace mocc::tool
