// frontend/instance: classes -> flat::Model. Loads the model's file into the class tree,
// selects the class to simulate, instantiates it (lookup, inheritance, modifications,
// redeclarations, arrays, connections, functions) and flattens it to scalar variables and
// equations (MLS chapters 4 to 12).
#pragma once

#include "mocc/flat/model.h"
#include "mocc/frontend/class_tree.h"
#include "mocc/support/diagnostics.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mocc::frontend {

/// A compile-time constant (MLS 3.8: the value of a constant or parameter expression).
struct ConstValue {
  flat::Type type = flat::Type::Real;
  double number = 0;
  std::string text; // String values; enumeration literal names
};

/// Runs an external function during translation, for a call whose arguments are constants
/// (a parameter bound to `loadResource(...)`, say): `variables` holds each variable of
/// `function` (elements row-major) with its inputs and bindings set; it sets the outputs and
/// returns true, or returns false when it cannot (the call then stays for the simulation).
using ExternalEvaluator = std::function<bool(const flat::Function& function,
                                             std::vector<std::vector<ConstValue>>& variables)>;

/// Where libraries come from: `--lib` directories first, then MODELICAPATH, then stdlib/.
struct LibraryOptions {
  std::vector<std::filesystem::path> libraries;
  bool useModelicaPath = true;
  bool useStandardLibrary = true;
};

/// Registers the library roots of `options` with the tree.
void addLibraryRoots(ClassTree& tree, const LibraryOptions& options);

/// Classes of `entries` that can be simulated (non-partial models, blocks and classes).
std::vector<ClassEntry*> simulationCandidates(const std::vector<ClassEntry*>& entries);

/// The class named `name` (a member of the file, or a qualified name from the top level), or
/// when `name` is empty the only candidate of the file. Reports ClassNotFound or
/// AmbiguousClass (listing the candidates) and returns null otherwise.
ClassEntry* selectClass(ClassTree& tree, const std::vector<ClassEntry*>& fileEntries,
                        const std::string& name);

/// Where flatten() spent its time (mocc run --timings). Component types are instantiated on
/// demand, so `instantiateSeconds` is the instance tree down to every declared component, and
/// `flattenSeconds` the rest: bindings, equations, connections and functions.
struct FlattenTimings {
  double instantiateSeconds = 0;
  double flattenSeconds = 0;
};

/// Instantiates and flattens one class. Reports every independent error it finds; returns
/// nullopt when there was any. `timings`, when given, receives where the time went.
std::optional<flat::Model> flatten(ClassTree& tree, ClassEntry& model,
                                   FlattenTimings* timings = nullptr,
                                   const ExternalEvaluator* external = nullptr);

/// The instance tree of `cls` as text (`mocc instances`, MLS 5.6): every component with its
/// prefixes, its class after redeclarations, its evaluated sizes and, for predefined types, its
/// merged modifier; components of class type with their components below them. Nullopt when
/// instantiation reported an error.
std::optional<std::string> printInstanceTree(ClassTree& tree, ClassEntry& cls,
                                             const ExternalEvaluator* external = nullptr);

/// Counts like OpenModelica's checkModel: scalar variables to be solved and scalar equations.
struct BalanceReport {
  std::size_t variables = 0; // unknowns: continuous and discrete variables, not parameters
  std::size_t equations = 0; // equations, when-clause assignments, algorithm outputs
  std::size_t inputs = 0;    // top-level inputs (they are given, not solved)
  bool balanced() const { return variables == equations; }
};
BalanceReport checkBalance(const flat::Model& model);

} // namespace mocc::frontend
