// der(x) = -k*x, x(start = 1);  parameter Real k = 2;  parameter Integer N = 3;
// constant Real c = 3;  Real w[1,2] = N*x;  Boolean low = x < 0.5 (crossing function x - 0.5);
// Integer crossings(start = 0); when low then crossings = pre(crossings) + 1; end when;
// Exact solution x = exp(-k t); low switches at t = ln(2)/k.
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int K = 0, COUNT_N = 1, C = 2, W = 3, LOW = 4, CROSSINGS = 5, N_VALUES = 6;

const mocc_variable variables[] = {
    {"x", "decaying state", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"k", "rate", MOCC_REGION_VALUE, K, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
    {"N", "", MOCC_REGION_VALUE, COUNT_N, MOCC_TYPE_INTEGER, MOCC_KIND_PARAMETER, 0, ""},
    {"c", "", MOCC_REGION_VALUE, C, MOCC_TYPE_REAL, MOCC_KIND_CONSTANT, 0, ""},
    {"w[1,2]", "", MOCC_REGION_VALUE, W, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
    {"low", "", MOCC_REGION_VALUE, LOW, MOCC_TYPE_BOOLEAN, MOCC_KIND_DISCRETE, 0, ""},
    {"crossings", "", MOCC_REGION_VALUE, CROSSINGS, MOCC_TYPE_INTEGER, MOCC_KIND_DISCRETE, 0, ""},
};

void bind(mocc_instance* m) {
  const uint8_t* overridden = m->overridden;
  if (!overridden[N_STATES + K]) m->v[K] = 2.0;
  if (!overridden[N_STATES + COUNT_N]) m->v[COUNT_N] = 3.0;
  m->v[C] = 3.0;
  if (!overridden[X]) m->x[X] = 1.0;
  if (!overridden[N_STATES + LOW]) m->v[LOW] = 0.0;
  if (!overridden[N_STATES + CROSSINGS]) m->v[CROSSINGS] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = -m->v[K] * m->x[X]; }
void crossings(mocc_instance* m, double* g) { g[0] = m->x[X] - 0.5; }
void outputs(mocc_instance* m) { m->v[W] = m->v[COUNT_N] * m->x[X]; }

int32_t eventUpdate(mocc_instance* m) {
  m->dx[X] = -m->v[K] * m->x[X];
  m->v[W] = m->v[COUNT_N] * m->x[X];
  m->v[LOW] = mocc_test_less(m->x[X], 0.5, m->crossing_direction[0]);
  if (mocc_test_edge(m, LOW)) m->v[CROSSINGS] = m->pre_v[CROSSINGS] + 1.0;
  return 0;
}

double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Decay", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.25, 1e-10);
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

extern "C" const mocc_model* mocc_test_decay(void) { return &model; }
