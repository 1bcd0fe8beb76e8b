// What every hand-written test model's descriptor sets the same way; everything else starts
// at zero (no crossings, messages, loops or experiment) for the model to fill in.
#pragma once

#include "mocc/model.h"

#include <cstddef>
#include <cstdint>

template <std::size_t N>
mocc_model describeModel(const char* name, std::int32_t states, std::int32_t values,
                         const mocc_variable (&variables)[N]) {
  mocc_model m{};
  m.abi_version = MOCC_ABI_VERSION;
  m.name = name;
  m.n_states = states;
  m.n_values = values;
  m.n_variables = static_cast<std::int32_t>(N);
  m.variables = variables;
  return m;
}

/// experiment(StartTime = 0, StopTime = stop, Interval = interval[, Tolerance = tolerance]).
inline void setExperiment(mocc_model& m, double stop, double interval, double tolerance = 0.0) {
  m.has_start_time = m.has_stop_time = m.has_interval = 1;
  m.stop_time = stop;
  m.interval = interval;
  if (tolerance > 0.0) {
    m.has_tolerance = 1;
    m.tolerance = tolerance;
  }
}
