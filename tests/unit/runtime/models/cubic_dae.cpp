// A semi-explicit index-1 DAE: x' = z with 0 = z^3 + z + x^3 + x, x(0) = 1. Since t^3 + t is
// odd and increasing, z = -x, so x = exp(-t) and z = -exp(-t). The loop in z is solved through
// mocc_solve_system (analytic Jacobian 3 z^2 + 1) wherever generated code would solve it, and
// opened in dae_residuals for IDA.
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

constexpr int X = 0, N_STATES = 1;
constexpr int Z = 0, N_VALUES = 1;
constexpr int Z_VARIABLE = 2; // position in the variable table

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"z", "", MOCC_REGION_VALUE, Z, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
};
const int32_t loopUnknowns[] = {Z_VARIABLE};
const int32_t loopRows[] = {0};
const int32_t loopColumns[] = {0};
const mocc_system_info systems[] = {{"nonlinear system of 1 equation at cubic.mo:4:3", 1, 0,
                                     loopUnknowns, 1, loopRows, loopColumns}};

void residual(mocc_instance* m, const double* z, double* r) {
  double x = m->x[X];
  r[0] = z[0] * z[0] * z[0] + z[0] + x * x * x + x;
}
void loopJacobian(mocc_instance*, const double* z, double* values) {
  values[0] = 3 * z[0] * z[0] + 1;
}

void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = 1.0;
  if (!m->overridden[N_STATES + Z]) m->v[Z] = 0.0;
}
void derivatives(mocc_instance* m) {
  double z = m->v[Z];
  mocc_solve_system(m, 0, residual, loopJacobian, &z);
  m->v[Z] = z;
  m->dx[X] = z;
}
void crossings(mocc_instance*, double*) {}
void outputs(mocc_instance* m) { derivatives(m); }
int32_t eventUpdate(mocc_instance* m) {
  derivatives(m);
  return 0;
}
double nextTimeEvent(mocc_instance*) { return INFINITY; }
void daeResiduals(mocc_instance* m, const double* z, double* r) {
  m->v[Z] = z[0];
  residual(m, z, r);
  m->dx[X] = z[0];
}

const mocc_model model = [] {
  mocc_model m = describeModel("CubicDae", N_STATES, N_VALUES, variables);
  m.has_stop_time = m.has_tolerance = 1;
  m.stop_time = 2.0;
  m.tolerance = 1e-10;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  m.initialize = derivatives;
  m.n_systems = 1;
  m.systems = systems;
  m.n_dae_unknowns = 1;
  m.dae_unknowns = loopUnknowns;
  m.dae_residuals = daeResiduals;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_cubic_dae(void) { return &model; }
