/* A model that calls external C code, and that code, in C as generated code and the Modelica
 * Standard Library's C sources are, so that ModelicaError really leaves C frames:
 *   Table table = Table(tableName("tab", 1));   // an ExternalObject, constructed in bind()
 *   der(x) = rate(time, x);                      // rate() = 1
 *   0 = y - term(time, x);                       // a loop in y (term() = x): y = x
 * with x(0) = 0, stop time 1. The scenario decides where the external code fails (see
 * test_models.h); otherwise outputs() warns once x > 0.25 and the first event_update()
 * prints a message. */
#include "ModelicaUtilities.h"
#include "test_models.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { X, N_STATES };
enum { Y, TABLE_CONSTRUCTED, N_VALUES };
enum { Y_VARIABLE = 2 }; /* position in the variable table */

static const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, X, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, X, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"y", "", MOCC_REGION_VALUE, Y, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
    {"$table", "ExternalObject", MOCC_REGION_VALUE, TABLE_CONSTRUCTED, MOCC_TYPE_REAL,
     MOCC_KIND_PARAMETER, 1, ""},
};

static const int32_t loop_unknowns[] = {Y_VARIABLE};
static const int32_t loop_rows[] = {0};
static const int32_t loop_columns[] = {0};
static const mocc_system_info systems[] = {{"linear system of 1 equation at External.mo:5:3", 1, 1,
                                            loop_unknowns, 1, loop_rows, loop_columns}};

static int scenario;
static int destructions;
static char* table; /* the external object: its name, allocated by its constructor */

/* ---- the external C code ---- */

/* Returns a String as external functions do: allocated by the tool (MLS 12.9.6.2). */
static const char* tableName(const char* stem, int number) {
  size_t length = strlen(stem) + 1;
  char* name = ModelicaAllocateString(length);
  memcpy(name, stem, length - 1);
  name[length - 1] = (char)('0' + number);
  return name;
}

static char* tableConstructor(const char* name) {
  char* copy = (char*)malloc(strlen(name) + 1);
  if (!copy) ModelicaError("Table: out of memory\n");
  strcpy(copy, name);
  return copy;
}

static void tableDestructor(char* object) {
  free(object);
  if (scenario == MOCC_TEST_EXTERNAL_ERROR_IN_DESTRUCTOR)
    ModelicaFormatError("Table: cannot close \"%s\"\n", "tab1");
}

static double rate(double time, double x) {
  if (scenario == MOCC_TEST_EXTERNAL_ERROR_IN_DERIVATIVES && time > 0.5)
    ModelicaFormatError("x = %g", x);
  return 1.0;
}

static double term(double time, double x) {
  if (scenario == MOCC_TEST_EXTERNAL_ERROR_IN_LOOP && time > 0.5)
    ModelicaFormatError("term: no value at time %g\n", time);
  return x;
}

/* ---- the model, as generated code ---- */

static void bind(mocc_instance* m) {
  if (!m->overridden[X]) m->x[X] = 0.0;
  m->v[Y] = 0.0;
  table = tableConstructor(tableName("tab", 1));
  m->v[TABLE_CONSTRUCTED] = 1.0;
  if (scenario == MOCC_TEST_EXTERNAL_ERROR_IN_BIND)
    ModelicaFormatError("Table: cannot open \"%s\"\n", "missing.txt");
}

static void residual(mocc_instance* m, const double* y, double* r) {
  r[0] = y[0] - term(m->time, m->x[X]);
}

static void loop_jacobian(mocc_instance* m, const double* y, double* values) {
  (void)m;
  (void)y;
  values[0] = 1.0;
}

static void derivatives(mocc_instance* m) {
  double y = m->v[Y];
  mocc_solve_system(m, 0, residual, loop_jacobian, &y);
  m->v[Y] = y;
  m->dx[X] = rate(m->time, m->x[X]);
}

static void crossings(mocc_instance* m, double* g) {
  (void)m;
  (void)g;
}

static void outputs(mocc_instance* m) {
  derivatives(m);
  if (scenario == MOCC_TEST_EXTERNAL_QUIET && m->x[X] > 0.25)
    ModelicaFormatWarning("x above %g\n", 0.25);
}

static int32_t event_update(mocc_instance* m) {
  derivatives(m);
  if (m->mode == MOCC_MODE_INITIAL && scenario == MOCC_TEST_EXTERNAL_QUIET)
    ModelicaFormatMessage("started at time %g\n", m->time);
  return 0;
}

static double next_time_event(mocc_instance* m) {
  (void)m;
  return INFINITY;
}

/* Destroys the constructed objects, once (model.h); counts every call of the runtime. */
static void destroy_external_objects(mocc_instance* m) {
  ++destructions;
  if (m->v[TABLE_CONSTRUCTED] == 0.0) return;
  char* object = table;
  m->v[TABLE_CONSTRUCTED] = 0.0;
  table = 0;
  tableDestructor(object);
}

static const mocc_model model = {
    .abi_version = MOCC_ABI_VERSION,
    .name = "External",
    .n_states = N_STATES,
    .n_values = N_VALUES,
    .n_variables = (int32_t)(sizeof variables / sizeof variables[0]),
    .variables = variables,
    .has_stop_time = 1,
    .has_interval = 1,
    .stop_time = 1.0,
    .interval = 0.1,
    .bind = bind,
    .derivatives = derivatives,
    .crossings = crossings,
    .outputs = outputs,
    .event_update = event_update,
    .next_time_event = next_time_event,
    .n_systems = 1,
    .systems = systems,
    .destroy_external_objects = destroy_external_objects,
};

const mocc_model* mocc_test_external_calls(int which) {
  scenario = which;
  destructions = 0;
  return &model;
}

int mocc_test_external_destructions(void) { return destructions; }

int mocc_test_external_table_open(void) { return table != 0; }
