// An event iteration that never settles:
//   der(x) = 1; when time >= 0.5 then ... end when; b = if time >= 0.5 then not pre(b) else pre(b)
// At the time event 0.5 every event_update() flips the Boolean b, so the runtime must stop at
// its iteration cap and name b.
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int B = 0, LATE = 1, N_VALUES = 2;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"b", "", MOCC_REGION_VALUE, B, MOCC_TYPE_BOOLEAN, MOCC_KIND_DISCRETE, 0, ""},
    {"$relation0", "time >= 0.5", MOCC_REGION_VALUE, LATE, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1,
     ""},
};

constexpr double switchTime = 0.5;

void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = 0.0;
  if (!m->overridden[N_STATES + B]) m->v[B] = 0.0;
  m->v[LATE] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = 1.0; }
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  m->v[LATE] = m->time >= switchTime ? 1.0 : 0.0;
  m->v[B] = m->v[LATE] != 0.0 ? 1.0 - m->pre_v[B] : m->pre_v[B];
  return 0;
}

double nextTimeEvent(mocc_instance* m) { return m->time < switchTime ? switchTime : INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Toggle", N_STATES, N_VALUES, variables);
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_toggle(void) { return &model; }
