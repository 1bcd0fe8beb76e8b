/* Hand-written models implementing the model ABI (model.h) the way generated code does:
 * static functions and a static mocc_model per model. Each file's header comment gives the
 * Modelica it stands for; the tests compare results with closed forms. */
#ifndef MOCC_TEST_MODELS_H
#define MOCC_TEST_MODELS_H

#include "mocc/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* h(0)=10, v(0)=0, g=9.81, e=0.9: `when h < 0 then reinit(v, -e*pre(v))` (C). */
const mocc_model* mocc_test_bouncing_ball(void);
/* der(x) = d; `when time >= T then d = 2` with T = 1/3 scheduled as a time event. */
const mocc_model* mocc_test_time_event(void);
/* der(x) = -y; `when sample(T, T) then y = x` (zero-order hold), x(0) = 1, T = 0.1. */
const mocc_model* mocc_test_sampled_hold(void);
/* `b = not pre(b)` at a time event at 0.5: event iteration never settles. */
const mocc_model* mocc_test_toggle(void);
/* der(x) = 1; assert(x < 0.55, error) and assert(x < 0.25, warning). */
const mocc_model* mocc_test_asserts(void);
/* der(x) = 1; `when x > limit then terminate(...)`; `when terminal() then n = pre(n) + 1`. */
const mocc_model* mocc_test_terminate(void);
/* No states: y = sin(time); count sample(0.25, 0.25) ticks; late = time > 0.6 (state event). */
const mocc_model* mocc_test_zero_states(void);
/* der(x) = -k*x; w[1,2] = N*x; low = x < 0.5 (state event) counted in `crossings`. */
const mocc_model* mocc_test_decay(void);
/* der(x) = 1, x(0) = -0.5; off = s < 0 on crossing s = x, read by the event iteration from a
 * loop solution 1e-12 below x (knee.cpp): off must become false at t = 0.5. */
const mocc_model* mocc_test_knee(void);
/* der(x) = if x > 0 then -1 else 1, x(0) = 0.5: a sliding mode at x = 0 from t = 0.5. */
const mocc_model* mocc_test_sliding(void);
/* der(x) = sqrt(1 - time): not a number after time 1. */
const mocc_model* mocc_test_square_root(void);
/* y1' = -1000 y1 + y2, y2' = -y2, y(0) = (1, 1); analytic Jacobian when the flag is set. */
const mocc_model* mocc_test_stiff_linear(int analytic_jacobian);
/* x0' = -x0, x_i' = x_{i-1} - x_i (x0(0) = 1) with a sparse analytic Jacobian: the Poisson
 * probabilities t^i e^-t / i!. Rebuilds its tables: one size at a time. */
const mocc_model* mocc_test_chain(int size);
/* x' = z, 0 = z^3 + z + x^3 + x (a loop solved by mocc_solve_system, opened for IDA), x(0) = 1:
 * x = e^-t, z = -x. */
const mocc_model* mocc_test_cubic_dae(void);
/* A pendulum of length 1 in Cartesian coordinates with dynamic state selection: two state
 * sets (positions {x, y}, velocities {vx, vy}), released from rest at the horizontal. */
const mocc_model* mocc_test_pendulum(void);

/* Where the external C code of mocc_test_external_calls fails (ModelicaError, MLS 12.9.6). */
enum mocc_test_external_scenario {
  MOCC_TEST_EXTERNAL_QUIET = 0,            /* nowhere: a warning after x > 0.25, a message */
  MOCC_TEST_EXTERNAL_ERROR_IN_DERIVATIVES, /* rate(): ModelicaFormatError("x = %g", x), t > 0.5 */
  MOCC_TEST_EXTERNAL_ERROR_IN_LOOP,        /* the loop residual's term(), t > 0.5 */
  MOCC_TEST_EXTERNAL_ERROR_IN_BIND,        /* bind(), after the table was constructed */
  MOCC_TEST_EXTERNAL_ERROR_IN_DESTRUCTOR   /* the table's destructor */
};
/* der(x) = rate(time, x) = 1, 0 = y - term(time, x), and an ExternalObject made in bind(), all
 * through external C code calling ModelicaUtilities.h. Sets the scenario and resets the count
 * of destroy_external_objects calls. */
const mocc_model* mocc_test_external_calls(int scenario);
/* How often the runtime called destroy_external_objects since mocc_test_external_calls. */
int mocc_test_external_destructions(void);
/* Nonzero while the ExternalObject is constructed and not destroyed. */
int mocc_test_external_table_open(void);

#ifdef __cplusplus
}
#endif

#endif
