#include "compiler.h"

namespace mocc::backend::native {

std::vector<std::string> commonFlags() {
  return {"-fPIC", "-ffp-contract=off", "-fexceptions", "-pthread"};
}

void addIncludeFlags(std::vector<std::string>& command,
                     const std::vector<std::filesystem::path>& directories) {
  for (const std::filesystem::path& directory : directories)
    command.push_back("-I" + directory.string());
}

} // namespace mocc::backend::native
