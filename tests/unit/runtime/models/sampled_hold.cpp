// A zero-order hold in a feedback loop:
//   der(x) = -y; when sample(T, T) then y = x; end when;   x(0) = 1, y(0) = 0, T = 0.1
// The sample clock is an internal tick count; the when-clause fires when it changes, i.e. in
// the first event iteration at each instant T + k*T (computed in that form).
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int PERIOD = 0, Y = 1, TICKS = 2, N_VALUES = 3;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"T", "sampling period", MOCC_REGION_VALUE, PERIOD, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
    {"y", "held value", MOCC_REGION_VALUE, Y, MOCC_TYPE_REAL, MOCC_KIND_DISCRETE, 0, ""},
    {"$sample0", "ticks of sample(T, T)", MOCC_REGION_VALUE, TICKS, MOCC_TYPE_INTEGER,
     MOCC_KIND_INTERNAL, 1, ""},
};

void bind(mocc_instance* m) {
  if (!m->overridden[N_STATES + PERIOD]) m->v[PERIOD] = 0.1;
  if (!m->overridden[X]) m->x[X] = 1.0;
  if (!m->overridden[N_STATES + Y]) m->v[Y] = 0.0;
  m->v[TICKS] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = -m->v[Y]; }
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  double period = m->v[PERIOD];
  m->v[TICKS] = mocc_test_sample_ticks(m->time, period, period);
  if (MOCC_IS_EVENT_MODE(m->mode) && m->v[TICKS] != m->pre_v[TICKS]) m->v[Y] = m->x[X];
  return 0;
}

double nextTimeEvent(mocc_instance* m) {
  return mocc_test_next_sample(m->time, m->v[PERIOD], m->v[PERIOD]);
}

const mocc_model model = [] {
  mocc_model m = describeModel("SampledHold", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.05);
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_sampled_hold(void) { return &model; }
