// The runtime-owned memory of one mocc_instance (model.h): states, derivatives, values, their
// pre() copies, crossing directions and override marks, plus reading a variable through the
// model's table. Generated code only ever sees the mocc_instance it points at. The runtime
// calls the model only through model(), whose functions run under the guard that ModelicaError
// returns to (MLS 3.6 section 12.9.6.1), and the instance destroys the model's external objects
// (section 12.9.7) exactly once, at the latest when it is destroyed itself.
#pragma once

#include "mocc/model.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::runtime {

/// Checks what the runtime relies on: the ABI version, sizes, function pointers and that
/// every variable table entry points inside its region. Returns the first problem found.
std::optional<std::string> validateModel(const mocc_model& model);

class ModelInstance;

namespace detail {
/// A ModelInstance's mocc_instance with the instance behind it: the guarded model's functions
/// get the mocc_instance pointer only and find their ModelInstance from it (a standard-layout
/// struct and its first member are pointer-interconvertible).
struct OwnedInstance {
  mocc_instance abi;
  ModelInstance* owner;
};
} // namespace detail

class ModelInstance {
public:
  /// Zeroed storage sized from `model` (which must pass validateModel and outlive this), mode
  /// CONTINUOUS, terminal 0. `runtime` and `report` stay null until the caller sets them; an
  /// attached InstanceServices must outlive this object (the destructor may call the model).
  explicit ModelInstance(const mocc_model& model);
  /// Destroys the model's external objects unless destroyExternalObjects() did; a ModelicaError
  /// raised meanwhile is written to standard error.
  ~ModelInstance();
  ModelInstance(const ModelInstance&) = delete;
  ModelInstance& operator=(const ModelInstance&) = delete;

  /// The model with every function routed through a guard (external_call_guard.h): when
  /// external C code calls ModelicaError, the call is abandoned at once; the error goes to the
  /// attached InstanceServices (reportExternal, ExternalReportKind::Error, like a failed
  /// assert) and the function returns (event_update 0, next_time_event 0.0). Its tables are
  /// the model's own. destroy_external_objects calls destroyExternalObjects(). Its functions
  /// take abi() of this instance only: they find the model from it.
  const mocc_model& model() const { return guarded_; }
  /// The C view handed to generated code; its arrays point into this object.
  mocc_instance& abi() { return instance_.abi; }
  const mocc_instance& abi() const { return instance_.abi; }

  /// Calls the model's destroy_external_objects (MLS 3.6 section 12.9.7) under a guard, the
  /// first time only: whichever way a run ends, its external objects are destroyed once. The
  /// message of a ModelicaError raised in a destructor, else nullopt.
  std::optional<std::string> destroyExternalObjects();

  std::span<double> states() { return states_; }
  std::span<double> derivatives() { return derivatives_; }
  std::span<double> values() { return values_; }
  std::span<const double> states() const { return states_; }
  std::span<const double> values() const { return values_; }
  std::span<const double> preStates() const { return preStates_; }
  std::span<const double> preValues() const { return preValues_; }
  std::span<double> preStates() { return preStates_; }
  std::span<double> preValues() { return preValues_; }
  std::span<int8_t> crossingDirections() { return crossingDirections_; }

  /// The value of a table entry, read from its region.
  double read(const mocc_variable& variable) const;
  /// The storage slot of a table entry.
  double& slot(const mocc_variable& variable);
  /// Marks a table entry so bind() keeps the value the runtime set.
  void markOverridden(const mocc_variable& variable);
  bool isOverridden(const mocc_variable& variable) const;

  /// pre := current, for states and values (MLS 3.6 section 8.5: pre() at the next step).
  void copyCurrentToPre();
  void setMode(mocc_mode mode) { instance_.abi.mode = mode; }
  void setTime(double time) { instance_.abi.time = time; }
  double time() const { return instance_.abi.time; }
  /// Points x and dx back at this object's own arrays (after an integrator borrowed them).
  void useOwnStateArrays();

private:
  friend struct GuardedModel; // model_instance.cpp: the guarded functions call model_
  std::size_t overrideIndex(const mocc_variable& variable) const;

  const mocc_model& model_; // as generated code gave it: called through guarded_ only
  mocc_model guarded_;
  std::vector<double> states_, derivatives_, values_, preStates_, preValues_;
  std::vector<int8_t> crossingDirections_;
  std::vector<uint8_t> overridden_;
  detail::OwnedInstance instance_{};
  bool externalObjectsDestroyed_ = false;
};

} // namespace mocc::runtime
