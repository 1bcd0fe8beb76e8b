/* The utility functions that the C code of external Modelica functions calls (MLS 3.6 section
 * 12.9.6), implemented by the mocc runtime library (libmocc_runtime, runtime/src/
 * modelica_utilities.cpp). Plain C, usable from C and C++.
 *
 * Messages go to standard output; warnings and errors are handled like failed asserts of
 * level warning and error in Modelica code (section 8.3.7): a warning is collected with the
 * run's other warnings, an error ends the current call into the model and then the run, which
 * fails with its message and time. Strings from the allocation functions belong to the
 * runtime, which frees them when the run ends.
 *
 * The include guard is the conventional one, so that this header and the copy the Modelica
 * Standard Library ships beside its C sources can both be included; they declare the same
 * functions. */
#ifndef MODELICA_UTILITIES_H
#define MODELICA_UTILITIES_H

#include <stdarg.h>
#include <stddef.h>

/* The error functions never return to their caller (section 12.9.6.1); compilers of external
 * code need to know, or they warn about paths without a return value. */
#if defined(__cplusplus)
#define MOCC_MODELICA_NORETURN [[noreturn]]
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define MOCC_MODELICA_NORETURN _Noreturn
#elif defined(__GNUC__)
#define MOCC_MODELICA_NORETURN __attribute__((noreturn))
#else
#define MOCC_MODELICA_NORETURN
#endif

/* printf-style checks of the format functions' arguments where the compiler has them. */
#if defined(__GNUC__)
#define MOCC_MODELICA_PRINTF __attribute__((format(printf, 1, 2)))
#define MOCC_MODELICA_VPRINTF __attribute__((format(printf, 1, 0)))
#else
#define MOCC_MODELICA_PRINTF
#define MOCC_MODELICA_VPRINTF
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Section 12.9.6.1: messages, warnings and errors, with a fixed string, with printf-style
 * formatting, or with vprintf-style formatting. */

/* Writes the string (no format control) to standard output as it is. */
void ModelicaMessage(const char* string);
void ModelicaFormatMessage(const char* format, ...) MOCC_MODELICA_PRINTF;
void ModelicaVFormatMessage(const char* format, va_list arguments) MOCC_MODELICA_VPRINTF;

/* A warning, like a failed assert with level = AssertionLevel.warning: recorded once per text
 * with how often it was given. */
void ModelicaWarning(const char* string);
void ModelicaFormatWarning(const char* format, ...) MOCC_MODELICA_PRINTF;
void ModelicaVFormatWarning(const char* format, va_list arguments) MOCC_MODELICA_VPRINTF;

/* An error, like a failed assert with level = AssertionLevel.error: does not return. The
 * current call into the model ends here and the run fails with the message. */
MOCC_MODELICA_NORETURN void ModelicaError(const char* string);
MOCC_MODELICA_NORETURN void ModelicaFormatError(const char* format, ...) MOCC_MODELICA_PRINTF;
MOCC_MODELICA_NORETURN void ModelicaVFormatError(const char* format,
                                                 va_list arguments) MOCC_MODELICA_VPRINTF;

/* Section 12.9.6.2: strings owned by the runtime, for returning a String from an external
 * function or as scratch space. */

/* length + 1 characters, the last one NUL; on failure calls ModelicaError. */
char* ModelicaAllocateString(size_t length);
/* The same, but returns NULL on failure, so that the caller can release its resources before
 * calling ModelicaError. */
char* ModelicaAllocateStringWithErrorReturn(size_t length);
/* A writeable copy of the NUL-terminated `string`; on failure calls ModelicaError. */
char* ModelicaDuplicateString(const char* string);
/* The same, but returns NULL on failure. */
char* ModelicaDuplicateStringWithErrorReturn(const char* string);

#ifdef __cplusplus
}
#endif

#endif /* MODELICA_UTILITIES_H */
