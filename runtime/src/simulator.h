// The event loop, written once above the Integrator interface (DESIGN.md, "Runtime event
// loop"; model.h): initialization, integration with frozen relations, event iteration at roots
// and time events, left/right-limit rows, and the terminal() pass. simulate() drives it.
#pragma once

#include "event_locator.h"
#include "mocc/runtime/instance_services.h"
#include "mocc/runtime/integrator.h"
#include "mocc/runtime/model_instance.h"
#include "mocc/runtime/result_sink.h"
#include "mocc/runtime/simulation.h"
#include "model_ode.h"
#include "output_grid.h"
#include "report_handler.h"
#include "state_selection.h"
#include "zeno_detector.h"

#include <deque>
#include <unordered_map>

#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace mocc::runtime {

/// Ends a simulation as Outcome::Failed; the message already names the time.
class SimulationFailure : public std::runtime_error {
public:
  SimulationFailure(double time, const std::string& message)
      : std::runtime_error(message), time_(time) {}
  double time() const { return time_; }

private:
  double time_;
};

/// The values of a run at an instant by variable name: what a mode switch carries from one
/// mode's model to the next (runtime/modes.h).
struct ValueSnapshot {
  struct Entry {
    double value = 0.0;
    double pre = 0.0;
    bool integrated = false; // a state the previous mode integrated
    /// 0, or 1 + the level of the variable it is the derivative of (`der(x) = vx`: vx is one
    /// level above x); the projection keeps lower levels first.
    int level = 0;
    /// A String's value and pre() value: their texts, since each mode's run has a table of
    /// texts of its own, in which the handles mean other texts.
    std::optional<std::string> text, preText;
  };
  double time = 0.0;
  std::unordered_map<std::string, Entry> entries;
  int integratedCount = 0; // the states the previous mode integrated
};

class Simulator {
public:
  /// `model` must pass validateModel and `options` validateOptions (simulation.cpp).
  Simulator(const mocc_model& model, const SimulationOptions& options, ResultSink& sink);

  /// Applies the overrides, then runs from start to stop (or terminate()). Throws
  /// SimulationFailure, IntegratorError or std::exception on failure; rows written so far stay
  /// in the sink, which the caller flushes.
  void run(std::span<const Override> overrides);

  // run() in pieces, for an importer of the model (FMI, runtime/fmi): start(), then advanceTo()
  // as often as it likes (co-simulation), or the importer integrates itself (model exchange:
  // setContinuousState, evaluateContinuous, crossings, handleImportedEvent), and finish().
  // Each throws like run().

  /// Applies the overrides and binds the parameters and start values at the start time,
  /// nothing more: the values an importer reads before initialization. A Simulator that has
  /// bound this way is not started.
  void bindParameters(std::span<const Override> overrides);
  /// Applies the overrides and initializes at the start time (MLS 3.6 section 8.6): bind, the
  /// initialization problem and the event iteration at the start time.
  void start(std::span<const Override> overrides);
  /// Integrates to `time` (not beyond the stop time), handling every event on the way at its
  /// located time; with `returnAtEvent`, returns right after the first event instead.
  void advanceTo(double time, bool returnAtEvent = false);
  /// The integrator starts afresh from the current time and state: after the importer set
  /// inputs or states, the solution so far says nothing about what follows.
  void restart();
  /// After the importer set tunable parameters (marked overridden, mocc_variable.tunable):
  /// the parameters bound to them again (mocc_model.update_parameters).
  void updateParameters();
  /// The terminal() event iteration (MLS 3.6 section 3.7.5) and the last row.
  void finish();
  /// Model exchange: the importer's time and states; evaluateContinuous() computes the rest.
  void setContinuousState(double time, std::span<const double> states);
  /// Continuous mode: the derivatives and every algebraic value at the current time and state.
  void evaluateContinuous();
  /// Continuous mode: the model's crossing functions at the current time and state.
  void crossings(std::span<double> g);
  /// An event the importer found at the current time and state: a time event when
  /// `timeEvent`, a state event where directions[i] is +1 or -1 (crossing i went up or down).
  /// Left limit, event iteration, right limit, as for an event the runtime located itself.
  void handleImportedEvent(bool timeEvent, std::span<const int> directions);
  /// Sets the time and every value (an importer's saved state); the integrator restarts when
  /// it is used again.
  void restoreValues(double time, std::span<const double> states, std::span<const double> values,
                     std::span<const double> preStates, std::span<const double> preValues);
  /// The next scheduled time event (+infinity when there is none).
  double nextTimeEvent() const { return nextTimeEvent_; }
  const ModelInstance& instance() const { return instance_; }
  ModelInstance& instance() { return instance_; }

  /// Destroys the model's external objects (MLS 3.6 section 12.9.7), once: simulate() calls
  /// it when the run has ended, however it ended (the instance's destructor would otherwise).
  /// The message of a ModelicaError raised by a destructor, else nullopt.
  std::optional<std::string> destroyExternalObjects() { return instance_.destroyExternalObjects(); }

  /// Every named value except Strings (their handles belong to this run's text table).
  ValueSnapshot snapshot() const;
  /// The current value of the variable called `name`, or nullopt when the model has none.
  std::optional<double> valueOf(const std::string& name) const;
  /// Continues, in this model, a run of another mode of the same model at `snapshot.time`
  /// (runtime/modes.h): binds the parameters (with `overrides`), takes every value and pre()
  /// value of the snapshot by name, moves the states to the point of this mode nearest to
  /// the values the previous mode integrated (projectOntoConstraints), runs the event
  /// iteration there with this mode's equations and writes the right-limit row. Returns the
  /// changes of the projection, "vy by -0.25, ..." or "" when there were none. Throws like
  /// start().
  std::string resumeFrom(const ValueSnapshot& snapshot, std::span<const Override> overrides);

  bool terminated() const { return terminated_; }
  double time() const { return instance_.time(); }
  const ReportHandler& reports() const { return reports_; }
  /// Counters so far (integrator and algebraic-loop work included).
  Statistics statistics() const;
  /// State-set switches and solver remarks so far, in order.
  const std::vector<SimulationNote>& notes() const { return notes_; }
  /// Every event so far, in order (the event log).
  const std::vector<EventRecord>& events() const { return events_; }

private:
  void initialize();
  void solveInitialProblem();
  void followHomotopyPath();
  std::optional<std::string> solveInitialProblemAt(double lambda);
  void integrateUntil(double until, bool returnAtEvent = false);
  AdvanceResult advance(double tOut, double tStop);
  void handleEvent(const AdvanceResult& step, bool timeEvent, bool stateEvent);
  /// One event instant: left limit, event iteration, right limit (no restart).
  void handleEventInstant(const AdvanceResult& step, bool timeEvent, bool stateEvent);
  bool anyCrossing(const AdvanceResult& step) const;
  /// The crossings of a region of concurrency located before `step.time`, each at its own
  /// time; the event at step.time that remains, or nullopt after terminate().
  std::optional<AdvanceResult> handleConcurrentCrossings(const AdvanceResult& step);
  AdvanceResult crossingsLocatedAt(const AdvanceResult& step, double t,
                                   std::span<const double> state);
  /// "; the integrator solves for ... algebraic unknowns a, b" for the residual form, or "".
  std::string algebraicUnknownsNote() const;

  /// MLS 3.6 section 8.5: event_update() until no discrete value changes and no reinit().
  /// The event iteration at an event instant (pre() already set), then, when `samplesMayEnd`,
  /// the iteration after its sample instants have ended, then the crossings' alignment.
  void iterateEventInstant(bool samplesMayEnd);
  void iterateEvent();
  /// Re-iterates with the directions in which crossing functions that are exactly zero leave
  /// zero, when those differ from the directions the relations were evaluated with.
  void alignZeroCrossingsWithRestart();
  /// The passes of alignZeroCrossingsWithRestart; returns the crossings still left in the
  /// direction opposite to their relations (empty: aligned).
  std::vector<int> settleRestartSigns();
  /// Tries the other configurations of the loops holding the `stuck` crossings; true when
  /// one aligns every crossing.
  bool switchesToAnotherBranch(const std::vector<int>& stuck);
  std::vector<int> loopPartners(const std::vector<int>& stuck) const;
  /// Where the undecided crossing functions move just after the current time.
  struct LeavingZero {
    /// Per undecided crossing function (see undecidedCrossings): +1 or -1 as it moves along
    /// the solution, 0 when unknown or decided.
    std::vector<int8_t> directions;
    /// The time of the probe that decided them (the current time when none is undecided).
    double decidedAt = 0.0;
  };
  LeavingZero directionsLeavingZero(std::span<const double> g, const std::vector<bool>& undecided);
  /// The side (+1: positive) of its crossing function that crossing i's stored relation holds
  /// for, or 0 when the model does not say which relation a crossing watches.
  int claimedSide(int crossing) const;
  /// The crossings whose side the solution's motion must decide: a function exactly at zero,
  /// one on the other side of zero than its relation, decided for the located side (within
  /// the root's resolution, model.h), one still on its old side by less than the root's
  /// resolution in time (rootResolutions), or one on the located side whose relation still
  /// holds for the old side.
  std::vector<bool> undecidedCrossings(std::span<const double> g);
  /// Per crossing function, how far from zero it may be at a root the integrator located.
  std::vector<double> rootResolutions(std::size_t count);
  bool discreteValuesChanged() const;
  /// Whether the discrete values are ones the event iteration had (in `visited`, else added).
  bool revisitsDiscreteValues(std::vector<std::vector<double>>& visited) const;
  /// Forces the relations of crossings located at this event that the cycle changes to their
  /// located side; false when there is none (the cycle is the model's own).
  bool decideCyclingRoots();
  /// Whether every crossing of a chattering run switches the model continuously
  /// (ModelOde::switchesContinuously over an output interval); notes it once per crossing.
  bool chattersContinuously(const ZenoFinding& finding);
  /// The states and the discrete values (discreteValues_) before an event iteration.
  struct EventSnapshot {
    std::vector<double> states, discrete;
  };
  EventSnapshot eventSnapshot() const;
  std::optional<std::vector<int>> changedBooleans(const EventSnapshot& before) const;
  /// Ignores the roots of continuously switching `crossings` until `until` (restartIntegrator
  /// passes it to the event locator with the restart's own held signs).
  void holdContinuousSwitches(const std::set<int>& crossings, double until);
  struct HeldSigns {
    std::vector<int> signs; // per root function, 0 where not held
    double until = -std::numeric_limits<double>::infinity();
  };
  HeldSigns continuousHold_;
  std::string stillChanging() const;
  /// The model's next time event, or an earlier one where a jump recorded in the history of
  /// delay() reappears.
  double queryNextTimeEvent();
  /// How recordDelays() adds a point to the history of delay() (DelayHistory).
  enum class DelayPoint { Newest, Output, RightLimit };
  /// delay() (MLS 3.6 section 3.7.4.2): records the delayed expressions at the instance's time
  /// (continuous mode): the newest point of the solution, an output point inside the last
  /// step, or the right limits of an event.
  void recordDelays(DelayPoint point = DelayPoint::Newest);
  /// The same at the end of an accepted step, at state y.
  void recordDelaysAtStep(double t, std::span<const double> y);
  /// Creates the integrator; with root functions, event location above its steps.
  void createIntegrator();
  void recordEvent(const AdvanceResult& step, bool timeEvent, bool stateEvent);
  /// Stops (or notes, with --zeno=continue) events that accumulate or chatter (ZenoDetector),
  /// and always stops events that no longer let time advance.
  void guardAgainstChattering(const AdvanceResult& step);
  void rememberStatesAfterEvent();
  /// Chattering of `crossing` (`finding` says how it showed) whose vector fields point to its
  /// surface from both sides: starts a Filippov sliding mode (--filippov) and returns true.
  bool startSliding(int crossing, const std::string& finding);
  /// Ends the sliding mode when `step` is its exit (a root of the sliding crossing's slot).
  void endSlidingAtItsExit(const AdvanceResult& step);
  std::string describeZeno(const ZenoFinding& finding) const;
  /// Zeno behaviour that ends at rest (a ball with a rule that keeps it on the floor): moves
  /// to the state the events of `finding` converge to at its accumulation point and runs the
  /// event iteration there. True, with the event's rows written, when that state is a rest
  /// point of the model (every state derivative zero to the tolerance); false otherwise.
  bool settleAtAccumulationPoint(const ZenoFinding& finding);
  /// The states right after each recent event, for settleAtAccumulationPoint().
  struct StatesAfterEvent {
    double time;
    std::vector<double> states;
  };
  void restartIntegrator();
  /// Switches the state sets whose choice is no longer regular enough (and those in `fired`,
  /// whose root function the integrator just located), logging each switch as a note.
  /// Returns whether any set switched.
  bool selectStates(const std::vector<int>& fired = {});
  /// The state sets whose root function has a root in `step`.
  std::vector<int> firedStateSets(const AdvanceResult& step) const;

  /// When this mode has fewer states than the snapshot's (it adds constraints), least
  /// squares: the states for which the values the snapshot's mode integrated differ least
  /// from this mode's values computed from them, level by level (ValueSnapshot::Entry;
  /// Gauss-Newton, differences for the Jacobian, minimum-norm steps where candidates of a
  /// state set have no effect).
  std::string projectOntoConstraints(const ValueSnapshot& snapshot);
  /// Which of a snapshot's values loadSnapshot sets.
  enum class SnapshotPart {
    All,         // values and pre() values
    DiscretePre, // pre() of discrete and internal values only
  };
  /// The snapshot's values by name into this model's storage.
  void loadSnapshot(const ValueSnapshot& snapshot, SnapshotPart part = SnapshotPart::All);
  double& storage(const mocc_variable& variable);
  double& preStorage(const mocc_variable& variable);

  void gatherRow();
  void writeRow(RowKind kind);
  /// Calls options_.progress when it is due.
  void reportProgress();
  /// An assert error (MLS 8.3.7) or a failed algebraic loop reported by the call just made
  /// ends the simulation.
  void failOnReportedError();
  /// Stops the run when a value of the row about to be written is NaN or infinite.
  void failOnValueThatIsNoNumber();
  void collectSolverNotes();

  SimulationOptions options_;
  ResultSink& sink_;
  // Declared before the instance, which they must outlive: its destructor may still call the
  // model (destroyExternalObjects), which reports through them.
  InstanceServices services_;
  ReportHandler reports_;
  ModelInstance instance_;
  /// instance_.model(): every call into the model runs under the ModelicaError guard.
  const mocc_model& model_;
  StateSelection selection_;
  ModelOde ode_;
  std::unique_ptr<Integrator> integrator_;
  EventLocatingIntegrator* locator_ = nullptr; // integrator_ when the model has root functions
  /// The signs alignZeroCrossingsWithRestart() found, held by locator_ after the restart.
  LeavingZero restartSigns_;
  OutputGrid grid_;

  std::vector<ResultColumn> columns_;
  std::vector<double> row_, lastRow_;
  std::vector<int> discreteValues_; // indices into v compared by event iteration
  std::vector<bool> boolean_;       // per value index: a Boolean variable's
  std::vector<bool> internalReal_;  // per value index: a Real the compiler made (`$rate(s)`)
  /// changedBooleans() of the latest event iteration.
  std::optional<std::vector<int>> lastEventBooleans_;
  std::set<int> continuousChatterNoted_; // crossings chattersContinuously() noted
  std::vector<double> delayInputs_;      // the values of the delayed expressions (delay_inputs)
  double nextTimeEvent_ = 0.0;
  double lastEventTime_;
  std::chrono::steady_clock::time_point nextProgress_{}; // when progress may be reported again
  double lastRestart_ = 0.0;     // the integrator's last (re)start: bounds the steps since
  double chatteringSince_ = 0.0; // time of the first event of the current run without progress
  int eventsWithoutProgress_ = 0;
  bool terminated_ = false;
  Statistics statistics_;
  /// The state and directions of an instant of a region of concurrency (AdvanceResult's spans
  /// point here).
  std::vector<double> concurrentState_;
  std::vector<int> concurrentDirections_;
  std::vector<SimulationNote> notes_;
  std::vector<EventRecord> events_;
  ZenoDetector zeno_;
  bool zenoNoted_ = false;
  std::deque<StatesAfterEvent> statesAfterEvents_;
};

} // namespace mocc::runtime
