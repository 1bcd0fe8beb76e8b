// The runtime-owned memory of one mocc_instance (model.h): states, derivatives, values, their
// pre() copies, crossing directions and override marks, plus reading a variable through the
// model's table. Generated code only ever sees the mocc_instance it points at.
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

class ModelInstance {
public:
  /// Zeroed storage sized from `model` (which must pass validateModel and outlive this), mode
  /// CONTINUOUS, terminal 0. `runtime` and `report` stay null until the caller sets them.
  explicit ModelInstance(const mocc_model& model);
  ModelInstance(const ModelInstance&) = delete;
  ModelInstance& operator=(const ModelInstance&) = delete;

  const mocc_model& model() const { return model_; }
  /// The C view handed to generated code; its arrays point into this object.
  mocc_instance& abi() { return instance_; }
  const mocc_instance& abi() const { return instance_; }

  std::span<double> states() { return states_; }
  std::span<double> derivatives() { return derivatives_; }
  std::span<double> values() { return values_; }
  std::span<const double> states() const { return states_; }
  std::span<const double> values() const { return values_; }
  std::span<const double> preStates() const { return preStates_; }
  std::span<const double> preValues() const { return preValues_; }
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
  void setMode(mocc_mode mode) { instance_.mode = mode; }
  void setTime(double time) { instance_.time = time; }
  double time() const { return instance_.time; }
  /// Points x and dx back at this object's own arrays (after an integrator borrowed them).
  void useOwnStateArrays();

private:
  std::size_t overrideIndex(const mocc_variable& variable) const;

  const mocc_model& model_;
  std::vector<double> states_, derivatives_, values_, preStates_, preValues_;
  std::vector<int8_t> crossingDirections_;
  std::vector<uint8_t> overridden_;
  mocc_instance instance_{};
};

} // namespace mocc::runtime
