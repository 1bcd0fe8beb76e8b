// delay() (MLS 3.7.4.2) through `mocc run`, each model of tests/models/language/Delay*.mo
// against its closed form: continuous signals within the error of linear interpolation in the
// recorded history, piecewise-constant ones exactly with their jumps at t_e + delayTime as time
// events, the value before time.start + delayTime, and a delay differential equation. The C++
// backend gives the same bytes (cpp_backend_test.cpp runs every model of that folder).
#include "model_test_support.h"

#include <cmath>
#include <functional>
#include <regex>

using namespace mocc::test;

namespace {

std::string delayModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/language/" + name;
}

/// The largest |variable - expected(t)| over the rows whose time is not one of `events`.
double largestError(const CsvTable& table, const std::string& variable,
                    const std::function<double(double)>& expected,
                    const std::vector<double>& events = {}) {
  std::size_t t = table.column("time"), v = table.column(variable);
  double largest = 0;
  for (const auto& row : table.rows) {
    if (std::find(events.begin(), events.end(), row[t]) != events.end()) continue;
    largest = std::max(largest, std::abs(row[v] - expected(row[t])));
  }
  return largest;
}

/// The values of `variable` in the rows whose time is exactly `time`, in order.
std::vector<double> valuesAt(const CsvTable& table, const std::string& variable, double time) {
  std::size_t t = table.column("time"), v = table.column(variable);
  std::vector<double> values;
  for (const auto& row : table.rows)
    if (row[t] == time) values.push_back(row[v]);
  return values;
}

// The recorded points of the history (accepted steps and output points) lie at most the output
// interval h = 0.01 apart, and linear interpolation between points of a signal with
// |y''| <= 1 errs by at most h^2/8 (the interpolation remainder |y''| (t - a)(b - t) / 2).
constexpr double kInterval = 0.01;
constexpr double kInterpolationBound = kInterval * kInterval / 8;

} // namespace

TEST(Delay, OfASineIsTheSineDelayedWithinTheInterpolationError) {
  CsvTable table = simulate(delayModel("DelayedSine.mo"), "");
  const double d = 0.123;
  auto delayedSine = [](double delay) {
    return [delay](double t) { return t <= delay ? 0.0 : std::sin(t - delay); };
  };
  EXPECT_LE(largestError(table, "z", delayedSine(d)), kInterpolationBound);
  // delay time 0.2 + 0.1 sin(3 t): the history is read at t - dv(t), the bound is the same.
  EXPECT_LE(largestError(table, "v",
                         [](double t) {
                           double dv = 0.2 + 0.1 * std::sin(3 * t);
                           return t <= dv ? 0.0 : std::sin(t - dv);
                         }),
            kInterpolationBound);
  // x = sin(t) up to the integration error, well below 1e-6 at tolerance 1e-8 over 3 s.
  EXPECT_LE(largestError(table, "xd", delayedSine(d)), kInterpolationBound + 1e-6);
  // Before the delay time has passed: the value at the start, exactly.
  for (double t : {0.0, 0.05, 0.1, 0.12})
    for (double z : valuesAt(table, "z", t))
      EXPECT_EQ(z, 0.0) << "at t = " << t;
}

TEST(Delay, OfPiecewiseConstantSignalsJumpsExactlyDelayTimeLaterAtTimeEvents) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult run =
      runCommand(moccBinary() + " run " + delayModel("DelayedSteps.mo") + " -o " + csv.string());
  ASSERT_EQ(run.exitCode, 0) << run.output;
  // 6 samples (0.125 + 0.25 k), the step of u at 0.25, its delayed step at 0.75, and the 4
  // delayed steps of n (0.5625 + 0.25 k up to 1.5): 12 time events, no state event (the floor
  // of integer(m) moves at those events, never at a located crossing).
  EXPECT_NE(run.output.find("events: 12 (0 state, 12 time)"), std::string::npos) << run.output;
  CsvTable table = readCsv(csv.string());
  std::vector<double> jumps = {0.75};
  for (double t = 0.5625; t < 1.5; t += 0.25)
    jumps.push_back(t);
  auto samplesUpTo = [](double t) { return t < 0.125 ? 0.0 : std::floor((t - 0.125) / 0.25) + 1; };
  auto m = [&](double t) { return t <= 0.4375 ? 0.0 : samplesUpTo(t - 0.4375); };
  std::vector<double> events = jumps;
  for (double t : {0.125, 0.25, 0.375, 0.625, 0.875, 1.125, 1.375})
    events.push_back(t);
  EXPECT_EQ(largestError(
                table, "y", [](double t) { return t < 0.75 ? 1.0 : 2.0; }, events),
            0.0);
  EXPECT_EQ(largestError(table, "m", m, events), 0.0);
  EXPECT_EQ(largestError(table, "k", m, events), 0.0);
  EXPECT_EQ(largestError(table, "s", [](double) { return 1.0; }), 0.0);
  // Each jump has its left and its right limit at exactly t_e + delayTime.
  EXPECT_EQ(valuesAt(table, "y", 0.75), (std::vector<double>{1.0, 2.0}));
  for (double t = 0.5625; t < 1.5; t += 0.25) {
    EXPECT_EQ(valuesAt(table, "m", t), (std::vector<double>{m(t) - 1, m(t)})) << "at t = " << t;
    EXPECT_EQ(valuesAt(table, "k", t), (std::vector<double>{m(t) - 1, m(t)})) << "at t = " << t;
  }
}

TEST(Delay, IsTheValueAtTheStartTimeUntilTheDelayTimeHasPassed) {
  // The run starts at 1: y = 1 up to 1.5, then t - 0.5. A linear signal is interpolated
  // exactly, up to rounding.
  CsvTable table = simulate(delayModel("DelayFromStartTime.mo"), "");
  EXPECT_EQ(table.rows.front()[table.column("time")], 1.0);
  EXPECT_LE(largestError(table, "y", [](double t) { return t <= 1.5 ? 1.0 : t - 0.5; }), 1e-12);
}

TEST(Delay, SolvesADelayDifferentialEquationByTheMethodOfSteps) {
  CsvTable table = simulate(delayModel("DelayDifferentialEquation.mo"), "");
  auto exact = [](double t) {
    if (t <= 1) return 1 - t;
    if (t <= 2) return 1.5 - 2 * t + t * t / 2;
    double w = t - 1;
    return 1.0 / 6 - 1.5 * w + w * w - w * w * w / 6;
  };
  // The history of x is read through linear interpolation: |x''| = |x'(t - 1)| <= 1, so each
  // evaluation of x' errs by at most h^2/8, which integrates to at most 2 h^2/8 over [1, 3]
  // (and feeds back through the delay once more, by less); the integration itself stays
  // below 1e-6 at tolerance 1e-8.
  EXPECT_LE(largestError(table, "x", exact), 3 * kInterpolationBound + 1e-6);
}
