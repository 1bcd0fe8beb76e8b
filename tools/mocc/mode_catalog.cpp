// JitModeCatalog (mode_catalog.h).
#include "mode_catalog.h"

#include <fmt/format.h>

#include <stdexcept>

namespace mocc::tool {

namespace {

/// The name of x when `e` is der(x) of a variable x, else "".
std::string differentiated(const flat::Model& model, const flat::Expr& e) {
  if (e.kind != flat::Expr::Kind::Call || e.text != "der" || e.args.size() != 1 ||
      e.args[0].kind != flat::Expr::Kind::Variable)
    return "";
  return model.variables[e.args[0].variable].name;
}

void collectDerivativeDefinitions(const flat::Model& model,
                                  const std::vector<flat::Equation>& equations,
                                  std::map<std::string, std::string>& out) {
  for (const flat::Equation& equation : equations) {
    if (const auto* branches = std::get_if<flat::IfEquation>(&equation.node)) {
      for (const flat::EquationBranch& branch : branches->branches)
        collectDerivativeDefinitions(model, branch.body, out);
      collectDerivativeDefinitions(model, branches->elseBody, out);
      continue;
    }
    const auto* e = std::get_if<flat::Equality>(&equation.node);
    if (!e) continue;
    for (auto [side, other] : {std::pair{&e->lhs, &e->rhs}, std::pair{&e->rhs, &e->lhs}}) {
      std::string x = differentiated(model, *side);
      if (!x.empty() && other->kind == flat::Expr::Kind::Variable)
        out[model.variables[other->variable].name] = x;
    }
  }
}

/// v -> x for every equation `der(x) = v` or `v = der(x)`, also in the branches of
/// if-equations (a mode may define a velocity that another integrates).
std::map<std::string, std::string> derivativeDefinitions(const flat::Model& model) {
  std::map<std::string, std::string> out;
  collectDerivativeDefinitions(model, model.equations, out);
  return out;
}

} // namespace

JitModeCatalog::JitModeCatalog(flat::Model model, std::vector<flat::StructuralIf> ifs,
                               const SourceManager& sources, Compile compile, int maxModes)
    : model_(std::move(model)), ifs_(std::move(ifs)), sources_(sources),
      compile_(std::move(compile)), maxModes_(maxModes),
      derivativeOf_(derivativeDefinitions(model_)) {
  for (std::size_t i = 0; i < ifs_.size(); ++i)
    selectors_.push_back(flat::modeSelectorName(i));
  for (int branch : flat::initialModeGuess(model_, ifs_))
    initialKey_.push_back(branch + 1);
}

int JitModeCatalog::derivativeLevel(const std::string& name) const {
  int level = 0;
  std::string at = name;
  // A cycle (der(x) = y and der(y) = x) ends after as many steps as there are definitions.
  for (auto found = derivativeOf_.find(at);
       found != derivativeOf_.end() && level <= static_cast<int>(derivativeOf_.size());
       found = derivativeOf_.find(at)) {
    at = found->second;
    ++level;
  }
  return level;
}

std::vector<int> JitModeCatalog::initialKey() const { return initialKey_; }

std::unique_ptr<backend::jit::CompiledModel> JitModeCatalog::compileInitial(std::string& error) {
  bool cached = false;
  auto compiled =
      compile_(flat::specialiseMode(model_, ifs_, branches(initialKey())), error, cached);
  if (compiled) initial_ = &compiled->model();
  cached_[initialKey()] = cached;
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
  return model;
}

std::string JitModeCatalog::origin(const std::vector<int>& key) const {
  auto found = cached_.find(key);
  return found != cached_.end() && found->second ? "loaded from the JIT cache" : "compiled";
}

std::string JitModeCatalog::describe(const std::vector<int>& key) const {
  return flat::describeMode(model_, sources_, ifs_, branches(key));
}

} // namespace mocc::tool
