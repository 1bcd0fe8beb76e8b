/* The model ABI: the small, stable C interface between generated code (JIT or C++) and the
 * runtime. Generated code fills a mocc_model with sizes, a variable table and function
 * pointers; the runtime owns the memory of a mocc_instance and drives the functions.
 * Nothing here knows Modelica syntax.
 *
 * Storage: every Real, Integer and Boolean value is a double (Integers are exact up to 2^53,
 * Booleans are 0 or 1). States and their derivatives live in `x` and `dx` so the runtime can
 * point them at the integrator's own vectors; everything else (parameters, algebraic and
 * discrete variables, internal values such as frozen relations) lives in `v`.
 */
#ifndef MOCC_MODEL_H
#define MOCC_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MOCC_ABI_VERSION 1

/* How the generated functions evaluate relations (MLS 3.6 section 8.5). */
typedef enum mocc_mode {
  /* Relations that generate events keep the values stored at the last event. */
  MOCC_MODE_CONTINUOUS = 0,
  /* At an event: relations are evaluated and stored; when-clauses fire on edges. */
  MOCC_MODE_EVENT = 1,
  /* The initialization pass: initial() is true; only when-clauses written
   * `when initial()` or `when {..., initial(), ...}` are active (MLS 8.6). */
  MOCC_MODE_INITIAL = 2
} mocc_mode;

/* Where a variable is stored. */
typedef enum mocc_region {
  MOCC_REGION_STATE = 0,      /* x[index] */
  MOCC_REGION_DERIVATIVE = 1, /* dx[index] */
  MOCC_REGION_VALUE = 2       /* v[index] */
} mocc_region;

typedef enum mocc_type { MOCC_TYPE_REAL = 0, MOCC_TYPE_INTEGER = 1, MOCC_TYPE_BOOLEAN = 2 } mocc_type;

typedef enum mocc_kind {
  MOCC_KIND_CONSTANT = 0,
  MOCC_KIND_PARAMETER = 1,
  MOCC_KIND_STATE = 2,
  MOCC_KIND_DERIVATIVE = 3,
  MOCC_KIND_ALGEBRAIC = 4,  /* continuous-time, not a state */
  MOCC_KIND_DISCRETE = 5,   /* changes only at events */
  MOCC_KIND_INTERNAL = 6    /* made by the compiler (frozen relations, when conditions) */
} mocc_kind;

/* What generated code reports through mocc_instance.report. */
typedef enum mocc_report_kind {
  MOCC_REPORT_ASSERT_ERROR = 0,   /* an assert with level error failed: id is a message */
  MOCC_REPORT_ASSERT_WARNING = 1, /* an assert with level warning failed */
  MOCC_REPORT_TERMINATE = 2       /* terminate(message) was called: stop successfully */
} mocc_report_kind;

typedef struct mocc_variable {
  const char* name;        /* Modelica name, e.g. "h", "der(h)", "a.b[2]" */
  const char* description; /* the declaration's description string, or "" */
  int32_t region;          /* mocc_region */
  int32_t index;           /* position within the region */
  int32_t type;            /* mocc_type */
  int32_t kind;            /* mocc_kind */
  int32_t hidden;          /* nonzero for compiler-made values not written to results */
} mocc_variable;

typedef struct mocc_instance mocc_instance;

struct mocc_instance {
  double time;
  double* x;     /* states [n_states] */
  double* dx;    /* state derivatives [n_states] */
  double* v;     /* other values [n_values] */
  double* pre_x; /* pre() of states: left limits at an event [n_states] */
  double* pre_v; /* pre() of values [n_values] */
  /* [n_crossings] +1 or -1 when the runtime has just located that crossing function going
   * up or down, else 0. A relation whose crossing function is exactly zero at the event
   * takes the value it has just after the crossing (right-limit), so a root at which the
   * function is still 0 is not lost. */
  const int8_t* crossing_direction;
  /* [n_states + n_values], indexed by state index, then n_states + value index: nonzero
   * when the runtime has set the start value (states) or value (parameters) itself, so
   * bind() must keep it. */
  const uint8_t* overridden;
  int32_t mode;     /* mocc_mode */
  int32_t terminal; /* nonzero for the final evaluation: terminal() is true */
  void* runtime;    /* owned by the runtime; generated code passes it through untouched */
  /* Generated code reports failed asserts and terminate() here and carries on; the runtime
   * decides what to do after the call returns. `value` is the time of the report. */
  void (*report)(mocc_instance* instance, int32_t kind, int32_t message, double value);
};

typedef struct mocc_model {
  uint32_t abi_version; /* MOCC_ABI_VERSION */
  const char* name;     /* the simulated class */
  int32_t n_states;
  int32_t n_values;
  int32_t n_crossings; /* state-event crossing functions */
  int32_t n_variables; /* entries in `variables` */
  int32_t n_messages;  /* entries in `messages` */
  const mocc_variable* variables;
  const char* const* messages;             /* assert and terminate messages */
  const char* const* crossing_descriptions; /* [n_crossings] "h < 0 at model.mo:7:8" */

  /* experiment annotation; has_* are nonzero when the model gave the value */
  int32_t has_start_time, has_stop_time, has_tolerance, has_interval;
  double start_time, stop_time, tolerance, interval;

  /* Parameters from their bindings (in dependency order), then start values of states and
   * of discrete and algebraic values. Skips what `overridden` marks. */
  void (*bind)(mocc_instance* instance);
  /* Continuous mode: from time and x, the algebraic values that dx needs, then dx. */
  void (*derivatives)(mocc_instance* instance);
  /* Continuous mode: the crossing functions g[n_crossings] at time and x. A relation
   * `a < b` crosses where a - b changes sign. */
  void (*crossings)(mocc_instance* instance, double* g);
  /* Continuous mode: every algebraic value, for results and after interpolation. */
  void (*outputs)(mocc_instance* instance);
  /* One event-iteration step in mode EVENT or INITIAL: evaluates all equations with
   * relations re-evaluated, fires when-clauses on edges, then applies reinit() at the end
   * (MLS 8.3.6). Returns nonzero when a reinit() assigned a state. The runtime repeats it,
   * copying values to pre between steps, until no discrete value changes. */
  int32_t (*event_update)(mocc_instance* instance);
  /* The earliest scheduled time event (sample(), `time >= expr` with a discrete expr)
   * strictly after instance->time, or +infinity. */
  double (*next_time_event)(mocc_instance* instance);
} mocc_model;

#ifdef __cplusplus
}
#endif

#endif /* MOCC_MODEL_H */
