// der(x) = 1, x(0) = 0;
//   assert(x < 0.55, "x too large");
//   assert(x < 0.25, "x above a quarter", AssertionLevel.warning);
// The asserts are checked wherever x is used, including derivatives() (as generated code may
// do), so the runtime sees them at integrator trial points too.
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int LIMIT = 0, N_VALUES = 1;
constexpr int MESSAGE_TOO_LARGE = 0, MESSAGE_ABOVE_QUARTER = 1;

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"limit", "", MOCC_REGION_VALUE, LIMIT, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
};

const char* const messages[] = {"x too large", "x above a quarter"};

void checkAsserts(mocc_instance* m) {
  if (!(m->x[X] < m->v[LIMIT]))
    m->report(m, MOCC_REPORT_ASSERT_ERROR, MESSAGE_TOO_LARGE, m->time, nullptr);
  if (!(m->x[X] < 0.25))
    m->report(m, MOCC_REPORT_ASSERT_WARNING, MESSAGE_ABOVE_QUARTER, m->time, nullptr);
}

void bind(mocc_instance* m) {
  if (!m->overridden[N_STATES + LIMIT]) m->v[LIMIT] = 0.55;
  if (!m->overridden[X]) m->x[X] = 0.0;
}

void derivatives(mocc_instance* m) {
  checkAsserts(m);
  m->dx[X] = 1.0;
}

void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance* m) { checkAsserts(m); }

int32_t eventUpdate(mocc_instance* m) {
  checkAsserts(m);
  return 0;
}

double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_model model = [] {
  mocc_model m = describeModel("Asserts", N_STATES, N_VALUES, variables);
  m.n_messages = 2;
  m.messages = messages;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_asserts(void) { return &model; }
