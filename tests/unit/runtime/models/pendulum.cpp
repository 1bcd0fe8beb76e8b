// The planar pendulum of length L = 1 in Cartesian coordinates after index reduction with
// dynamic state selection (Mattsson and Soederlind 1993), written as generated code would be:
//   x^2 + y^2 = L^2,  x vx + y vy = 0,  ax = -lambda x,  ay = -lambda y - g,
//   vx^2 + vy^2 + x ax + y ay = 0,
//   s = a1 x + a2 y,  der(s) = a1 vx + a2 vy        (state set {x, y}, constraint 1)
//   sv = b1 vx + b2 vy,  der(sv) = b1 ax + b2 ay    (state set {vx, vy}, constraint 2)
// Positions are a nonlinear loop and velocities a linear loop, both solved through
// mocc_solve_system. Released from rest at the horizontal (x = 1, y = 0) with y and vy as the
// states, which become singular at the bottom.
#include "test_models.h"

#include "model_descriptor.h"

#include <cmath>

namespace {

enum States { S, SV, N_STATES };
enum Values { L, G, X, Y, VX, VY, AX, AY, LAMBDA, A1, A2, B1, B2, N_VALUES };

#define STATE(name, index)                                                                         \
  { name, "", MOCC_REGION_STATE, index, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, "" }
#define VALUE(name, index, kind)                                                                   \
  { name, "", MOCC_REGION_VALUE, index, MOCC_TYPE_REAL, kind, 0, "" }
const mocc_variable variables[] = {
    STATE("s", S),
    STATE("sv", SV),
    {"der(s)", "", MOCC_REGION_DERIVATIVE, S, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"der(sv)", "", MOCC_REGION_DERIVATIVE, SV, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    VALUE("L", L, MOCC_KIND_PARAMETER),
    VALUE("g", G, MOCC_KIND_PARAMETER),
    VALUE("x", X, MOCC_KIND_ALGEBRAIC),
    VALUE("y", Y, MOCC_KIND_ALGEBRAIC),
    VALUE("vx", VX, MOCC_KIND_ALGEBRAIC),
    VALUE("vy", VY, MOCC_KIND_ALGEBRAIC),
    VALUE("ax", AX, MOCC_KIND_ALGEBRAIC),
    VALUE("ay", AY, MOCC_KIND_ALGEBRAIC),
    VALUE("lambda", LAMBDA, MOCC_KIND_ALGEBRAIC),
    VALUE("a1", A1, MOCC_KIND_DISCRETE),
    VALUE("a2", A2, MOCC_KIND_DISCRETE),
    VALUE("b1", B1, MOCC_KIND_DISCRETE),
    VALUE("b2", B2, MOCC_KIND_DISCRETE),
};
#undef STATE
#undef VALUE
constexpr int32_t firstValue = 4; // variables[firstValue + v] is value v

const int32_t positions[] = {firstValue + X, firstValue + Y};
const int32_t velocities[] = {firstValue + VX, firstValue + VY};
const int32_t denseRows[] = {0, 0, 1, 1};
const int32_t denseColumns[] = {0, 1, 0, 1};
const mocc_system_info systems[] = {
    {"nonlinear system of 2 equations at pendulum.mo:8:3", 2, 0, positions, 4, denseRows,
     denseColumns},
    {"linear system of 2 equations at pendulum.mo:9:3", 2, 1, velocities, 4, denseRows,
     denseColumns},
};
const int32_t setStates[] = {0, 1}; // variables[0] is s, variables[1] is sv
const int32_t positionSelection[] = {firstValue + A1, firstValue + A2};
const int32_t velocitySelection[] = {firstValue + B1, firstValue + B2};
const mocc_state_set_info stateSets[] = {
    {2, 1, 1, positions, &setStates[0], positionSelection},
    {2, 1, 1, velocities, &setStates[1], velocitySelection},
};

void positionResidual(mocc_instance* m, const double* p, double* r) {
  r[0] = p[0] * p[0] + p[1] * p[1] - m->v[L] * m->v[L];
  r[1] = m->v[A1] * p[0] + m->v[A2] * p[1] - m->x[S];
}
void positionJacobian(mocc_instance* m, const double* p, double* values) {
  values[0] = 2 * p[0], values[1] = 2 * p[1], values[2] = m->v[A1], values[3] = m->v[A2];
}
void velocityResidual(mocc_instance* m, const double* w, double* r) {
  r[0] = m->v[X] * w[0] + m->v[Y] * w[1];
  r[1] = m->v[B1] * w[0] + m->v[B2] * w[1] - m->x[SV];
}
void velocityJacobian(mocc_instance* m, const double*, double* values) {
  values[0] = m->v[X], values[1] = m->v[Y], values[2] = m->v[B1], values[3] = m->v[B2];
}

/// Solves loop `system` for the two values starting at `first`, warm-started from them.
void solvePair(mocc_instance* m, int system, int first,
               void (*residual)(mocc_instance*, const double*, double*),
               void (*jacobian)(mocc_instance*, const double*, double*)) {
  double pair[2] = {m->v[first], m->v[first + 1]};
  mocc_solve_system(m, system, residual, jacobian, pair);
  m->v[first] = pair[0];
  m->v[first + 1] = pair[1];
}

void compute(mocc_instance* m) {
  double* v = m->v;
  solvePair(m, 0, X, positionResidual, positionJacobian);
  solvePair(m, 1, VX, velocityResidual, velocityJacobian);
  v[LAMBDA] = (v[VX] * v[VX] + v[VY] * v[VY] - v[G] * v[Y]) / (v[X] * v[X] + v[Y] * v[Y]);
  v[AX] = -v[LAMBDA] * v[X];
  v[AY] = -v[LAMBDA] * v[Y] - v[G];
  m->dx[S] = v[A1] * v[VX] + v[A2] * v[VY];
  m->dx[SV] = v[B1] * v[AX] + v[B2] * v[AY];
}

void bind(mocc_instance* m) {
  const double starts[N_VALUES] = {1.0, 9.81, 1.0, 0.0, 0.0, 0.0, 0, 0, 0, 0.0, 1.0, 0.0, 1.0};
  for (int i = 0; i < N_VALUES; ++i)
    if (!m->overridden[N_STATES + i]) m->v[i] = starts[i];
  m->x[S] = m->x[SV] = 0.0;
}
// The states from the candidates' start values, then everything else.
void initialize(mocc_instance* m) {
  m->x[S] = m->v[A1] * m->v[X] + m->v[A2] * m->v[Y];
  m->x[SV] = m->v[B1] * m->v[VX] + m->v[B2] * m->v[VY];
  compute(m);
}
void crossings(mocc_instance*, double*) {}
int32_t eventUpdate(mocc_instance* m) {
  compute(m);
  return 0;
}
double nextTimeEvent(mocc_instance*) { return INFINITY; }
void stateSetJacobian(mocc_instance* m, int32_t set, double* values) {
  solvePair(m, 0, X, positionResidual, positionJacobian);
  double scale = set == 0 ? 2.0 : 1.0; // d(x^2 + y^2)/d(x, y); d(x vx + y vy)/d(vx, vy)
  values[0] = scale * m->v[X];
  values[1] = scale * m->v[Y];
}

const mocc_model model = [] {
  mocc_model m = describeModel("Pendulum", N_STATES, N_VALUES, variables);
  m.has_stop_time = m.has_tolerance = 1;
  m.stop_time = 3.0;
  m.tolerance = 1e-10;
  m.bind = bind;
  m.derivatives = compute;
  m.crossings = crossings;
  m.outputs = compute;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  m.initialize = initialize;
  m.n_systems = 2;
  m.systems = systems;
  m.n_state_sets = 2;
  m.state_sets = stateSets;
  m.state_set_jacobian = stateSetJacobian;
  return m;
}();

} // namespace

extern "C" const mocc_model* mocc_test_pendulum(void) { return &model; }
