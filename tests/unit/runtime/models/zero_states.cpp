// A model without states:
//   Real y = sin(time);
//   Integer count(start = 0); when sample(0.25, 0.25) then count = pre(count) + 1; end when;
//   Boolean late = time > 0.6;   (a state event: crossing function time - 0.6)
// The runtime must integrate a dummy state to move time and locate the crossing.
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int Y = 0, COUNT = 1, LATE = 2, TICKS = 3, N_VALUES = 4;

const mocc_variable variables[] = {
    {"y", "", MOCC_REGION_VALUE, Y, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
    {"count", "", MOCC_REGION_VALUE, COUNT, MOCC_TYPE_INTEGER, MOCC_KIND_DISCRETE, 0, ""},
    {"late", "", MOCC_REGION_VALUE, LATE, MOCC_TYPE_BOOLEAN, MOCC_KIND_DISCRETE, 0, ""},
    {"$sample0", "", MOCC_REGION_VALUE, TICKS, MOCC_TYPE_INTEGER, MOCC_KIND_INTERNAL, 1, ""},
};

constexpr double lateTime = 0.6;
constexpr double period = 0.25;

void bind(mocc_instance* m) {
  if (!m->overridden[COUNT]) m->v[COUNT] = 0.0;
  if (!m->overridden[LATE]) m->v[LATE] = 0.0;
  m->v[TICKS] = 0.0;
}

void derivatives(mocc_instance*) {}
void crossings(mocc_instance* m, double* g) { g[0] = m->time - lateTime; }
void outputs(mocc_instance* m) { m->v[Y] = std::sin(m->time); }

int32_t eventUpdate(mocc_instance* m) {
  m->v[Y] = std::sin(m->time);
  m->v[LATE] = mocc_test_greater(m->time, lateTime, m->crossing_direction[0]);
  m->v[TICKS] = mocc_test_sample_ticks(m->time, period, period);
  if (MOCC_IS_EVENT_MODE(m->mode) && m->v[TICKS] != m->pre_v[TICKS])
    m->v[COUNT] = m->pre_v[COUNT] + 1.0;
  return 0;
}

double nextTimeEvent(mocc_instance* m) { return mocc_test_next_sample(m->time, period, period); }

const mocc_model model = [] {
  mocc_model m = describeModel("ZeroStates", 0, N_VALUES, variables);
  setExperiment(m, 1.0, 0.1);
  m.n_crossings = 1;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_zero_states(void) { return &model; }
