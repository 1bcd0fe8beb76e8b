// builtModeCatalog (modes.h): the modes of a model that generated C++ compiled all at once,
// read from its mocc_mode_set.
#include "mocc/runtime/modes.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace mocc::runtime {

namespace {

class BuiltModeCatalog final : public ModeCatalog {
public:
  explicit BuiltModeCatalog(const mocc_mode_set& set) : set_(set) {
    if (set.abi_version != MOCC_ABI_VERSION)
      throw std::runtime_error(fmt::format("the modes were compiled for ABI version {}, this "
                                           "runtime has version {}",
                                           set.abi_version, MOCC_ABI_VERSION));
    selectors_.assign(set.selectors, set.selectors + set.n_selectors);
    initialKey_.assign(set.initial_key, set.initial_key + set.n_selectors);
    for (int32_t i = 0; i < set.n_derivatives; ++i)
      levels_[set.derivative_names[i]] = set.derivative_levels[i];
    if (!entry(initialKey_).model)
      throw std::runtime_error("the model of the initial mode is missing: " +
                               std::string(entry(initialKey_).error));
  }

  const std::vector<std::string>& selectors() const override { return selectors_; }

  const mocc_model& model(const std::vector<int>& key) override {
    const mocc_mode_entry& mode = entry(key);
    if (!mode.model)
      throw std::runtime_error(fmt::format("the model of the mode where {} does not compile: {}",
                                           mode.description, mode.error));
    return *mode.model;
  }

  std::string origin(const std::vector<int>&) const override { return ""; }
  std::string describe(const std::vector<int>& key) const override {
    return entry(key).description;
  }
  int derivativeLevel(const std::string& name) const override {
    auto found = levels_.find(name);
    return found == levels_.end() ? 0 : found->second;
  }
  std::vector<int> initialKey() const override { return initialKey_; }

private:
  const mocc_mode_entry& entry(const std::vector<int>& key) const {
    for (int32_t m = 0; m < set_.n_modes; ++m) {
      const mocc_mode_entry& mode = set_.modes[m];
      if (std::equal(key.begin(), key.end(), mode.key, mode.key + set_.n_selectors) &&
          key.size() == static_cast<std::size_t>(set_.n_selectors))
        return mode;
    }
    std::string values;
    for (std::size_t i = 0; i < key.size(); ++i)
      values += fmt::format("{}{} = {}", i ? ", " : "", i < selectors_.size() ? selectors_[i] : "?",
                            key[i]);
    throw std::runtime_error(fmt::format("the selectors name no mode of the model: {}", values));
  }

  const mocc_mode_set& set_;
  std::vector<std::string> selectors_;
  std::vector<int> initialKey_;
  std::map<std::string, int> levels_;
};

} // namespace

std::unique_ptr<ModeCatalog> builtModeCatalog(const mocc_mode_set& set) {
  return std::make_unique<BuiltModeCatalog>(set);
}

} // namespace mocc::runtime
