#include "object_cache.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mocc::backend::native {

namespace fs = std::filesystem;

namespace {

// MurmurHash3's finaliser: every input bit affects every output bit.
std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

std::uint64_t modificationTime(const struct stat& status) {
  return static_cast<std::uint64_t>(status.st_mtim.tv_sec) * 1000000000ull +
         static_cast<std::uint64_t>(status.st_mtim.tv_nsec);
}

// `program` on PATH, as posix_spawnp finds it; empty when it is not there.
fs::path findOnPath(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::istringstream directories(path ? path : "/usr/bin:/bin");
  for (std::string directory; std::getline(directories, directory, ':');) {
    fs::path candidate = fs::path(directory.empty() ? "." : directory) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

constexpr const char* kScratchPrefix = "tmp-";

void removeStaleScratch(const fs::path& cacheDirectory) {
  std::error_code error;
  auto limit = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const fs::directory_entry& entry : fs::directory_iterator(cacheDirectory, error)) {
    bool scratch = entry.path().filename().string().rfind(kScratchPrefix, 0) == 0;
    if (scratch && entry.is_directory(error) && entry.last_write_time(error) < limit)
      fs::remove_all(entry.path(), error);
  }
}

// An exclusive lock on <target>.lock while a process builds the target: another process that
// needs it meanwhile waits and then finds it, instead of compiling it a second time (the MSL
// takes seconds). flock belongs to the open file, so a killed builder never blocks the
// others; where locks are unavailable builds run side by side, which the rename keeps safe.
// The file is removed when the build ends: whoever holds it next (a waiter, or a process that
// made a new one) checks for the target again, so at worst a failed build is repeated.
class BuildLock {
public:
  explicit BuildLock(const fs::path& target)
      : path_(target.string() + ".lock"),
        fd_(open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    while (fd_ >= 0 && flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
    }
  }
  BuildLock(const BuildLock&) = delete;
  BuildLock& operator=(const BuildLock&) = delete;
  ~BuildLock() {
    if (fd_ < 0) return;
    unlink(path_.c_str());
    close(fd_);
  }

private:
  std::string path_;
  int fd_;
};

} // namespace

KeyBuilder& KeyBuilder::add(std::string_view field) {
  add(static_cast<std::uint64_t>(field.size()));
  feed(field);
  return *this;
}

KeyBuilder& KeyBuilder::add(std::uint64_t number) {
  hash_ = mix(hash_ ^ number) + 0x9e3779b97f4a7c15ull;
  return *this;
}

void KeyBuilder::feed(std::string_view bytes) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    add(word);
  }
  std::uint64_t tail = 0;
  if (i < bytes.size()) std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  add(tail);
}

std::string KeyBuilder::hex() const { return fmt::format("{:016x}", hash_); }

void addCompilerIdentity(KeyBuilder& key, const std::string& compiler) {
  key.add(compiler);
  std::error_code error;
  fs::path resolved = fs::canonical(findOnPath(compiler), error);
  struct stat status {};
  if (error || stat(resolved.c_str(), &status) != 0) return;
  key.add(resolved.string()).add(static_cast<std::uint64_t>(status.st_size));
  key.add(modificationTime(status));
}

void addHeaderStamps(KeyBuilder& key, const std::vector<fs::path>& directories) {
  for (const fs::path& directory : directories) {
    std::vector<fs::path> headers;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
      if (entry.path().extension() == ".h") headers.push_back(entry.path());
    // Directory order is the file system's: sorted, the key does not depend on it.
    std::sort(headers.begin(), headers.end());
    for (const fs::path& header : headers) {
      struct stat status {};
      if (stat(header.c_str(), &status) != 0) continue;
      key.add(header.string()).add(static_cast<std::uint64_t>(status.st_size));
      key.add(modificationTime(status));
    }
  }
}

std::optional<Scratch> Scratch::create(const fs::path& cacheDirectory, std::string& error) {
  std::error_code code;
  fs::create_directories(cacheDirectory, code);
  std::string pattern = (cacheDirectory / (std::string(kScratchPrefix) + "XXXXXX")).string();
  if (code || !mkdtemp(pattern.data())) {
    error = fmt::format("cannot create a directory in {}: {}", cacheDirectory.string(),
                        code ? code.message() : std::strerror(errno));
    return std::nullopt;
  }
  removeStaleScratch(cacheDirectory);
  return Scratch(pattern);
}

Scratch::~Scratch() {
  std::error_code ignored;
  if (!path_.empty()) fs::remove_all(path_, ignored);
}

bool publish(const Scratch& scratch, const fs::path& file, std::string_view contents,
             std::string& error) {
  fs::path temporary = scratch.path() / file.filename();
  {
    std::ofstream out(temporary, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    if (!out) {
      error = fmt::format("cannot write {}", temporary.string());
      return false;
    }
  }
  std::error_code code;
  fs::rename(temporary, file, code);
  if (code) error = fmt::format("cannot write {}: {}", file.string(), code.message());
  return !code;
}

bool cachedBuild(const fs::path& target, const BuildFunction& build, bool& built,
                 std::string& error) {
  built = false;
  std::error_code code;
  if (fs::is_regular_file(target, code)) return true;
  fs::create_directories(target.parent_path(), code);
  BuildLock lock(target);
  if (fs::is_regular_file(target, code)) return true; // built by the process we waited for
  std::optional<Scratch> scratch = Scratch::create(target.parent_path(), error);
  if (!scratch) return false;
  fs::path output = scratch->path() / target.filename();
  if (!build(*scratch, output, error)) return false;
  fs::rename(output, target, code);
  if (code) {
    error = fmt::format("cannot store {}: {}", target.string(), code.message());
    return false;
  }
  built = true;
  return true;
}

std::string compilerMessage(std::string_view output) {
  std::vector<std::string_view> lines;
  while (!output.empty()) {
    std::size_t end = output.find('\n');
    lines.push_back(output.substr(0, end));
    output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
  }
  auto first = std::find_if(lines.begin(), lines.end(), [](std::string_view line) {
    return line.find("error") != std::string_view::npos;
  });
  if (first == lines.end() || lines.size() <= 20) first = lines.begin();
  std::string message;
  for (auto line = first; line != lines.end() && line - first < 20; ++line)
    message += fmt::format("{}{}", message.empty() ? "" : "\n", *line);
  return message;
}

} // namespace mocc::backend::native
