// The prelude is fixed text. Its support functions compute exactly what backend/llvm's
// time_events.cpp, relations.cpp and frame.cpp emit: sample instants as start + k*interval,
// the next instant found from floor() and adjusted by single steps, reports only when the
// runtime set a callback.
#include "prelude.h"

#include "mocc/cpp/emit.h"

namespace mocc::backend::cpp {

namespace {

constexpr const char* kLibm =
    R"(// libm, called by its own symbol through a declaration under another name: the compiler then
// neither folds a call with constant arguments nor expands one inline with code of its own,
// and computes what the JIT's calls of the same functions compute (compile with
// -ffp-contract=off as well: no multiply-add is fused, there or here).
#define MOCC_STRING_(text) #text
#define MOCC_STRING(text) MOCC_STRING_(text)
#define MOCC_LIBM(name) __asm__(MOCC_STRING(__USER_LABEL_PREFIX__) #name)
extern "C" {
double mocc_sin(double) MOCC_LIBM(sin);
double mocc_cos(double) MOCC_LIBM(cos);
double mocc_tan(double) MOCC_LIBM(tan);
double mocc_asin(double) MOCC_LIBM(asin);
double mocc_acos(double) MOCC_LIBM(acos);
double mocc_atan(double) MOCC_LIBM(atan);
double mocc_atan2(double, double) MOCC_LIBM(atan2);
double mocc_sinh(double) MOCC_LIBM(sinh);
double mocc_cosh(double) MOCC_LIBM(cosh);
double mocc_tanh(double) MOCC_LIBM(tanh);
double mocc_exp(double) MOCC_LIBM(exp);
double mocc_log(double) MOCC_LIBM(log);
double mocc_log10(double) MOCC_LIBM(log10);
double mocc_sqrt(double) MOCC_LIBM(sqrt);
double mocc_fabs(double) MOCC_LIBM(fabs);
double mocc_floor(double) MOCC_LIBM(floor);
double mocc_ceil(double) MOCC_LIBM(ceil);
double mocc_trunc(double) MOCC_LIBM(trunc);
double mocc_round(double) MOCC_LIBM(round);
double mocc_pow(double, double) MOCC_LIBM(pow);
}
)";

constexpr const char* kSupport = R"(namespace {

[[maybe_unused]] constexpr double kExactIntegerLimit = 9007199254740992.0; // 2^53
[[maybe_unused]] constexpr uint32_t kMaxSampleAdjustments = 1u << 20;

/// instance->report(instance, kind, message, time, values) when the runtime has set it.
/// Inside a user function the instance may be null; then nothing is reported.
[[maybe_unused]] void report(mocc_instance* instance, int32_t kind, int32_t message,
                             const double* values = nullptr) {
  if (instance && instance->report)
    instance->report(instance, kind, message, instance->time, values);
}

/// sample(start, interval) at `time`: with k = round((time - start) / interval), k >= 0 and
/// start + k*interval == time. Sample instants are always computed in that one form.
[[maybe_unused]] bool sample_active(double start, double interval, double time) {
  const double k = mocc_round((time - start) / interval);
  return (k >= 0.0) & (start + k * interval == time);
}

/// The first sample instant strictly after `time`: `start` when time < start, else
/// start + k*interval for the smallest such k >= 0, found from floor((time - start) / interval)
/// and adjusted by single steps. +infinity when the interval is not positive, when time is not
/// finite, when k would pass 2^53 or when 2^20 steps do not reach an instant after `time`.
[[maybe_unused]] double next_sample_time(double start, double interval, double time) {
  if (time < start) return start;
  if (!(interval > 0.0)) return __builtin_inf();
  double k = mocc_floor((time - start) / interval);
  if (!(k < kExactIntegerLimit)) return __builtin_inf(); // also NaN
  for (uint32_t steps = 0;; ++steps) { // while k > 0 and the instant before k is after time
    const double previous = k - 1.0;
    if (!((k > 0.0) & (start + previous * interval > time) & (steps < kMaxSampleAdjustments)))
      break;
    k = previous;
  }
  double candidate;
  for (uint32_t steps = 0;; ++steps) { // while the instant k is not after time
    candidate = start + k * interval;
    if (!((candidate <= time) & (k < kExactIntegerLimit) & (steps < kMaxSampleAdjustments)))
      break;
    k = k + 1.0;
  }
  return candidate > time ? candidate : __builtin_inf();
}

/// A relation `lhs op rhs` watched by crossing function `crossing`, at an event: `plain`,
/// except when lhs - rhs is zero up to the root's resolution (MOCC_CROSSING_RESOLUTION) where
/// the runtime has just located the crossing (MLS 8.5), or else the crossing of its frozen-floor
/// partner (-1: none); then the value just after it, `rising` when lhs - rhs went up, else
/// `falling`. The runtime may force that value whatever lhs - rhs is (+2 or -2, model.h).
[[maybe_unused]] bool located(bool plain, double lhs, double rhs, const int8_t* directions,
                              int32_t crossing, int32_t partner, bool rising, bool falling) {
  if (directions[crossing] == 2 || directions[crossing] == -2)
    return directions[crossing] > 0 ? rising : falling;
  const double scale = mocc_fabs(lhs) > mocc_fabs(rhs) ? mocc_fabs(lhs) : mocc_fabs(rhs);
  if (mocc_fabs(lhs - rhs) <= MOCC_CROSSING_RESOLUTION * scale) {
    int8_t direction = directions[crossing];
    if (direction == 0 && partner >= 0) direction = directions[partner];
    if (direction != 0) return direction > 0 ? rising : falling;
  }
  return plain;
}

/// A relation watched by crossing function `crossing`, in continuous mode: the value `stored`
/// at the last event, unless the runtime forces the side where the crossing function is
/// positive (+2: `rising`) or negative (-2: `falling`).
[[maybe_unused]] double forced(double stored, const int8_t* directions, int32_t crossing,
                               bool rising, bool falling) {
  const int8_t direction = directions[crossing];
  if (direction == 2) return rising ? 1.0 : 0.0;
  if (direction == -2) return falling ? 1.0 : 0.0;
  return stored;
}

)";

} // namespace

Code prelude(const std::string& modelName, const std::string& fileName, const std::string& source) {
  Code code;
  code.comment(fileName + ": the model " + modelName +
               (source.empty() ? "" : " (from " + source + ")") +
               " compiled into C++ by mocc. Generated: edit the Modelica source instead.");
  code.comment("It defines the functions of the model ABI (mocc/model.h) and " +
               std::string(kEntryName) + "(), which returns the model's descriptor; without " +
               kNoMainMacro +
               " also a main() that simulates the model with the options of `mocc run`. "
               "Compile it with -ffp-contract=off (see the note on libm below); results are "
               "then bitwise identical to the LLVM JIT's at any optimisation level.");
  code.line("#include \"mocc/model.h\"");
  code.blank();
  code.line("#include <stddef.h>");
  code.line("#include <stdint.h>");
  code.blank();
  for (const std::string& part : {std::string(kLibm), std::string(kSupport)}) {
    std::size_t begin = 0;
    while (begin < part.size()) {
      std::size_t end = part.find('\n', begin);
      if (end == std::string::npos) end = part.size();
      std::string line = part.substr(begin, end - begin);
      line.empty() ? code.blank() : code.line(line);
      begin = end + 1;
    }
  }
  return code;
}

namespace {

Code entryPointsAndMain(const std::string& model, const std::string& modeSet) {
  Code code;
  code.line("} // namespace");
  code.blank();
  code.line(std::string("extern \"C\" const mocc_model* ") + kEntryName + "(void) { return &" +
            model + "; }");
  if (!modeSet.empty())
    code.line(std::string("extern \"C\" const mocc_mode_set* ") + kModesEntryName +
              "(void) { return &" + modeSet + "; }");
  code.blank();
  code.line(std::string("#ifndef ") + kNoMainMacro);
  code.line("#include \"mocc/simulator_main.h\"");
  code.blank();
  code.line("int main(int argc, char** argv) {");
  if (modeSet.empty())
    code.line(std::string("  return mocc_simulator_main(argc, argv, ") + kEntryName + "());");
  else
    code.line(std::string("  return mocc_simulator_main_modes(argc, argv, ") + kModesEntryName +
              "());");
  code.line("}");
  code.line("#endif");
  return code;
}

} // namespace

Code epilogue() { return entryPointsAndMain("model", ""); }

Code modalEpilogue(const std::string& modeSet, const std::string& initialModel) {
  return entryPointsAndMain(initialModel, modeSet);
}

} // namespace mocc::backend::cpp
