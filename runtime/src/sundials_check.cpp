// The one checking helper for SUNDIALS calls: flag names, captured CVODE/IDA messages, and the
// IntegratorError that carries function, flag and time.
#include "sundials_check.h"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>
#include <fmt/format.h>
#include <ida/ida.h>
#include <ida/ida_ls.h>

#include <cstdlib>
#include <memory>

namespace mocc::runtime {

int SundialsCheck::operator()(int flag, const char* function, double time, Flags flags) {
  if (flag >= 0) return flag;
  fail(function, flagName(flag, flags), time);
}

void SundialsCheck::errorHandler(int code, const char* module, const char* function, char* message,
                                 void* self) {
  // Warnings (CV_WARNING, e.g. "t + h = t on the next step") are dropped: the statistics and
  // the eventual error say what matters, and the library never prints.
  if (code < 0) static_cast<SundialsCheck*>(self)->lastMessage_ = message ? message : "";
}

std::string SundialsCheck::flagName(int flag, Flags flags) {
  if (flags == Flags::Other) return fmt::format("flag {}", flag);
  // These functions return a string allocated with malloc that the caller frees.
  char* text = nullptr;
  switch (flags) {
  case Flags::Cvode: text = CVodeGetReturnFlagName(flag); break;
  case Flags::LinearSolver: text = CVodeGetLinReturnFlagName(flag); break;
  case Flags::Ida: text = IDAGetReturnFlagName(flag); break;
  case Flags::IdaLinearSolver: text = IDAGetLinReturnFlagName(flag); break;
  case Flags::Other: break;
  }
  std::unique_ptr<char, decltype(&std::free)> name(text, &std::free);
  return name ? std::string(name.get()) : fmt::format("flag {}", flag);
}

void SundialsCheck::fail(const char* function, const std::string& flagName, double time) {
  std::string message = fmt::format("{} failed at time {}: {}", function, time, flagName);
  if (!lastMessage_.empty()) message += fmt::format(" ({})", lastMessage_);
  lastMessage_.clear();
  throw IntegratorError(message, time);
}

} // namespace mocc::runtime
