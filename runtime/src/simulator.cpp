// The event loop of model.h, written once above the Integrator interface: initialization
// (MLS 3.6 section 8.6), integration with frozen relations toward output points and time
// events, event handling with left/right-limit rows and event iteration (section 8.5), and
// the terminal() pass. Failures throw; simulate() turns them into Outcome::Failed.
#include "simulator.h"

#include "homotopy_continuation.h"

#include "event_locator.h"
#include "step_observer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace mocc::runtime {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

bool differ(double a, double b) { return a != b && !(std::isnan(a) && std::isnan(b)); }

bool rowsDiffer(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() != b.size() || !std::equal(a.begin(), a.end(), b.begin(),
                                             [](double x, double y) { return !differ(x, y); });
}

/// Values event iteration compares with pre(): discrete and compiler-made values, Integers and
/// Booleans (MLS 3.6 section 8.5), and any value the table does not describe (to be safe).
std::vector<int> discreteValueIndices(const mocc_model& model) {
  std::vector<bool> described(static_cast<std::size_t>(model.n_values), false);
  std::vector<bool> compared(described.size(), false);
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region != MOCC_REGION_VALUE) continue;
    bool fixed = variable.kind == MOCC_KIND_CONSTANT || variable.kind == MOCC_KIND_PARAMETER;
    bool discrete = variable.kind == MOCC_KIND_DISCRETE || variable.kind == MOCC_KIND_INTERNAL ||
                    variable.type != MOCC_TYPE_REAL;
    described[variable.index] = true;
    if (discrete && !fixed) compared[variable.index] = true;
  }
  std::vector<int> indices;
  for (std::size_t i = 0; i < described.size(); ++i)
    if (compared[i] || !described[i]) indices.push_back(static_cast<int>(i));
  return indices;
}

/// Per value index: whether a variable of `type` (and, unless any, `kind`) is stored there.
std::vector<bool> valueFlags(const mocc_model& model, int32_t type, std::optional<int32_t> kind) {
  std::vector<bool> flags(static_cast<std::size_t>(model.n_values), false);
  for (int i = 0; i < model.n_variables; ++i) {
    const mocc_variable& variable = model.variables[i];
    if (variable.region == MOCC_REGION_VALUE && variable.type == type &&
        (!kind || variable.kind == *kind))
      flags[static_cast<std::size_t>(variable.index)] = true;
  }
  return flags;
}

} // namespace

Simulator::Simulator(const mocc_model& model, const SimulationOptions& options, ResultSink& sink)
    : options_(options), sink_(sink), services_(model), reports_(model, services_.texts()),
      instance_(model), model_(instance_.model()), selection_(instance_),
      ode_(instance_, reports_, services_.solver(), selection_),
      grid_(options.startTime, options.interval, options.stopTime),
      columns_(resultColumns(model, options.derivativeColumns, options.parameterColumns,
                             options.variableSelection, sink.writesTexts())),
      row_(columns_.size()), discreteValues_(discreteValueIndices(model)),
      boolean_(valueFlags(model, MOCC_TYPE_BOOLEAN, std::nullopt)),
      internalReal_(valueFlags(model, MOCC_TYPE_REAL, MOCC_KIND_INTERNAL)),
      delayInputs_(static_cast<std::size_t>(model.n_delays)), lastEventTime_(-infinity) {
  services_.attach(instance_.abi());
  services_.onReport([this](int32_t kind, int32_t message, double time, const double* values) {
    reports_.record(kind, message, time, values);
  });
  services_.onExternalReport([this](ExternalReportKind kind, double time, const std::string& text) {
    reports_.recordExternal(kind, time, text);
  });
}

void Simulator::run(std::span<const Override> overrides) {
  start(overrides);
  advanceTo(options_.stopTime);
  finish();
}

void Simulator::start(std::span<const Override> overrides) {
  instance_.setTime(options_.startTime);
  if (auto problem = applyOverrides(instance_, overrides))
    throw SimulationFailure(options_.startTime, *problem);
  createIntegrator();
  // Differences are the fallback, never silent (the compiler's `mocc dae` says why).
  if (model_.n_states > 0 && !ode_.hasJacobian())
    notes_.push_back(SimulationNote{options_.startTime,
                                    "the model has no analytic Jacobian: the integrator "
                                    "approximates it by finite differences"});
  else if (model_.n_states > 0 && integrator_->name() == "ida" && ode_.algebraicSize() > 0 &&
           !ode_.residualJacobianPattern())
    notes_.push_back(SimulationNote{
        options_.startTime,
        fmt::format("ida integrates the {} iteration variables of the loops it opens beside the "
                    "states; the model has no analytic Jacobian of that residual form, so ida "
                    "approximates its Newton matrix by finite differences",
                    ode_.algebraicSize())});
  if (sink_.writesTexts()) sink_.useTexts(services_.texts());
  sink_.begin(columns_);
  auto initializing = std::chrono::steady_clock::now();
  initialize();
  statistics_.initializationSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - initializing).count();
}

void Simulator::bindParameters(std::span<const Override> overrides) {
  instance_.setTime(options_.startTime);
  if (auto problem = applyOverrides(instance_, overrides))
    throw SimulationFailure(options_.startTime, *problem);
  services_.delays().reset(instance_.time());
  model_.bind(&instance_.abi());
  failOnReportedError();
}

void Simulator::restoreValues(double time, std::span<const double> states,
                              std::span<const double> values, std::span<const double> preStates,
                              std::span<const double> preValues) {
  instance_.setTime(time);
  std::copy(states.begin(), states.end(), instance_.states().begin());
  std::copy(values.begin(), values.end(), instance_.values().begin());
  std::copy(preStates.begin(), preStates.end(), instance_.preStates().begin());
  std::copy(preValues.begin(), preValues.end(), instance_.preValues().begin());
  nextTimeEvent_ = queryNextTimeEvent();
}

void Simulator::advanceTo(double time, bool returnAtEvent) {
  integrateUntil(std::min(time, options_.stopTime), returnAtEvent);
}

void Simulator::restart() {
  if (terminated_) return;
  evaluateContinuous();
  nextTimeEvent_ = queryNextTimeEvent();
  restartIntegrator();
}

void Simulator::updateParameters() {
  if (model_.update_parameters) model_.update_parameters(&instance_.abi());
  failOnReportedError();
}

void Simulator::setContinuousState(double time, std::span<const double> states) {
  instance_.setTime(time);
  ode_.loadState(states);
}

void Simulator::crossings(std::span<double> g) {
  if (model_.n_crossings == 0) return;
  model_.crossings(&instance_.abi(), g.data());
  failOnReportedError();
}

// The importer located the event on its own solution (FMI model exchange): the same event
// instant as one the runtime's locators find, only the restart is the importer's.
void Simulator::handleImportedEvent(bool timeEvent, std::span<const int> directions) {
  std::vector<int> rootDirections(static_cast<std::size_t>(ode_.rootCount()), 0);
  std::copy_n(directions.begin(), std::min(directions.size(), rootDirections.size()),
              rootDirections.begin());
  bool stateEvent = std::any_of(rootDirections.begin(), rootDirections.end(),
                                [](int direction) { return direction != 0; });
  std::vector<double> state = ode_.integratorState();
  AdvanceResult step{AdvanceReason::Root, instance_.time(), state, rootDirections};
  statistics_.timeEvents += timeEvent ? 1 : 0;
  statistics_.stateEvents += stateEvent ? 1 : 0;
  handleEventInstant(step, timeEvent, stateEvent);
  guardAgainstChattering(step);
  if (reports_.terminateRequested()) terminated_ = true;
  if (!terminated_) nextTimeEvent_ = queryNextTimeEvent();
}

// The solver's own root finding is used for "solver" where it has one; every other method, and
// the search for double crossings, works above the steps (event_locator.h).
void Simulator::createIntegrator() {
  LocatorMethod method = *parseLocatorMethod(options_.eventLocator);
  // The solvers' own root finding stops at the first root; a region of concurrency needs the
  // whole step's roots.
  EventConcurrency concurrency{options_.concurrencyWindow, options_.concurrencyAmplitude};
  if (concurrency.window > 0 && method == LocatorMethod::Solver) method = LocatorMethod::Illinois;
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = options_.tolerance;
  // MLS 4.8.6: a state's nominal value is its scale, so its absolute error is measured there.
  if (model_.state_nominals) {
    for (int i = 0; i < model_.n_states; ++i)
      settings.absoluteTolerances.push_back(options_.tolerance * model_.state_nominals[i]);
  }
  settings.maxSteps = options_.maxStepsBetweenOutputs;
  settings.fixedStep = options_.fixedStep > 0 ? options_.fixedStep : options_.interval;
  settings.solverRootFinding = method == LocatorMethod::Solver;
  try {
    integrator_ = makeIntegrator(options_.solver, ode_, settings);
  } catch (const std::invalid_argument& error) {
    throw SimulationFailure(options_.startTime, error.what());
  }
  // The history of delay() is recorded at every accepted step (below the event locator, which
  // drops what an event inside a step cuts off by recording the event's left limit).
  if (model_.n_delays > 0)
    integrator_ = std::make_unique<StepObservingIntegrator>(
        std::move(integrator_), ode_.size(),
        [this](double t, std::span<const double> y) { recordDelaysAtStep(t, y); });
  if (ode_.rootCount() == 0) return;
  if (method == LocatorMethod::Solver && !integrator_->findsRoots())
    method = LocatorMethod::Illinois;
  auto locator = std::make_unique<EventLocatingIntegrator>(std::move(integrator_), ode_, method,
                                                           settings, concurrency);
  locator_ = locator.get();
  integrator_ = std::move(locator);
}

// MLS 3.6 section 8.6 as model.h refines it: bind, one pass in initial mode (initialize(), or
// event_update() for models without it: initial() when-clauses, reinit applied), then ordinary
// event iteration until nothing changes, and a regular choice of states for every state set.
void Simulator::initialize() {
  mocc_instance& abi = instance_.abi();
  services_.delays().reset(instance_.time()); // delay() is its argument until recorded
  model_.bind(&abi);
  failOnReportedError();
  instance_.copyCurrentToPre();
  instance_.setMode(MOCC_MODE_INITIAL);
  ++statistics_.eventIterations;
  solveInitialProblem();
  failOnReportedError();
  // MLS 8.6: pre(v) := v for every variable, then event iteration at the initial time. A
  // condition already true at initialization does not fire; `when not initial()` and
  // `when sample(start, T)` with start at the start time do (sample() is false while
  // initializing), as does `when change(x)` for an x that follows pre() of another variable.
  instance_.copyCurrentToPre();
  iterateEventInstant(true);
  instance_.setMode(MOCC_MODE_CONTINUOUS);
  try {
    selection_.readSelection();
  } catch (const StateSelectionError& error) {
    throw SimulationFailure(instance_.time(), error.what());
  }
  selectStates();
  evaluateContinuous();
  recordDelays();
  writeRow(RowKind::Initial);
  sink_.flush();
  if (reports_.terminateRequested()) {
    terminated_ = true;
    return;
  }
  nextTimeEvent_ = queryNextTimeEvent();
  restartIntegrator();
}

void Simulator::solveInitialProblem() {
  mocc_instance& abi = instance_.abi();
  if (!model_.initialize) {
    model_.event_update(&abi);
  } else if (model_.uses_homotopy) {
    followHomotopyPath();
  } else {
    model_.initialize(&abi);
  }
}

// The initialization problem at homotopy parameter `lambda`, from the current values (its
// loops warm-start from them). Asserts are the model's only at lambda = 1: on the way there,
// the values solve another problem.
std::optional<std::string> Simulator::solveInitialProblemAt(double lambda) {
  mocc_instance& abi = instance_.abi();
  abi.homotopy_lambda = lambda;
  model_.initialize(&abi);
  abi.homotopy_lambda = 1.0;
  collectSolverNotes();
  if (lambda < 1.0) reports_.takeFirstAssertError();
  if (auto failure = services_.solver().takeFirstFailure()) return failure->message;
  return std::nullopt;
}

// MLS 3.7.4.4: homotopy-based initialization. The continuation starts at lambda = 0 from the
// start values and follows the solution to lambda = 1 (homotopy_continuation.h); the solution
// of the actual problem it reaches is the one connected to the simplified problem's. When the
// path cannot be followed, the actual problem is solved directly from the start values (as a
// model without homotopy is), and a failure of that too names both.
void Simulator::followHomotopyPath() {
  struct Values {
    std::vector<double> states, derivatives, values;
  };
  mocc_instance& abi = instance_.abi();
  auto states = static_cast<std::size_t>(model_.n_states);
  auto values = static_cast<std::size_t>(model_.n_values);
  auto snapshot = [&] {
    return Values{{abi.x, abi.x + states}, {abi.dx, abi.dx + states}, {abi.v, abi.v + values}};
  };
  auto restoreFrom = [&](const Values& saved) {
    std::copy(saved.states.begin(), saved.states.end(), abi.x);
    std::copy(saved.derivatives.begin(), saved.derivatives.end(), abi.dx);
    std::copy(saved.values.begin(), saved.values.end(), abi.v);
  };
  const Values started = snapshot();
  Values solved;
  ContinuationResult path =
      followHomotopy([this](double lambda) { return solveInitialProblemAt(lambda); },
                     [&] { solved = snapshot(); }, [&] { restoreFrom(solved); });
  double time = instance_.time();
  if (path.reachedOne) {
    notes_.push_back(SimulationNote{
        time, fmt::format("homotopy initialization: lambda followed from 0 to 1 in {} solves "
                          "({} rejected)",
                          path.solves, path.rejected)});
    return;
  }
  std::string cause =
      path.simplifiedFailed
          ? fmt::format("the simplified problem (homotopy lambda = 0) could not be solved: {}",
                        path.failure)
          : fmt::format("the homotopy continuation reached lambda = {} and failed at lambda = "
                        "{}: {}",
                        path.lambda, path.failedLambda, path.failure);
  restoreFrom(started);
  if (auto direct = solveInitialProblemAt(1.0))
    throw SimulationFailure(
        time, fmt::format("initialization failed at time {}: {}; solving the actual problem "
                          "directly failed too: {}",
                          time, cause, *direct));
  notes_.push_back(SimulationNote{
      time, fmt::format("homotopy initialization: {}; the actual problem was solved directly "
                        "from the start values instead",
                        cause)});
}

void Simulator::integrateUntil(double until, bool returnAtEvent) {
  while (!terminated_ && instance_.time() < until) {
    double tOut = std::min(grid_.after(instance_.time()), until);
    // No time event and no stop time (an importer that did not say when it stops): the
    // integrator may not step past where it is asked to go, since no infinite stop is given.
    double tStop = std::min(nextTimeEvent_, options_.stopTime);
    if (!std::isfinite(tStop)) tStop = until;
    AdvanceResult step = advance(tOut, tStop);
    ode_.loadState(step.state);
    instance_.setTime(step.time);
    bool timeEvent = step.time >= nextTimeEvent_;
    bool stateEvent = step.reason == AdvanceReason::Root;
    if (timeEvent || stateEvent) {
      handleEvent(step, timeEvent, stateEvent);
      if (returnAtEvent) {
        if (reports_.terminateRequested()) terminated_ = true;
        return;
      }
    } else {
      evaluateContinuous();
      recordDelays(DelayPoint::Output);
      writeRow(RowKind::Output);
      // The state sets' root functions catch a choice that degrades against another one;
      // this also catches a set whose constraints lose rank altogether.
      if (selectStates()) {
        evaluateContinuous();
        restartIntegrator();
      }
    }
    // MLS 8.3.8: terminate() takes effect once the step or the event is complete.
    if (reports_.terminateRequested()) terminated_ = true;
  }
}

AdvanceResult Simulator::advance(double tOut, double tStop) {
  ode_.clearProblem();
  try {
    AdvanceResult step = integrator_->advance(tOut, tStop);
    // Asserts that failed and loops that could not be solved at rejected trial points are
    // not failures of the solution (MLS 8.3.7: "the simulation may continue with another
    // evaluation").
    reports_.takeLatestAssertError();
    services_.solver().takeLatestFailure();
    collectSolverNotes();
    return step;
  } catch (const IntegratorError& error) {
    // The integrator gave up near the latest trial point that failed: that is the cause.
    services_.solver().takeLatestFailure(); // ode_.problem() has the one that matters
    if (auto assertion = reports_.takeLatestAssertError())
      throw SimulationFailure(assertion->time,
                              fmt::format("{} ({})", assertion->describe(), error.what()));
    if (!ode_.problem().empty())
      throw SimulationFailure(error.time(), fmt::format("{} ({})", ode_.problem(), error.what()));
    std::string largest;
    if (auto component = error.largestErrorComponent())
      largest = "; the local error estimate is largest for " + ode_.componentName(*component);
    throw SimulationFailure(error.time(), error.what() + largest + algebraicUnknownsNote());
  }
}

// IDA solves the opened loops itself, so its failures (a corrector that
// does not converge) concern their unknowns as much as the states: name them.
std::string Simulator::algebraicUnknownsNote() const {
  // CVODE sees the same OdeSystem but solves the loops inside each evaluation instead.
  if (!integrator_ || integrator_->name() != "ida" || ode_.algebraicSize() == 0) return {};
  std::vector<std::string> names;
  for (int i = 0; i < model_.n_dae_unknowns; ++i)
    names.push_back(model_.variables[model_.dae_unknowns[i]].name);
  return fmt::format("; the integrator solves for the states and the algebraic unknowns {}",
                     fmt::join(names, ", "));
}

// Left limit, event iteration, right limit (DESIGN.md "Runtime event loop", step 3).
void Simulator::handleEvent(const AdvanceResult& step, bool timeEvent, bool stateEvent) {
  const AdvanceResult* last = &step;
  std::optional<AdvanceResult> latest;
  if (stateEvent && !step.rootTimes.empty()) {
    latest = handleConcurrentCrossings(step);
    if (!latest) return; // terminate() at one of them
    last = &*latest;
  }
  statistics_.timeEvents += timeEvent ? 1 : 0;
  statistics_.stateEvents += stateEvent && anyCrossing(*last) ? 1 : 0;
  handleEventInstant(*last, timeEvent, stateEvent);
  guardAgainstChattering(*last);
  if (reports_.terminateRequested() || last->time >= options_.stopTime) return;
  nextTimeEvent_ = queryNextTimeEvent();
  restartIntegrator();
}

bool Simulator::anyCrossing(const AdvanceResult& step) const {
  return std::any_of(step.rootDirections.begin(), step.rootDirections.begin() + model_.n_crossings,
                     [](int direction) { return direction != 0; });
}

void Simulator::handleEventInstant(const AdvanceResult& step, bool timeEvent, bool stateEvent) {
  endSlidingAtItsExit(step);
  recordEvent(step, timeEvent, stateEvent);
  evaluateContinuous();
  recordDelays();
  writeRow(RowKind::EventLeft);
  if (stateEvent && selectStates(firedStateSets(step))) evaluateContinuous();
  std::span<int8_t> directions = instance_.crossingDirections();
  for (std::size_t i = 0; i < directions.size(); ++i)
    directions[i] = stateEvent ? static_cast<int8_t>(step.rootDirections[i]) : int8_t{0};
  services_.delays().enterEvent(step.time); // delay() reads right limits from here on
  instance_.copyCurrentToPre();
  EventSnapshot before = eventSnapshot();
  iterateEventInstant(timeEvent);
  lastEventBooleans_ = changedBooleans(before);
  std::fill(directions.begin(), directions.end(), int8_t{0});
  instance_.setMode(MOCC_MODE_CONTINUOUS);
  evaluateContinuous();
  recordDelays(DelayPoint::RightLimit);
  writeRow(RowKind::EventRight);
  sink_.flush();
  rememberStatesAfterEvent();
}

// Compere's region of concurrency (seed 002, 5.2.3): "only one integration step is necessary
// to trigger N events at N closely spaced times". The crossings the locator grouped into
// `step` are handled in the order of their located times, each at its own time on the step's
// dense output; what a reinit changes there is carried to the later ones, and to the restart,
// as a jump of the states (over the window the solution barely moves: the region's premise).
// Returns the event at the group's latest time, at the integrator's state plus those jumps, or
// nullopt when one of the earlier crossings called terminate().
std::optional<AdvanceResult> Simulator::handleConcurrentCrossings(const AdvanceResult& step) {
  std::vector<double> times;
  for (std::size_t i = 0; i < step.rootTimes.size(); ++i)
    if (step.rootDirections[i] != 0 && step.rootTimes[i] < step.time)
      times.push_back(step.rootTimes[i]);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::vector<double> jump(step.state.size(), 0.0);
  concurrentState_.resize(step.state.size());
  std::vector<double> g(static_cast<std::size_t>(model_.n_crossings));
  for (double t : times) {
    integrator_->denseOutput(t, concurrentState_);
    for (std::size_t j = 0; j < jump.size(); ++j)
      concurrentState_[j] += jump[j];
    AdvanceResult instant = crossingsLocatedAt(step, t, concurrentState_);
    ode_.loadState(instant.state);
    instance_.setTime(t);
    if (model_.n_crossings > 0) {
      evaluateContinuous();
      model_.crossings(&instance_.abi(), g.data());
      for (std::size_t i = 0; i < g.size(); ++i)
        if (instant.rootDirections[i] != 0)
          instant.residual = std::max(instant.residual, std::abs(g[i]));
    }
    ++statistics_.concurrentEvents;
    handleEventInstant(instant, false, true);
    std::vector<double> after = ode_.integratorState();
    for (std::size_t j = 0; j < jump.size() && j < after.size(); ++j)
      jump[j] += after[j] - instant.state[j];
    if (reports_.terminateRequested()) return std::nullopt;
  }
  std::copy(step.state.begin(), step.state.end(), concurrentState_.begin());
  for (std::size_t j = 0; j < jump.size(); ++j)
    concurrentState_[j] += jump[j];
  AdvanceResult latest = crossingsLocatedAt(step, step.time, concurrentState_);
  latest.residual = step.residual;
  latest.iterations = step.iterations;
  ode_.loadState(latest.state);
  instance_.setTime(step.time);
  return latest;
}

// The part of a grouped event whose crossings were located at `t`, at `state`.
AdvanceResult Simulator::crossingsLocatedAt(const AdvanceResult& step, double t,
                                            std::span<const double> state) {
  concurrentDirections_.assign(step.rootDirections.size(), 0);
  for (std::size_t i = 0; i < step.rootDirections.size(); ++i)
    if (step.rootTimes[i] == t) concurrentDirections_[i] = step.rootDirections[i];
  return AdvanceResult{AdvanceReason::Root, t, state, concurrentDirections_};
}

// terminal() is true for one last event iteration (MLS 3.6 section 3.7.5); a last row records
// what it changed, if anything visible.
void Simulator::finish() {
  std::fill(instance_.crossingDirections().begin(), instance_.crossingDirections().end(),
            int8_t{0});
  // When the last event happened at this very instant (a sample at the stop time), the
  // terminal() iteration continues that event instant: pre() keeps the values its event
  // iteration converged to, and the sample instant has ended, so it does not fire again.
  if (lastEventTime_ != instance_.time()) instance_.copyCurrentToPre();
  instance_.abi().terminal = 1;
  instance_.setMode(MOCC_MODE_EVENT_AFTER_SAMPLES);
  iterateEvent();
  instance_.setMode(MOCC_MODE_CONTINUOUS);
  evaluateContinuous();
  gatherRow();
  if (rowsDiffer(row_, lastRow_)) writeRow(RowKind::Terminal);
  EventRecord terminal;
  terminal.time = instance_.time();
  terminal.kind = EventRecord::Kind::Terminal;
  events_.push_back(terminal);
}

void Simulator::recordEvent(const AdvanceResult& step, bool timeEvent, bool stateEvent) {
  EventRecord record;
  record.time = step.time;
  if (timeEvent) {
    record.kind = EventRecord::Kind::Time;
    events_.push_back(record);
  }
  if (!stateEvent) return;
  record.kind = EventRecord::Kind::State;
  record.residual = step.residual;
  record.iterations = step.iterations;
  for (std::size_t i = 0; i < step.rootDirections.size(); ++i) {
    if (step.rootDirections[i] == 0) continue;
    record.crossing = static_cast<int>(i);
    record.direction = step.rootDirections[i];
    record.description = static_cast<int>(i) < model_.n_crossings && model_.crossing_descriptions
                             ? model_.crossing_descriptions[i]
                             : ode_.crossingDescription(static_cast<int>(i));
    events_.push_back(record);
  }
}

void Simulator::iterateEventInstant(bool samplesMayEnd) {
  instance_.setMode(MOCC_MODE_EVENT);
  iterateEvent();
  // sample() is true at its instant only (MLS 3.7.5); the instant ends within the event, and
  // `when not sample(...)` or `elsewhen not y` with y = sample(...) fire on that edge at the
  // same time, as other tools do. Only time events (and the start time) are sample instants.
  instance_.setMode(MOCC_MODE_EVENT_AFTER_SAMPLES);
  if (samplesMayEnd) {
    instance_.copyCurrentToPre();
    iterateEvent();
  }
  alignZeroCrossingsWithRestart();
}

void Simulator::iterateEvent() {
  mocc_instance& abi = instance_.abi();
  std::vector<std::vector<double>> visited;
  for (int iteration = 1;; ++iteration) {
    ++statistics_.eventIterations;
    bool reinitialized = model_.event_update(&abi) != 0;
    failOnReportedError();
    if (!reinitialized && !discreteValuesChanged()) return;
    if (!reinitialized && revisitsDiscreteValues(visited) && decideCyclingRoots()) {
      visited.clear();
    } else if (iteration >= options_.maxEventIterations)
      throw SimulationFailure(
          instance_.time(),
          fmt::format("event iteration did not converge at time {} after {} iterations; still "
                      "changing: {}",
                      instance_.time(), iteration, stillChanging()));
    instance_.copyCurrentToPre();
  }
}

// A crossing function that is exactly zero when the integrator restarts is ignored by its root
// finder (CVODE's included), which takes the sign the function has just after the restart;
// the next root it reports is a crossing away from that sign. The relation stored now must
// agree with that sign: a ball landing exactly on h = 0 keeps `h < 0` true after bouncing
// and then falls through the floor, since its next crossing no longer makes an edge. model.h
// gives the means: crossing_direction makes a relation with a zero crossing function take its
// right-limit value (MLS 3.6 section 8.5), here the value for the coming continuous phase.
void Simulator::alignZeroCrossingsWithRestart() {
  restartSigns_ = LeavingZero{{}, instance_.time()};
  if (model_.n_crossings == 0) return;
  std::vector<int> inconsistent = settleRestartSigns();
  if (inconsistent.empty() || switchesToAnotherBranch(inconsistent)) return;
  std::vector<std::string> names;
  for (int i : inconsistent)
    names.push_back(ode_.crossingDescription(i));
  std::string finding =
      fmt::format("chattering at time {}: crossing {} stays at zero and the model leaves it "
                  "in the opposite direction after every event iteration (a sliding mode)",
                  instance_.time(), fmt::join(names, ", "));
  if (options_.filippovSliding && inconsistent.size() == 1 &&
      startSliding(inconsistent.front(), finding))
    return;
  throw SimulationFailure(instance_.time(), finding);
}

std::vector<int> Simulator::settleRestartSigns() {
  std::vector<double> g(static_cast<std::size_t>(model_.n_crossings));
  std::span<int8_t> directions = instance_.crossingDirections();
  // Each pass may change what the model does next (a sliding mode flips it every time).
  constexpr int maxPasses = 8;
  for (int pass = 0;; ++pass) {
    instance_.setMode(MOCC_MODE_CONTINUOUS);
    model_.crossings(&instance_.abi(), g.data());
    failOnReportedError();
    restartSigns_ = directionsLeavingZero(g, undecidedCrossings(g));
    const std::vector<int8_t>& leaving = restartSigns_.directions;
    instance_.setMode(MOCC_MODE_EVENT_AFTER_SAMPLES);
    // A relation that still claims the side its function is leaving is decided for the side
    // it goes to (+2 or -2: whatever lhs - rhs is, model.h), and stays so for this event.
    std::vector<int8_t> wanted(leaving.begin(), leaving.end());
    for (std::size_t i = 0; i < wanted.size(); ++i) {
      bool stillOld = claimedSide(static_cast<int>(i)) == -wanted[i] && g[i] != 0.0;
      if (wanted[i] != 0 && (stillOld || directions[i] == 2 * wanted[i]))
        wanted[i] = static_cast<int8_t>(2 * wanted[i]);
    }
    std::vector<int> inconsistent;
    for (std::size_t i = 0; i < wanted.size(); ++i)
      if (wanted[i] != 0 && wanted[i] != directions[i]) inconsistent.push_back(static_cast<int>(i));
    if (inconsistent.empty() || pass == maxPasses) return inconsistent;
    for (std::size_t i = 0; i < wanted.size(); ++i)
      if (wanted[i] != 0) directions[i] = wanted[i];
    instance_.copyCurrentToPre();
    iterateEvent();
  }
}

// A crossing that stays at zero whichever value its relation takes may lie in a loop with a
// third configuration (MLS 3.6 section 8.6: a mixed system's solution is any consistent one):
// a Schmitt trigger (an op-amp with positive feedback) at its switching point cycles between
// its upper limit and its linear range, where only its lower limit, whose relation never
// changed, is consistent. Each other relation of the loops holding a stuck crossing is forced
// to its other value for one event iteration, the stuck ones left to their functions; the
// first after which every crossing settles holds.
bool Simulator::switchesToAnotherBranch(const std::vector<int>& stuck) {
  std::span<int8_t> directions = instance_.crossingDirections();
  for (int partner : loopPartners(stuck)) {
    for (int i : stuck)
      directions[static_cast<std::size_t>(i)] = 0;
    directions[static_cast<std::size_t>(partner)] = static_cast<int8_t>(-2 * claimedSide(partner));
    instance_.copyCurrentToPre();
    iterateEvent();
    directions[static_cast<std::size_t>(partner)] = 0;
    if (settleRestartSigns().empty()) return true;
  }
  return false;
}

// The crossings of the other relations of the algebraic loops (mocc_system_info.relations)
// that evaluate the relation of a crossing in `stuck`.
std::vector<int> Simulator::loopPartners(const std::vector<int>& stuck) const {
  if (!model_.crossing_relations) return {};
  auto crossingOf = [&](int relation) {
    for (int i = 0; i < model_.n_crossings; ++i)
      if (model_.crossing_relations[i] == model_.relations[relation]) return i;
    return -1;
  };
  std::vector<int> partners;
  for (int s = 0; s < model_.n_systems; ++s) {
    const mocc_system_info& system = model_.systems[s];
    std::vector<int> crossings;
    for (int j = 0; j < system.n_relations; ++j)
      crossings.push_back(crossingOf(system.relations[j]));
    auto holds = [&](int i) {
      return std::find(crossings.begin(), crossings.end(), i) != crossings.end();
    };
    if (std::none_of(stuck.begin(), stuck.end(), holds)) continue;
    for (int c : crossings)
      if (c >= 0 && std::find(stuck.begin(), stuck.end(), c) == stuck.end() &&
          std::find(partners.begin(), partners.end(), c) == partners.end())
        partners.push_back(c);
  }
  return partners;
}

int Simulator::claimedSide(int crossing) const {
  if (!model_.crossing_relations || crossing >= model_.n_crossings) return 0;
  const mocc_variable& stored = model_.variables[model_.crossing_relations[crossing]];
  bool value = instance_.values()[static_cast<std::size_t>(stored.index)] != 0.0;
  return value == (model_.crossing_positive_values[crossing] != 0) ? 1 : -1;
}

// A relation decided within the root's resolution (model.h, MOCC_CROSSING_RESOLUTION) holds
// for the side its crossing was located going to while the function may still be on the other:
// if it moves on away from zero there, the root finder sees no crossing and the relation stays
// wrong. A relation that holds for the old side was not evaluated (an if-branch not taken) or
// found its function still there: undecided only when that is less than the root's resolution
// in time (rootResolutions), else left alone.
std::vector<bool> Simulator::undecidedCrossings(std::span<const double> g) {
  std::span<int8_t> directions = instance_.crossingDirections();
  std::vector<double> resolution; // rootResolutions(), when needed
  std::vector<bool> undecided(g.size(), false);
  for (std::size_t i = 0; i < g.size(); ++i) {
    int located = directions[i] > 0 ? 1 : directions[i] < 0 ? -1 : 0;
    bool otherSide = (located > 0 && g[i] < 0.0) || (located < 0 && g[i] > 0.0);
    int claimed = claimedSide(static_cast<int>(i));
    // Already on the located side while its relation still holds for the old one: the event
    // iteration evaluated the relation on a loop's solution that lay on the old side by the
    // loop's tolerance (an ideal diode's s at its knee, the terms of its loop ~100 V), and the
    // root finder, which sees the function moving away from zero, would never correct it.
    bool oldClaimOnNewSide = located != 0 && !otherSide && g[i] != 0.0 && claimed == -located;
    undecided[i] = g[i] == 0.0 || (otherSide && claimed == located) || oldClaimOnNewSide;
    if (otherSide && claimed == -located) {
      if (resolution.empty()) resolution = rootResolutions(g.size());
      undecided[i] = std::abs(g[i]) <= resolution[i];
    }
  }
  return undecided;
}

// How far each crossing function may be from zero at a located root: it moves |rate| times the
// location tolerance 100 eps (|t| + |h|), the step h no longer than the time since the last
// restart. A function on its old side by less than that (a loop's solution re-solved at the
// event from another starting point: the C21 Shockley diode's uD = 1.9e-23 V) has not been
// decided by the root finder.
std::vector<double> Simulator::rootResolutions(std::size_t count) {
  std::vector<double> resolution(count, 0.0);
  std::vector<double> rates(static_cast<std::size_t>(ode_.rootCount()));
  std::vector<double> x = ode_.integratorState();
  double t = instance_.time();
  if (ode_.rootRates(t, x, rates) != CallbackStatus::Ok) return resolution;
  double tolerance =
      100 * std::numeric_limits<double>::epsilon() * (std::abs(t) + std::abs(t - lastRestart_));
  for (std::size_t i = 0; i < count && i < rates.size(); ++i)
    if (std::isfinite(rates[i])) resolution[i] = std::abs(rates[i]) * tolerance;
  return resolution;
}

Simulator::LeavingZero Simulator::directionsLeavingZero(std::span<const double> g,
                                                        const std::vector<bool>& undecided) {
  double t = instance_.time();
  LeavingZero result{std::vector<int8_t>(g.size(), 0), t};
  std::vector<int8_t>& leaving = result.directions;
  if (std::none_of(undecided.begin(), undecided.end(), [](bool u) { return u; })) return result;
  std::vector<double> x = ode_.integratorState(), slope(x.size()), euler(x.size());
  std::vector<double> slopeAhead(x.size()), moved(x.size());
  std::vector<double> probe(static_cast<std::size_t>(ode_.rootCount()));
  if (ode_.derivatives(t, x, slope) != CallbackStatus::Ok) return result;
  // A step of Heun's method along the solution, grown until the state moves visibly in
  // floating point. Second order, so that a state at rest whose acceleration is not zero (an
  // RLC circuit driven by a sine at t = 0) moves too: an Euler step would leave it in place.
  // A side counts when two steps, one ten times the other, agree on it: a function that
  // leaves zero at second order (rate zero: an ideal diode's voltage where its current has
  // just fallen through zero) moves by less than its operands' rounding in the first step,
  // whose sign is then noise; the next step's movement is a hundred times larger.
  std::vector<int8_t> previous(g.size(), 0);
  constexpr double kGrowth = 10.0;
  for (double delta = 1e-10 * std::max(1.0, std::abs(t)); delta < 1e-3; delta *= kGrowth) {
    for (std::size_t i = 0; i < x.size(); ++i)
      euler[i] = x[i] + delta * slope[i];
    if (ode_.derivatives(t + delta, euler, slopeAhead) != CallbackStatus::Ok) break;
    for (std::size_t i = 0; i < x.size(); ++i)
      moved[i] = x[i] + 0.5 * delta * (slope[i] + slopeAhead[i]);
    if (ode_.roots(t + delta, moved, probe) != CallbackStatus::Ok) break;
    result.decidedAt = t + delta;
    bool unknown = false;
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (!undecided[i] || leaving[i] != 0) continue;
      // Where it moves: from zero, the side it goes to.
      int8_t side = probe[i] > g[i] ? 1 : probe[i] < g[i] ? -1 : 0;
      if (side != 0 && side == previous[i])
        leaving[i] = side;
      else
        unknown = true;
      previous[i] = side;
    }
    if (!unknown) break;
  }
  // What the largest step saw, for a function that moved visibly only there.
  for (std::size_t i = 0; i < g.size(); ++i)
    if (undecided[i] && leaving[i] == 0) leaving[i] = previous[i];
  // The probe points are trial points, not the solution.
  reports_.takeLatestAssertError();
  services_.solver().takeLatestFailure();
  return result;
}

// An event iteration that returns to discrete values it had before cycles; remembers them.
bool Simulator::revisitsDiscreteValues(std::vector<std::vector<double>>& visited) const {
  std::span<const double> values = instance_.values();
  std::vector<double> discrete;
  discrete.reserve(discreteValues_.size());
  for (int i : discreteValues_)
    discrete.push_back(values[static_cast<std::size_t>(i)]);
  bool seen = std::find(visited.begin(), visited.end(), discrete) != visited.end();
  if (!seen) visited.push_back(std::move(discrete));
  return seen;
}

// A cycle of the event iteration through the relation of a crossing just located: its function
// is at zero up to how precisely the model computes it (an ideal diode at its knee, where the
// loop that gives s leaves a residual), so each configuration computes it on the other side.
// The root finder saw the function cross going one way: that side holds (+2/-2 force it).
bool Simulator::decideCyclingRoots() {
  if (!model_.crossing_relations) return false;
  std::span<const double> values = instance_.values(), pre = instance_.preValues();
  std::span<int8_t> directions = instance_.crossingDirections();
  bool decided = false;
  for (int i = 0; i < model_.n_crossings; ++i) {
    std::size_t stored =
        static_cast<std::size_t>(model_.variables[model_.crossing_relations[i]].index);
    int8_t& direction = directions[static_cast<std::size_t>(i)];
    if ((direction == 1 || direction == -1) && differ(values[stored], pre[stored])) {
      direction = static_cast<int8_t>(2 * direction);
      decided = true;
    }
  }
  return decided;
}

bool Simulator::discreteValuesChanged() const {
  std::span<const double> values = instance_.values(), pre = instance_.preValues();
  return std::any_of(discreteValues_.begin(), discreteValues_.end(),
                     [&](int i) { return differ(values[i], pre[i]); });
}

// The discrete values that keep the event iteration going come first; the continuous values
// they move follow, a few by name.
std::string Simulator::stillChanging() const {
  std::span<const double> values = instance_.values(), pre = instance_.preValues();
  std::vector<bool> described(values.size(), false);
  std::vector<std::string> discrete, continuous;
  for (int i = 0; i < model_.n_variables; ++i) {
    const mocc_variable& variable = model_.variables[i];
    if (variable.region == MOCC_REGION_DERIVATIVE) continue;
    bool state = variable.region == MOCC_REGION_STATE;
    if (!state) described[static_cast<std::size_t>(variable.index)] = true;
    std::span<const double> now = state ? instance_.states() : values;
    std::span<const double> before = state ? instance_.preStates() : pre;
    if (!differ(now[variable.index], before[variable.index])) continue;
    bool isDiscrete = !state && std::binary_search(discreteValues_.begin(), discreteValues_.end(),
                                                   variable.index);
    (isDiscrete ? discrete : continuous)
        .push_back(fmt::format("{} ({} -> {})", variable.name, before[variable.index],
                               now[variable.index]));
  }
  std::size_t internal = 0;
  for (int i : discreteValues_)
    internal += !described[static_cast<std::size_t>(i)] && differ(values[i], pre[i]) ? 1 : 0;
  std::vector<std::string> parts;
  if (!discrete.empty()) parts.push_back(fmt::format("{}", fmt::join(discrete, ", ")));
  if (internal > 0)
    parts.push_back(fmt::format("{} relation or internal value{} of the generated code", internal,
                                internal == 1 ? "" : "s"));
  if (!continuous.empty()) {
    constexpr std::size_t shown = 5;
    std::string more = continuous.size() > shown
                           ? fmt::format(" and {} more", continuous.size() - shown)
                           : std::string();
    continuous.resize(std::min(continuous.size(), shown));
    parts.push_back(fmt::format("moving {}{}", fmt::join(continuous, ", "), more));
  }
  return parts.empty() ? std::string("a value outside the variable table")
                       : fmt::format("{}", fmt::join(parts, "; "));
}

void Simulator::evaluateContinuous() {
  ode_.evaluateContinuous();
  failOnReportedError();
}

double Simulator::queryNextTimeEvent() {
  double next = model_.next_time_event(&instance_.abi());
  failOnReportedError();
  next = std::min(next, services_.delays().nextEvent(instance_.time()));
  if (!(next > instance_.time()))
    throw SimulationFailure(instance_.time(),
                            fmt::format("next_time_event returned {} at time {}: not after the "
                                        "current time",
                                        next, instance_.time()));
  return next;
}

void Simulator::recordDelays(DelayPoint point) {
  if (delayInputs_.empty()) return;
  model_.delay_inputs(&instance_.abi(), delayInputs_.data());
  failOnReportedError();
  DelayHistory& history = services_.delays();
  double t = instance_.time();
  switch (point) {
  case DelayPoint::Newest: history.record(t, delayInputs_); break;
  case DelayPoint::Output: history.insert(t, delayInputs_); break;
  case DelayPoint::RightLimit: history.recordRightLimit(t, delayInputs_); break;
  }
}

// An accepted step is a point of the solution: the delayed expressions there join the history
// (MLS 3.6 section 3.7.4.2). The instance moves to the step's end; the event loop sets it where
// it needs it after advance() returns.
void Simulator::recordDelaysAtStep(double t, std::span<const double> y) {
  instance_.setTime(t);
  ode_.loadState(y);
  recordDelays();
}

// Zeno behaviour (a bouncing ball coming to rest) or chattering: the detector sees the events
// accumulate or toggle long before they stop time from advancing; whatever --zeno says, events
// with no time passing in between end the run with the crossings involved rather than loop
// forever.
void Simulator::guardAgainstChattering(const AdvanceResult& step) {
  if (auto finding = zeno_.record(step.time, step.rootDirections)) {
    if (options_.filippovSliding && finding->crossings.size() == 1 &&
        startSliding(*finding->crossings.begin(), describeZeno(*finding))) {
      evaluateContinuous();
      return;
    }
    if (chattersContinuously(*finding)) return;
    if (options_.stopOnZeno && !finding->chattering && settleAtAccumulationPoint(*finding)) {
      notes_.push_back(SimulationNote{
          instance_.time(), describeZeno(*finding) + "; the states they converge to are a rest "
                                                     "point of the model: it goes on from there"});
      return;
    }
    if (options_.stopOnZeno) throw SimulationFailure(step.time, describeZeno(*finding));
    if (!zenoNoted_)
      notes_.push_back(
          SimulationNote{step.time, describeZeno(*finding) + "; continuing (--zeno=continue)"});
    zenoNoted_ = true;
  }
  bool noProgress = step.time - lastEventTime_ <= 1e-12 * std::max(1.0, std::abs(step.time));
  if (!noProgress) chatteringSince_ = step.time;
  eventsWithoutProgress_ = noProgress ? eventsWithoutProgress_ + 1 : 0;
  lastEventTime_ = step.time;
  if (eventsWithoutProgress_ < options_.maxEventsWithoutProgress) return;
  ZenoFinding stuck;
  stuck.chattering = true;
  stuck.time = chatteringSince_;
  stuck.run = eventsWithoutProgress_ + 1;
  stuck.events = static_cast<long>(events_.size());
  std::vector<std::string> crossings;
  for (std::size_t i = 0; i < step.rootDirections.size(); ++i)
    if (step.rootDirections[i] != 0) {
      crossings.push_back(ode_.crossingDescription(static_cast<int>(i)));
      stuck.crossings.insert(static_cast<int>(i));
    }
  // Time does not advance because the continuously switching relations find their noise at
  // every restart: their roots are not looked for over the chattering horizon.
  if (chattersContinuously(stuck)) {
    holdContinuousSwitches(stuck.crossings, step.time + zeno_.horizon(step.time));
    eventsWithoutProgress_ = 0;
    return;
  }
  throw SimulationFailure(
      step.time,
      fmt::format("chattering at time {}: {} events until time {} without time advancing{}",
                  chatteringSince_, eventsWithoutProgress_ + 1, step.time,
                  crossings.empty() ? std::string()
                                    : fmt::format(" (crossing {})", fmt::join(crossings, ", "))));
}

Simulator::EventSnapshot Simulator::eventSnapshot() const {
  EventSnapshot result;
  std::span<const double> x = instance_.states(), v = instance_.values();
  result.states.assign(x.begin(), x.end());
  for (int i : discreteValues_)
    result.discrete.push_back(v[static_cast<std::size_t>(i)]);
  return result;
}

// The Booleans an event changed (relations and what follows them, such as an ideal diode's
// `off = s < 0`), when it changed no state (no reinit, no projection) and no other discrete
// value but the compiler's continuous helpers (crossing rates); nullopt otherwise.
std::optional<std::vector<int>> Simulator::changedBooleans(const EventSnapshot& before) const {
  std::span<const double> x = instance_.states(), v = instance_.values();
  if (!std::equal(x.begin(), x.end(), before.states.begin(), before.states.end(),
                  [](double a, double b) { return !differ(a, b); }))
    return std::nullopt;
  std::vector<int> changed;
  for (std::size_t k = 0; k < discreteValues_.size(); ++k) {
    auto index = static_cast<std::size_t>(discreteValues_[k]);
    if (!differ(v[index], before.discrete[k]) || internalReal_[index]) continue;
    if (!boolean_[index]) return std::nullopt;
    changed.push_back(discreteValues_[k]);
  }
  return changed;
}

// A relation that chatters where its two sides give the same derivatives (an ideal diode at
// its knee, s = 0, where `v = s*(if off then 1 else Ron)` and `i = s*(if off then Goff else 1)`
// agree: its current and voltage at the rounding of the loop that gives s) switches the model
// continuously: either side integrates the same solution to the integrator's tolerance over an
// output interval, so the events are noise of the root finder, not a sliding mode or a Zeno
// run, as long as they change nothing else: no state (a reinit: the bouncing ball's Zeno run)
// and no discrete value but Booleans (a when-clause counting them). The run goes on, with a
// note.
bool Simulator::chattersContinuously(const ZenoFinding& finding) {
  if (finding.crossings.empty() || !lastEventBooleans_ || !model_.crossing_relations) return false;
  // The relations themselves are stored at events only; the Booleans computed from them must
  // follow the side forced in continuous mode.
  std::vector<int> followers;
  for (int index : *lastEventBooleans_) {
    bool relation = false;
    for (int crossing : finding.crossings)
      relation = relation || (crossing < model_.n_crossings &&
                              model_.variables[model_.crossing_relations[crossing]].index == index);
    if (!relation) followers.push_back(index);
  }
  std::span<const double> x = instance_.states();
  std::vector<double> tolerance(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    double nominal = model_.state_nominals ? model_.state_nominals[i] : 1.0;
    tolerance[i] = options_.tolerance * (std::abs(x[i]) + nominal);
  }
  for (int crossing : finding.crossings)
    if (crossing >= model_.n_crossings ||
        !ode_.switchesContinuously(crossing, tolerance, options_.interval, followers))
      return false;
  evaluateContinuous();
  bool noted = false;
  for (int crossing : finding.crossings)
    noted = !continuousChatterNoted_.insert(crossing).second || noted;
  if (!noted)
    notes_.push_back(SimulationNote{instance_.time(),
                                    describeZeno(finding) +
                                        "; its relation switches the model continuously there (the "
                                        "derivatives on both sides of its surface agree within the "
                                        "tolerance over an output interval): continuing"});
  return true;
}

void Simulator::rememberStatesAfterEvent() {
  // Enough for an accumulating run of one crossing among the events of a few others.
  constexpr std::size_t kRemembered = 64;
  std::span<const double> x = instance_.states();
  statesAfterEvents_.push_back({instance_.time(), std::vector<double>(x.begin(), x.end())});
  if (statesAfterEvents_.size() > kRemembered) statesAfterEvents_.pop_front();
}

// The ideal solution of a Zeno model reaches its accumulation point t* with the limit of the
// states at the events before it; whether it goes on from there is the model's business
// (Zeno equilibria: the bouncing ball ends at rest on the floor). By the time the detector
// fires, the last events are far below the integrator's resolution (a ball's last "bounces"
// are rounding noise), so the limit is taken from the run as a whole: a state whose values at
// the run's events shrank to a thousandth of their largest (the run's intervals shrank by more
// than that) or below the absolute tolerance converges to zero; any other keeps its last
// value, which is within the detector's horizon of t*. Then the event iteration runs at t*.
// If every state derivative is zero to the tolerance there, the model rests and the
// simulation continues; otherwise (a ball with no rule to stop it, which would fall through
// the floor) the run stops as before, with nothing written.
bool Simulator::settleAtAccumulationPoint(const ZenoFinding& finding) {
  std::vector<const std::vector<double>*> run;
  for (double time : finding.runTimes)
    for (const StatesAfterEvent& after : statesAfterEvents_)
      if (after.time == time) run.push_back(&after.states);
  if (run.size() < 3) return false;
  std::span<double> x = instance_.states();
  std::vector<double> scale(x.size(), 0.0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (const std::vector<double>* states : run)
      scale[i] = std::max(scale[i], std::abs((*states)[i]));
    double last = (*run.back())[i];
    x[i] = std::abs(last) <= std::max(options_.tolerance, 1e-3 * scale[i]) ? 0.0 : last;
  }
  instance_.setTime(std::max(instance_.time(), finding.accumulationPoint));
  try {
    instance_.setMode(MOCC_MODE_CONTINUOUS);
    evaluateContinuous();
    recordDelays();
    gatherRow();
    std::vector<double> left = row_;
    instance_.copyCurrentToPre();
    services_.delays().enterEvent(instance_.time());
    iterateEventInstant(false);
    instance_.setMode(MOCC_MODE_CONTINUOUS);
    evaluateContinuous();
    recordDelays(DelayPoint::RightLimit);
    std::span<const double> dx = instance_.derivatives();
    for (std::size_t i = 0; i < dx.size(); ++i)
      if (!(std::abs(dx[i]) <= options_.tolerance * (1 + scale[i]))) return false;
    sink_.row(instance_.time(), RowKind::EventLeft, left);
    writeRow(RowKind::EventRight);
    sink_.flush();
    lastEventTime_ = instance_.time();
    return true;
  } catch (const SimulationFailure&) {
    return false; // the limit state is no consistent point to go on from
  }
}

// A crossing whose events chatter or accumulate, or which stays at zero while the model leaves
// it the other way after every event iteration, while the vector fields on both sides point to
// its surface, is a sliding surface (Filippov): the run slides along it instead of stopping.
bool Simulator::startSliding(int crossing, const std::string& finding) {
  if (ode_.slidingCrossing() || crossing >= model_.n_crossings || integrator_->name() == "ida")
    return false;
  if (!ode_.attractsSliding(crossing)) return false;
  ode_.slide(crossing);
  notes_.push_back(SimulationNote{
      instance_.time(),
      fmt::format("{}; the vector fields on both sides point to its surface: sliding along it "
                  "from time {} (Filippov, --filippov)",
                  finding, instance_.time())});
  return true;
}

void Simulator::endSlidingAtItsExit(const AdvanceResult& step) {
  std::optional<int> crossing = ode_.slidingCrossing();
  if (!crossing || static_cast<std::size_t>(*crossing) >= step.rootDirections.size() ||
      step.rootDirections[static_cast<std::size_t>(*crossing)] == 0)
    return;
  ode_.slide(std::nullopt);
  notes_.push_back(SimulationNote{
      step.time, fmt::format("the sliding along {} ends at time {}: a vector field leaves its "
                             "surface",
                             ode_.crossingDescription(*crossing), step.time)});
}

std::string Simulator::describeZeno(const ZenoFinding& finding) const {
  std::vector<std::string> crossings;
  for (int i : finding.crossings)
    crossings.push_back(ode_.crossingDescription(i));
  std::string which = crossings.empty() ? std::string("time events")
                                        : fmt::format("crossing {}", fmt::join(crossings, ", "));
  if (finding.chattering)
    return fmt::format("chattering at time {}: {} fired {} times back and forth, each within "
                       "{:g} s of the last ({} events in all)",
                       finding.time, which, finding.run, zeno_.horizon(finding.time),
                       finding.events);
  return fmt::format("Zeno behaviour at time {}: events of {} accumulate ({} events in all; the "
                     "last {} came closer by a factor {:.3g} each, toward time {:.12g})",
                     finding.time, which, finding.events, finding.run, finding.ratio,
                     finding.accumulationPoint);
}

void Simulator::restartIntegrator() {
  lastRestart_ = instance_.time();
  integrator_->reinitialize(instance_.time(), ode_.integratorState());
  if (!locator_) return;
  std::vector<int> signs(restartSigns_.directions.begin(), restartSigns_.directions.end());
  double until = restartSigns_.decidedAt;
  if (continuousHold_.until > instance_.time()) {
    signs.resize(std::max(signs.size(), continuousHold_.signs.size()), 0);
    for (std::size_t i = 0; i < continuousHold_.signs.size(); ++i)
      if (continuousHold_.signs[i] != 0) signs[i] = continuousHold_.signs[i];
    until = std::max(until, continuousHold_.until);
  }
  if (until > instance_.time()) locator_->holdSignsUntil(std::move(signs), until);
}

void Simulator::holdContinuousSwitches(const std::set<int>& crossings, double until) {
  continuousHold_.signs.assign(static_cast<std::size_t>(ode_.rootCount()), 0);
  for (int crossing : crossings) {
    int side = claimedSide(crossing);
    continuousHold_.signs[static_cast<std::size_t>(crossing)] = side != 0 ? side : 1;
  }
  continuousHold_.until = until;
}

void Simulator::gatherRow() {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    const ResultColumn& column = columns_[i];
    const mocc_instance& abi = instance_.abi();
    std::size_t index = static_cast<std::size_t>(column.index);
    row_[i] = column.region == MOCC_REGION_STATE        ? abi.x[index]
              : column.region == MOCC_REGION_DERIVATIVE ? abi.dx[index]
                                                        : abi.v[index];
  }
}

void Simulator::writeRow(RowKind kind) {
  gatherRow();
  failOnValueThatIsNoNumber();
  sink_.row(instance_.time(), kind, row_);
  lastRow_ = row_;
  ++statistics_.rows;
  if (kind == RowKind::Output) reportProgress();
}

void Simulator::reportProgress() {
  if (!options_.progress) return;
  auto now = std::chrono::steady_clock::now();
  if (now < nextProgress_) return;
  nextProgress_ = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(options_.progressInterval));
  options_.progress(instance_.time(), statistics());
}

// A NaN or an infinity is no value of a Modelica variable: some expression was evaluated
// outside its domain (log or sqrt of a negative number, 0/0, x/0, ...), which the MLS makes an
// error like a failed assertion. The row is not written; the rows before it are kept. The
// message names the equation that computes the variable, where the expression is.
void Simulator::failOnValueThatIsNoNumber() {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (std::isfinite(row_[i])) continue;
    const ResultColumn& column = columns_[i];
    std::string where = column.origin.empty() ? "an expression it is computed from"
                                              : "an expression of its equation at " + column.origin;
    throw SimulationFailure(
        instance_.time(),
        fmt::format("'{}' became {} at time {}: {} has no value here (a logarithm or square "
                    "root of a negative number, a division by zero, ...)",
                    column.name, std::isnan(row_[i]) ? "NaN (not a number)" : "infinite",
                    instance_.time(), where));
  }
}

void Simulator::failOnReportedError() {
  collectSolverNotes();
  if (auto failure = services_.solver().takeFirstFailure())
    throw SimulationFailure(failure->time, failure->message);
  if (auto assertion = reports_.takeFirstAssertError())
    throw SimulationFailure(assertion->time, assertion->describe());
}

void Simulator::collectSolverNotes() {
  for (std::string& note : services_.solver().takeNotes())
    notes_.push_back(SimulationNote{instance_.time(), std::move(note)});
}

std::vector<int> Simulator::firedStateSets(const AdvanceResult& step) const {
  std::vector<int> fired;
  for (int set = 0; set < selection_.setCount(); ++set)
    if (step.rootDirections[static_cast<std::size_t>(model_.n_crossings + set)] != 0)
      fired.push_back(set);
  return fired;
}

// Mattsson and Soederlind 1993: a switch changes which candidates are states; the values stay
// continuous (s = A * candidates is set from the candidates' current values), so the
// integrator restarts as after an event.
bool Simulator::selectStates(const std::vector<int>& fired) {
  if (selection_.setCount() == 0) return false;
  std::vector<StateSetSwitch> changes;
  try {
    changes = selection_.plan(fired);
  } catch (const StateSelectionError& error) {
    throw SimulationFailure(instance_.time(), error.what());
  }
  failOnReportedError();
  for (const StateSetSwitch& change : changes) {
    selection_.apply(change);
    ++statistics_.stateSetSwitches;
    notes_.push_back(SimulationNote{instance_.time(), selection_.describe(change)});
  }
  return !changes.empty();
}

Statistics Simulator::statistics() const {
  Statistics statistics = statistics_;
  if (integrator_) {
    IntegratorStatistics work = integrator_->statistics();
    statistics.steps = work.steps;
    statistics.rhsEvaluations = work.rhsEvaluations;
    statistics.jacobianEvaluations = work.jacobianEvaluations;
    statistics.rootEvaluations = work.rootEvaluations;
    statistics.errorTestFailures = work.errorTestFailures;
    statistics.nonlinearIterations = work.nonlinearIterations;
    statistics.convergenceFailures = work.convergenceFailures;
    statistics.jacobian = work.jacobian;
  }
  const AlgebraicStatistics& loops = services_.solver().statistics();
  statistics.algebraicSolves = loops.solves;
  statistics.algebraicIterations = loops.iterations;
  statistics.algebraicJacobianEvaluations = loops.jacobianEvaluations;
  return statistics;
}

} // namespace mocc::runtime
