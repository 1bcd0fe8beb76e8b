// Structural if-equations and the specialisation of a model to one mode (modes.h).
#include "mocc/flat/modes.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

namespace mocc::flat {

namespace {

using VariableSet = std::set<std::uint32_t>;

/// The unknowns an expression reads, continuous and discrete (der(x) counts as x: the
/// structure pairs an equation with x or its derivative alike).
void collectUnknowns(const Model& model, const Expr& e, VariableSet& out) {
  if (e.kind == Expr::Kind::Variable &&
      (model.variables[e.variable].variability == Variability::Continuous ||
       model.variables[e.variable].variability == Variability::Discrete))
    out.insert(e.variable);
  for (const Expr& arg : e.args)
    collectUnknowns(model, arg, out);
}

/// Per equation of a branch body, the unknowns it reads; nullopt when the body holds
/// something other than equalities (a nested if-equation, an assert), which the single
/// compilation handles as before.
std::optional<std::vector<VariableSet>> unknownsPerEquation(const Model& model,
                                                            const std::vector<Equation>& body) {
  std::vector<VariableSet> sets;
  for (const Equation& equation : body) {
    const auto* equality = std::get_if<Equality>(&equation.node);
    if (!equality) return std::nullopt;
    VariableSet set;
    collectUnknowns(model, equality->lhs, set);
    collectUnknowns(model, equality->rhs, set);
    sets.push_back(std::move(set));
  }
  return sets;
}

bool readsInitialOrTerminal(const Expr& e) {
  if (e.kind == Expr::Kind::Call && (e.text == "initial" || e.text == "terminal")) return true;
  return std::any_of(e.args.begin(), e.args.end(), readsInitialOrTerminal);
}

/// The bodies of all branches, the else body last.
std::vector<const std::vector<Equation>*> bodies(const IfEquation& equation) {
  std::vector<const std::vector<Equation>*> out;
  for (const EquationBranch& branch : equation.branches)
    out.push_back(&branch.body);
  out.push_back(&equation.elseBody);
  return out;
}

bool differsInStructure(const Model& model, const IfEquation& equation) {
  for (const EquationBranch& branch : equation.branches)
    if (readsInitialOrTerminal(branch.condition)) return false;
  std::vector<std::vector<VariableSet>> perBranch;
  for (const auto* body : bodies(equation)) {
    auto sets = unknownsPerEquation(model, *body);
    if (!sets) return false;
    perBranch.push_back(std::move(*sets));
  }
  std::size_t count = perBranch.front().size();
  for (const auto& sets : perBranch)
    if (sets.size() != count) return false; // the backend reports the mismatch (MLS 8.3.4)
  for (std::size_t k = 0; k < count; ++k) {
    VariableSet common = perBranch.front()[k];
    for (const auto& sets : perBranch) {
      VariableSet both;
      std::set_intersection(common.begin(), common.end(), sets[k].begin(), sets[k].end(),
                            std::inserter(both, both.begin()));
      common = std::move(both);
    }
    if (common.empty()) return true;
  }
  return false;
}

Expr integerLiteral(int value, SourceRange range) {
  return Expr::literal(Type::Integer, value, range);
}

/// `if c1 then 1 elseif c2 then 2 else n`: the 1-based branch an if-equation takes.
Expr branchSelector(const IfEquation& equation, SourceRange range) {
  Expr selector;
  selector.kind = Expr::Kind::If;
  selector.type = Type::Integer;
  selector.range = range;
  int branch = 1;
  for (const EquationBranch& b : equation.branches) {
    selector.args.push_back(b.condition);
    selector.args.push_back(integerLiteral(branch++, range));
  }
  selector.args.push_back(integerLiteral(branch, range));
  return selector;
}

Variable selectorVariable(std::size_t index, SourceRange range) {
  Variable v;
  v.name = modeSelectorName(index);
  v.type = Type::Integer;
  v.variability = Variability::Discrete;
  v.internal = true;
  v.description = "the branch the structural if-equation takes (the mode)";
  v.range = range;
  return v;
}

/// The value of `e` at the start, when literals, parameters and the start values of discrete
/// variables determine it (depth-limited: bindings may refer to each other).
std::optional<double> startValue(const Model& model, const Expr& e, int depth = 0) {
  if (depth > 32) return std::nullopt;
  auto arg = [&](std::size_t i) { return startValue(model, e.args[i], depth + 1); };
  switch (e.kind) {
  case Expr::Kind::Literal: return e.type == Type::String ? std::nullopt : std::optional(e.number);
  case Expr::Kind::Variable: {
    const Variable& v = model.variables[e.variable];
    if (v.variability == Variability::Continuous) return std::nullopt;
    if (v.variability == Variability::Discrete) // the default start is 0, false (MLS 4.8)
      return v.attributes.start ? startValue(model, *v.attributes.start, depth + 1) : 0.0;
    if (v.translationValue) return v.translationValue;
    return v.binding ? startValue(model, *v.binding, depth + 1) : std::nullopt;
  }
  case Expr::Kind::Unary: {
    auto a = arg(0);
    if (!a) return std::nullopt;
    return e.unary == UnaryOp::Not ? (*a == 0 ? 1.0 : 0.0) : e.unary == UnaryOp::Minus ? -*a : *a;
  }
  case Expr::Kind::Binary: {
    auto a = arg(0), b = arg(1);
    if (!a || !b) return std::nullopt;
    switch (e.binary) {
    case BinaryOp::Lt: return *a < *b;
    case BinaryOp::Le: return *a <= *b;
    case BinaryOp::Gt: return *a > *b;
    case BinaryOp::Ge: return *a >= *b;
    case BinaryOp::Eq: return *a == *b;
    case BinaryOp::Ne: return *a != *b;
    case BinaryOp::And: return *a != 0 && *b != 0;
    case BinaryOp::Or: return *a != 0 || *b != 0;
    default: return std::nullopt; // arithmetic seldom selects a branch
    }
  }
  default: return std::nullopt;
  }
}

/// The name of x when `e` is der(x) of a variable x, else "".
std::string differentiated(const Model& model, const Expr& e) {
  if (e.kind != Expr::Kind::Call || e.text != "der" || e.args.size() != 1 ||
      e.args[0].kind != Expr::Kind::Variable)
    return "";
  return model.variables[e.args[0].variable].name;
}

/// v -> x for every equation `der(x) = v` or `v = der(x)` of `equations`, branches included.
void collectDerivativeDefinitions(const Model& model, const std::vector<Equation>& equations,
                                  std::map<std::string, std::string>& out) {
  for (const Equation& equation : equations) {
    if (const auto* branches = std::get_if<IfEquation>(&equation.node)) {
      for (const EquationBranch& branch : branches->branches)
        collectDerivativeDefinitions(model, branch.body, out);
      collectDerivativeDefinitions(model, branches->elseBody, out);
      continue;
    }
    const auto* e = std::get_if<Equality>(&equation.node);
    if (!e) continue;
    for (auto [side, other] : {std::pair{&e->lhs, &e->rhs}, std::pair{&e->rhs, &e->lhs}}) {
      std::string x = differentiated(model, *side);
      if (!x.empty() && other->kind == Expr::Kind::Variable)
        out[model.variables[other->variable].name] = x;
    }
  }
}

} // namespace

std::map<std::string, int> derivativeLevels(const Model& model) {
  std::map<std::string, std::string> derivativeOf;
  collectDerivativeDefinitions(model, model.equations, derivativeOf);
  std::map<std::string, int> levels;
  for (const auto& [v, x] : derivativeOf) {
    int level = 1;
    // A cycle (der(x) = y and der(y) = x) ends after as many steps as there are definitions.
    for (auto found = derivativeOf.find(x);
         found != derivativeOf.end() && level <= static_cast<int>(derivativeOf.size());
         found = derivativeOf.find(found->second))
      ++level;
    levels[v] = level;
  }
  return levels;
}

std::vector<std::set<std::uint32_t>> branchUnknowns(const Model& model, const IfEquation& equation,
                                                    std::size_t k) {
  std::vector<std::set<std::uint32_t>> out;
  for (const auto* body : bodies(equation)) {
    VariableSet set;
    if (k < body->size())
      if (const auto* e = std::get_if<Equality>(&(*body)[k].node)) {
        collectUnknowns(model, e->lhs, set);
        collectUnknowns(model, e->rhs, set);
      }
    out.push_back(std::move(set));
  }
  return out;
}

ModeKey initialModeGuess(const Model& model, const std::vector<StructuralIf>& ifs) {
  ModeKey key;
  for (const StructuralIf& structural : ifs) {
    const auto& equation = std::get<IfEquation>(model.equations[structural.equation].node);
    int branch = 0;
    for (const EquationBranch& b : equation.branches) {
      auto holds = startValue(model, b.condition);
      if (!holds) {
        branch = 0; // undecided: the first branch, checked after initialization
        break;
      }
      if (*holds != 0) break;
      ++branch;
    }
    key.push_back(branch);
  }
  return key;
}

std::vector<StructuralIf> structuralIfEquations(const Model& model) {
  std::vector<StructuralIf> out;
  for (std::size_t i = 0; i < model.equations.size(); ++i) {
    const auto* equation = std::get_if<IfEquation>(&model.equations[i].node);
    if (equation && differsInStructure(model, *equation))
      out.push_back({i, equation->branches.size() + 1, model.equations[i].range});
  }
  return out;
}

std::string modeSelectorName(std::size_t index) { return fmt::format("$mode{}", index + 1); }

Model specialiseMode(const Model& model, const std::vector<StructuralIf>& ifs, const ModeKey& key) {
  Model out = model;
  out.equations.clear();
  std::size_t next = 0;
  for (std::size_t i = 0; i < model.equations.size(); ++i) {
    if (next == ifs.size() || ifs[next].equation != i) {
      out.equations.push_back(model.equations[i]);
      continue;
    }
    const auto& equation = std::get<IfEquation>(model.equations[i].node);
    const std::vector<Equation>& chosen = *bodies(equation)[key[next]];
    out.equations.insert(out.equations.end(), chosen.begin(), chosen.end());
    ++next;
  }
  for (std::size_t j = 0; j < ifs.size(); ++j) {
    const auto& equation = std::get<IfEquation>(model.equations[ifs[j].equation].node);
    Expr selector;
    selector.kind = Expr::Kind::Variable;
    selector.type = Type::Integer;
    selector.variable = static_cast<std::uint32_t>(out.variables.size());
    selector.range = ifs[j].range;
    out.variables.push_back(selectorVariable(j, ifs[j].range));
    out.equations.push_back(
        {Equality{selector, branchSelector(equation, ifs[j].range)}, ifs[j].range});
  }
  return out;
}

std::string describeMode(const Model& model, const SourceManager& sources,
                         const std::vector<StructuralIf>& ifs, const ModeKey& key) {
  std::string out;
  for (std::size_t j = 0; j < ifs.size(); ++j) {
    const auto& equation = std::get<IfEquation>(model.equations[ifs[j].equation].node);
    std::size_t branch = static_cast<std::size_t>(key[j]);
    std::string which =
        branch < equation.branches.size()
            ? fmt::format("the branch of {}", print(model, equation.branches[branch].condition))
            : std::string("its else branch");
    out += fmt::format("{}the if-equation at {} takes {}", out.empty() ? "" : "; ",
                       sources.describe(ifs[j].range.begin), which);
  }
  return out;
}

} // namespace mocc::flat
