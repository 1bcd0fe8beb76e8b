// A sliding mode: der(x) = if x > 0 then -1 else 1, x(0) = 0.5. At t = 0.5 x reaches 0 and
// every choice of the relation drives x back across it: no simulation can continue, and the
// runtime must say so (chattering) instead of looping or silently passing through.
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int POSITIVE = 0, N_VALUES = 1;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"$relation0", "x > 0", MOCC_REGION_VALUE, POSITIVE, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1,
     ""},
};

const char* const crossingDescriptions[] = {"x > 0 at Sliding.mo:3:20"};

void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = 0.5;
  m->v[POSITIVE] = 0.0;
}

// In continuous mode the relation is its stored value unless the runtime forces a side
// (crossing_direction +2 or -2, model.h), as generated code evaluates it.
bool positive(const mocc_instance* m) {
  int8_t forced = m->crossing_direction[0];
  if (forced == 2 || forced == -2) return forced > 0;
  return m->v[POSITIVE] != 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = positive(m) ? -1.0 : 1.0; }
void crossings(mocc_instance* m, double* g) { g[0] = m->x[X] - 0.0; }
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  m->v[POSITIVE] = mocc_test_greater(m->x[X], 0.0, m->crossing_direction[0]);
  m->dx[X] = m->v[POSITIVE] != 0.0 ? -1.0 : 1.0;
  return 0;
}

double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Sliding", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.1);
  m.n_crossings = 1;
  m.crossing_descriptions = crossingDescriptions;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_sliding(void) { return &model; }
