/* The C library of mocc's external-function tests; see ../Include/mocc_test_externals.h. */
#include "../Include/mocc_test_externals.h"

#include "ModelicaUtilities.h"

#include <ctype.h>
#include <string.h>

double mocc_test_affine(double x, int k) { return k * x + 1.0; }

int mocc_test_negate(int b) { return b ? 0 : 7; }

int mocc_test_next_level(int level) { return level % 3 + 1; }

double mocc_test_string_length(const char* text) { return (double)strlen(text); }

double mocc_test_size_times(size_t n, double x) { return (double)n * x; }

double mocc_test_weighted_sum(const double* a, size_t n) {
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i)
    sum += (double)(i + 1) * a[i];
  return sum;
}

void mocc_test_row_sums(const double* m, size_t rows, size_t columns, double* sums) {
  for (size_t r = 0; r < rows; ++r) {
    sums[r] = 0.0;
    for (size_t c = 0; c < columns; ++c)
      sums[r] += m[r * columns + c];
  }
}

void mocc_test_integer_ops(const int* a, size_t n, int* doubled, int* sum) {
  *sum = 0;
  for (size_t i = 0; i < n; ++i) {
    doubled[i] = 2 * a[i];
    *sum += a[i];
  }
}

void mocc_test_flags(const int* flags, size_t n, int* any, int* inverted) {
  *any = 0;
  for (size_t i = 0; i < n; ++i) {
    if (flags[i]) *any = 5; /* any nonzero value means true (MLS 12.9.1.1) */
    inverted[i] = !flags[i];
  }
}

void mocc_test_increment(double* value) { *value += 1.0; }

double mocc_test_checked(double x, double limit) {
  if (x > limit) ModelicaFormatError("mocc_test_checked: x = %g exceeds the limit %g", x, limit);
  return x;
}

/* An ExternalObject (MLS 12.9.7): a counter whose constructions and destructions are counted
 * in the file named by the environment variable MOCC_TEST_COUNTER_LOG (one line per call), so
 * that a test sees what happened inside the simulator's process. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double start;
  int calls;
} MoccTestCounter;

static void logCounterEvent(const char* what, double start) {
  const char* path = getenv("MOCC_TEST_COUNTER_LOG");
  if (!path) return;
  FILE* log = fopen(path, "a");
  if (!log) return;
  fprintf(log, "%s %g\n", what, start);
  fclose(log);
}

void* mocc_test_counter_new(double start) {
  MoccTestCounter* counter = (MoccTestCounter*)malloc(sizeof(MoccTestCounter));
  if (!counter) ModelicaError("mocc_test_counter_new: out of memory");
  counter->start = start;
  counter->calls = 0;
  logCounterEvent("constructed", start);
  return counter;
}

void mocc_test_counter_free(void* object) {
  logCounterEvent("destroyed", ((MoccTestCounter*)object)->start);
  free(object);
}

double mocc_test_counter_value(void* object, double t) {
  MoccTestCounter* counter = (MoccTestCounter*)object;
  counter->calls++;
  return counter->start + t;
}

const char* mocc_test_greeting(const char* name) {
  char* text = ModelicaAllocateString(strlen(name) + 7);
  strcpy(text, "Hello, ");
  strcat(text, name);
  return text;
}

const char* mocc_test_join(const char** parts, size_t n, const char* separator) {
  size_t length = 0;
  for (size_t i = 0; i < n; ++i)
    length += strlen(parts[i]) + (i > 0 ? strlen(separator) : 0);
  char* joined = ModelicaAllocateString(length);
  joined[0] = '\0';
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) strcat(joined, separator);
    strcat(joined, parts[i]);
  }
  return joined;
}

void mocc_test_upper(const char* text, const char** upper) {
  size_t length = strlen(text);
  char* copy = ModelicaAllocateString(length);
  for (size_t i = 0; i <= length; ++i)
    copy[i] = (char)toupper((unsigned char)text[i]);
  *upper = copy;
}
