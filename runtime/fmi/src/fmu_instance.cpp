// The FMI life cycle over the runtime's Simulator (fmu_instance.h). Every entry point runs
// under guarded(): the runtime reports failures by exceptions (a failed assertion, ModelicaError
// of external code, an integrator that gives up), which become the importer's log message and
// an error status. An FMU never exits or aborts its importer.
#include "fmu_instance.h"

#include "simulator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace mocc::runtime {

/// The importer keeps the results: the Simulator's rows go nowhere.
class NullSink final : public ResultSink {
public:
  void begin(std::span<const ResultColumn>) override {}
  void row(double, RowKind, std::span<const double>) override {}
  void flush() override {}
};

} // namespace mocc::runtime

namespace mocc::fmi {

using runtime::IntegratorError;
using runtime::SimulationFailure;
using runtime::Simulator;

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

/// An importer's step lands on a time event up to rounding (fmusim steps to its own output
/// point when that is within rounding of the announced time: 6 * 0.05 for 0.3).
bool reachedTimeEvent(double time, double event) {
  return time >= event - 1e-12 * std::max(1.0, std::abs(event));
}

/// The model's experiment without output points: the importer chooses its own (model exchange)
/// or its communication points (co-simulation); the runtime's would only cut its steps short.
runtime::SimulationOptions importerOptions(const mocc_model& model) {
  runtime::SimulationOptions options = runtime::defaultOptions(model);
  options.interval = infinity;
  return options;
}

} // namespace

FmuInstance::FmuInstance(const mocc_model& model, Interface interface, Logger logger)
    : model_(model), interface_(interface), logger_(std::move(logger)),
      options_(importerOptions(model)), sink_(std::make_unique<runtime::NullSink>()) {}

FmuInstance::~FmuInstance() = default;

double FmuInstance::time() const { return simulator_ ? simulator_->time() : options_.startTime; }

Status FmuInstance::fail(const char* function, const std::string& message) {
  phase_ = Phase::Failed;
  if (logger_) logger_(Status::Error, "logStatusError", fmt::format("{}: {}", function, message));
  return Status::Error;
}

Status FmuInstance::wrongPhase(const char* function) {
  static constexpr const char* names[] = {
      "instantiated", "initialization mode", "event mode",    "continuous-time mode",
      "step mode",    "terminated",          "an error state"};
  std::string message = fmt::format("not allowed in {}", names[static_cast<std::size_t>(phase_)]);
  if (logger_) logger_(Status::Error, "logStatusError", fmt::format("{}: {}", function, message));
  return Status::Error;
}

Status FmuInstance::guarded(const char* function, const std::function<Status()>& body) {
  try {
    Status status = body();
    warnAboutNewWarnings();
    return status;
  } catch (const SimulationFailure& failure) {
    return fail(function, failure.what());
  } catch (const IntegratorError& error) {
    return fail(function, fmt::format("{} (time {})", error.what(), error.time()));
  } catch (const std::exception& error) {
    return fail(function, error.what());
  }
}

// A failed assert with level warning (MLS 8.3.7) goes to the importer's log once, as
// `mocc run` lists it once.
void FmuInstance::warnAboutNewWarnings() {
  if (!simulator_ || !logger_) return;
  const auto& warnings = simulator_->reports().warnings();
  for (; warningsLogged_ < warnings.size(); ++warningsLogged_) {
    const runtime::SimulationWarning& warning = warnings[warningsLogged_];
    logger_(Status::Warning, "logStatusWarning",
            fmt::format("at time {}: {}", warning.time, warning.message));
  }
}

std::unique_ptr<Simulator> FmuInstance::makeSimulator() {
  warningsLogged_ = 0;
  return std::make_unique<Simulator>(model_, options_, *sink_);
}

Simulator& FmuInstance::boundSimulator() {
  if (!simulator_) {
    simulator_ = makeSimulator();
    simulator_->bindParameters(overrides_);
  }
  return *simulator_;
}

Status FmuInstance::setupExperiment(std::optional<double> tolerance, double startTime,
                                    std::optional<double> stopTime) {
  if (phase_ != Phase::Instantiated) return wrongPhase("SetupExperiment");
  if (tolerance && *tolerance > 0) options_.tolerance = *tolerance;
  options_.startTime = startTime;
  // Without a stop time the importer may go on as long as it likes.
  options_.stopTime = stopTime ? *stopTime : infinity;
  if (!(options_.stopTime > options_.startTime))
    return fail("SetupExperiment", fmt::format("the stop time {} is not after the start time {}",
                                               options_.stopTime, options_.startTime));
  simulator_.reset();
  return Status::Ok;
}

Status FmuInstance::enterInitializationMode() {
  if (phase_ != Phase::Instantiated) return wrongPhase("EnterInitializationMode");
  phase_ = Phase::Initialization;
  return Status::Ok;
}

Status FmuInstance::exitInitializationMode() {
  if (phase_ != Phase::Initialization) return wrongPhase("ExitInitializationMode");
  return guarded("ExitInitializationMode", [&] {
    simulator_ = makeSimulator();
    simulator_->start(overrides_);
    initialized_ = true;
    continuousStale_ = false;
    lastIndicators_ = indicators();
    // Model exchange continues in event mode, whose iteration initialization has done.
    phase_ = interface_ == Interface::ModelExchange ? Phase::Event : Phase::Step;
    eventPending_ = false;
    return Status::Ok;
  });
}

Status FmuInstance::enterEventMode() {
  if (phase_ != Phase::ContinuousTime && phase_ != Phase::Event)
    return wrongPhase("EnterEventMode");
  phase_ = Phase::Event;
  eventPending_ = true;
  return Status::Ok;
}

Status FmuInstance::updateDiscreteStates(EventUpdate& update) {
  if (phase_ != Phase::Event) return wrongPhase("NewDiscreteStates");
  return guarded("NewDiscreteStates", [&] {
    if (eventPending_) {
      eventPending_ = false;
      refreshContinuous();
      const runtime::ModelInstance& instance = simulator_->instance();
      std::vector<double> states(instance.states().begin(), instance.states().end());
      std::vector<double> values(instance.values().begin(), instance.values().end());
      bool timeEvent = reachedTimeEvent(simulator_->time(), simulator_->nextTimeEvent());
      // The event happens at its scheduled time: sample() holds at start + k*interval exactly
      // (MLS 3.7.5), not at the importer's sum of output intervals that lands next to it.
      if (timeEvent) simulator_->setContinuousState(simulator_->nextTimeEvent(), states);
      std::vector<int> directions = crossedDirections(indicators());
      simulator_->handleImportedEvent(timeEvent, directions);
      // The importer restarts its integrator when told that the states changed. It must also
      // when the right-hand side jumped (an input set for the event, a discrete value that
      // changed): its steps past the event were taken with the old one, so say so then too.
      bool same = std::equal(states.begin(), states.end(), instance.states().begin()) &&
                  std::equal(values.begin(), values.end(), instance.values().begin());
      update.valuesOfContinuousStatesChanged = !same || inputsChanged_ || parametersChanged_;
      inputsChanged_ = parametersChanged_ = false;
      lastIndicators_ = indicators();
    }
    update.terminateSimulation = simulator_->terminated();
    double next = simulator_->nextTimeEvent();
    update.nextEventTime = std::isfinite(next) ? std::optional<double>(next) : std::nullopt;
    return Status::Ok;
  });
}

Status FmuInstance::enterContinuousTimeMode() {
  if (phase_ != Phase::Event) return wrongPhase("EnterContinuousTimeMode");
  phase_ = Phase::ContinuousTime;
  return Status::Ok;
}

Status FmuInstance::enterStepMode() {
  if (phase_ != Phase::Event && phase_ != Phase::Step) return wrongPhase("EnterStepMode");
  phase_ = Phase::Step;
  return Status::Ok;
}

Status FmuInstance::completedIntegratorStep(bool& enterEventMode, bool& terminateSimulation) {
  if (phase_ != Phase::ContinuousTime) return wrongPhase("CompletedIntegratorStep");
  return guarded("CompletedIntegratorStep", [&] {
    lastIndicators_ = indicators();
    enterEventMode = false;
    terminateSimulation = simulator_->terminated();
    return Status::Ok;
  });
}

Status FmuInstance::setTime(double time) {
  if (!started()) return wrongPhase("SetTime");
  simulator_->setContinuousState(time, simulator_->instance().states());
  continuousStale_ = true;
  return Status::Ok;
}

Status FmuInstance::setContinuousStates(std::span<const double> states) {
  if (phase_ != Phase::ContinuousTime) return wrongPhase("SetContinuousStates");
  if (states.size() != stateCount())
    return fail("SetContinuousStates",
                fmt::format("{} states given, the model has {}", states.size(), stateCount()));
  simulator_->setContinuousState(simulator_->time(), states);
  continuousStale_ = true;
  return Status::Ok;
}

Status FmuInstance::getContinuousStates(std::span<double> states) {
  if (!started()) return wrongPhase("GetContinuousStates");
  std::span<const double> x = simulator_->instance().states();
  std::copy_n(x.begin(), std::min(states.size(), x.size()), states.begin());
  return Status::Ok;
}

void FmuInstance::refreshContinuous() {
  if (!continuousStale_) return;
  simulator_->evaluateContinuous();
  continuousStale_ = false;
}

Status FmuInstance::getDerivatives(std::span<double> derivatives) {
  if (!started()) return wrongPhase("GetDerivatives");
  return guarded("GetDerivatives", [&] {
    refreshContinuous();
    std::span<const double> dx =
        simulator_->instance().abi().dx
            ? std::span<const double>(simulator_->instance().abi().dx, stateCount())
            : std::span<const double>();
    std::copy_n(dx.begin(), std::min(derivatives.size(), dx.size()), derivatives.begin());
    return Status::Ok;
  });
}

std::vector<double> FmuInstance::indicators() {
  std::vector<double> g(eventIndicatorCount());
  simulator_->crossings(g);
  return g;
}

Status FmuInstance::getEventIndicators(std::span<double> values) {
  if (!started()) return wrongPhase("GetEventIndicators");
  return guarded("GetEventIndicators", [&] {
    refreshContinuous();
    std::vector<double> g = indicators();
    std::copy_n(g.begin(), std::min(values.size(), g.size()), values.begin());
    return Status::Ok;
  });
}

// A relation `a < b` holds while its crossing function a - b is negative (model.h); the importer
// stopped where some of them have changed sign since its last accepted point.
std::vector<int> FmuInstance::crossedDirections(std::span<const double> now) const {
  std::vector<int> directions(now.size(), 0);
  for (std::size_t i = 0; i < now.size() && i < lastIndicators_.size(); ++i) {
    double before = lastIndicators_[i];
    if (before < 0 && now[i] >= 0) directions[i] = 1;
    if (before > 0 && now[i] <= 0) directions[i] = -1;
  }
  return directions;
}

Status FmuInstance::getNominals(std::span<double> nominals) {
  for (std::size_t i = 0; i < nominals.size() && i < stateCount(); ++i)
    nominals[i] = model_.state_nominals ? model_.state_nominals[i] : 1.0;
  return Status::Ok;
}

Status FmuInstance::doStep(double current, double step, bool& terminateSimulation,
                           double& reached) {
  if (phase_ != Phase::Step) return wrongPhase("DoStep");
  return guarded("DoStep", [&] {
    double now = simulator_->time();
    if (std::abs(current - now) > 1e-12 * std::max(1.0, std::abs(now)))
      return fail("DoStep",
                  fmt::format("the step starts at {}, but the FMU is at time {}", current, now));
    if (parametersChanged_) simulator_->handleImportedEvent(false, {});
    if (inputsChanged_ || parametersChanged_) simulator_->restart();
    inputsChanged_ = parametersChanged_ = false;
    simulator_->advanceTo(current + step, earlyReturnAllowed_);
    terminateSimulation = simulator_->terminated();
    reached = simulator_->time();
    return Status::Ok;
  });
}

Status FmuInstance::terminate() {
  if (phase_ == Phase::Instantiated || phase_ == Phase::Terminated) return wrongPhase("Terminate");
  if (phase_ == Phase::Failed) return Status::Ok;
  return guarded("Terminate", [&] {
    if (started()) simulator_->finish();
    phase_ = Phase::Terminated;
    return Status::Ok;
  });
}

Status FmuInstance::reset() {
  simulator_.reset();
  overrides_.clear();
  options_ = importerOptions(model_);
  initialized_ = eventPending_ = inputsChanged_ = parametersChanged_ = false;
  continuousStale_ = true;
  lastIndicators_.clear();
  phase_ = Phase::Instantiated;
  return Status::Ok;
}

bool FmuInstance::hasType(uint32_t reference, int type) const {
  if (reference < static_cast<uint32_t>(model_.n_variables))
    return model_.variables[reference].type == type;
  return type == MOCC_TYPE_REAL && reference - model_.n_variables < eventIndicatorCount();
}

double FmuInstance::read(uint32_t reference) {
  if (reference >= static_cast<uint32_t>(model_.n_variables)) {
    refreshContinuous();
    return indicators()[reference - model_.n_variables];
  }
  const mocc_variable& variable = model_.variables[reference];
  if (variable.region != MOCC_REGION_STATE && variable.kind != MOCC_KIND_PARAMETER &&
      variable.kind != MOCC_KIND_CONSTANT && started())
    refreshContinuous();
  return simulator_->instance().read(variable);
}

Status FmuInstance::get(std::span<const uint32_t> references, std::span<double> values) {
  if (phase_ == Phase::Terminated && !simulator_) return wrongPhase("Get");
  return guarded("Get", [&] {
    if (!started()) boundSimulator();
    for (std::size_t i = 0; i < references.size() && i < values.size(); ++i) {
      if (!hasType(references[i], MOCC_TYPE_REAL) &&
          references[i] >= static_cast<uint32_t>(model_.n_variables))
        return fail("Get", fmt::format("no variable has value reference {}", references[i]));
      values[i] = read(references[i]);
    }
    return Status::Ok;
  });
}

Status FmuInstance::getStrings(std::span<const uint32_t> references,
                               std::span<const char*> values) {
  return guarded("GetString", [&] {
    if (!started()) boundSimulator();
    for (std::size_t i = 0; i < references.size() && i < values.size(); ++i) {
      if (!hasType(references[i], MOCC_TYPE_STRING))
        return fail("GetString", fmt::format("value reference {} is no String", references[i]));
      double handle = read(references[i]);
      values[i] = mocc_string_text(&simulator_->instance().abi(), handle);
    }
    return Status::Ok;
  });
}

// Before initialization a value is a parameter or start value for bind() (an override, as
// `mocc run --override` sets it); afterwards only inputs may change (parameters are fixed,
// FMI's variability "fixed"), and co-simulation restarts its integrator at the next step.
Status FmuInstance::setOne(uint32_t reference, double value) {
  if (reference >= static_cast<uint32_t>(model_.n_variables))
    return fail("Set", fmt::format("value reference {} cannot be set", reference));
  const mocc_variable& variable = model_.variables[reference];
  if (!started()) {
    runtime::Override override{variable.name, value};
    runtime::ModelInstance probe(model_);
    if (auto problem = runtime::applyOverride(probe, override)) return fail("Set", *problem);
    overrides_.push_back(override);
    simulator_.reset(); // bound again from the overrides when read
    return Status::Ok;
  }
  if (variable.causality == MOCC_CAUSALITY_INPUT) {
    simulator_->instance().slot(variable) = value;
    inputsChanged_ = true;
    continuousStale_ = true;
    return Status::Ok;
  }
  if (!variable.tunable)
    return fail("Set", fmt::format("'{}' cannot be set after initialization (only inputs and "
                                   "tunable parameters can)",
                                   variable.name));
  if (phase_ != Phase::Event && phase_ != Phase::Step)
    return fail("Set", fmt::format("the tunable parameter '{}' can be set only in event mode or "
                                   "between co-simulation steps",
                                   variable.name));
  return guarded("Set", [&] { return tune(variable, value); });
}

// FMI 3.0 section 2.2.5.2 (and FMI 2.0 section 4.2.4): a tunable parameter changes at an event.
// What is bound to it follows at once; the event iteration that the change calls for runs at
// the next NewDiscreteStates/UpdateDiscreteStates (model exchange) or DoStep (co-simulation).
Status FmuInstance::tune(const mocc_variable& variable, double value) {
  runtime::ModelInstance& instance = simulator_->instance();
  instance.slot(variable) = value;
  instance.markOverridden(variable); // update_parameters keeps it, also if it is bound
  simulator_->updateParameters();
  parametersChanged_ = true;
  continuousStale_ = true;
  if (phase_ == Phase::Event) eventPending_ = true;
  return Status::Ok;
}

Status FmuInstance::set(std::span<const uint32_t> references, std::span<const double> values) {
  if (phase_ == Phase::Terminated || phase_ == Phase::Failed) return wrongPhase("Set");
  for (std::size_t i = 0; i < references.size() && i < values.size(); ++i)
    if (Status status = setOne(references[i], values[i]); status != Status::Ok) return status;
  return Status::Ok;
}

// The analytic Jacobian (mocc_model.jacobian) answers for state derivatives along states; any
// other question (outputs, inputs as knowns) is answered by central differences along the
// seed, with a step of cbrt(eps) relative to the knowns' size, which balances the truncation
// error (step squared) against rounding (eps over the step).
Status FmuInstance::directionalDerivative(std::span<const uint32_t> unknowns,
                                          std::span<const uint32_t> knowns,
                                          std::span<const double> seed,
                                          std::span<double> sensitivity) {
  if (!started()) return wrongPhase("GetDirectionalDerivative");
  auto variable = [&](uint32_t reference) -> const mocc_variable* {
    return reference < static_cast<uint32_t>(model_.n_variables) ? &model_.variables[reference]
                                                                 : nullptr;
  };
  for (uint32_t known : knowns) {
    const mocc_variable* v = variable(known);
    if (!v || (v->region != MOCC_REGION_STATE && v->causality != MOCC_CAUSALITY_INPUT))
      return fail("GetDirectionalDerivative",
                  fmt::format("value reference {} is neither a state nor an input", known));
  }
  for (uint32_t unknown : unknowns)
    if (!variable(unknown) && unknown - model_.n_variables >= eventIndicatorCount())
      return fail("GetDirectionalDerivative",
                  fmt::format("no variable has value reference {}", unknown));
  return guarded("GetDirectionalDerivative", [&] {
    refreshContinuous();
    if (analyticDerivative(unknowns, knowns, seed, sensitivity)) return Status::Ok;
    runtime::ModelInstance& instance = simulator_->instance();
    std::vector<double> base(knowns.size());
    double size = 1.0, seedSize = 0.0;
    for (std::size_t j = 0; j < knowns.size(); ++j) {
      base[j] = instance.read(*variable(knowns[j]));
      size = std::max(size, std::abs(base[j]));
      seedSize = std::max(seedSize, std::abs(seed[j]));
    }
    if (seedSize == 0.0) {
      std::fill(sensitivity.begin(), sensitivity.end(), 0.0);
      return Status::Ok;
    }
    double step = std::cbrt(std::numeric_limits<double>::epsilon()) * size / seedSize;
    auto evaluateAt = [&](double along) {
      for (std::size_t j = 0; j < knowns.size(); ++j)
        instance.slot(*variable(knowns[j])) = base[j] + along * seed[j];
      continuousStale_ = true;
      std::vector<double> values(unknowns.size());
      for (std::size_t i = 0; i < unknowns.size(); ++i)
        values[i] = read(unknowns[i]);
      return values;
    };
    std::vector<double> ahead = evaluateAt(step), behind = evaluateAt(-step);
    evaluateAt(0.0);
    refreshContinuous();
    for (std::size_t i = 0; i < unknowns.size(); ++i)
      sensitivity[i] = (ahead[i] - behind[i]) / (2 * step);
    return Status::Ok;
  });
}

bool FmuInstance::analyticDerivative(std::span<const uint32_t> unknowns,
                                     std::span<const uint32_t> knowns, std::span<const double> seed,
                                     std::span<double> sensitivity) {
  const mocc_model& model = simulator_->instance().model();
  if (!model.jacobian) return false;
  std::vector<double> seedOfState(stateCount(), 0.0);
  for (std::size_t j = 0; j < knowns.size(); ++j) {
    const mocc_variable& known = model_.variables[knowns[j]];
    if (known.region != MOCC_REGION_STATE) return false;
    seedOfState[static_cast<std::size_t>(known.index)] += seed[j];
  }
  for (uint32_t unknown : unknowns)
    if (unknown >= static_cast<uint32_t>(model_.n_variables) ||
        model_.variables[unknown].region != MOCC_REGION_DERIVATIVE)
      return false;
  std::vector<double> nonzeros(static_cast<std::size_t>(model.n_jacobian));
  model.jacobian(&simulator_->instance().abi(), nonzeros.data());
  std::vector<double> derivativeOfState(stateCount(), 0.0);
  for (int k = 0; k < model.n_jacobian; ++k)
    derivativeOfState[static_cast<std::size_t>(model.jacobian_rows[k])] +=
        nonzeros[static_cast<std::size_t>(k)] *
        seedOfState[static_cast<std::size_t>(model.jacobian_columns[k])];
  for (std::size_t i = 0; i < unknowns.size(); ++i)
    sensitivity[i] =
        derivativeOfState[static_cast<std::size_t>(model_.variables[unknowns[i]].index)];
  return true;
}

Status FmuInstance::saveState(Snapshot& snapshot) {
  if (!started()) return wrongPhase("GetFMUState");
  const runtime::ModelInstance& instance = simulator_->instance();
  const mocc_instance& abi = instance.abi();
  snapshot.phase = phase_;
  snapshot.time = abi.time;
  snapshot.states.assign(instance.states().begin(), instance.states().end());
  snapshot.derivatives.assign(abi.dx, abi.dx + stateCount());
  snapshot.values.assign(instance.values().begin(), instance.values().end());
  snapshot.preStates.assign(instance.preStates().begin(), instance.preStates().end());
  snapshot.preValues.assign(instance.preValues().begin(), instance.preValues().end());
  snapshot.indicators = lastIndicators_;
  return Status::Ok;
}

// A state may also be set right after instantiation (an importer resuming a saved run, as
// fmusim's --initial-fmu-state-file does): the instance is initialized first, for its
// external objects and solver, then takes the saved values and continues in the saved phase,
// with no stop time (the importer skipped the experiment's set-up).
Status FmuInstance::restoreState(const Snapshot& snapshot) {
  if (phase_ == Phase::Failed || phase_ == Phase::Terminated) return wrongPhase("SetFMUState");
  bool sized = snapshot.states.size() == stateCount() &&
               snapshot.preStates.size() == stateCount() &&
               snapshot.values.size() == static_cast<std::size_t>(model_.n_values) &&
               snapshot.preValues.size() == static_cast<std::size_t>(model_.n_values);
  if (!sized) return fail("SetFMUState", "the state belongs to another model");
  return guarded("SetFMUState", [&] {
    if (!started()) {
      options_.stopTime = infinity;
      simulator_ = makeSimulator();
      simulator_->start(overrides_);
      initialized_ = true;
    }
    bool resumable = snapshot.phase == Phase::Event || snapshot.phase == Phase::ContinuousTime ||
                     snapshot.phase == Phase::Step;
    if (resumable) phase_ = snapshot.phase;
    simulator_->restoreValues(snapshot.time, snapshot.states, snapshot.values, snapshot.preStates,
                              snapshot.preValues);
    lastIndicators_ = snapshot.indicators;
    continuousStale_ = true;
    refreshContinuous();
    if (interface_ == Interface::CoSimulation) simulator_->restart();
    return Status::Ok;
  });
}

std::vector<uint8_t> Snapshot::serialize() const {
  std::vector<double> words{static_cast<double>(phase), time};
  for (const std::vector<double>* part :
       {&states, &derivatives, &values, &preStates, &preValues, &indicators}) {
    words.push_back(static_cast<double>(part->size()));
    words.insert(words.end(), part->begin(), part->end());
  }
  std::vector<uint8_t> bytes(words.size() * sizeof(double));
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

std::optional<Snapshot> Snapshot::deserialize(std::span<const uint8_t> bytes) {
  if (bytes.size() % sizeof(double) != 0 || bytes.empty()) return std::nullopt;
  std::vector<double> words(bytes.size() / sizeof(double));
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (words.size() < 2 || !(words[0] >= 0 && words[0] <= static_cast<double>(Phase::Failed)))
    return std::nullopt;
  Snapshot snapshot;
  snapshot.phase = static_cast<Phase>(static_cast<int>(words[0]));
  snapshot.time = words[1];
  std::size_t at = 2;
  for (std::vector<double>* part :
       {&snapshot.states, &snapshot.derivatives, &snapshot.values, &snapshot.preStates,
        &snapshot.preValues, &snapshot.indicators}) {
    if (at >= words.size()) return std::nullopt;
    double count = words[at++];
    if (!(count >= 0) || count > static_cast<double>(words.size() - at)) return std::nullopt;
    auto n = static_cast<std::size_t>(count);
    part->assign(words.begin() + static_cast<std::ptrdiff_t>(at),
                 words.begin() + static_cast<std::ptrdiff_t>(at + n));
    at += n;
  }
  if (at != words.size()) return std::nullopt;
  return snapshot;
}

} // namespace mocc::fmi
