// der(x) = 1, x(0) = 0;
//   when x > limit then terminate("x passed the limit"); end when;   limit = 0.42
//   when terminal() then n = pre(n) + 1; end when;                      Integer n(start = 0)
// The relation x > limit is watched by the crossing function x - limit.
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int LIMIT = 0, N = 1, PASSED = 2, TERMINAL = 3, N_VALUES = 4;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"limit", "", MOCC_REGION_VALUE, LIMIT, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
    {"n", "terminal() count", MOCC_REGION_VALUE, N, MOCC_TYPE_INTEGER, MOCC_KIND_DISCRETE, 0, ""},
    {"$relation0", "x > limit", MOCC_REGION_VALUE, PASSED, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1,
     ""},
    {"$when1", "terminal()", MOCC_REGION_VALUE, TERMINAL, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1,
     ""},
};

const char* const messages[] = {"x passed the limit"};
const char* const crossingDescriptions[] = {"x > limit at Terminate.mo:4:8"};

void bind(mocc_instance* m) {
  if (!m->overridden[N_STATES + LIMIT]) m->v[LIMIT] = 0.42;
  if (!m->overridden[X]) m->x[X] = 0.0;
  if (!m->overridden[N_STATES + N]) m->v[N] = 0.0;
  m->v[PASSED] = 0.0;
  m->v[TERMINAL] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = 1.0; }
void crossings(mocc_instance* m, double* g) { g[0] = m->x[X] - m->v[LIMIT]; }
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  m->v[PASSED] = mocc_test_greater(m->x[X], m->v[LIMIT], m->crossing_direction[0]);
  m->v[TERMINAL] = m->terminal ? 1.0 : 0.0;
  if (mocc_test_edge(m, PASSED)) m->report(m, MOCC_REPORT_TERMINATE, 0, m->time, nullptr);
  if (mocc_test_edge(m, TERMINAL)) m->v[N] = m->pre_v[N] + 1.0;
  return 0;
}

double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Terminate", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.1);
  m.n_crossings = 1;
  m.n_messages = 1;
  m.messages = messages;
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

extern "C" const mocc_model* mocc_test_terminate(void) { return &model; }
