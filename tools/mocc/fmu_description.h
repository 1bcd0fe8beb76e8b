// modelDescription.xml of an FMU that `mocc fmu` writes (FMI 2.0 or 3.0), made from the
// compiled model's own tables: the variables with their kinds, causalities, units and
// descriptions, the states in the order of the FMU's state vector, the crossing functions as
// event indicators, and the dependencies of the state derivatives from the analytic Jacobian.
#pragma once

#include "mocc/model.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::tool {

struct FmuInterfaces {
  bool modelExchange = true;
  bool coSimulation = true;
};

struct FmuDescriptionInput {
  const mocc_model* model = nullptr;
  int fmiVersion = 3;             // 2 or 3
  std::string modelIdentifier;    // the shared object's name without extension, and of the
                                  // source file sources/<modelIdentifier>.cpp
  std::string instantiationToken; // runtime::modelToken
  std::string generationTool;     // "mocc 0.1.0"
  FmuInterfaces interfaces;
  /// Per variable of the model's table: its value after bind() (parameters, constants and
  /// inputs need a start value in the description), or nullopt where bind() gives none.
  std::vector<std::optional<double>> boundValues;
};

/// The value references of the description: a variable's index in mocc_model.variables; FMI
/// 3.0's event indicators follow as n_variables + crossing index (runtime/fmi/src).
/// Returns the XML text, or nullopt with `error` set when the model cannot be described (a
/// state without its derivative in the variable table).
std::optional<std::string> fmuModelDescription(const FmuDescriptionInput& input,
                                               std::string& error);

/// Whether a variable of the table is part of the FMU's interface (not hidden, or a state or
/// a state derivative, which the state vector needs).
bool exposedInFmu(const mocc_variable& variable);

} // namespace mocc::tool
