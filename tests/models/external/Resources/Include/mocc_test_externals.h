/* The C library of mocc's external-function tests (tests/models/external): one function per
 * argument kind of MLS 12.9.1.1, each with a result that is easy to compute by hand. */
#ifndef MOCC_TEST_EXTERNALS_H
#define MOCC_TEST_EXTERNALS_H
#include <stddef.h>

/* Scalars by value: Real, Integer, Boolean, enumeration, String, size_t. */
double mocc_test_affine(double x, int k);         /* k * x + 1 */
int mocc_test_negate(int b);                      /* Boolean not; returns 7 for true */
int mocc_test_next_level(int level);              /* enumeration 1..3, cyclic */
double mocc_test_string_length(const char* text); /* strlen */
double mocc_test_size_times(size_t n, double x);  /* n * x */

/* Arrays: row-major inputs, outputs by address. */
double mocc_test_weighted_sum(const double* a, size_t n); /* sum i * a[i-1] */
void mocc_test_row_sums(const double* m, size_t rows, size_t columns, double* sums);
void mocc_test_integer_ops(const int* a, size_t n, int* doubled, int* sum);
void mocc_test_flags(const int* flags, size_t n, int* any, int* inverted);

/* An output that has a binding passes its value in (MLS 12.9): it is incremented. */
void mocc_test_increment(double* value);

/* Raises ModelicaError (MLS 12.9.6) when x > limit; else returns x. */
double mocc_test_checked(double x, double limit);

/* An ExternalObject: a counter starting at `start`; value(t) = start + t. */
void* mocc_test_counter_new(double start);
void mocc_test_counter_free(void* counter);
double mocc_test_counter_value(void* counter, double t);

/* A String result (MLS 12.9.1.1): "Hello, " followed by name, from ModelicaAllocateString. */
const char* mocc_test_greeting(const char* name);

/* Strings computed during simulation: an array of them joined with a separator, and a String
 * output through a pointer (the upper-case copy), both from ModelicaAllocateString. */
const char* mocc_test_join(const char** parts, size_t n, const char* separator);
void mocc_test_upper(const char* text, const char** upper);

#endif
