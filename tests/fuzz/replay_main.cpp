// The fuzz targets without libFuzzer (any compiler): runs LLVMFuzzerTestOneInput on every file
// named on the command line and every .mo file below every directory named there, so ctest
// replays the seeds and the regressions of crashes found (name them *.mo). Prints how many ran;
// a crash ends the process with its signal, as in the fuzzer.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace mocc::fuzz {
extern long acceptedStages[4];
}

namespace fs = std::filesystem;

namespace {

void replay(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::string input = text.str();
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

} // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    fs::path argument = argv[i];
    if (!fs::is_directory(argument)) {
      files.push_back(argument);
      continue;
    }
    for (const auto& entry : fs::recursive_directory_iterator(argument))
      if (entry.is_regular_file() && entry.path().extension() == ".mo")
        files.push_back(entry.path());
  }
  if (files.empty()) {
    std::cerr << "usage: " << argv[0] << " FILE_OR_DIRECTORY...\n";
    return 2;
  }
  for (const fs::path& file : files)
    replay(file);
  const long* accepted = mocc::fuzz::acceptedStages;
  std::cout << "replayed " << files.size() << " inputs: " << accepted[0]
            << " rejected by the parser, " << accepted[1] << " parsed only, " << accepted[2]
            << " flattened, " << accepted[3] << " translated\n";
  return 0;
}
