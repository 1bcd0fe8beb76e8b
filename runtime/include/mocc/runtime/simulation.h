// Simulating a model: options (with defaults from the experiment annotation), the outcome,
// warnings and statistics, and simulate(), which runs the event loop of DESIGN.md ("Runtime
// event loop") over an Integrator and writes rows to a ResultSink. Never prints or exits.
#pragma once

#include "mocc/model.h"
#include "mocc/runtime/overrides.h"
#include "mocc/runtime/result_sink.h"

#include <chrono>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::runtime {

struct Statistics;

struct SimulationOptions {
  double startTime = 0.0;
  double stopTime = 1.0;
  /// Relative and absolute tolerance of the integrator.
  double tolerance = 1e-6;
  /// Output points are startTime + k * interval (computed in that form, never accumulated).
  double interval = 0.002;
  /// An entry of availableSolvers(): "cvode" (CVODE BDF on the ODE form), "cvode-adams" (CVODE
  /// Adams-Moulton), "ida" (IDA BDF on the index-1 residual form), "arkode-erk" (ARKODE explicit
  /// Dormand-Prince 5(4)), "arkode-dirk" (ARKODE implicit SDIRK, order 4), "rk45" (the
  /// runtime's Dormand-Prince 5(4) with dense output), "rk4" (classical Runge-Kutta, fixed
  /// step) or "euler" (explicit Euler, fixed step). rk45, rk4 and euler have no root finding of
  /// their own: the runtime locates their events on the dense output.
  std::string solver = "cvode";
  /// The step of fixed-step solvers (rk4, euler); 0: the output interval.
  double fixedStep = 0.0;
  /// An entry of availableEventLocators(): "solver" (the integrator's own root finding, where
  /// it has one; else "illinois") or a method of the runtime on the integrator's dense output.
  std::string eventLocator = "solver";
  /// Compere's region of concurrency (seed 002, 5.2.3): state events located within
  /// concurrencyWindow seconds of the earliest one in a step are handled with one restart of
  /// the integrator, up to the latest of them at which every earlier one's crossing function
  /// has passed zero by at most concurrencyAmplitude; each is handled at its own located time
  /// on the step's dense output. 0: one event per located time (or several within the location
  /// tolerance). A window makes the runtime locate the events ("solver" means "illinois").
  double concurrencyWindow = 0.0;
  double concurrencyAmplitude = std::numeric_limits<double>::infinity();
  /// What happens when events accumulate (Zeno behaviour) or chatter (ZenoDetector): stop
  /// (fail) or continue with a note. maxEventsWithoutProgress stops the run either way.
  bool stopOnZeno = true;
  /// A crossing that chatters while the vector fields on both sides point to its surface
  /// becomes a sliding mode with Filippov's convex combination (FilippovSliding) instead of
  /// stopping or going on chattering. Not with ida, which integrates the residual form.
  bool filippovSliding = false;
  /// event_update() calls allowed at one event before the simulation fails.
  int maxEventIterations = 100;
  /// Also write the non-hidden DERIVATIVE variables as columns.
  bool derivativeColumns = false;
  /// Also write the non-hidden PARAMETER and CONSTANT variables as columns.
  bool parameterColumns = false;
  /// Write only the variables whose whole name this ECMAScript regular expression matches;
  /// empty: all of them.
  std::string variableSelection;
  /// Called with the time and the work so far at an output point at most every
  /// progressInterval seconds of wall time (a progress display); may be empty.
  std::function<void(double time, const Statistics& work)> progress;
  double progressInterval = 0.1;
  /// Integrator steps allowed between two output points or events ("too much work").
  long maxStepsBetweenOutputs = 100000;
  /// Consecutive events allowed with no time passing in between (each within 1e-12 relative
  /// of the previous one) before the simulation fails as chattering (Zeno behaviour).
  int maxEventsWithoutProgress = 100;
};

/// The model's experiment annotation where it gives a value (has_*), else start 0, stop 1,
/// tolerance 1e-6 and interval (stop - start) / 500.
SimulationOptions defaultOptions(const mocc_model& model);

/// defaultOptions with a command line's start, stop and output interval on top: a new start or
/// stop without an interval (given here or by the model) spreads 500 intervals over the new
/// span. nullopt with `error` set when stop is not after start or the interval is not positive.
std::optional<SimulationOptions> optionsForSpan(const mocc_model& model,
                                                std::optional<double> startTime,
                                                std::optional<double> stopTime,
                                                std::optional<double> interval, std::string& error);

enum class Outcome {
  Finished,   // reached the stop time
  Terminated, // terminate() was called: a successful stop
  Failed,     // see SimulationResult::message; rows computed so far are kept
};

std::string_view outcomeName(Outcome outcome);

/// A failed assert with level warning. The same message is recorded once, with the time of
/// its first report and how many times it was reported (integrator trial steps included).
struct SimulationWarning {
  double time;
  std::string message;
  long count = 1;
};

/// Something worth knowing about a run that is not a problem: a state-set switch, an algebraic
/// loop solved with a finite-difference Jacobian.
struct SimulationNote {
  double time;
  std::string message;
};

/// One row of the event log (--event-log): an event, or for a state event one crossing that
/// fired in it.
struct EventRecord {
  /// ModeSwitch: a structural-dynamic model changed its mode (modes.h); `description` says
  /// which and how the values were carried across.
  enum class Kind { State, Time, Terminal, ModeSwitch };
  double time = 0.0;
  Kind kind = Kind::State;
  /// State events: the root function (crossing index, or a state set's margin after the
  /// crossings) and its description ("h < 0 at BouncingBall.mo:9:8"); -1 and "" otherwise.
  int crossing = -1;
  std::string description;
  int direction = 0; // +1: the crossing function went up through zero, -1 down
  /// State events: |g| at the event time, and the root-function evaluations the location took.
  double residual = 0.0;
  long iterations = 0;
};

std::string_view eventKindName(EventRecord::Kind kind);

struct Statistics {
  long steps = 0;
  long rhsEvaluations = 0; // residual evaluations for IDA
  long jacobianEvaluations = 0;
  long rootEvaluations = 0;
  long errorTestFailures = 0;
  long nonlinearIterations = 0; // the integrator's Newton iterations
  long convergenceFailures = 0; // nonlinear solver
  /// How the integrator forms its Newton matrix: "analytic, dense", "analytic, sparse (KLU)"
  /// or "finite differences, dense".
  std::string jacobian;
  long stateEvents = 0; // events with at least one root of a crossing function
  long timeEvents = 0;  // events at a scheduled time (one event may be both)
  /// State events handled at their own located times inside another state event's step
  /// (region of concurrency), without a restart of the integrator of their own.
  long concurrentEvents = 0;
  long eventIterations = 0; // event_update() calls, initialization included
  long stateSetSwitches = 0;
  long modes = 0;                  // structural-dynamic models (modes.h): the modes the run used
  long modeSwitches = 0;           // and how often it switched
  double modeCompileSeconds = 0.0; // getting the models of modes first reached after the start
  long algebraicSolves = 0;        // mocc_solve_system calls
  long algebraicIterations = 0;    // Newton iterations over all algebraic loops
  long algebraicJacobianEvaluations = 0;
  long rows = 0;
  double wallSeconds = 0.0;
  double initializationSeconds = 0.0; // bind, initialization problem, first event iteration
};

struct SimulationResult {
  Outcome outcome = Outcome::Failed;
  /// The time reached: the stop time, the time of terminate(), or the time of the failure.
  double endTime = 0.0;
  /// Failed: the cause with its time; Terminated: the terminate() message; Finished: empty.
  std::string message;
  std::vector<SimulationWarning> warnings;
  /// In the order they happened.
  std::vector<SimulationNote> notes;
  std::vector<EventRecord> events;
  Statistics statistics;
};

/// Runs `model` from options.startTime to options.stopTime (MLS 3.6 sections 8.5 and 8.6 as
/// refined by model.h): initialization, integration with frozen relations, event iteration at
/// roots and time events, and a terminal() event iteration at the end. Overrides are applied
/// before bind(). Rows go to `sink` (flushed at events and on every exit path). Every problem,
/// invalid options and unknown override names included, comes back as Outcome::Failed; this
/// function does not throw.
SimulationResult simulate(const mocc_model& model, const SimulationOptions& options,
                          std::span<const Override> overrides, ResultSink& sink);

} // namespace mocc::runtime
