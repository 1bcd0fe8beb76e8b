// Modes of a structural-dynamic model (issue 15): if-equations whose branches differ in
// structure. An if-equation with conditions that change during simulation keeps one structure
// when the k-th equations of all its branches share an unknown (`i = u/R` and `i = 0` both
// compute i): the backend then lowers it to one equation with if-expressions (if_equations.cpp).
// When they share none (`x^2 + y^2 = l^2` while the rope is taut, `lambda = 0` in flight), the
// branches need their own matching and index reduction: the model is compiled once per mode,
// the vector of branches its structural if-equations take, each mode with those branches
// resolved (specialise). The discrete variables in the conditions change only at events, so a
// mode holds between events; the runtime switches modes there (runtime/modes.h).
#pragma once

#include "mocc/flat/model.h"
#include "mocc/support/source.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace mocc::flat {

/// A top-level if-equation of Model::equations whose branches differ in structure.
struct StructuralIf {
  std::size_t equation = 0; // index in Model::equations
  std::size_t branches = 0; // conditioned branches plus the else branch
  SourceRange range;
};

/// The branch each structural if-equation takes (0-based, the else branch last).
using ModeKey = std::vector<int>;

/// The top-level if-equations whose branches differ in structure: for some k, the k-th
/// equations of the branches have no unknown (continuous or discrete) in common. Conditions that
/// read initial() or terminal() are left to the single compilation.
std::vector<StructuralIf> structuralIfEquations(const Model& model);

/// Per branch of `equation` (the else branch last), the unknowns (continuous and discrete
/// variables, der(x) counting as x) of its k-th equation; an empty set where that is no
/// equality.
std::vector<std::set<std::uint32_t>> branchUnknowns(const Model& model, const IfEquation& equation,
                                                    std::size_t k);

/// The mode the start values select, as far as they tell: each condition evaluated with the
/// start values of discrete variables and the values of parameters where those are literal
/// or follow from literals (`if not free then` with `Boolean free(start = false)`); the first
/// branch where a condition cannot be evaluated so. The run checks the guess after its
/// initialization and switches when the initialization selects another mode.
ModeKey initialModeGuess(const Model& model, const std::vector<StructuralIf>& ifs);

/// The hidden Integer variable that holds the branch (1-based) structural if-equation
/// `index` takes: every mode computes it, so the runtime sees when the mode changes.
std::string modeSelectorName(std::size_t index);

/// The model of mode `key`: each structural if-equation replaced by the equations of the
/// branch the key selects, and the selector variables with their equations
/// `$mode<i> = if c1 then 1 elseif c2 then 2 else n` added.
Model specialiseMode(const Model& model, const std::vector<StructuralIf>& ifs, const ModeKey& key);

/// "the if-equation at x.mo:24:3 takes its else branch (swinging is false)", one clause per
/// structural if-equation, joined by "; ".
std::string describeMode(const Model& model, const SourceManager& sources,
                         const std::vector<StructuralIf>& ifs, const ModeKey& key);

/// For each variable v that the model defines as a derivative, `der(x) = v` or `v = der(x)`
/// (also in the branches of if-equations: a mode may define a velocity that another
/// integrates), 1 + the level of x; variables not listed have level 0. A switch projects the
/// positions before the velocities.
std::map<std::string, int> derivativeLevels(const Model& model);

} // namespace mocc::flat
