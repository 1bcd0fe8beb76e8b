// An ideal diode's relation `off = s < 0` where the event iteration reads s from a loop that
// solves it only to its tolerance, while the crossing function is exact:
//   der(x) = 1, x(start = -0.5);  s = x (crossing function);  the event iteration's s is the
//   loop's solution x - 1e-12, on the old side of zero for x in (0, 1e-12);
//   Boolean off = s < 0 (start true);  Integer switches counts the changes of off.
// At the located root (t = 0.5, x just past 0) the event iteration keeps off = true although the
// crossing function is already on its positive side and moves away from zero: the root finder
// never sees it cross again, so only the runtime can decide the relation (off = false after
// t = 0.5, switches = 1).
#include "relations.h"
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int OFF = 0, SWITCHES = 1, N_VALUES = 2;
constexpr double kLoopTolerance = 1e-12;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"off", "", MOCC_REGION_VALUE, OFF, MOCC_TYPE_BOOLEAN, MOCC_KIND_DISCRETE, 0, ""},
    {"switches", "", MOCC_REGION_VALUE, SWITCHES, MOCC_TYPE_INTEGER, MOCC_KIND_DISCRETE, 0, ""},
};

// The relation of crossing 0 is `off` (variables[2]); it is false where s > 0.
const int32_t crossingRelations[] = {2};
const int32_t crossingPositiveValues[] = {0};

void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = -0.5;
  m->v[OFF] = 1.0;
  m->v[SWITCHES] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = 1.0; }
void crossings(mocc_instance* m, double* g) { g[0] = m->x[X]; }
void outputs(mocc_instance*) {}

int32_t eventUpdate(mocc_instance* m) {
  m->dx[X] = 1.0;
  double loopSolution = m->x[X] - kLoopTolerance;
  m->v[OFF] = mocc_test_less(loopSolution, 0.0, m->crossing_direction[0]);
  if (MOCC_IS_EVENT_MODE(m->mode) && m->v[OFF] != m->pre_v[OFF])
    m->v[SWITCHES] = m->pre_v[SWITCHES] + 1.0;
  return 0;
}

double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Knee", N_STATES, N_VALUES, variables);
  setExperiment(m, 1.0, 0.25, 1e-10);
  m.n_crossings = 1;
  m.crossing_relations = crossingRelations;
  m.crossing_positive_values = crossingPositiveValues;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_knee(void) { return &model; }
