// der(x) = d; `when time >= T then d = 2; end when;` with parameter T = 1/3. The relation
// time >= T has a discrete right-hand side, so it is scheduled through next_time_event and
// takes its right-limit value at the instant (model.h; MLS 3.6 section 8.5).
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int T = 0, D = 1, AFTER_T = 2, N_VALUES = 3;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"T", "switching time", MOCC_REGION_VALUE, T, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
    {"d", "", MOCC_REGION_VALUE, D, MOCC_TYPE_REAL, MOCC_KIND_DISCRETE, 0, ""},
    {"$relation0", "time >= T", MOCC_REGION_VALUE, AFTER_T, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL,
     1, ""},
};

void bind(mocc_instance* m) {
  if (!m->overridden[N_STATES + T]) m->v[T] = 1.0 / 3.0;
  if (!m->overridden[X]) m->x[X] = 0.0;
  if (!m->overridden[N_STATES + D]) m->v[D] = 0.0;
  m->v[AFTER_T] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = m->v[D]; }
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  m->v[AFTER_T] = m->time >= m->v[T] ? 1.0 : 0.0;
  if (MOCC_IS_EVENT_MODE(m->mode) && m->v[AFTER_T] != 0.0 && m->pre_v[AFTER_T] == 0.0)
    m->v[D] = 2.0;
  return 0;
}

double nextTimeEvent(mocc_instance* m) { return m->time < m->v[T] ? m->v[T] : INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("TimeEvent", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.1);
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_time_event(void) { return &model; }
