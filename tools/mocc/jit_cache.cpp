// The JIT cache: keys, the entry format and its atomic writing. An entry is
//   "MOCCJIT1" | key (u64) | payload size (u64) | FNV-1a of the payload (u64) | payload
// with the payload CompiledModel::image(). Everything is checked before the payload reaches
// LLVM, so a truncated or overwritten file is a miss, never a crash.
#include "jit_cache.h"

#include "mocc/model.h"

#include <fmt/format.h>

#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'M', 'O', 'C', 'C', 'J', 'I', 'T', '1'};

struct EntryHeader {
  char magic[8];
  std::uint64_t key;
  std::uint64_t payloadSize;
  std::uint64_t payloadHash;
};

/// Size and modification time of `path`, or "" when it cannot be read.
std::string fileStamp(const char* path) {
  struct stat info {};
  if (stat(path, &info) != 0) return {};
  return fmt::format("{} {} {}.{}", path, info.st_size, info.st_mtim.tv_sec, info.st_mtim.tv_nsec);
}

int addMoccLibrary(dl_phdr_info* info, std::size_t, void* data) {
  const char* name = info->dlpi_name;
  if (name && std::strstr(name, "libmocc"))
    static_cast<std::vector<std::string>*>(data)->push_back(fileStamp(name));
  return 0;
}

/// The executable and the mocc libraries loaded into this process, each by size and time.
std::string buildIdentity() {
  std::vector<std::string> stamps{fileStamp("/proc/self/exe")};
  dl_iterate_phdr(addMoccLibrary, &stamps);
  std::string identity;
  for (const std::string& stamp : stamps)
    identity += stamp + "\n";
  return identity;
}

std::optional<std::string> readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(bytes).str();
}

/// The payload of `entry` when it is a complete, intact entry for `key`.
std::optional<std::string_view> payloadOf(std::string_view entry, std::uint64_t key) {
  EntryHeader header{};
  if (entry.size() < sizeof header) return std::nullopt;
  std::memcpy(&header, entry.data(), sizeof header);
  std::string_view payload = entry.substr(sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.key != key ||
      header.payloadSize != payload.size() || header.payloadHash != fnv1a(payload))
    return std::nullopt;
  return payload;
}

/// A name in the cache directory no other process uses at the same time.
fs::path temporaryPath(const fs::path& entry) {
  std::random_device random;
  return entry.string() + fmt::format(".tmp-{}-{:08x}", getpid(), random());
}

} // namespace

void CacheKeyBuilder::feed(std::string_view bytes) { hash_ = fnv1a(bytes, hash_); }

CacheKeyBuilder& CacheKeyBuilder::add(std::uint64_t number) {
  char bytes[sizeof number];
  std::memcpy(bytes, &number, sizeof number);
  feed(std::string_view(bytes, sizeof bytes));
  return *this;
}

CacheKeyBuilder& CacheKeyBuilder::add(std::string_view field) {
  add(static_cast<std::uint64_t>(field.size()));
  feed(field);
  return *this;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
  for (unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::uint64_t modelCacheKey(std::string_view flatModel, const SourceManager& sources,
                            int optLevel) {
  // Computed once per process: the build does not change while it runs.
  static const std::string compiler =
      fmt::format("mocc {}\nABI {}\n{}\n{}", MOCC_VERSION, MOCC_ABI_VERSION,
                  backend::jit::codeGeneratorIdentity(), buildIdentity());
  CacheKeyBuilder key;
  key.add(compiler).add(static_cast<std::uint64_t>(optLevel)).add(flatModel);
  for (FileId file = 1; file <= sources.fileCount(); ++file)
    key.add(sources.path(file)).add(sources.text(file));
  return key.key();
}

std::optional<JitCache> JitCache::open(const fs::path& directory, std::string& warning) {
  std::error_code error;
  fs::create_directories(directory, error);
  if (!error && !fs::is_directory(directory, error))
    error = std::make_error_code(std::errc::not_a_directory);
  if (error) {
    warning = fmt::format("cannot create the JIT cache directory {}: {}; running without the cache",
                          directory.string(), error.message());
    return std::nullopt;
  }
  return JitCache(directory);
}

std::optional<fs::path> JitCache::defaultDirectory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg) return fs::path(xdg) / "mocc";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / ".cache" / "mocc";
  return std::nullopt;
}

fs::path JitCache::entryPath(std::uint64_t key) const {
  return directory_ / fmt::format("{:016x}.jit", key);
}

std::unique_ptr<backend::jit::CompiledModel> JitCache::load(std::uint64_t key) const {
  auto entry = readFile(entryPath(key));
  if (!entry) return nullptr;
  auto payload = payloadOf(*entry, key);
  if (!payload) return nullptr;
  std::string error; // a payload LLVM cannot link is a miss like any other bad entry
  return backend::jit::loadImage(*payload, error);
}

bool JitCache::store(std::uint64_t key, const backend::jit::CompiledModel& model,
                     std::string& warning) const {
  std::string payload = model.image();
  EntryHeader header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.key = key;
  header.payloadSize = payload.size();
  header.payloadHash = fnv1a(payload);
  fs::path entry = entryPath(key);
  fs::path temporary = temporaryPath(entry);
  std::error_code error;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out.is_open()) error = std::error_code(errno, std::generic_category());
    out.write(reinterpret_cast<const char*>(&header), sizeof header);
    out.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    out.close();
    if (!out && !error) error = std::make_error_code(std::errc::io_error);
  }
  if (!error) fs::rename(temporary, entry, error);
  if (error) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    warning =
        fmt::format("cannot write the JIT cache entry {}: {}", entry.string(), error.message());
    return false;
  }
  return true;
}

} // namespace mocc::tool
