/* The model ABI: the small, stable C interface between generated code (JIT or C++) and the
 * runtime. Generated code fills a mocc_model with sizes, a variable table and function
 * pointers; the runtime owns the memory of a mocc_instance and drives the functions.
 * Nothing here knows Modelica syntax.
 *
 * Storage: every Real, Integer and Boolean value is a double (Integers are exact up to 2^53,
 * Booleans are 0 or 1). A String is a double too: the handle of its text in the run's table
 * of texts (mocc_text below), which starts with mocc_model.strings. States and their derivatives
 * live in `x` and `dx` so the runtime can point them at the integrator's own vectors; everything
 * else (parameters, algebraic and discrete variables, internal values such as frozen relations)
 * lives in `v`.
 */
#ifndef MOCC_MODEL_H
#define MOCC_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MOCC_ABI_VERSION 20

/* How the generated functions evaluate relations (MLS 3.6 section 8.5). */
typedef enum mocc_mode {
  /* Relations that generate events keep the values stored at the last event. */
  MOCC_MODE_CONTINUOUS = 0,
  /* At an event: relations are evaluated and stored; when-clauses fire on edges. sample() is
   * true at its instants. */
  MOCC_MODE_EVENT = 1,
  /* The initialization pass: initial() is true; only when-clauses written
   * `when initial()` or `when {..., initial(), ...}` are active (MLS 8.6). */
  MOCC_MODE_INITIAL = 2,
  /* An event instant after its sample instants have ended (ABI 15): as MOCC_MODE_EVENT, but
   * sample() is false again, as during the continuous phase that follows. The end of a sample
   * instant is an edge of `not sample(...)` that fires its when-clauses at the same time. */
  MOCC_MODE_EVENT_AFTER_SAMPLES = 3
} mocc_mode;

/* Nonzero in either event mode: relations are evaluated and when-clauses fire on edges. */
#define MOCC_IS_EVENT_MODE(mode)                                                                   \
  ((mode) == MOCC_MODE_EVENT || (mode) == MOCC_MODE_EVENT_AFTER_SAMPLES)

/* Where a variable is stored. */
typedef enum mocc_region {
  MOCC_REGION_STATE = 0,      /* x[index] */
  MOCC_REGION_DERIVATIVE = 1, /* dx[index] */
  MOCC_REGION_VALUE = 2       /* v[index] */
} mocc_region;

typedef enum mocc_type {
  MOCC_TYPE_REAL = 0,
  MOCC_TYPE_INTEGER = 1,
  MOCC_TYPE_BOOLEAN = 2,
  MOCC_TYPE_STRING = 3 /* a handle (mocc_text, ABI 14) */
} mocc_type;

/* A variable's role at the model's boundary (ABI 17): the top-level inputs and outputs of the
 * simulated class (MLS 4.4.2.2), which an importer of the model (an FMU's, say) sets and reads. */
typedef enum mocc_causality {
  MOCC_CAUSALITY_LOCAL = 0,
  MOCC_CAUSALITY_INPUT = 1,
  MOCC_CAUSALITY_OUTPUT = 2
} mocc_causality;

typedef enum mocc_kind {
  MOCC_KIND_CONSTANT = 0,
  MOCC_KIND_PARAMETER = 1,
  MOCC_KIND_STATE = 2,
  MOCC_KIND_DERIVATIVE = 3,
  MOCC_KIND_ALGEBRAIC = 4, /* continuous-time, not a state */
  MOCC_KIND_DISCRETE = 5,  /* changes only at events */
  MOCC_KIND_INTERNAL = 6   /* made by the compiler (frozen relations, when conditions) */
} mocc_kind;

/* What generated code reports through mocc_instance.report. */
typedef enum mocc_report_kind {
  MOCC_REPORT_ASSERT_ERROR = 0,   /* an assert with level error failed: id is a message */
  MOCC_REPORT_ASSERT_WARNING = 1, /* an assert with level warning failed */
  MOCC_REPORT_TERMINATE = 2,      /* terminate(message) was called: stop successfully */
  MOCC_REPORT_MESSAGE = 3         /* a text to show (Modelica.Utilities.Streams.print, ABI 11) */
} mocc_report_kind;

/* How a value computed at run time is written into a message: the forms of the built-in
 * String() (MLS 3.6 section 3.7.4.5). */
typedef enum mocc_format_kind {
  MOCC_FORMAT_REAL = 0,        /* %.<significant_digits>g, as C's printf */
  MOCC_FORMAT_INTEGER = 1,     /* the integer in decimal */
  MOCC_FORMAT_BOOLEAN = 2,     /* "true" or "false" */
  MOCC_FORMAT_ENUMERATION = 3, /* the name of literal <value> (1-based) */
  MOCC_FORMAT_TEXT = 4         /* a String: its handle (ABI 14) */
} mocc_format_kind;

typedef struct mocc_message_value {
  int32_t format;             /* mocc_format_kind */
  int32_t significant_digits; /* Real only */
  int32_t minimum_length;     /* padded with blanks to at least this many characters */
  int32_t left_justified;     /* nonzero: the blanks go after the value, else before it */
  int32_t n_literals;         /* Enumeration: the literal names, by ordinal - 1 */
  const char* const* literals;
  /* Real, or null: String(r, format = s), "[flags][width][.precision]conversion" as C's
   * printf without '%' (conversion e, E, f, F, g or G); the options above then do not apply */
  const char* format_string;
} mocc_message_value;

/* A message with values computed at run time (`"u = " + String(u)`): texts[0], then the
 * first value, texts[1], ..., the last value, texts[n_values]. A constant message has
 * n_values 0 (texts and values may then be null): its text is mocc_model.messages[i]. */
typedef struct mocc_message_template {
  int32_t n_values;
  const char* const* texts;         /* [n_values + 1] */
  const mocc_message_value* values; /* [n_values] */
} mocc_message_template;

typedef struct mocc_variable {
  const char* name;        /* Modelica name, e.g. "h", "der(h)", "a.b[2]" */
  const char* description; /* the declaration's description string, or "" */
  int32_t region;          /* mocc_region */
  int32_t index;           /* position within the region */
  int32_t type;            /* mocc_type */
  int32_t kind;            /* mocc_kind */
  int32_t hidden;          /* nonzero for compiler-made values not written to results */
  /* "file:line:col" of the equation that computes it (ABI 15), "" or null when unknown:
   * run-time errors about its value point there. */
  const char* origin;
  /* ABI 16: 1 + the index in mocc_model.variables of the variable that alias elimination
   * found this one equal to, or 0 (so that a table written without it has no aliases);
   * nonzero alias_negated: it equals minus that variable. An alias still has its own
   * storage; result formats that share columns (MAT) use this. */
  int32_t alias;
  int32_t alias_negated;
  /* ABI 17: the unit attribute of its declaration (MLS 4.8), "" or null when it has none, and
   * its mocc_causality. */
  const char* unit;
  int32_t causality;
  /* ABI 18, parameters only. `tunable`: the compiled code reads its value at run time and
   * nothing was made from it once and for all (an ExternalObject, say), so an importer may
   * change it between events; update_parameters then recomputes the parameters bound to it.
   * Only code compiled for an importer (`mocc fmu`) has tunable parameters.
   * `calculated`: fixed = false, so the initialization problem computes it (MLS 8.6) and no one
   * can set it. */
  int32_t tunable;
  int32_t calculated;
} mocc_variable;

typedef struct mocc_instance mocc_instance;

/* An algebraic loop of the model (for messages and the solver's bookkeeping). */
typedef struct mocc_system_info {
  const char* description; /* "nonlinear system of 2 equations at model.mo:12:3" */
  int32_t size;            /* number of iteration variables */
  int32_t linear;          /* nonzero: one exact Newton step solves it */
  const int32_t* unknowns; /* [size] indices into mocc_model.variables */
  /* The structural nonzeros of its analytic Jacobian dr/dx: entry k is d r[rows[k]] /
   * d x[columns[k]]. The `jacobian` function given to mocc_solve_system writes the values of
   * these entries in this order. 0 when the loop has no analytic Jacobian. */
  int32_t n_jacobian;
  const int32_t* jacobian_rows;
  const int32_t* jacobian_columns;
  /* The relations its equations evaluate, as indices into mocc_model.relations (its Boolean
   * unknowns when it is a mixed system, MLS 3.6 section 8.6; ABI version 20). */
  int32_t n_relations;
  const int32_t* relations;
} mocc_system_info;

/* Dynamic state selection: the runtime chooses `n_states` states among `n_candidates`;
 * n_constraints = n_candidates - n_states constraints determine the others. */
typedef struct mocc_state_set_info {
  int32_t n_candidates, n_states, n_constraints;
  const int32_t* candidates; /* [n_candidates] indices into mocc_model.variables */
  const int32_t* states;     /* [n_states] the set's state variables */
  const int32_t* selection;  /* [n_states * n_candidates] the selection matrix's variables */
} mocc_state_set_info;

/* The resolution of a located root in a relation's operands (see crossing_direction): the
 * root finder places the event within about 100 eps (|t| + |h|) of the root in time, where
 * the operands agree only up to their rates times that and the rounding of their terms: an ulp
 * or two for the MSL's thyristor gate (`vGK < 0.65` of `vGK = if vGK < 0.65 then ...`), tens
 * of roundings in tests/models/events/SelfSelectingBranch.mo. Relations with zero (`s < 0`)
 * are unaffected: the bound is 0 unless s is. */
#define MOCC_CROSSING_RESOLUTION 1e-13

struct mocc_instance {
  double time;
  double* x;     /* states [n_states] */
  double* dx;    /* state derivatives [n_states] */
  double* v;     /* other values [n_values] */
  double* pre_x; /* pre() of states: left limits at an event [n_states] */
  double* pre_v; /* pre() of values [n_values] */
  /* [n_crossings] +1 or -1 when the runtime has just located that crossing function going
   * up or down, else 0. A relation `a op b` whose crossing function is zero at the event up
   * to the root's resolution, |a - b| <= MOCC_CROSSING_RESOLUTION * max(|a|, |b|) (ABI
   * version 12), takes the value it has just after the crossing (right-limit), so a root at
   * which the function is still 0, or on its old side by rounding, is not lost. +2 or -2 force the
   * relation to the value it has where the crossing function is positive or negative: in
   * continuous mode whatever is stored (Filippov sliding evaluates the vector fields on both sides
   * of a surface), at an event whatever lhs - rhs is (ABI version 13: a root the runtime decided,
   * whose function is on its old side by less than the root's resolution in time). */
  const int8_t* crossing_direction;
  /* [n_states + n_values], indexed by state index, then n_states + value index: nonzero
   * when the runtime has set the start value (states) or value (parameters) itself, so
   * bind() must keep it. */
  const uint8_t* overridden;
  int32_t mode;     /* mocc_mode */
  int32_t terminal; /* nonzero for the final evaluation: terminal() is true */
  void* runtime;    /* owned by the runtime; generated code passes it through untouched */
  /* Generated code reports failed asserts and terminate() here and carries on; the runtime
   * decides what to do after the call returns. `value` is the time of the report; `values`
   * holds the message's values (message_templates[message].n_values of them, in order), or
   * is null when the message has none. */
  void (*report)(mocc_instance* instance, int32_t kind, int32_t message, double value,
                 const double* values);
  /* The homotopy parameter lambda (MLS 3.6 section 3.7.4.4, ABI version 6): generated code
   * evaluates homotopy(actual, simplified) as `actual` when it is 1 and as
   * lambda * actual + (1 - lambda) * simplified otherwise. The runtime keeps it at 1 except
   * while `initialize` follows the homotopy path from 0 to 1 (mocc_model.uses_homotopy). */
  double homotopy_lambda;
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
  const char* const* messages; /* assert and terminate messages */
  /* [n_messages], or null when no message has values. Entry i with n_values > 0 is how the
   * text of message i is made from the values passed to report; messages[i] then shows the
   * values as "<value>" (for a reader without them). */
  const mocc_message_template* message_templates;
  const char* const* crossing_descriptions; /* [n_crossings] "h < 0 at model.mo:7:8" */

  /* experiment annotation; has_* are nonzero when the model gave the value */
  int32_t has_start_time, has_stop_time, has_tolerance, has_interval;
  double start_time, stop_time, tolerance, interval;

  /* The function entries, from bind to update_parameters, are listed in this order in
   * mocc/model_entries.def, the table both code generators define them from. */

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

  /* Initial mode, after bind(): solves the initialization problem (MLS 8.6) and computes
   * every variable at the start time, firing `when initial()` branches; reinit() is applied at
   * its end as in event_update. The runtime calls it once, in place of the first
   * event_update in initial mode (which it calls when this is null), then iterates events as
   * after any event. */
  void (*initialize)(mocc_instance* instance);

  /* Algebraic loops solved through mocc_solve_system. */
  int32_t n_systems;
  const mocc_system_info* systems;

  /* Optional analytic Jacobian of dx with respect to x, in continuous mode: `jacobian`
   * writes the values of the `n_jacobian` nonzeros at (jacobian_rows[k],
   * jacobian_columns[k]), state indices; pairs are distinct. Null when none was derived:
   * integrators then difference `derivatives`. */
  int32_t n_jacobian;
  const int32_t* jacobian_rows;
  const int32_t* jacobian_columns;
  void (*jacobian)(mocc_instance* instance, double* values);

  /* Dynamic state selection (Mattsson and Soederlind 1993): `state_set_jacobian`, in
   * continuous mode at time and x, writes the row-major Jacobian of a set's constraints with
   * respect to its candidates (n_constraints x n_candidates). The runtime keeps each set's
   * selection regular: it sets the selection variables (a 0/1 matrix, one 1 per row) and the
   * set's states s = A * candidates, then restarts like after an event. */
  int32_t n_state_sets;
  const mocc_state_set_info* state_sets;
  void (*state_set_jacobian)(mocc_instance* instance, int32_t set, double* values);

  /* The residual form for implicit integrators (IDA), index 1. The algebraic loops that
   * `derivatives` solves at its top level are opened: their iteration variables, listed in
   * `dae_unknowns` (indices into `variables`, loop after loop), become unknowns z of the
   * integrator. `dae_residuals`, in continuous mode, does what `derivatives` does except that
   * each opened loop takes its iteration variables from z and writes its residuals to r (in
   * the same order) instead of being solved; dx is written as by `derivatives`. The
   * integrator then solves r = 0 and xp = dx together. n_dae_unknowns is 0 (and dae_residuals
   * may be null) when `derivatives` solves no loop. */
  int32_t n_dae_unknowns;
  const int32_t* dae_unknowns;
  void (*dae_residuals)(mocc_instance* instance, const double* z, double* r);

  /* Continuous mode, at time and x: the time derivatives of the crossing functions along the
   * solution, rates[i] = d g_i / dt (with dx from the model's derivatives), derived
   * symbolically by the compiler for the event locators. An entry the compiler could not
   * derive (a crossing that reads an algebraic loop, say) is NaN; the runtime differentiates
   * that one numerically. Null when n_crossings is 0. */
  void (*crossing_rates)(mocc_instance* instance, double* rates);

  /* Continuous mode: the Jacobian of the residual form, for the integrator's Newton matrix.
   * With the loops taking their iteration variables from z as in dae_residuals (which writes
   * their residuals to r, scratch of n_dae_unknowns), the values of the n_dae_jacobian
   * nonzeros of d [dx; r] / d [x; z] at (dae_jacobian_rows[k], dae_jacobian_columns[k]):
   * rows and columns in [0, n_states + n_dae_unknowns), the states first. Null (and
   * n_dae_jacobian 0) when n_dae_unknowns is 0 or the compiler could not derive it. */
  void (*dae_jacobian)(mocc_instance* instance, const double* z, double* r, double* values);
  int32_t n_dae_jacobian;
  const int32_t* dae_jacobian_rows;
  const int32_t* dae_jacobian_columns;

  /* Nonzero when the initialization problem (`initialize` and the loops it solves) reads
   * homotopy_lambda: the runtime then solves it at lambda = 0 first and follows the solution
   * to lambda = 1 (ABI version 6). */
  int32_t uses_homotopy;
  /* ExternalObjects (MLS 3.6 section 12.9.7, ABI version 7): bind() constructs them (in
   * dependency order); this calls the destructor of every one that is constructed, in the
   * reverse order, and marks it destroyed, so a second call does nothing. The runtime calls
   * it once when a run ends, also when the run fails. Null when the model has none. */
  void (*destroy_external_objects)(mocc_instance* instance);

  /* delay() (MLS 3.6 section 3.7.4.2, ABI version 8): the model's delay operators, numbered
   * from 0. Generated code reads each one's value through mocc_delay (below) from a history
   * the runtime records: `delay_inputs`, in continuous mode at time and x, writes the current
   * value of every delayed expression to values[n_delays], and the runtime calls it at every
   * accepted integrator step and at both limits of every event. Null when n_delays is 0. */
  int32_t n_delays;
  void (*delay_inputs)(mocc_instance* instance, double* values);

  /* [n_states] the magnitude of each state's nominal attribute (MLS 3.6 section 4.8.6), which
   * scales its absolute error tolerance; null when every state has nominal 1 (ABI version 9). */
  const double* state_nominals;

  /* [n_relations] the stored value of each relation that generates events (MLS 3.6 section
   * 8.5), as an index into `variables` (ABI version 10). Loops solve with these stored values
   * (model.h, mocc_solve_system), so the runtime may set them before an event_update to try
   * another combination when event iteration cycles through the relations of a mixed system
   * of Real and Boolean equations (MLS 3.6 section 8.6). */
  int32_t n_relations;
  const int32_t* relations;

  /* [n_crossings] the relation each crossing function watches (ABI version 12):
   * crossing_relations[i] is the index into `variables` of its stored value, and
   * crossing_positive_values[i] (0 or 1) that value where the crossing function is positive;
   * where it is negative the relation has the other value. A relation decided for its
   * located side within MOCC_CROSSING_RESOLUTION may hold while its function is still on the
   * other side, where the root finder would see no crossing if the function turned back: after
   * an event the runtime finds those and probes where they move. Null when n_crossings is 0, or
   * when a crossing does not name its relation. */
  const int32_t* crossing_relations;
  const int32_t* crossing_positive_values;

  /* The texts of the program's String constants (ABI version 14): the String constant with
   * handle k is strings[k], and strings[0] is "". The runtime's table of texts starts with
   * them; the texts computed during the run get the handles after them. */
  int32_t n_strings;
  const char* const* strings;

  /* [n_messages] "file:line:col" of the assert each message belongs to, "" where unknown (ABI
   * 17): a failure report names where the assert stands. Null when no message has one. */
  const char* const* message_origins;
  /* ABI 18: bind()'s assignments of the parameters whose bindings read tunable ones, in
   * dependency order, skipping what `overridden` marks: after an importer changed tunable
   * parameters between events. Null when no binding reads a tunable parameter. */
  void (*update_parameters)(mocc_instance* instance);
} mocc_model;

/* A service of the runtime library that generated code calls: solves algebraic loop
 * `system` for its iteration variables x (in: the start, out: the solution) with a damped
 * Newton method, `residual` writing r(x) (and setting the loop's other variables as a side
 * effect) and `jacobian` writing the values of the loop's Jacobian nonzeros at x in the order
 * of mocc_system_info.jacobian_rows/columns (null: finite differences). On success the last
 * call of `residual` was at the returned x, so the loop's other variables belong to the
 * solution. Returns 0 on success; on failure it records the cause (the loop's variables, the
 * residual norm, the time) for the runtime to report, leaves x at its start values and
 * returns nonzero. `instance->runtime` must be what the runtime attached (its
 * InstanceServices); with anything else the call fails at once. The symbol is exported by
 * the runtime library, so a JIT resolves it from the process. */
int32_t mocc_solve_system(mocc_instance* instance, int32_t system,
                          void (*residual)(mocc_instance* instance, const double* x, double* r),
                          void (*jacobian)(mocc_instance* instance, const double* x, double* j),
                          double* x);

/* A service of the runtime library that generated code calls, in event and initial mode, after
 * solving loop `system` with mocc_solve_system and evaluating the loop once more at the
 * solution (which stores its relations): nonzero when the loop must be solved again, with the
 * relation values the runtime has now stored, because the solution's relations differ from
 * those it was solved with (a mixed system of Real and Boolean equations, MLS 3.6 section 8.6;
 * the runtime iterates, then searches for a consistent choice). 0 without an attached runtime.
 * Exported like mocc_solve_system (ABI version 10). */
int32_t mocc_settle_loop(mocc_instance* instance, int32_t system);

/* A service of the runtime library that generated code calls: the value of delay operator
 * `delay` (MLS 3.6 section 3.7.4.2) at instance->time, delay(expr, delay_time, delay_max) with
 * `value` the current value of expr. Before time.start + delay_time it is expr at the start
 * time; after, expr(time - delay_time) interpolated linearly in the history the runtime
 * recorded through delay_inputs, a jump at a recorded event instant reappearing exactly
 * delay_time later (its left limit until the runtime's event iteration there, its right limit
 * from then on), and `value` standing for expr at the current time beyond the last recorded
 * point (a delay shorter than the step). A delay_time of 0 (or less) gives `value`. Without an
 * attached runtime (instance->runtime null) it returns `value`. Exported like
 * mocc_solve_system. */
double mocc_delay(mocc_instance* instance, int32_t delay, double value, double delay_time,
                  double delay_max);

/* A model whose structure changes at events (ABI version 19): its if-equations with branches
 * of different structure make one mocc_model per mode, the branch each such if-equation takes
 * (runtime/include/mocc/runtime/modes.h). Every mode's model computes the hidden Integer
 * selectors, one per structural if-equation, holding the branch (1-based) it takes; the
 * runtime switches to the mode they select after an event. Generated C++ defines
 * `const mocc_mode_set* mocc_modes_definition(void)` for such a model. */
typedef struct mocc_mode_entry {
  const int32_t* key;      /* [n_selectors] the selector values of the mode */
  const char* description; /* which branch each if-equation takes, in words */
  const mocc_model* model; /* null when the mode does not compile... */
  const char* error;       /* ...and then why, as the compiler said it */
} mocc_mode_entry;

typedef struct mocc_mode_set {
  uint32_t abi_version; /* MOCC_ABI_VERSION */
  int32_t n_selectors;
  const char* const* selectors; /* [n_selectors] "$mode1", ... */
  int32_t n_modes;
  const mocc_mode_entry* modes; /* [n_modes] every branch combination */
  const int32_t* initial_key;   /* [n_selectors] the mode the start values select */
  /* Variables v that the model defines as derivatives (`der(x) = v`) with their levels, 1 + the
   * level of x: a switch projects positions before velocities. Others have level 0. */
  int32_t n_derivatives;
  const char* const* derivative_names;
  const int32_t* derivative_levels;
} mocc_mode_set;

/* The operations on Strings that generated code leaves to the runtime (mocc_text). */
typedef enum mocc_text_operation {
  MOCC_TEXT_CONCAT = 0,      /* a + b */
  MOCC_TEXT_COMPARE = 1,     /* -1, 0 or 1 as text a is before, equal to or after b */
  MOCC_TEXT_REAL = 2,        /* String(a, significantDigits = b, minimumLength = c,
                                leftJustified = d) */
  MOCC_TEXT_REAL_FORMAT = 3, /* String(a, format = text b) */
  MOCC_TEXT_INTEGER = 4      /* String(a, minimumLength = b, leftJustified = c) */
} mocc_text_operation;

/* Services of the runtime library for Strings (MLS 3.6 sections 3.4 and 3.7.4.5, ABI version
 * 14), exported like mocc_solve_system. A String value is a handle into the run's table of
 * texts; the table interns, so two handles are equal exactly when their texts are, and a text
 * lives until the run ends. mocc_text computes `operation` (mocc_text_operation) of its
 * operands (handles where they are Strings) and returns the handle of the result (an Integer
 * for MOCC_TEXT_COMPARE); mocc_string_text gives the text of a handle (for external
 * functions), mocc_string_handle the handle of a text (an external function's result).
 * Without an attached runtime they return 0 and "". */
double mocc_text(mocc_instance* instance, int32_t operation, double a, double b, double c,
                 double d);
const char* mocc_string_text(mocc_instance* instance, double handle);
double mocc_string_handle(mocc_instance* instance, const char* text);

#ifdef __cplusplus
}
#endif

#endif /* MOCC_MODEL_H */
