// What simulate() and simulateModes() (modes.h) share: the options' check, a failed result,
// and the destruction of a run's external objects.
#pragma once

#include "simulator.h"

#include "mocc/runtime/simulation.h"

#include <optional>
#include <string>

namespace mocc::runtime {

/// The problem with `options` (a stop time before the start time, ...), or nullopt.
std::optional<std::string> validateOptions(const SimulationOptions& options);

/// Outcome::Failed at `time` with `message`.
SimulationResult failedAt(double time, std::string message);

/// A failure after the run's outcome was known (closing the results, destroying external
/// objects): a run that had not failed fails with `cause`; a failed one adds it to its message.
void addFailure(SimulationResult& result, const std::string& cause);

/// MLS 3.6 section 12.9.7: the external objects are destroyed when the run ends, however it
/// ended. A ModelicaError in a destructor fails a run that had not failed.
void destroyExternalObjects(Simulator& simulator, SimulationResult& result);

} // namespace mocc::runtime
