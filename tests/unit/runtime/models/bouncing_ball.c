/* The bouncing ball as generated code would implement it, in C to keep the ABI honest:
 *   der(h) = v; der(v) = -g; when h < 0 then reinit(v, -e*pre(v)); end when;
 * with h(0) = 10, v(0) = 0, g = 9.81, e = 0.9. The relation h < 0 is stored in a hidden
 * internal value and watched by the crossing function h. */
#include "relations.h"
#include "test_models.h"

#include <math.h>

enum { H, V, N_STATES };
enum { G, E, H_NEGATIVE, N_VALUES };

static const mocc_variable variables[] = {
    {"h", "height above the ground", MOCC_REGION_STATE, H, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"v", "velocity", MOCC_REGION_STATE, V, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(h)", "", MOCC_REGION_DERIVATIVE, H, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"der(v)", "", MOCC_REGION_DERIVATIVE, V, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"g", "gravity", MOCC_REGION_VALUE, G, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER, 0, ""},
    {"e", "coefficient of restitution", MOCC_REGION_VALUE, E, MOCC_TYPE_REAL, MOCC_KIND_PARAMETER,
     0, ""},
    {"$relation0", "h < 0", MOCC_REGION_VALUE, H_NEGATIVE, MOCC_TYPE_BOOLEAN, MOCC_KIND_INTERNAL, 1,
     ""},
};

static const char* const crossing_descriptions[] = {"h < 0 at BouncingBall.mo:5:8"};

static void bind(mocc_instance* m) {
  const uint8_t* overridden = m->overridden;
  if (!overridden[N_STATES + G]) m->v[G] = 9.81;
  if (!overridden[N_STATES + E]) m->v[E] = 0.9;
  if (!overridden[H]) m->x[H] = 10.0;
  if (!overridden[V]) m->x[V] = 0.0;
  m->v[H_NEGATIVE] = 0.0;
}

static void derivatives(mocc_instance* m) {
  m->dx[H] = m->x[V];
  m->dx[V] = -m->v[G];
}

static void crossings(mocc_instance* m, double* g) { g[0] = m->x[H] - 0.0; }

static void outputs(mocc_instance* m) { (void)m; }

static int32_t event_update(mocc_instance* m) {
  double new_v = 0.0;
  int reinit = 0;
  m->v[H_NEGATIVE] = mocc_test_less(m->x[H], 0.0, m->crossing_direction[0]);
  if (mocc_test_edge(m, H_NEGATIVE)) {
    new_v = -m->v[E] * m->pre_x[V];
    reinit = 1;
  }
  if (reinit) m->x[V] = new_v; /* reinit applies after the whole step (MLS 8.3.6) */
  return reinit;
}

static double next_time_event(mocc_instance* m) {
  (void)m;
  return INFINITY;
}

static const mocc_model model = {
    .abi_version = MOCC_ABI_VERSION,
    .name = "BouncingBall",
    .n_states = N_STATES,
    .n_values = N_VALUES,
    .n_crossings = 1,
    .n_variables = (int32_t)(sizeof variables / sizeof variables[0]),
    .n_messages = 0,
    .variables = variables,
    .messages = 0,
    .crossing_descriptions = crossing_descriptions,
    .has_start_time = 0,
    .has_stop_time = 1,
    .has_tolerance = 1,
    .has_interval = 0,
    .start_time = 0.0,
    .stop_time = 18.0,
    .tolerance = 1e-10,
    .interval = 0.0,
    .bind = bind,
    .derivatives = derivatives,
    .crossings = crossings,
    .outputs = outputs,
    .event_update = event_update,
    .next_time_event = next_time_event,
};

const mocc_model* mocc_test_bouncing_ball(void) { return &model; }
