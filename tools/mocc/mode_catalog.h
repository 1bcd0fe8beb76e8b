// The modes of a structural-dynamic model for a JIT run (issue 15): each mode's flat model
// (mocc/flat/modes.h) compiled through the JIT cache on first use, so that a run pays only for
// the modes it reaches and a second run finds them in the cache.
#pragma once

#include "mocc/flat/modes.h"
#include "mocc/llvm/jit.h"
#include "mocc/runtime/modes.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mocc::tool {

/// model() and origin() may be called from several threads at once (mocc sweep): they compile
/// one mode at a time.
class JitModeCatalog final : public runtime::ModeCatalog {
public:
  /// Compiles one mode's flat model (`cached`: the JIT cache had it); null with `error` set
  /// when it does not compile.
  using Compile = std::function<std::unique_ptr<backend::jit::CompiledModel>(
      const flat::Model&, std::string& error, bool& cached)>;

  JitModeCatalog(flat::Model model, std::vector<flat::StructuralIf> ifs,
                 const SourceManager& sources, Compile compile, int maxModes);

  /// The initial mode's model (the one the start values select), compiled; the caller owns it and
  /// keeps it alive while the catalog is used. Null with `error` set when it does not compile.
  std::unique_ptr<backend::jit::CompiledModel> compileInitial(std::string& error);

  const std::vector<std::string>& selectors() const override { return selectors_; }
  const mocc_model& model(const std::vector<int>& key) override;
  std::string describe(const std::vector<int>& key) const override;
  std::string origin(const std::vector<int>& key) const override;
  std::vector<int> initialKey() const override;
  int derivativeLevel(const std::string& name) const override;

  /// The modes compiled so far (selector values), in the order a run first reached them.
  const std::vector<std::vector<int>>& reached() const { return reached_; }

private:
  /// The 0-based branches of a key of 1-based selector values; throws when one is out of range.
  flat::ModeKey branches(const std::vector<int>& key) const;

  flat::Model model_;
  std::vector<flat::StructuralIf> ifs_;
  const SourceManager& sources_;
  Compile compile_;
  int maxModes_;
  std::vector<std::string> selectors_;
  std::map<std::string, int> derivativeLevels_; // flat::derivativeLevels
  std::vector<int> initialKey_;                 // the start values' mode (1-based)
  const mocc_model* initial_ = nullptr;
  std::map<std::vector<int>, std::unique_ptr<backend::jit::CompiledModel>> compiled_;
  std::map<std::vector<int>, bool> cached_; // every mode compiled so far: from the cache?
  std::vector<std::vector<int>> reached_;
  mutable std::mutex mutex_; // guards compiled_, cached_ and reached_ after compileInitial
};

} // namespace mocc::tool
