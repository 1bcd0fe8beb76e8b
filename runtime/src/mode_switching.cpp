// Runs across the modes of a structural-dynamic model (modes.h): the Simulator of one mode's
// model runs until an event changes the selectors; its values go by name to the Simulator of
// the next mode, which projects them onto its constraints and continues.
#include "mocc/runtime/instance_services.h"
#include "mocc/runtime/modes.h"

#include "simulation_support.h"
#include "simulator.h"

#include <Eigen/Dense>
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace mocc::runtime {

// ------------------------------------------------------------------ Simulator: mode switches

namespace {

/// The name a switch carries a value across under, or "" for one it does not carry.
/// Parameters are bound again (with the run's overrides); Strings go by their texts. Of the
/// compiler's hidden values only the when-conditions are common to all modes (the modes share their
/// when-clauses), but each mode numbers them by its own equations (a condition that is constant in
/// one mode is folded away): they go by the place of the condition in the source. Their pre()
/// values keep a condition that held before the switch from firing again. Relations and state sets
/// each mode computes itself.
std::string carriedName(const mocc_variable& variable) {
  if (variable.kind == MOCC_KIND_CONSTANT || variable.kind == MOCC_KIND_PARAMETER) return "";
  if (!variable.hidden) return variable.name;
  if (std::string_view(variable.name).starts_with("$whenCondition") && variable.origin &&
      *variable.origin)
    return fmt::format("when-condition at {}", variable.origin);
  return "";
}

/// Every carried value of `model` by carriedName; names that occur twice (conditions of a
/// when-clause in a for-loop share their place) are left out.
std::unordered_map<std::string, const mocc_variable*> carriedVariables(const mocc_model& model) {
  std::unordered_map<std::string, const mocc_variable*> out;
  std::vector<std::string> ambiguous;
  for (int i = 0; i < model.n_variables; ++i) {
    std::string name = carriedName(model.variables[i]);
    if (name.empty()) continue;
    if (!out.emplace(name, &model.variables[i]).second) ambiguous.push_back(name);
  }
  for (const std::string& name : ambiguous)
    out.erase(name);
  return out;
}

} // namespace

double& Simulator::storage(const mocc_variable& variable) {
  std::size_t index = static_cast<std::size_t>(variable.index);
  switch (variable.region) {
  case MOCC_REGION_STATE: return instance_.states()[index];
  case MOCC_REGION_DERIVATIVE: return instance_.derivatives()[index];
  default: return instance_.values()[index];
  }
}

double& Simulator::preStorage(const mocc_variable& variable) {
  std::size_t index = static_cast<std::size_t>(variable.index);
  if (variable.region == MOCC_REGION_STATE) return instance_.preStates()[index];
  if (variable.region == MOCC_REGION_VALUE) return instance_.preValues()[index];
  return instance_.derivatives()[index]; // derivatives have no pre() of their own
}

ValueSnapshot Simulator::snapshot() const {
  ValueSnapshot out;
  out.time = instance_.time();
  auto& self = const_cast<Simulator&>(*this); // storage() serves reading and writing
  for (const auto& [name, variable] : carriedVariables(model_)) {
    ValueSnapshot::Entry& entry = out.entries[name];
    entry = {self.storage(*variable), self.preStorage(*variable),
             variable->region == MOCC_REGION_STATE};
    if (variable->type == MOCC_TYPE_STRING) {
      entry.text = services_.texts().text(entry.value);
      entry.preText = services_.texts().text(entry.pre);
    }
  }
  out.integratedCount = model_.n_states;
  return out;
}

std::optional<double> Simulator::valueOf(const std::string& name) const {
  const mocc_variable* variable = findVariable(model_, name);
  if (!variable) return std::nullopt;
  return const_cast<Simulator&>(*this).storage(*variable);
}

void Simulator::loadSnapshot(const ValueSnapshot& snapshot, SnapshotPart part) {
  for (const auto& [name, variable] : carriedVariables(model_)) {
    auto found = snapshot.entries.find(name);
    if (found == snapshot.entries.end()) continue;
    const ValueSnapshot::Entry& entry = found->second;
    // A String's handle in this run's table of texts.
    double value = entry.text ? services_.texts().handle(*entry.text) : entry.value;
    double pre = entry.preText ? services_.texts().handle(*entry.preText) : entry.pre;
    bool discrete = variable->kind == MOCC_KIND_DISCRETE || variable->kind == MOCC_KIND_INTERNAL;
    if (part == SnapshotPart::DiscretePre) {
      if (discrete) preStorage(*variable) = pre;
      continue;
    }
    storage(*variable) = value;
    if (variable->region != MOCC_REGION_DERIVATIVE) preStorage(*variable) = pre;
  }
}

namespace {

/// The columns of `n` spanning the null space of `rows` (numerically: singular values below
/// 1e-6 of the largest count as zero, the differences' noise lies far below); the identity
/// when there are no rows.
Eigen::MatrixXd nullSpace(const Eigen::MatrixXd& rows, Eigen::Index n) {
  if (rows.rows() == 0) return Eigen::MatrixXd::Identity(n, n);
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(rows, Eigen::ComputeFullV);
  const Eigen::VectorXd& sigma = svd.singularValues();
  double largest = sigma.size() > 0 ? sigma[0] : 0.0;
  Eigen::Index rank = 0;
  while (rank < sigma.size() && sigma[rank] > 1e-6 * largest)
    ++rank;
  return svd.matrixV().rightCols(n - rank);
}

} // namespace

std::string Simulator::projectOntoConstraints(const ValueSnapshot& snapshot) {
  struct Target {
    const mocc_variable* variable;
    double wanted;
    int level;
  };
  std::vector<Target> targets;
  bool constrained = false; // some value integrated before is computed here
  for (int i = 0; i < model_.n_variables; ++i) {
    const mocc_variable& variable = model_.variables[i];
    auto found = snapshot.entries.find(variable.name);
    if (found == snapshot.entries.end() || !found->second.integrated) continue;
    targets.push_back({&variable, found->second.value, found->second.level});
    constrained = constrained || variable.region != MOCC_REGION_STATE;
  }
  std::vector<double> y = ode_.integratorState();
  const std::vector<double> carried = y;
  auto residual = [&](const std::vector<double>& at) {
    ode_.loadState(at);
    evaluateContinuous();
    Eigen::VectorXd r(static_cast<Eigen::Index>(targets.size()));
    for (std::size_t i = 0; i < targets.size(); ++i)
      r[static_cast<Eigen::Index>(i)] = storage(*targets[i].variable) - targets[i].wanted;
    return r;
  };
  // A mode with at least as many states as the previous one has no constraint the previous
  // values could violate that the previous mode did not hold as well (the filament's release:
  // 2 states become 4): it takes them as they are, which also keeps an angle the new mode
  // computes modulo 2 pi from being chased.
  if (!constrained || model_.n_states == 0 || model_.n_states > snapshot.integratedCount) {
    residual(y);
    return "";
  }
  // Lowest derivative level first (positions before velocities, as post-stabilisation
  // projects, seed 002): each level's values change least among the states that keep the
  // lower levels' values, to first order (their Jacobian's null space).
  const double epsilon = std::numeric_limits<double>::epsilon();
  const auto n = static_cast<Eigen::Index>(y.size());
  Eigen::MatrixXd jacobian(static_cast<Eigen::Index>(targets.size()), n);
  std::vector<Eigen::Index> lower;
  int topLevel = 0;
  for (const Target& target : targets)
    topLevel = std::max(topLevel, target.level);
  for (int level = 0; level <= topLevel; ++level) {
    std::vector<Eigen::Index> rows;
    for (std::size_t i = 0; i < targets.size(); ++i)
      if (targets[i].level == level) rows.push_back(static_cast<Eigen::Index>(i));
    if (rows.empty()) continue;
    for (int iteration = 0; iteration < 20; ++iteration) {
      Eigen::VectorXd r = residual(y);
      for (Eigen::Index j = 0; j < n; ++j) {
        auto column = static_cast<std::size_t>(j);
        double h = std::sqrt(epsilon) * std::max(1.0, std::abs(y[column]));
        std::vector<double> moved = y;
        moved[column] += h;
        jacobian.col(j) = (residual(moved) - r) / h;
      }
      Eigen::MatrixXd free = nullSpace(jacobian(lower, Eigen::all), n);
      if (free.cols() == 0) break;
      Eigen::VectorXd step =
          free *
          (jacobian(rows, Eigen::all) * free).completeOrthogonalDecomposition().solve(-r(rows));
      double size = 0.0;
      for (Eigen::Index j = 0; j < n; ++j) {
        auto column = static_cast<std::size_t>(j);
        y[column] += step[j];
        size = std::max(size, std::abs(step[j]) / std::max(1.0, std::abs(y[column])));
      }
      if (size <= 1e3 * epsilon) break;
    }
    lower.insert(lower.end(), rows.begin(), rows.end());
  }
  // Never worse than the values as they came.
  if (residual(y).norm() > residual(carried).norm()) y = carried;
  residual(y);
  std::string changes;
  for (const Target& target : targets) {
    double change = storage(*target.variable) - target.wanted;
    if (std::abs(change) <= 1e-12 * std::max(1.0, std::abs(target.wanted))) continue;
    changes +=
        fmt::format("{}{} by {:.6g}", changes.empty() ? "" : ", ", target.variable->name, change);
  }
  return changes;
}

std::string Simulator::resumeFrom(const ValueSnapshot& snapshot,
                                  std::span<const Override> overrides) {
  double time = snapshot.time;
  instance_.setTime(time);
  if (auto problem = applyOverrides(instance_, overrides)) throw SimulationFailure(time, *problem);
  createIntegrator();
  sink_.begin(columns_);
  services_.delays().reset(time); // the previous mode's delay() history stays behind
  model_.bind(&instance_.abi());
  failOnReportedError();
  loadSnapshot(snapshot);
  instance_.setMode(MOCC_MODE_CONTINUOUS);
  try {
    selection_.readSelection();
  } catch (const StateSelectionError& error) {
    throw SimulationFailure(time, error.what());
  }
  selection_.loadStatesFromCandidates();
  selectStates();
  std::string changes = projectOntoConstraints(snapshot);
  // The event iteration of the switching instant goes on with this mode's equations (MLS 8.5).
  // The projection evaluated the when-conditions from relations this mode had not evaluated
  // yet; pre() of the discrete values is what the previous mode's event iteration ended with.
  lastEventTime_ = time;
  instance_.copyCurrentToPre();
  loadSnapshot(snapshot, SnapshotPart::DiscretePre);
  iterateEventInstant(false);
  instance_.setMode(MOCC_MODE_CONTINUOUS);
  selectStates();
  evaluateContinuous();
  writeRow(RowKind::EventRight);
  sink_.flush();
  rememberStatesAfterEvent();
  if (reports_.terminateRequested()) {
    terminated_ = true;
    return changes;
  }
  nextTimeEvent_ = queryNextTimeEvent();
  restartIntegrator();
  return changes;
}

namespace {

// --------------------------------------------------------------------------------- results

/// The rows of every mode in the first mode's columns. The latest row is held back until the
/// next one comes: the right limit of a switching event that the previous mode computed (its
/// algebraic values follow the wrong equations) is replaced by the next mode's.
class ModeResultSink final : public ResultSink {
public:
  explicit ModeResultSink(ResultSink& inner) : inner_(inner) {}

  bool writesTexts() const override { return inner_.writesTexts(); }
  /// Each mode's run has a table of texts of its own, which ends with it: the rows' Strings go
  /// into one table of this sink's (handles translated by their texts).
  void useTexts(const TextTable& texts) override {
    modeTexts_ = &texts;
    if (!texts_) {
      texts_ = std::make_unique<TextTable>(mocc_model{});
      inner_.useTexts(*texts_);
    }
  }

  void begin(std::span<const ResultColumn> columns) override {
    if (!begun_) {
      names_.clear();
      for (const ResultColumn& column : columns)
        names_.push_back(column.name);
      inner_.begin(columns);
      begun_ = true;
    }
    positions_.clear(); // where each column of this mode's rows goes
    isText_.clear();
    for (const ResultColumn& column : columns) {
      auto at = std::find(names_.begin(), names_.end(), column.name);
      positions_.push_back(at == names_.end() ? -1 : static_cast<int>(at - names_.begin()));
      isText_.push_back(column.type == MOCC_TYPE_STRING);
    }
  }

  void row(double time, RowKind kind, std::span<const double> values) override {
    release();
    pending_.emplace(Pending{time, kind, std::vector<double>(names_.size(), NAN)});
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (positions_[i] < 0) continue;
      double value = values[i];
      if (isText_[i] && texts_ && modeTexts_) value = texts_->handle(modeTexts_->text(value));
      pending_->values[static_cast<std::size_t>(positions_[i])] = value;
    }
  }

  /// Rows before the held-back one are durable; that one waits for what comes next.
  void flush() override { inner_.flush(); }

  /// Forgets the held-back row: a mode switch replaces it.
  void dropHeldRow() {
    dropped_ += pending_ ? 1 : 0;
    pending_.reset();
  }
  /// How many rows dropHeldRow forgot.
  long dropped() const { return dropped_; }
  /// Writes the held-back row and flushes: the run has ended.
  void close() {
    release();
    inner_.flush();
  }

private:
  struct Pending {
    double time;
    RowKind kind;
    std::vector<double> values;
  };
  void release() {
    if (pending_) inner_.row(pending_->time, pending_->kind, pending_->values);
    pending_.reset();
  }

  ResultSink& inner_;
  bool begun_ = false;
  std::vector<std::string> names_;
  std::vector<int> positions_;
  std::vector<bool> isText_; // per column of this mode's rows: a String's handle
  std::unique_ptr<TextTable> texts_;
  const TextTable* modeTexts_ = nullptr;
  std::optional<Pending> pending_;
  long dropped_ = 0;
};

// ------------------------------------------------------------------------------ the runs

// The work counters of one mode's run, added to the run's (modes, switches and wall time are
// the run's own).
void accumulate(Statistics& total, const Statistics& part) {
  for (long Statistics::*counter :
       {&Statistics::steps, &Statistics::rhsEvaluations, &Statistics::jacobianEvaluations,
        &Statistics::rootEvaluations, &Statistics::errorTestFailures,
        &Statistics::nonlinearIterations, &Statistics::convergenceFailures,
        &Statistics::stateEvents, &Statistics::timeEvents, &Statistics::concurrentEvents,
        &Statistics::eventIterations, &Statistics::stateSetSwitches, &Statistics::algebraicSolves,
        &Statistics::algebraicIterations, &Statistics::algebraicJacobianEvaluations,
        &Statistics::rows})
    total.*counter += part.*counter;
  if (total.jacobian.empty()) total.jacobian = part.jacobian;
  total.initializationSeconds += part.initializationSeconds;
}

class ModeRun {
public:
  ModeRun(ModeCatalog& catalog, const SimulationOptions& options,
          std::span<const Override> overrides, ResultSink& sink)
      : catalog_(catalog), options_(options), overrides_(overrides), sink_(sink) {}

  SimulationResult run(const std::vector<int>& initialKey);

private:
  std::vector<int> keyOf(const Simulator& simulator) const {
    std::vector<int> key;
    for (const std::string& selector : catalog_.selectors())
      key.push_back(static_cast<int>(std::lround(simulator.valueOf(selector).value_or(0.0))));
    return key;
  }
  void enter(const std::vector<int>& key, double time);
  void start();
  void switchMode(const std::vector<int>& key);
  /// Ends the current mode's Simulator: its counters, notes and events join the run's.
  void retire(SimulationResult& result);

  ModeCatalog& catalog_;
  SimulationOptions options_;
  std::span<const Override> overrides_;
  ModeResultSink sink_;
  std::optional<Simulator> current_;
  std::vector<int> key_;
  std::vector<std::vector<int>> used_;
  bool withDelays_ = false; // the current mode's model has delay() operators
  Statistics statistics_;
  std::vector<SimulationNote> notes_;
  std::vector<EventRecord> events_;
  std::vector<SimulationWarning> warnings_;
};

void ModeRun::enter(const std::vector<int>& key, double time) {
  const mocc_model* found = nullptr;
  try {
    found = &catalog_.model(key);
  } catch (const std::runtime_error& error) { // the mode does not compile, too many modes
    throw SimulationFailure(time, error.what());
  }
  const mocc_model& model = *found;
  if (auto problem = validateModel(model)) throw SimulationFailure(time, *problem);
  // delay() reads a history that each mode's model records under its own numbering of the
  // delays; carrying it into the next mode is not built, and a history started afresh at the
  // switch would give wrong values, so a switch into or out of such a mode stops the run.
  if (!used_.empty() && (model.n_delays > 0 || withDelays_))
    throw SimulationFailure(time, "the model uses delay(), whose history mocc cannot carry "
                                  "across a switch of the model's structure yet");
  withDelays_ = model.n_delays > 0;
  current_.emplace(model, options_, sink_);
  key_ = key;
  if (std::find(used_.begin(), used_.end(), key) == used_.end()) used_.push_back(key);
}

// The start values give no mode of their own: the initialization of `key`'s model computes
// the selectors (with the event iteration of the start time); when they name another mode, the
// run switches there at the start time, as at any event.
void ModeRun::start() {
  current_->start(overrides_);
  std::vector<int> selected = keyOf(*current_);
  if (selected != key_) switchMode(selected);
}

void ModeRun::switchMode(const std::vector<int>& key) {
  ValueSnapshot values = current_->snapshot();
  for (auto& [name, entry] : values.entries)
    entry.level = catalog_.derivativeLevel(name);
  std::vector<int> previous = key_;
  SimulationResult ended;
  ended.outcome = Outcome::Finished;
  retire(ended);
  if (ended.outcome == Outcome::Failed) throw SimulationFailure(values.time, ended.message);
  sink_.dropHeldRow();
  bool known = std::find(used_.begin(), used_.end(), key) != used_.end();
  auto compiling = std::chrono::steady_clock::now();
  enter(key, values.time);
  double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - compiling).count();
  if (!known) statistics_.modeCompileSeconds += compileSeconds;
  std::string changes = current_->resumeFrom(values, overrides_);
  std::string mapping = changes.empty() ? "values carried over by name"
                                        : "values carried over by name, projected onto the "
                                          "mode's constraints: " +
                                              changes;
  std::string message = fmt::format(
      "mode switch: {} (was: {}); {}{}", catalog_.describe(key), catalog_.describe(previous),
      mapping,
      known || catalog_.origin(key).empty()
          ? ""
          : fmt::format("; the mode's model {} in {:.3f} s", catalog_.origin(key), compileSeconds));
  notes_.push_back(SimulationNote{values.time, message});
  EventRecord record;
  record.time = values.time;
  record.kind = EventRecord::Kind::ModeSwitch;
  record.description = message;
  events_.push_back(record);
  ++statistics_.modeSwitches;
  if (std::vector<int> next = keyOf(*current_); next != key)
    throw SimulationFailure(
        values.time,
        fmt::format("the mode chatters at time {}: the switch to the mode where {} leaves values "
                    "that select, at the same instant, the mode where {}; no mode is consistent "
                    "with the values the other leaves",
                    values.time, catalog_.describe(key), catalog_.describe(next)));
}

void ModeRun::retire(SimulationResult& result) {
  if (!current_) return;
  Statistics part = current_->statistics();
  accumulate(statistics_, part);
  for (const SimulationNote& note : current_->notes()) {
    bool repeated = std::any_of(notes_.begin(), notes_.end(), [&](const SimulationNote& known) {
      return known.message == note.message;
    }); // "no analytic Jacobian" from every mode's model
    if (!repeated) notes_.push_back(note);
  }
  auto& events = current_->events();
  events_.insert(events_.end(), events.begin(), events.end());
  auto& warnings = current_->reports().warnings();
  warnings_.insert(warnings_.end(), warnings.begin(), warnings.end());
  destroyExternalObjects(*current_, result);
  current_.reset();
}

SimulationResult ModeRun::run(const std::vector<int>& initialKey) {
  SimulationResult result;
  try {
    enter(initialKey, options_.startTime);
    start();
    while (!current_->terminated() && current_->time() < options_.stopTime) {
      current_->advanceTo(options_.stopTime, /*returnAtEvent=*/true);
      std::vector<int> key = keyOf(*current_);
      if (key != key_ && !current_->terminated()) switchMode(key);
    }
    current_->finish();
    result.endTime = current_->time();
    result.outcome = current_->terminated() ? Outcome::Terminated : Outcome::Finished;
    if (current_->terminated()) result.message = current_->reports().termination().message;
  } catch (const SimulationFailure& failure) {
    result = failedAt(failure.time(), failure.what());
  } catch (const IntegratorError& error) {
    result = failedAt(error.time(), error.what());
  } catch (const std::exception& error) {
    result = failedAt(current_ ? current_->time() : options_.startTime, error.what());
  }
  retire(result);
  try {
    sink_.close();
  } catch (const std::exception& error) {
    addFailure(result, error.what());
  }
  result.statistics = statistics_;
  result.statistics.rows -= sink_.dropped();
  result.statistics.modes = static_cast<long>(used_.size());
  result.notes = std::move(notes_);
  result.events = std::move(events_);
  result.warnings = std::move(warnings_);
  return result;
}

} // namespace

SimulationResult simulateModes(ModeCatalog& catalog, const SimulationOptions& options,
                               std::span<const Override> overrides, ResultSink& sink) {
  auto started = std::chrono::steady_clock::now();
  if (auto problem = validateOptions(options)) return failedAt(options.startTime, *problem);
  ModeRun run(catalog, options, overrides, sink);
  SimulationResult result = run.run(catalog.initialKey());
  result.statistics.wallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

} // namespace mocc::runtime
