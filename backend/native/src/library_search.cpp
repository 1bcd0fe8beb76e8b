#include "library_search.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <glob.h>
#include <iterator>
#include <sstream>

namespace mocc::backend::native {

namespace fs = std::filesystem;

namespace {

// The platform directory names of MLS 12.9.4.
const char* platformDirectory() {
#if defined(__linux__) && defined(__x86_64__)
  return "linux64";
#elif defined(__linux__) && defined(__i386__)
  return "linux32";
#else
  return nullptr;
#endif
}

bool isElf(const fs::path& file) {
  char magic[4] = {};
  std::ifstream in(file, std::ios::binary);
  return in.read(magic, 4) && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' &&
         magic[3] == 'F';
}

std::optional<fs::path> existing(const fs::path& candidate) {
  std::error_code error;
  if (fs::exists(candidate, error)) return candidate;
  return std::nullopt;
}

// The directories of an ld.so.conf file: one per line, `include <glob>` reading further files.
void readLdConfig(const fs::path& file, std::vector<fs::path>& directories, int depth) {
  std::ifstream in(file);
  for (std::string line; depth < 8 && std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string word;
    if (!(words >> word)) continue;
    if (word != "include") {
      directories.push_back(word);
      continue;
    }
    std::string pattern;
    words >> pattern;
    if (!pattern.empty() && pattern[0] != '/') pattern = (file.parent_path() / pattern).string();
    glob_t matches{};
    if (glob(pattern.c_str(), 0, nullptr, &matches) == 0)
      for (std::size_t i = 0; i < matches.gl_pathc; ++i)
        readLdConfig(matches.gl_pathv[i], directories, depth + 1);
    globfree(&matches);
  }
}

} // namespace

std::optional<fs::path> findInLibraryDirectory(const std::string& name, const fs::path& directory) {
  std::string file = "lib" + name + ".so";
  if (const char* platform = platformDirectory())
    if (auto found = existing(directory / platform / file)) return found;
  return existing(directory / file);
}

std::vector<fs::path> systemLibraryDirectories() {
  std::vector<fs::path> directories;
  std::istringstream path(std::getenv("LD_LIBRARY_PATH") ? std::getenv("LD_LIBRARY_PATH") : "");
  for (std::string directory; std::getline(path, directory, ':');)
    if (!directory.empty()) directories.push_back(directory);
  readLdConfig("/etc/ld.so.conf", directories, 0);
  for (const char* directory : {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
                                "/usr/lib64", "/lib", "/usr/lib"})
    if (std::find(directories.begin(), directories.end(), directory) == directories.end())
      directories.push_back(directory);
  return directories;
}

std::string systemLibraryFile(const std::string& name) {
  return "lib" + std::string(name == "zlib" ? "z" : name) + ".so";
}

// A library named as on case-insensitive systems ("Lapack") is found in lower case too.
std::optional<fs::path> findSystemLibrary(const std::string& name,
                                          const std::vector<fs::path>& directories) {
  std::string lower;
  for (char c : name)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& spelling : {name, lower})
    for (const fs::path& directory : directories)
      if (auto found = existing(directory / systemLibraryFile(spelling))) return found;
  return std::nullopt;
}

std::optional<fs::path> loadableObject(const fs::path& library) {
  if (isElf(library)) return library;
  // A linker script: GROUP ( /lib/x86_64-linux-gnu/libm.so.6 AS_NEEDED ( ... ) ). The first
  // ELF object it names, absolute or beside the script, is the library itself.
  std::ifstream in(library);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  for (char& c : text)
    if (c == '(' || c == ')' || c == ',') c = ' ';
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (word.find(".so") == std::string::npos) continue;
    fs::path candidate = word[0] == '/' ? fs::path(word) : library.parent_path() / word;
    if (isElf(candidate)) return candidate;
  }
  return std::nullopt;
}

} // namespace mocc::backend::native
