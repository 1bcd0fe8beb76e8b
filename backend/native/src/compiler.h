// The command lines of the system C compiler, shared by the Include code and C-Sources builds.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::backend::native {

/// Flags of every compilation: position-independent code for a shared object; no
/// floating-point contraction, as everywhere in mocc (results do not depend on whether the
/// target fuses multiply-adds); unwind tables, so that a ModelicaError the runtime implements
/// by throwing can leave the C code that called it (MLS 12.9.6: it does not return).
std::vector<std::string> commonFlags();

/// -I for each directory, in order.
void addIncludeFlags(std::vector<std::string>& command,
                     const std::vector<std::filesystem::path>& directories);

} // namespace mocc::backend::native
