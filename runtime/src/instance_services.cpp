// InstanceServices, the formatting of messages with values (formatMessage) and the exported C
// entry points mocc_solve_system and mocc_delay (model.h), which generated code calls to solve
// its algebraic loops and to read the history of delay(). The symbols have default visibility
// so that a JIT's process-symbol lookup finds them in the loaded runtime library.
#include "mocc/runtime/instance_services.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace mocc::runtime {

namespace {

std::string number(const char* format, double value) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// The frontend folds String() of constants the same way (frontend/instance/src/
// lower_builtins.cpp, formatConstant).
std::string formatValue(const mocc_message_value& format, double value) {
  std::string text;
  switch (format.format) {
  case MOCC_FORMAT_BOOLEAN: text = value != 0 ? "true" : "false"; break;
  case MOCC_FORMAT_INTEGER:
    text = std::isfinite(value) && std::fabs(value) < 9.2e18
               ? std::to_string(static_cast<long long>(value))
               : number("%g", value);
    break;
  case MOCC_FORMAT_TEXT: {
    // Generated code stores the address as a double, exactly (user-space addresses are
    // below 2^53); the external function's string lives in the run's StringArena.
    const auto* address =
        reinterpret_cast<const char*>(static_cast<std::uintptr_t>(value)); // NOLINT
    text = value > 0 ? address : "";
    break;
  }
  case MOCC_FORMAT_ENUMERATION:
    if (value >= 1 && value <= format.n_literals && value == std::floor(value) &&
        format.literals[static_cast<int>(value) - 1]) {
      text = format.literals[static_cast<int>(value) - 1];
    } else {
      text = number("%g", value);
    }
    break;
  default:
    // The compiler checked the format: flags, width and precision of at most 3 digits each,
    // and a conversion e, E, f, F, g or G.
    if (format.format_string)
      return number(("%" + std::string(format.format_string)).c_str(), value);
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%.*g", static_cast<int>(format.significant_digits),
                  value);
    text = buffer;
  }
  if (format.minimum_length > 0 && text.size() < static_cast<std::size_t>(format.minimum_length)) {
    std::string blanks(static_cast<std::size_t>(format.minimum_length) - text.size(), ' ');
    text = format.left_justified ? text + blanks : blanks + text;
  }
  return text;
}

} // namespace

std::string formatMessage(const mocc_model& model, int32_t message, const double* values) {
  if (message < 0 || message >= model.n_messages || !model.messages)
    return "message #" + std::to_string(message);
  const mocc_message_template* t =
      model.message_templates ? &model.message_templates[message] : nullptr;
  if (!t || t->n_values <= 0 || !values)
    return model.messages[message] ? model.messages[message]
                                   : "message #" + std::to_string(message);
  std::string text = t->texts[0];
  for (int32_t i = 0; i < t->n_values; ++i) {
    text += formatValue(t->values[i], values[i]);
    text += t->texts[i + 1];
  }
  return text;
}

InstanceServices::InstanceServices(const mocc_model& model, AlgebraicSolverSettings settings)
    : solver_(model, settings), loopRelations_(model, solver_), delays_(model.n_delays) {}

int InstanceServices::solveLoop(mocc_instance& instance, int system,
                                AlgebraicSolver::Residual residual,
                                AlgebraicSolver::Jacobian jacobian, double* x) {
  if (instance.mode != MOCC_MODE_CONTINUOUS) loopRelations_.beforeSolve(instance, system);
  return solver_.solve(&instance, system, residual, jacobian, x);
}

void InstanceServices::attach(mocc_instance& instance) {
  instance.runtime = this;
  instance.report = &InstanceServices::forwardReport;
}

InstanceServices* InstanceServices::of(const mocc_instance* instance) {
  return instance ? static_cast<InstanceServices*>(instance->runtime) : nullptr;
}

void InstanceServices::reportExternal(ExternalReportKind kind, double time,
                                      const std::string& text) {
  if (externalReport_) {
    externalReport_(kind, time, text);
    return;
  }
  const char* what = kind == ExternalReportKind::Error ? "ModelicaError" : "ModelicaWarning";
  std::fputs(fmt::format("mocc runtime: {} at time {}: {}\n", what, time, text).c_str(), stderr);
}

void InstanceServices::forwardReport(mocc_instance* instance, int32_t kind, int32_t message,
                                     double time, const double* values) {
  InstanceServices* services = of(instance);
  if (services && services->report_) services->report_(kind, message, time, values);
}

} // namespace mocc::runtime

extern "C" __attribute__((visibility("default"))) int32_t
mocc_solve_system(mocc_instance* instance, int32_t system,
                  void (*residual)(mocc_instance* instance, const double* x, double* r),
                  void (*jacobian)(mocc_instance* instance, const double* x, double* j),
                  double* x) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  if (!services) return 1; // nobody to solve or to record the failure: the caller sees it
  return services->solveLoop(*instance, system, residual, jacobian, x);
}

extern "C" __attribute__((visibility("default"))) int32_t mocc_settle_loop(mocc_instance* instance,
                                                                           int32_t system) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  return services && services->settleLoop(*instance, system) ? 1 : 0;
}

extern "C" __attribute__((visibility("default"))) double mocc_delay(mocc_instance* instance,
                                                                    int32_t delay, double value,
                                                                    double delay_time,
                                                                    double delay_max) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  if (!services || delay < 0 || delay >= services->delays().count()) return value;
  return services->delays().value(delay, instance->time, value, delay_time, delay_max);
}
