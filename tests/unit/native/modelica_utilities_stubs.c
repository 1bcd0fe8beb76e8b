/* TEST STUBS, not the runtime's implementation: the ModelicaUtilities functions (MLS 3.6
   section 12.9.6) that the MSL's C sources call, so that their object loads with RTLD_NOW in
   a test executable that does not link mocc_runtime. Errors abort: a test that reaches one
   has failed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ModelicaVFormatMessage(const char* format, va_list args) { vprintf(format, args); }

void ModelicaMessage(const char* string) { fputs(string, stdout); }

void ModelicaFormatMessage(const char* format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatMessage(format, args);
  va_end(args);
}

void ModelicaVFormatWarning(const char* format, va_list args) { vfprintf(stderr, format, args); }

void ModelicaWarning(const char* string) { fputs(string, stderr); }

void ModelicaFormatWarning(const char* format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatWarning(format, args);
  va_end(args);
}

void ModelicaVFormatError(const char* format, va_list args) {
  fputs("test stub ModelicaError: ", stderr);
  vfprintf(stderr, format, args);
  abort();
}

void ModelicaError(const char* string) {
  fprintf(stderr, "test stub ModelicaError: %s\n", string);
  abort();
}

void ModelicaFormatError(const char* format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatError(format, args);
  va_end(args);
}

char* ModelicaAllocateStringWithErrorReturn(size_t length) { return calloc(length + 1, 1); }

char* ModelicaAllocateString(size_t length) {
  char* string = ModelicaAllocateStringWithErrorReturn(length);
  if (!string) ModelicaError("out of memory");
  return string;
}

char* ModelicaDuplicateStringWithErrorReturn(const char* string) {
  char* copy = ModelicaAllocateStringWithErrorReturn(strlen(string));
  if (copy) strcpy(copy, string);
  return copy;
}

char* ModelicaDuplicateString(const char* string) {
  char* copy = ModelicaDuplicateStringWithErrorReturn(string);
  if (!copy) ModelicaError("out of memory");
  return copy;
}
