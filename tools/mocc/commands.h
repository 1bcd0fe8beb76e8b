// The subcommands of mocc. Each registers its options on the CLI11 app and returns the
// function that runs it; main.cpp owns parsing and exit codes.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>

namespace mocc::tool {

using CommandAction = std::function<int()>;

CommandAction addRunCommand(CLI::App& app);
CommandAction addFlattenCommand(CLI::App& app);

} // namespace mocc::tool
