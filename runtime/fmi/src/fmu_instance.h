// One instance of an FMU that `mocc fmu` wrote: the state machine of FMI 2.0 and 3.0 (both have
// the same phases, only their names differ) over the runtime's Simulator, which does the work
// of `mocc run`: initialization (MLS 3.6 section 8.6), event iteration (section 8.5), and for
// co-simulation the integration with events located inside each communication step. The C
// functions of fmi2_functions.cpp and fmi3_functions.cpp are thin wrappers around this class.
//
// Value references are indices into mocc_model.variables; FMI 3.0's event indicators (which
// are variables there) follow as n_variables + i for crossing function i.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/simulation.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::runtime {
class Simulator;
class NullSink;
} // namespace mocc::runtime

namespace mocc::fmi {

/// The order of fmi2Status and fmi3Status.
enum class Status { Ok = 0, Warning = 1, Discard = 2, Error = 3, Fatal = 4 };

enum class Interface { ModelExchange, CoSimulation };

/// Where an instance is in the life cycle of the FMI (the same for 2.0 and 3.0).
enum class Phase {
  Instantiated,
  Initialization,
  Event,          // model exchange, and after initialization
  ContinuousTime, // model exchange
  Step,           // co-simulation
  Terminated,
  Failed, // an error happened: only FreeInstance, Reset and getters remain
};

/// The importer's logger: a status, a category ("logStatusError", ...) and the text.
using Logger = std::function<void(Status, const char* category, const std::string& message)>;

/// What an event iteration left for the importer (fmi2EventInfo, fmi3UpdateDiscreteStates).
struct EventUpdate {
  bool terminateSimulation = false;
  bool valuesOfContinuousStatesChanged = false;
  std::optional<double> nextEventTime;
};

/// A saved instance (get/set FMU state, serialisation): the time and every value.
struct Snapshot {
  Phase phase = Phase::Event; // where the instance was: it continues there
  double time = 0.0;
  std::vector<double> states, derivatives, values, preStates, preValues;
  std::vector<double> indicators;
  /// Serialised: the vectors' sizes, then their values, as doubles.
  std::vector<uint8_t> serialize() const;
  /// nullopt when `bytes` is no serialised snapshot of this model's sizes.
  static std::optional<Snapshot> deserialize(std::span<const uint8_t> bytes);
};

class FmuInstance {
public:
  /// `logger` (may be empty) names the instance as the importer's logger needs.
  FmuInstance(const mocc_model& model, Interface interface, Logger logger);
  ~FmuInstance();
  FmuInstance(const FmuInstance&) = delete;
  FmuInstance& operator=(const FmuInstance&) = delete;

  const mocc_model& model() const { return model_; }
  Interface interface() const { return interface_; }
  Phase phase() const { return phase_; }
  std::size_t stateCount() const { return static_cast<std::size_t>(model_.n_states); }
  std::size_t eventIndicatorCount() const { return static_cast<std::size_t>(model_.n_crossings); }

  Status setupExperiment(std::optional<double> tolerance, double startTime,
                         std::optional<double> stopTime);
  Status enterInitializationMode();
  /// Initializes the model (bind, initialization problem, event iteration at the start time).
  Status exitInitializationMode();
  Status enterEventMode();
  /// The event iteration of the event the importer found (model exchange), once per event
  /// mode; later calls report that nothing more changes.
  Status updateDiscreteStates(EventUpdate& update);
  Status enterContinuousTimeMode();
  Status enterStepMode();
  Status completedIntegratorStep(bool& enterEventMode, bool& terminateSimulation);
  Status setTime(double time);
  Status setContinuousStates(std::span<const double> states);
  Status getContinuousStates(std::span<double> states);
  Status getDerivatives(std::span<double> derivatives);
  Status getEventIndicators(std::span<double> indicators);
  Status getNominals(std::span<double> nominals);
  /// Co-simulation: integrates from `current` (the instance's time) over `step`, handling the
  /// events inside; `reached` is where it stopped: the end of the step, or with early return
  /// allowed (FMI 3.0) the first event inside it, after its event iteration.
  Status doStep(double current, double step, bool& terminateSimulation, double& reached);
  void allowEarlyReturn(bool allowed) { earlyReturnAllowed_ = allowed; }
  bool earlyReturnAllowed() const { return earlyReturnAllowed_; }
  Status terminate();
  Status reset();

  /// Values of any type as doubles (Integers and Booleans are exact).
  Status get(std::span<const uint32_t> references, std::span<double> values);
  Status set(std::span<const uint32_t> references, std::span<const double> values);
  Status getStrings(std::span<const uint32_t> references, std::span<const char*> values);
  /// The directional derivative of `unknowns` along `seed` in the `knowns` (FMI's
  /// GetDirectionalDerivative): the analytic Jacobian of the state derivatives where the model
  /// has one and the question is about those, otherwise central differences.
  Status directionalDerivative(std::span<const uint32_t> unknowns, std::span<const uint32_t> knowns,
                               std::span<const double> seed, std::span<double> sensitivity);

  Status saveState(Snapshot& snapshot);
  Status restoreState(const Snapshot& snapshot);

  /// The time reached so far.
  double time() const;
  /// Whether `reference` names a variable of `type` (mocc_type), or an event indicator for
  /// MOCC_TYPE_REAL.
  bool hasType(uint32_t reference, int type) const;

  /// Logs `message` as an error of `function` and moves to Phase::Failed.
  Status fail(const char* function, const std::string& message);
  /// `function` is not allowed in the current phase.
  Status wrongPhase(const char* function);
  /// Runs `body`, turning the runtime's exceptions into a logged error.
  Status guarded(const char* function, const std::function<Status()>& body);

private:
  bool started() const { return simulator_ != nullptr && initialized_; }
  /// A Simulator for the current options and overrides, bound (parameters and start values)
  /// but not initialized: what the getters read before initialization.
  runtime::Simulator& boundSimulator();
  std::unique_ptr<runtime::Simulator> makeSimulator();
  double read(uint32_t reference);
  /// directionalDerivative from the model's analytic Jacobian; false when it cannot answer.
  bool analyticDerivative(std::span<const uint32_t> unknowns, std::span<const uint32_t> knowns,
                          std::span<const double> seed, std::span<double> sensitivity);
  Status setOne(uint32_t reference, double value);
  Status tune(const mocc_variable& variable, double value);
  void refreshContinuous();
  std::vector<double> indicators();
  /// For a state event at the current point: the directions in which crossing functions have
  /// changed sign since the last accepted point.
  std::vector<int> crossedDirections(std::span<const double> now) const;
  void warnAboutNewWarnings();

  const mocc_model& model_;
  Interface interface_;
  Logger logger_;
  Phase phase_ = Phase::Instantiated;
  runtime::SimulationOptions options_;
  std::vector<runtime::Override> overrides_;
  std::unique_ptr<runtime::NullSink> sink_;
  std::unique_ptr<runtime::Simulator> simulator_;
  bool initialized_ = false;
  bool eventPending_ = false;   // model exchange: enterEventMode was called
  bool continuousStale_ = true; // time or states changed since the last evaluation
  bool earlyReturnAllowed_ = false;
  bool inputsChanged_ = false;         // since the last step (co-simulation) or event
  bool parametersChanged_ = false;     // tunable parameters, likewise
  std::vector<double> lastIndicators_; // at the last accepted point or event
  std::size_t warningsLogged_ = 0;
};

} // namespace mocc::fmi
