// The JIT cache of `mocc run`: compiled models (CompiledModel::image(), the model's tables and
// the object file LLVM produced) stored as one file per model, keyed by a hash of everything
// the code depends on, so that a second run of an unchanged model skips the structural
// analysis and code generation. See README.md (--cache, --no-cache) and docs/architecture.md.
#pragma once

#include "mocc/llvm/jit.h"
#include "mocc/support/source.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace mocc::tool {

inline constexpr std::uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ull;

/// 64-bit FNV-1a of `bytes`, continuing from `hash`.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = kFnvOffsetBasis);

/// A 64-bit FNV-1a hash fed with length-prefixed fields, so that ("ab", "c") and ("a", "bc")
/// differ.
class CacheKeyBuilder {
public:
  CacheKeyBuilder& add(std::string_view field);
  CacheKeyBuilder& add(std::uint64_t number);
  std::uint64_t key() const { return hash_; }

private:
  void feed(std::string_view bytes);
  std::uint64_t hash_ = kFnvOffsetBasis;
};

/// The key of a model: the flat model as `mocc flatten` prints it, the text of every source
/// file it was read from (messages and descriptions carry file:line), the optimisation level,
/// and the compiler: its version, the model ABI, the code generator and host
/// (jit::codeGeneratorIdentity) and the build (size and time of the mocc executable and its
/// mocc libraries, since a development build changes without a new version number).
std::uint64_t modelCacheKey(std::string_view flatModel, const SourceManager& sources, int optLevel);

class JitCache {
public:
  /// The cache in `directory`, created when missing; nullopt with `warning` set when the
  /// directory cannot be created or is not a directory.
  static std::optional<JitCache> open(const std::filesystem::path& directory, std::string& warning);

  /// $XDG_CACHE_HOME/mocc, else $HOME/.cache/mocc; nullopt when neither variable is set.
  static std::optional<std::filesystem::path> defaultDirectory();

  /// The model stored under `key`, or null when there is none or the entry is unusable
  /// (unreadable, truncated, corrupt, from another format): a miss, never an error.
  std::unique_ptr<backend::jit::CompiledModel> load(std::uint64_t key) const;

  /// Stores `model` under `key`: written to a temporary file and renamed into place, so a
  /// concurrent run reads the old entry, the new one or none, never half of one. Returns
  /// false with `warning` set when it cannot be written.
  bool store(std::uint64_t key, const backend::jit::CompiledModel& model,
             std::string& warning) const;

  std::filesystem::path entryPath(std::uint64_t key) const;
  const std::filesystem::path& directory() const { return directory_; }

private:
  explicit JitCache(std::filesystem::path directory) : directory_(std::move(directory)) {}
  std::filesystem::path directory_;
};

} // namespace mocc::tool
