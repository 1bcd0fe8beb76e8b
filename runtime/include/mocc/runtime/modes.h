// Runs of structural-dynamic models (issue 15): a model whose if-equations change its
// structure is compiled once per mode (frontend/instance, mocc/flat/modes.h), each mode a
// model of its own; simulateModes runs the mode the model is in and switches at the events
// after which the mode's selector variables say another one holds. The switch carries every
// value across by name and makes the states consistent with the new mode's constraints by the
// smallest change (seed 002's post-stabilisation: a least-squares projection of the values
// the previous mode integrated onto the new mode's manifold); values that a reinit() gave at
// the event are kept when they are consistent already. A mode that switches back at once is
// chattering: the run stops there (exit 3).
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/simulation.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mocc::runtime {

/// The compiled modes of one model, compiled on first use.
class ModeCatalog {
public:
  virtual ~ModeCatalog() = default;
  /// The names of the hidden Integer variables that hold each structural if-equation's branch
  /// (1-based); every mode's model has them.
  virtual const std::vector<std::string>& selectors() const = 0;
  /// The model of the mode whose selectors hold `key`. Throws std::runtime_error with the
  /// reason when it cannot be had (the mode does not compile, too many modes).
  virtual const mocc_model& model(const std::vector<int>& key) = 0;
  /// How the model of a mode that model() returned was had: "compiled" or "loaded from the
  /// JIT cache"; "" for a model built into the program (generated C++).
  virtual std::string origin(const std::vector<int>& key) const = 0;
  /// The mode in words: which branch each structural if-equation takes.
  virtual std::string describe(const std::vector<int>& key) const = 0;
  /// 0 for most variables; 1 + the level of x for a variable v that the model defines as a
  /// derivative, `der(x) = v`: a switch projects positions before velocities.
  virtual int derivativeLevel(const std::string& name) const = 0;
  /// The mode the run starts its initialization in.
  virtual std::vector<int> initialKey() const = 0;
};

/// The catalog of a model compiled with every mode (generated C++: mocc_modes_definition).
/// Throws std::runtime_error when `set` was made for another ABI version or lacks its initial
/// mode; a mode whose model did not compile fails the run that reaches it, with the compiler's
/// reason.
std::unique_ptr<ModeCatalog> builtModeCatalog(const mocc_mode_set& set);

/// Runs from options.startTime to options.stopTime switching modes at events: initialization
/// in the catalog's initial mode; then, at the start time when its initialization selects
/// another mode and at every event after which the selectors change, the rest of the run in
/// the new mode. Rows go
/// to `sink` in the first mode's columns (a later mode's values by name). Like simulate(),
/// never throws; the statistics count the modes used and the switches, and every switch is a
/// note and a row of the event log.
SimulationResult simulateModes(ModeCatalog& catalog, const SimulationOptions& options,
                               std::span<const Override> overrides, ResultSink& sink);

} // namespace mocc::runtime
