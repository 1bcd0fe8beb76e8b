// der(x) = sqrt(1 - time), x(0) = 0: the derivative is not a number once time passes 1, so
// integrating to 2 must fail near 1 naming der(x). x(t) = (2/3)(1 - (1 - t)^(3/2)) before.
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
};

void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = 0.0;
}

void derivatives(mocc_instance* m) { m->dx[X] = std::sqrt(1.0 - m->time); }
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}
int32_t eventUpdate(mocc_instance*) { return 0; }
double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("SquareRoot", N_STATES, 0, variables);
  setExperiment(m, 2.0, 0.1);
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_square_root(void) { return &model; }
