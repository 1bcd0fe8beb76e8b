// The cache of built objects: names derived from a hash of everything an object is built from,
// and builds that never leave half an object where another process could load it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::backend::native {

/// A 64-bit hash of length-prefixed fields (so ("ab", "c") and ("a", "bc") differ), eight
/// bytes at a time: the key of a C-Sources object covers a megabyte of sources and is computed
/// on every cache hit.
class KeyBuilder {
public:
  KeyBuilder& add(std::string_view field);
  KeyBuilder& add(std::uint64_t number);
  /// 16 hexadecimal digits, for file names.
  std::string hex() const;

private:
  void feed(std::string_view bytes);
  std::uint64_t hash_ = 0x6d6f63632d6e6174ull;
};

/// What identifies the compiler beyond its name: the file it resolves to, with its size and
/// time, so an upgraded compiler builds new objects.
void addCompilerIdentity(KeyBuilder& key, const std::string& compiler);

/// The name, size and time of every header directly in each directory: a header changed in
/// place (the runtime's ModelicaUtilities.h in a development build, a library's Include
/// directory) rebuilds the objects that may include it, without reading the headers.
void addHeaderStamps(KeyBuilder& key, const std::vector<std::filesystem::path>& directories);

/// A private directory in the cache for one build (temporary outputs, compiler messages),
/// removed with everything in it when this goes. Creating one also removes the scratch
/// directories of builds that were killed (older than an hour: no build takes that long).
class Scratch {
public:
  static std::optional<Scratch> create(const std::filesystem::path& cacheDirectory,
                                       std::string& error);
  Scratch(Scratch&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch();
  const std::filesystem::path& path() const { return path_; }

private:
  explicit Scratch(std::filesystem::path path) : path_(std::move(path)) {}
  std::filesystem::path path_;
};

/// Writes `file` as a whole: into the scratch directory, then renamed into place, so a
/// concurrent reader sees the old file, the new one or none.
bool publish(const Scratch& scratch, const std::filesystem::path& file, std::string_view contents,
             std::string& error);

using BuildFunction = std::function<bool(const Scratch& scratch,
                                         const std::filesystem::path& output, std::string& error)>;

/// `target` in the cache, built by `build` when it does not exist yet. The build writes
/// `output` in a scratch directory of the same file system, which is then renamed to `target`:
/// rename is atomic, so a loader never sees a partial object. A process that finds another
/// building the same target waits for it (a lock file beside the target) and uses its
/// object. `built` tells whether this call compiled.
bool cachedBuild(const std::filesystem::path& target, const BuildFunction& build, bool& built,
                 std::string& error);

/// The part of a compiler's output that explains a failure: from the first error (warnings
/// and notes before it are noise), at most 20 lines.
std::string compilerMessage(std::string_view output);

} // namespace mocc::backend::native
