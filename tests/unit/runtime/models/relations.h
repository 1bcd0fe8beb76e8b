/* Helpers the hand-written test models share, written as generated code evaluates relations
 * in event and initial mode (MLS 3.6 section 8.5; model.h): a relation watched by a crossing
 * function that is exactly zero at a located root takes its right-limit value from
 * crossing_direction. C, so the C model can use it. */
#ifndef MOCC_TEST_RELATIONS_H
#define MOCC_TEST_RELATIONS_H

#include "mocc/model.h"

#include <math.h>

/* `a < b` watched by the crossing function a - b (direction +1: a - b increasing; +2 or -2:
 * the runtime decided the relation for the positive or negative side, whatever a - b is). */
static inline double mocc_test_less(double a, double b, int8_t direction) {
  if (direction == 2 || direction == -2) return direction < 0 ? 1.0 : 0.0;
  if (a - b == 0.0 && direction != 0) return direction < 0 ? 1.0 : 0.0;
  return a < b ? 1.0 : 0.0;
}

/* `a > b` watched by the crossing function a - b. */
static inline double mocc_test_greater(double a, double b, int8_t direction) {
  if (direction == 2 || direction == -2) return direction > 0 ? 1.0 : 0.0;
  if (a - b == 0.0 && direction != 0) return direction > 0 ? 1.0 : 0.0;
  return a > b ? 1.0 : 0.0;
}

/* A when-clause condition stored at index `condition` fires on its rising edge. */
static inline int mocc_test_edge(const mocc_instance* instance, int condition) {
  return MOCC_IS_EVENT_MODE(instance->mode) && instance->v[condition] != 0.0 &&
         instance->pre_v[condition] == 0.0;
}

/* sample(start, interval) ticks at start + k*interval, computed in that form (no sums).
 * The number of ticks at or before `time`: a when-clause on sample() fires when this count
 * differs from its pre() value, which is true in the first iteration of a tick's event only. */
static inline double mocc_test_sample_ticks(double time, double start, double interval) {
  double k = floor((time - start) / interval);
  if (k < -1.0) k = -1.0;
  while (start + (k + 1.0) * interval <= time)
    k += 1.0;
  while (k >= 0.0 && start + k * interval > time)
    k -= 1.0;
  return k + 1.0;
}

/* The first tick strictly after `time`. */
static inline double mocc_test_next_sample(double time, double start, double interval) {
  return start + mocc_test_sample_ticks(time, start, interval) * interval;
}

#endif
