// The model sizes the benchmark executables run, from their own command-line flags.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace mocc::bench {

/// Removes `--NAME=1,2,3` from argv (after benchmark::Initialize has taken its own flags) and
/// returns its sizes; `fallback` when the flag is absent. Exits with a message on a malformed
/// list or an unknown flag left over.
std::vector<std::size_t> takeSizes(int& argc, char** argv, std::string_view name,
                                   std::vector<std::size_t> fallback);

/// Exits with a usage message when argv holds anything but the program name.
void rejectUnknownFlags(int argc, char** argv, std::string_view usage);

} // namespace mocc::bench
