// JitModeCatalog (mode_catalog.h).
#include "mode_catalog.h"

#include <fmt/format.h>

#include <stdexcept>

namespace mocc::tool {

JitModeCatalog::JitModeCatalog(flat::Model model, std::vector<flat::StructuralIf> ifs,
                               const SourceManager& sources, Compile compile, int maxModes)
    : model_(std::move(model)), ifs_(std::move(ifs)), sources_(sources),
      compile_(std::move(compile)), maxModes_(maxModes),
      derivativeLevels_(flat::derivativeLevels(model_)) {
  for (std::size_t i = 0; i < ifs_.size(); ++i)
    selectors_.push_back(flat::modeSelectorName(i));
  for (int branch : flat::initialModeGuess(model_, ifs_))
    initialKey_.push_back(branch + 1);
}

int JitModeCatalog::derivativeLevel(const std::string& name) const {
  auto found = derivativeLevels_.find(name);
  return found == derivativeLevels_.end() ? 0 : found->second;
}

std::vector<int> JitModeCatalog::initialKey() const { return initialKey_; }

std::unique_ptr<backend::jit::CompiledModel> JitModeCatalog::compileInitial(std::string& error) {
  bool cached = false;
  auto compiled =
      compile_(flat::specialiseMode(model_, ifs_, branches(initialKey())), error, cached);
  if (compiled) initial_ = &compiled->model();
  cached_[initialKey()] = cached;
  reached_.push_back(initialKey());
  return compiled;
}

flat::ModeKey JitModeCatalog::branches(const std::vector<int>& key) const {
  if (key.size() != ifs_.size())
    throw std::runtime_error(
        fmt::format("a mode needs {} selector values, not {}", ifs_.size(), key.size()));
  flat::ModeKey out;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (key[i] < 1 || static_cast<std::size_t>(key[i]) > ifs_[i].branches)
      throw std::runtime_error(fmt::format("{} = {} names no branch of the if-equation at {}",
                                           selectors_[i], key[i],
                                           sources_.describe(ifs_[i].range.begin)));
    out.push_back(key[i] - 1);
  }
  return out;
}

const mocc_model& JitModeCatalog::model(const std::vector<int>& key) {
  std::lock_guard lock(mutex_);
  if (key == initialKey() && initial_) return *initial_;
  if (auto found = compiled_.find(key); found != compiled_.end()) return found->second->model();
  if (static_cast<int>(compiled_.size()) + 1 >= maxModes_)
    throw std::runtime_error(
        fmt::format("the run reaches more than {} modes (--max-modes {}): {} is one too many",
                    maxModes_, maxModes_, describe(key)));
  std::string error;
  bool cached = false;
  auto compiled = compile_(flat::specialiseMode(model_, ifs_, branches(key)), error, cached);
  if (!compiled)
    throw std::runtime_error(
        fmt::format("the model of the mode where {} does not compile: {}", describe(key), error));
  const mocc_model& model = compiled->model();
  compiled_.emplace(key, std::move(compiled));
  cached_[key] = cached;
  reached_.push_back(key);
  return model;
}

std::string JitModeCatalog::origin(const std::vector<int>& key) const {
  std::lock_guard lock(mutex_);
  auto found = cached_.find(key);
  return found != cached_.end() && found->second ? "loaded from the JIT cache" : "compiled";
}

std::string JitModeCatalog::describe(const std::vector<int>& key) const {
  return flat::describeMode(model_, sources_, ifs_, branches(key));
}

} // namespace mocc::tool
