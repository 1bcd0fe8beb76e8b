// InstanceServices, the formatting of messages with values (formatMessage) and the exported C
// entry points mocc_solve_system and mocc_delay (model.h), which generated code calls to solve
// its algebraic loops and to read the history of delay(). The symbols have default visibility
// so that a JIT's process-symbol lookup finds them in the loaded runtime library.
#include "mocc/runtime/instance_services.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace mocc::runtime {

namespace {

std::string number(const char* format, double value) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

} // namespace

// The frontend folds String() of constants the same way (frontend/instance/src/
// lower_builtins.cpp, formatConstant).
std::string formatValue(const mocc_message_value& format, double value, const TextTable* texts) {
  std::string text;
  switch (format.format) {
  case MOCC_FORMAT_BOOLEAN: text = value != 0 ? "true" : "false"; break;
  case MOCC_FORMAT_INTEGER:
    text = std::isfinite(value) && std::fabs(value) < 9.2e18
               ? std::to_string(static_cast<long long>(value))
               : number("%g", value);
    break;
  case MOCC_FORMAT_TEXT: text = texts ? texts->text(value) : ""; break;
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

std::string formatMessage(const mocc_model& model, int32_t message, const double* values,
                          const TextTable* texts) {
  if (message < 0 || message >= model.n_messages || !model.messages)
    return "message #" + std::to_string(message);
  const mocc_message_template* t =
      model.message_templates ? &model.message_templates[message] : nullptr;
  if (!t || t->n_values <= 0 || !values)
    return model.messages[message] ? model.messages[message]
                                   : "message #" + std::to_string(message);
  std::string text = t->texts[0];
  for (int32_t i = 0; i < t->n_values; ++i) {
    text += formatValue(t->values[i], values[i], texts);
    text += t->texts[i + 1];
  }
  return text;
}

TextTable::TextTable(const mocc_model& model) {
  handle("");
  for (int32_t k = 0; k < model.n_strings && model.strings; ++k)
    handle(model.strings[k] ? model.strings[k] : "");
}

double TextTable::handle(std::string_view text) {
  if (auto found = index_.find(text); found != index_.end())
    return static_cast<double>(found->second);
  const std::string& stored = texts_.emplace_back(text);
  index_.emplace(stored, texts_.size() - 1);
  return static_cast<double>(texts_.size() - 1);
}

const char* TextTable::text(double handle) const {
  bool valid =
      handle >= 0 && handle < static_cast<double>(texts_.size()) && handle == std::floor(handle);
  return valid ? texts_[static_cast<std::size_t>(handle)].c_str() : "";
}

InstanceServices::InstanceServices(const mocc_model& model, AlgebraicSolverSettings settings)
    : solver_(model, settings), loopRelations_(model, solver_), delays_(model.n_delays),
      texts_(model) {}

namespace {

// MLS 3.6 section 3.7.4.5: the options of String() as mocc_text passes them.
double formatNumber(TextTable& texts, int32_t kind, double value, double lengthOption,
                    double justifyOption, double digits = 6, const char* format = nullptr) {
  mocc_message_value options{};
  options.format = kind;
  options.significant_digits = static_cast<int32_t>(digits);
  options.minimum_length = static_cast<int32_t>(lengthOption);
  options.left_justified = justifyOption != 0;
  options.format_string = format;
  return texts.handle(formatValue(options, value, &texts));
}

} // namespace

double InstanceServices::text(int32_t operation, double a, double b, double c, double d) {
  switch (operation) {
  case MOCC_TEXT_CONCAT: return texts_.handle(std::string(texts_.text(a)) + texts_.text(b));
  case MOCC_TEXT_COMPARE: {
    int order = std::strcmp(texts_.text(a), texts_.text(b));
    return order < 0 ? -1.0 : order > 0 ? 1.0 : 0.0;
  }
  case MOCC_TEXT_REAL: return formatNumber(texts_, MOCC_FORMAT_REAL, a, c, d, b);
  case MOCC_TEXT_REAL_FORMAT:
    return formatNumber(texts_, MOCC_FORMAT_REAL, a, 0, 1, 6, texts_.text(b));
  case MOCC_TEXT_INTEGER: return formatNumber(texts_, MOCC_FORMAT_INTEGER, a, b, c);
  default: return 0;
  }
}

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

extern "C" __attribute__((visibility("default"))) double
mocc_text(mocc_instance* instance, int32_t operation, double a, double b, double c, double d) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  return services ? services->text(operation, a, b, c, d) : 0.0;
}

extern "C" __attribute__((visibility("default"))) const char*
mocc_string_text(mocc_instance* instance, double handle) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  return services ? services->texts().text(handle) : "";
}

extern "C" __attribute__((visibility("default"))) double mocc_string_handle(mocc_instance* instance,
                                                                            const char* text) {
  mocc::runtime::InstanceServices* services = mocc::runtime::InstanceServices::of(instance);
  return services && text ? services->texts().handle(text) : 0.0;
}
