// y1' = -1000 y1 + y2, y2' = -y2 with y(0) = (1, 1), with or without its analytic Jacobian
// (nonzeros (0,0) = -1000, (0,1) = 1, (1,1) = -1). Exact solution: y2 = exp(-t),
// y1 = (1 - 1/999) exp(-1000 t) + exp(-t)/999.
#include "test_models.h"

#include <cmath>

namespace {

constexpr int Y1 = 0, Y2 = 1, N_STATES = 2;

const mocc_variable variables[] = {
    {"y1", "fast", MOCC_REGION_STATE, Y1, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"y2", "slow", MOCC_REGION_STATE, Y2, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(y1)", "", MOCC_REGION_DERIVATIVE, Y1, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"der(y2)", "", MOCC_REGION_DERIVATIVE, Y2, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
};
const int32_t rows[] = {0, 0, 1};
const int32_t columns[] = {0, 1, 1};

void bind(mocc_instance* m) {
  if (!m->overridden[Y1]) m->x[Y1] = 1.0;
  if (!m->overridden[Y2]) m->x[Y2] = 1.0;
}
void derivatives(mocc_instance* m) {
  m->dx[Y1] = -1000.0 * m->x[Y1] + m->x[Y2];
  m->dx[Y2] = -m->x[Y2];
}
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance*) {}
int32_t eventUpdate(mocc_instance* m) {
  derivatives(m);
  return 0;
}
double nextTimeEvent(mocc_instance*) { return INFINITY; }
void jacobian(mocc_instance*, double* values) {
  values[0] = -1000.0;
  values[1] = 1.0;
  values[2] = -1.0;
}

mocc_model make(bool analytic) {
  mocc_model m{};
  m.abi_version = MOCC_ABI_VERSION;
  m.name = "StiffLinear";
  m.n_states = N_STATES;
  m.n_variables = sizeof variables / sizeof variables[0];
  m.variables = variables;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  if (analytic) {
    m.n_jacobian = 3;
    m.jacobian_rows = rows;
    m.jacobian_columns = columns;
    m.jacobian = jacobian;
  }
  return m;
}

const mocc_model withJacobian = make(true);
const mocc_model withoutJacobian = make(false);

} // namespace

extern "C" const mocc_model* mocc_test_stiff_linear(int analytic_jacobian) {
  return analytic_jacobian ? &withJacobian : &withoutJacobian;
}
