// ModelicaUtilities.h (MLS 3.6 section 12.9.6) for the C code of external functions, and the
// guards that ModelicaError returns to (external_call_guard.h).
//
// Each guard is a setjmp target on a thread-local stack; it remembers the mocc_instance of the
// call, whose InstanceServices receive what external code reports meanwhile (warnings, errors)
// and own the strings it allocates. ModelicaError stores its message and longjmps to the
// innermost guard, skipping only generated code and external C frames (the runtime never runs
// its own C++ code inside a guarded call). Outside every guard there is nobody to return to:
// ModelicaError then prints its message and aborts the process, the last resort, since
// returning would break its promise never to return (external code relies on it).
#include "ModelicaUtilities.h"

#include "mocc/runtime/external_call_guard.h"
#include "mocc/runtime/instance_services.h"

#include <csetjmp>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#define MOCC_EXPORT __attribute__((visibility("default")))

namespace mocc::runtime {

namespace {

struct Guard;
thread_local Guard* innermost = nullptr;

/// One entry of the stack, pushed and popped by its lifetime: also when a C++ exception leaves
/// the guarded call (generated C++ code lets the runtime's exceptions through).
struct Guard {
  explicit Guard(mocc_instance* instance) : instance(instance), previous(innermost) {
    innermost = this;
  }
  ~Guard() { innermost = previous; }
  Guard(const Guard&) = delete;
  Guard& operator=(const Guard&) = delete;

  std::jmp_buf target;
  mocc_instance* const instance;
  Guard* const previous;
};

// The message of the ModelicaError on its way to the innermost guard. Not a member of the
// guard: that is a local of the function that called setjmp, and such locals changed before
// the longjmp are indeterminate after it (C 7.13.2.1).
thread_local std::string raised;
// Strings allocated while no guarded call runs (a test, external code called outside a run);
// freed when the thread ends.
thread_local StringArena stringsOutsideRuns;

InstanceServices* currentServices() {
  return innermost ? InstanceServices::of(innermost->instance) : nullptr;
}

double currentTime() {
  return innermost && innermost->instance ? innermost->instance->time
                                          : std::numeric_limits<double>::quiet_NaN();
}

std::string vformat(const char* format, va_list arguments) {
  if (!format) return {};
  va_list measuring;
  va_copy(measuring, arguments);
  int length = std::vsnprintf(nullptr, 0, format, measuring);
  va_end(measuring);
  if (length < 0) return format; // an invalid format: its text as it is
  std::string text(static_cast<std::size_t>(length), '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, arguments);
  return text;
}

/// External code often ends its messages with a newline (the MSL's C sources do); the runtime
/// shows warnings and errors on lines of their own.
std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.pop_back();
  return text;
}

void warn(std::string text) noexcept {
  try {
    if (InstanceServices* services = currentServices()) {
      services->reportExternal(ExternalReportKind::Warning, currentTime(), trimmed(text));
      return;
    }
    std::fprintf(stderr, "mocc runtime: warning: %s\n", trimmed(text).c_str());
  } catch (...) {
    // An exception must not reach external C code; a lost warning is the lesser harm.
  }
}

void storeRaised(const char* text) noexcept {
  try {
    raised = trimmed(text ? text : "");
  } catch (...) {
    raised.clear(); // out of memory: the failure still ends the call, without its text
  }
}

void storeRaised(const char* format, va_list arguments) noexcept {
  try {
    raised = trimmed(vformat(format, arguments));
  } catch (...) {
    raised.clear();
  }
}

/// Returns to the innermost guard with the stored message; no frame of this file that has a
/// destructor is alive here.
[[noreturn]] void returnToGuard() noexcept {
  if (Guard* guard = innermost) std::longjmp(guard->target, 1);
  std::fprintf(stderr, "mocc runtime: ModelicaError outside a call into the model: %s\n",
               raised.c_str());
  std::fflush(stderr);
  std::abort();
}

} // namespace

void StringArena::Free::operator()(char* string) const { std::free(string); }

char* StringArena::allocate(std::size_t length) noexcept {
  if (length >= std::numeric_limits<std::size_t>::max()) return nullptr; // length + 1 overflows
  char* string = static_cast<char*>(std::malloc(length + 1));
  if (!string) return nullptr;
  string[length] = '\0';
  try {
    strings_.emplace_back(string);
  } catch (...) {
    std::free(string);
    return nullptr;
  }
  return string;
}

// The guard lives in this frame, the longjmp's target, so its destructor is never skipped; it
// does not change between setjmp and longjmp (C 7.13.2.1).
std::optional<std::string> runGuarded(mocc_instance* instance, void (*body)(void*), void* context) {
  Guard guard(instance);
  if (setjmp(guard.target) == 0) {
    body(context);
    return std::nullopt;
  }
  return std::exchange(raised, std::string());
}

int activeGuards() {
  int count = 0;
  for (const Guard* guard = innermost; guard; guard = guard->previous)
    ++count;
  return count;
}

} // namespace mocc::runtime

using mocc::runtime::InstanceServices;
using mocc::runtime::StringArena;

namespace {

StringArena& currentStrings() {
  InstanceServices* services = mocc::runtime::currentServices();
  return services ? services->strings() : mocc::runtime::stringsOutsideRuns;
}

} // namespace

extern "C" {

MOCC_EXPORT void ModelicaMessage(const char* string) { std::fputs(string ? string : "", stdout); }

MOCC_EXPORT void ModelicaFormatMessage(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  ModelicaVFormatMessage(format, arguments);
  va_end(arguments);
}

MOCC_EXPORT void ModelicaVFormatMessage(const char* format, va_list arguments) {
  if (format) std::vfprintf(stdout, format, arguments);
}

MOCC_EXPORT void ModelicaWarning(const char* string) {
  try {
    mocc::runtime::warn(string ? string : "");
  } catch (...) {
  }
}

MOCC_EXPORT void ModelicaFormatWarning(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  ModelicaVFormatWarning(format, arguments);
  va_end(arguments);
}

MOCC_EXPORT void ModelicaVFormatWarning(const char* format, va_list arguments) {
  try {
    mocc::runtime::warn(mocc::runtime::vformat(format, arguments));
  } catch (...) {
  }
}

MOCC_EXPORT void ModelicaError(const char* string) {
  mocc::runtime::storeRaised(string);
  mocc::runtime::returnToGuard();
}

// va_end is not reached: the call never returns (a no-op on the ABIs the runtime supports).
MOCC_EXPORT void ModelicaFormatError(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  ModelicaVFormatError(format, arguments);
}

MOCC_EXPORT void ModelicaVFormatError(const char* format, va_list arguments) {
  mocc::runtime::storeRaised(format, arguments);
  mocc::runtime::returnToGuard();
}

MOCC_EXPORT char* ModelicaAllocateStringWithErrorReturn(size_t length) {
  return currentStrings().allocate(length);
}

MOCC_EXPORT char* ModelicaAllocateString(size_t length) {
  char* string = ModelicaAllocateStringWithErrorReturn(length);
  if (!string)
    ModelicaFormatError("ModelicaAllocateString: no memory for a string of %zu characters", length);
  return string;
}

MOCC_EXPORT char* ModelicaDuplicateStringWithErrorReturn(const char* string) {
  if (!string) string = "";
  std::size_t length = std::strlen(string);
  char* copy = ModelicaAllocateStringWithErrorReturn(length);
  if (copy) std::memcpy(copy, string, length);
  return copy;
}

MOCC_EXPORT char* ModelicaDuplicateString(const char* string) {
  char* copy = ModelicaDuplicateStringWithErrorReturn(string);
  if (!copy)
    ModelicaFormatError("ModelicaDuplicateString: no memory for a copy of %zu characters",
                        std::strlen(string ? string : ""));
  return copy;
}

} // extern "C"
