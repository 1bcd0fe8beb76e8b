// Running the C compiler: child processes started without a shell (so paths need no quoting),
// several at once, each one's output kept for the error message of a failed compilation.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::backend::native {

struct ProcessResult {
  bool succeeded = false;
  /// Standard output and error together; or why the process could not be started.
  std::string output;
};

/// Runs each command (its first element looked up on PATH unless it has a slash), at most
/// `jobs` at a time in the given order, capturing their output in files of `scratch`.
std::vector<ProcessResult> runCommands(const std::vector<std::vector<std::string>>& commands,
                                       unsigned jobs, const std::filesystem::path& scratch);

} // namespace mocc::backend::native
