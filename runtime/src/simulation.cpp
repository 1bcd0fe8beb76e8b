// simulate(): checks the model and options, runs the Simulator, and turns every way it can end
// into a SimulationResult (outcome, time, message, warnings, statistics), flushing the sink on
// every exit path. Also the defaults from the experiment annotation.
#include "mocc/runtime/simulation.h"

#include "event_locator.h"
#include "simulation_support.h"
#include "simulator.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <optional>

namespace mocc::runtime {

std::optional<std::string> validateOptions(const SimulationOptions& options) {
  if (!std::isfinite(options.startTime) || !std::isfinite(options.stopTime))
    return fmt::format("start time {} and stop time {} must be finite", options.startTime,
                       options.stopTime);
  if (options.stopTime < options.startTime)
    return fmt::format("stop time {} lies before start time {}", options.stopTime,
                       options.startTime);
  if (!(options.tolerance > 0.0) || !std::isfinite(options.tolerance))
    return fmt::format("tolerance {} must be positive", options.tolerance);
  if (options.stopTime > options.startTime &&
      (!(options.interval > 0.0) || !std::isfinite(options.interval)))
    return fmt::format("output interval {} must be positive", options.interval);
  if (options.maxEventIterations < 1)
    return fmt::format("maximum event iterations {} must be at least 1",
                       options.maxEventIterations);
  if (options.maxStepsBetweenOutputs < 1)
    return fmt::format("maximum steps {} must be at least 1", options.maxStepsBetweenOutputs);
  if (!parseLocatorMethod(options.eventLocator))
    return fmt::format("unknown event locator '{}'", options.eventLocator);
  if (options.fixedStep < 0.0 || !std::isfinite(options.fixedStep))
    return fmt::format("step {} must be positive", options.fixedStep);
  if (options.maxEventsWithoutProgress < 1)
    return fmt::format("maximum events without progress {} must be at least 1",
                       options.maxEventsWithoutProgress);
  return std::nullopt;
}

SimulationResult failedAt(double time, std::string message) {
  SimulationResult result;
  result.outcome = Outcome::Failed;
  result.endTime = time;
  result.message = std::move(message);
  return result;
}

namespace {

/// Runs the simulator; the outcome without statistics and warnings.
SimulationResult runSimulator(Simulator& simulator, std::span<const Override> overrides) {
  try {
    simulator.run(overrides);
  } catch (const SimulationFailure& failure) {
    return failedAt(failure.time(), failure.what());
  } catch (const IntegratorError& error) {
    return failedAt(error.time(), error.what());
  } catch (const std::exception& error) {
    return failedAt(simulator.time(), error.what());
  }
  SimulationResult result;
  result.endTime = simulator.time();
  if (simulator.terminated()) {
    result.outcome = Outcome::Terminated;
    result.message = simulator.reports().termination().message;
  } else {
    result.outcome = Outcome::Finished;
  }
  return result;
}

} // namespace

void destroyExternalObjects(Simulator& simulator, SimulationResult& result) {
  std::optional<std::string> error;
  try {
    error = simulator.destroyExternalObjects();
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!error) return;
  addFailure(result,
             fmt::format("ModelicaError while destroying the external objects: {}", *error));
}

void addFailure(SimulationResult& result, const std::string& cause) {
  if (result.outcome == Outcome::Failed)
    result.message += "; " + cause;
  else
    result = failedAt(result.endTime, cause);
}

SimulationOptions defaultOptions(const mocc_model& model) {
  SimulationOptions options;
  options.startTime = model.has_start_time ? model.start_time : 0.0;
  options.stopTime = model.has_stop_time ? model.stop_time : 1.0;
  options.tolerance = model.has_tolerance ? model.tolerance : 1e-6;
  options.interval =
      model.has_interval ? model.interval : (options.stopTime - options.startTime) / 500.0;
  return options;
}

std::optional<SimulationOptions>
optionsForSpan(const mocc_model& model, std::optional<double> startTime,
               std::optional<double> stopTime, std::optional<double> interval, std::string& error) {
  SimulationOptions s = defaultOptions(model);
  if (startTime) s.startTime = *startTime;
  if (stopTime) s.stopTime = *stopTime;
  if ((startTime || stopTime) && !interval && !model.has_interval)
    s.interval = (s.stopTime - s.startTime) / 500;
  if (interval) s.interval = *interval;
  if (!(s.stopTime > s.startTime))
    error =
        fmt::format("the stop time {} must be after the start time {}", s.stopTime, s.startTime);
  else if (!(s.interval > 0))
    error = fmt::format("the output interval must be positive, not {}", s.interval);
  if (!error.empty()) return std::nullopt;
  return s;
}

std::string_view eventKindName(EventRecord::Kind kind) {
  switch (kind) {
  case EventRecord::Kind::State: return "state";
  case EventRecord::Kind::Time: return "time";
  case EventRecord::Kind::Terminal: return "terminal";
  case EventRecord::Kind::ModeSwitch: return "mode";
  }
  return "unknown";
}

std::string_view outcomeName(Outcome outcome) {
  switch (outcome) {
  case Outcome::Finished: return "finished";
  case Outcome::Terminated: return "terminated";
  case Outcome::Failed: return "failed";
  }
  return "unknown";
}

SimulationResult simulate(const mocc_model& model, const SimulationOptions& options,
                          std::span<const Override> overrides, ResultSink& sink) {
  auto started = std::chrono::steady_clock::now();
  if (auto problem = validateModel(model)) return failedAt(options.startTime, *problem);
  if (auto problem = validateOptions(options)) return failedAt(options.startTime, *problem);

  std::optional<Simulator> constructed;
  try {
    constructed.emplace(model, options, sink);
  } catch (const std::exception& error) {
    return failedAt(options.startTime, error.what());
  }
  Simulator& simulator = *constructed;
  SimulationResult result = runSimulator(simulator, overrides);
  destroyExternalObjects(simulator, result);
  try {
    sink.flush();
  } catch (const std::exception& error) {
    addFailure(result, error.what());
  }
  try {
    result.statistics = simulator.statistics();
  } catch (const std::exception&) {
    // Counters are informative only; a solver that cannot report them keeps the outcome.
  }
  result.warnings = simulator.reports().warnings();
  result.notes = simulator.notes();
  result.events = simulator.events();
  result.statistics.wallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

} // namespace mocc::runtime
