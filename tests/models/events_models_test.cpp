// The seed-based state event cases of issue 5 (tests/models/events/*.mo) against independent
// references: closed forms evaluated at 40 digits (events/closed_forms.py,
// events/karim_ball_reference.py) and a 30-digit Taylor-series integration with exact switching
// conditions (events/c21_pendulum_reference.py). Each reference CSV is exact to double precision,
// so every tolerance below is the error the simulation is allowed, derived in a comment.
//
// Two error sources recur, and the bounds below are built from them:
//  - Location. CVODE locates a root of a crossing function to
//    ttol = 100 * eps * (|t| + |h|) in time (h the current step, at most the stop time here) and
//    returns the time just past the sign change. The tests ask the same of any locator.
//  - Integration. mocc passes --tolerance TOL as both CVODE's relative and absolute tolerance, so
//    each step's local error is at most about TOL * (1 + |u|). Where a phase is integrated
//    exactly (x' = 1, parabolas: BDF of order >= 2 reproduces polynomials of degree <= 2, up to
//    rounding) only the order-1 steps after each restart err; we allow K = 10 of them per phase.
//    Elsewhere the phases are smooth and short and do not expand errors much, and we allow the
//    sum of N = 1000 local errors per phase (BDF needs a few hundred steps at most for these at
//    TOL = 1e-10). A state error d turns into an event time error d / |rate| where rate is the
//    time derivative of the crossing function at the event.
#include "bouncing_ball_bounds.h"
#include "model_test_support.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <numbers>
#include <regex>
#include <sstream>

using namespace mocc::test;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

std::string eventModel(const std::string& name) {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/events/" + name;
}

CsvTable reference(const std::string& name) { return readCsv(eventModel(name)); }

// CVODE's root location tolerance in time near t with steps up to hmax.
double locationTolerance(double t, double hmax) {
  return 100 * kEps * (std::abs(t) + std::abs(hmax));
}

// A change of a discrete column: the time and the index of the row after the change (the right
// limit; the row before is the left limit). Discrete values may change only at events, that is
// between two rows with the same time; a change anywhere else is reported as a failure.
struct Jump {
  double time;
  std::size_t row;
};

std::vector<Jump> jumps(const CsvTable& table, const std::string& name) {
  std::size_t c = table.column(name);
  std::vector<Jump> result;
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    const auto& left = table.rows[i - 1];
    const auto& right = table.rows[i];
    if (left[c] == right[c]) continue;
    EXPECT_EQ(left[0], right[0]) << name << " changes between output rows at t = " << left[0]
                                 << " and " << right[0] << " without an event";
    result.push_back({right[0], i});
  }
  return result;
}

double at(const CsvTable& table, std::size_t row, const std::string& name) {
  return table.rows[row][table.column(name)];
}

// Bound on the error of bounce time m (1-based) of a ball bouncing on the floor with
// restitution mu, simulated at tolerance TOL, when the landing speeds and the heights of the
// flights are `speed[j]` and `height[j]` (flight j ends with bounce j + 1; flight 0 is the
// initial fall). Each flight is a parabola, integrated exactly except for the order-1 steps
// after its restart: K local errors of at most TOL (1 + height) in x and TOL (1 + speed) in v.
//  - A position error d makes the landing early or late by d / speed, and the landing speed
//    wrong by g d / speed.
//  - A landing speed error dv is reflected (times mu) into the next flight, which changes by
//    2 mu dv / g and lands with the same speed error; so it moves all later bounces by
//    sum_k 2 mu^k dv / g <= 2 mu/(1 - mu) dv / g in total.
//  - The landing is located up to tau = ttol late: the ball is below the floor by speed * tau
//    (the next landing moves by tau / mu) and its speed is too large by g tau.
// So flight j contributes (1 + 2 mu/(1 - mu)) (d_j / speed_j + tau) + tau / mu
// + 2 mu/(1 - mu) K TOL (1 + speed_j) / g, and the contributions of the flights add up.
double bounceTimeBound(int m, const std::vector<double>& speed, const std::vector<double>& height,
                       double g, double mu, double tol, double stopTime) {
  const double K = 10;
  const double carry = 2 * mu / (1 - mu);
  const double tau = locationTolerance(stopTime, stopTime);
  double bound = 0;
  for (int j = 0; j < m; ++j) {
    double d = K * tol * (1 + height[j]);
    bound += (1 + carry) * (d / speed[j] + tau) + tau / mu + carry * K * tol * (1 + speed[j]) / g;
  }
  return bound;
}

// The landing speeds and flight heights of a bouncing-ball reference (columns landing_speed
// and apex_after), flight 0 starting at height h0: the inputs of bounceTimeBound.
struct Flights {
  std::vector<double> speed, height;
};

Flights flightsOf(const CsvTable& ref, double h0) {
  Flights flights{{}, {h0}};
  for (const auto& row : ref.rows) {
    flights.speed.push_back(row[ref.column("landing_speed")]);
    flights.height.push_back(row[ref.column("apex_after")]);
  }
  return flights;
}

std::string precise(double x) {
  std::ostringstream out;
  out << std::setprecision(17) << x;
  return out.str();
}

// Every number in a text (for checking that a message names a time).
std::vector<double> numbersIn(const std::string& text) {
  std::vector<double> result;
  static const std::regex number(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it) {
    result.push_back(std::stod(it->str()));
  }
  return result;
}

// The 1-based line of the first line of a file that contains `text`.
int lineOf(const std::string& path, const std::string& text) {
  std::ifstream in(path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find(text) != std::string::npos) return n;
  }
  ADD_FAILURE() << "no line with '" << text << "' in " << path;
  return 0;
}

struct Failure {
  CommandResult result;
  CsvTable table;
};

// Runs mocc on a model that must stop with a simulation failure; a run that does not finish
// within two minutes is killed (timeout's exit code 124) and fails the test as a hang.
Failure runExpectingFailure(const std::string& model, const std::string& args) {
  auto csv = scratchDirectory() / "result.csv";
  Failure f;
  f.result = runCommand("timeout 120 " + moccBinary() + " run " + model + " -o " + csv.string() +
                        " " + args);
  EXPECT_NE(f.result.exitCode, 124) << "mocc did not stop within 120 s (a hang near the Zeno "
                                       "point)";
  EXPECT_EQ(f.result.exitCode, 3) << f.result.output.substr(0, 4000);
  try {
    f.table = readCsv(csv.string());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "the results computed before the failure must be kept: " << e.what();
  }
  return f;
}

// What issue 5 asks of the stop at an accumulation point: exit code 3 (checked above), a message
// naming the crossing and its source line, the time and the event count, and the results so far
// on disk ending before the Zeno time but not before the last event that precedes a phase of
// at least 1 ms. (Phases of a millisecond and more are ordinary events for a simulation of tens
// of seconds at tolerance 1e-10, which no accumulation detector may stop at; after that event
// the phases shrink geometrically to the Zeno point.)
void expectZenoStop(const Failure& f, const std::string& model,
                    const std::vector<std::string>& crossings, double zenoTime,
                    const std::vector<double>& eventTimes) {
  const std::string& out = f.result.output;
  bool named = false;
  for (const auto& crossing : crossings) {
    int line = lineOf(eventModel(model + ".mo"), "when " + crossing);
    std::string location = model + ".mo:" + std::to_string(line);
    if (out.find(crossing) != std::string::npos && out.find(location) != std::string::npos) {
      named = true;
    }
  }
  EXPECT_TRUE(named) << "the message must name the accumulating crossing and its line:\n"
                     << out.substr(0, 4000);
  EXPECT_NE(out.find("event"), std::string::npos) << "the message must give the event count";
  ASSERT_FALSE(f.table.rows.empty());
  double last = f.table.rows.back()[0];
  bool timeNamed = false;
  for (double n : numbersIn(out)) {
    if (std::abs(n - last) <= 1e-3 * std::max(1.0, std::abs(last))) timeNamed = true;
  }
  EXPECT_TRUE(timeNamed) << "the message must name the time of the stop (" << last << ")";
  EXPECT_LT(last, zenoTime) << "the simulation cannot pass the accumulation point";
  double required = 0;
  for (std::size_t k = 0; k + 1 < eventTimes.size(); ++k) {
    if (eventTimes[k + 1] - eventTimes[k] >= 1e-3) required = eventTimes[k];
  }
  EXPECT_GE(last, required) << "stopped before phases shorter than 1 ms; Zeno time " << zenoTime;
}

} // namespace

// Case 1. ARGESIM C21 (seed 003) bouncing ball, event contact, linear model: bounce times
// against the geometric series (15), with the benchmark's scattering prevention (event 'M').
TEST(EventModels, C21BouncingBallFirstHundredBouncesAndScatteringPrevention) {
  CsvTable table = simulate(eventModel("C21BouncingBall.mo"), ""); // tolerance 1e-12, to 30 s
  CsvTable ref = reference("c21_bouncing_ball_reference.csv");
  const double tol = 1e-12, g = 9.81, x0 = 10, stop = 30;
  auto [speed, height] = flightsOf(ref, x0);
  // The stop rule: the apex after bounce 102 is 4.63e-9 m < hmin = 5e-9 m (after bounce 101 it
  // is 5.72e-9 m: a margin of 3.7e-10 m, far above the position errors of 1e-11 m), so the ball
  // bounces 102 times and rests after landing the 103rd time.
  std::vector<Jump> bounces = jumps(table, "bounces");
  ASSERT_EQ(bounces.size(), ref.rows.size()) << "bounce count (102 bounces, then resting)";
  for (std::size_t m = 1; m <= bounces.size(); ++m) {
    const Jump& b = bounces[m - 1];
    EXPECT_EQ(at(table, b.row, "bounces"), static_cast<double>(m));
    double expected = ref.rows[m - 1][ref.column("time")];
    // At m = 100 the bound is 4.6e-6 s, dominated by the position errors of the last flights
    // (landing speeds down to 4e-4 m/s); a lost or extra bounce moves the following ones by a
    // flight, 7.5e-5 s or more.
    EXPECT_NEAR(b.time, expected,
                bounceTimeBound(static_cast<int>(m), speed, height, g, 0.9, tol, stop))
        << "bounce " << m;
    double vLeft = at(table, b.row - 1, "v"), vRight = at(table, b.row, "v");
    if (m < bounces.size()) {
      EXPECT_EQ(vRight, -0.9 * vLeft) << "reinit(v, -mu*pre(v)) at bounce " << m;
    } else {
      EXPECT_EQ(vRight, 0) << "the last landing stops the ball";
    }
  }
  // Resting: nothing moves and nothing happens after the last landing; the ball stays where it
  // landed, within the position error of the last flight (K TOL (1 + h)) of the floor.
  double rest = bounces.back().time;
  EXPECT_LT(rest, std::sqrt(2 * x0 / g) * 1.9 / 0.1) << "the last bounce precedes t_inf (16)";
  for (const auto& row : table.rows) {
    if (row[0] <= rest) continue;
    EXPECT_EQ(row[table.column("v")], 0) << "t = " << row[0];
    EXPECT_NEAR(row[table.column("x")], 0, 10 * tol * 2) << "t = " << row[0];
    EXPECT_EQ(row[table.column("resting")], 1) << "t = " << row[0];
  }
  std::vector<double> events = table.eventTimes();
  EXPECT_EQ(events.back(), rest) << "no event after the ball rests";
  EXPECT_EQ(table.rows.back()[0], stop);
}

// Case 2. A first-order lag in a loop with a relay with hysteresis (a thermostat): switching
// times from the closed-form exponential segments.
TEST(EventModels, RelayWithHysteresisSwitchesAtTheClosedFormTimes) {
  CsvTable table = simulate(eventModel("RelayHysteresis.mo"), ""); // tolerance 1e-10
  CsvTable ref = reference("relay_hysteresis_reference.csv");
  const double tol = 1e-10, stop = 10;
  std::vector<Jump> switches = jumps(table, "switches");
  ASSERT_EQ(switches.size(), ref.rows.size());
  // Each segment starts at a located switch and relaxes towards u (the lag contracts): its
  // error is at most N = 1000 local errors of TOL (1 + |u|) <= 4 TOL; y crosses the levels
  // at |y'| >= min(Uon - 1.2, 0.8 - Uoff)/T = 0.8, so a switch moves by at most 4000 TOL / 0.8
  // plus its location error, and the errors of successive segments add up.
  const double perSwitch = 1000 * tol * 4 / 0.8 + locationTolerance(stop, stop);
  for (std::size_t n = 1; n <= switches.size(); ++n) {
    const Jump& s = switches[n - 1];
    const auto& expected = ref.rows[n - 1];
    EXPECT_NEAR(s.time, expected[ref.column("time")], n * perSwitch) << "switch " << n;
    // At the switch y is at the level, up to the segment's error and 0.8..1.8 times the
    // location error.
    EXPECT_NEAR(at(table, s.row - 1, "y"), expected[ref.column("y")],
                1000 * tol * 4 + 2 * locationTolerance(stop, stop))
        << "switch " << n;
    EXPECT_EQ(at(table, s.row, "heating"), expected[ref.column("heating_after")]) << n;
  }
}

// Case 3a. A ball bouncing with restitution 0.9 and no stop rule: the bounces accumulate at
// t_inf = sqrt(2 h0/g) (1 + e)/(1 - e) = 27.129 s (seed 003, eq. 16), before the stop time 30.
TEST(EventModels, ZenoBallStopsCleanlyBeforeTheAccumulationPoint) {
  CsvTable ref = reference("zeno_ball_reference.csv");
  double zeno = ref.rows[0][ref.column("time")];
  std::vector<double> bounces;
  for (std::size_t i = 1; i < ref.rows.size(); ++i)
    bounces.push_back(ref.rows[i][ref.column("time")]);
  Failure f = runExpectingFailure(eventModel("ZenoBall.mo"), "");
  expectZenoStop(f, "ZenoBall", {"h < 0"}, zeno, bounces);
}

// Case 3c. A ball whose bounces accumulate at t_inf = sqrt(2 h0/g) (1 + e)/(1 - e), with a rule
// that keeps it on the floor (der(v) = 0 once h <= 0 and v <= 0): the limit state h = v = 0 is
// a rest point, so the default --zeno=stop settles there and goes on to the stop time.
TEST(EventModels, ZenoBallWithARestRuleSettlesAtTheAccumulationPoint) {
  const double g = 9.81, e = 0.5, h0 = 1, tol = 1e-10, stop = 2;
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r =
      runCommand(moccBinary() + " run " + eventModel("ZenoBallAtRest.mo") + " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("rest point of the model"), std::string::npos) << r.output;
  CsvTable table = readCsv(csv.string());
  const double tInf = std::sqrt(2 * h0 / g) * (1 + e) / (1 - e);
  // Bounces whose apex is within the position error K TOL (1 + h0) of the floor (K = 10, as in
  // bouncing_ball_bounds.h) are not resolved: their speed is below vc = sqrt(2 g K TOL (1 + h0))
  // and together they last at most 2 vc / (g (1 - e)). The resolved ones (landing speed above
  // 100 vc) follow the geometric series within ballBounceTimeBound.
  const double vc = std::sqrt(2 * g * 10 * tol * (1 + h0));
  BallFlights exact = ballClosedForm(h0, g, e, 60);
  std::vector<double> bounces = bounceTimes(table);
  std::size_t resolved = 0;
  while (resolved < exact.speed.size() && exact.speed[resolved] > 100 * vc)
    ++resolved;
  ASSERT_GE(bounces.size(), resolved);
  for (std::size_t m = 0; m < resolved; ++m)
    EXPECT_NEAR(bounces[m], exact.bounceTime[m], ballBounceTimeBound(m + 1, exact, g, e, tol, stop))
        << "bounce " << m + 1;
  double settled = table.eventTimes().back();
  EXPECT_NEAR(settled, tInf,
              ballBounceTimeBound(resolved, exact, g, e, tol, stop) + 2 * vc / (g * (1 - e)));
  // From the accumulation point on the ball rests exactly on the floor.
  for (const auto& row : table.rows) {
    if (row[0] <= settled) continue;
    EXPECT_EQ(row[table.column("h")], 0) << "t = " << row[0];
    EXPECT_EQ(row[table.column("v")], 0) << "t = " << row[0];
    EXPECT_EQ(row[table.column("resting")], 1) << "t = " << row[0];
  }
  EXPECT_EQ(table.rows.back()[0], stop);
}

// Case 3d. A sliding surface (Filippov): x' = -1 above x = 0 and 2 - t below, so from t = 1 to
// t = 2 both vector fields point to the surface. Without --filippov the crossing's events
// accumulate and the run stops; with it the solution slides along x = 0 and leaves at t = 2
// (closed forms in SlidingSurface.mo).
TEST(EventModels, FilippovSlidingFollowsTheConvexCombination) {
  Failure chattering = runExpectingFailure(eventModel("SlidingSurface.mo"), "");
  EXPECT_NE(chattering.result.output.find("x > 0"), std::string::npos) << chattering.result.output;

  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("SlidingSurface.mo") +
                               " --filippov -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("sliding along it from time 1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ends at time 2"), std::string::npos) << r.output;
  CsvTable table = readCsv(csv.string());
  // Three smooth phases integrated at TOL = 1e-8, each adding at most K = 10 local errors of
  // TOL (1 + |value|) (|x| <= 1, |y| <= 6.4); the switching instants are roots located to
  // about 1e-12 s, and x' and y' are at most 3.
  const double tol = 1e-8, xBound = 3 * 10 * tol * 2, yBound = 3 * 10 * tol * 7.4;
  auto exactX = [](double t) { return t <= 1 ? 1 - t : t <= 2 ? 0.0 : -(t - 2) * (t - 2) / 2; };
  auto exactY = [](double t) {
    if (t <= 1) return t;
    if (t <= 2) return t + 2 * std::log(2 / (3 - t));
    return 2 + 2 * std::log(2.0) + 3 * (t - 2);
  };
  auto exactU = [](double t) { return t < 1 ? -1.0 : t < 2 ? 0.0 : 2 - t; };
  std::size_t x = table.column("x"), y = table.column("y"), u = table.column("u");
  int checked = 0;
  for (const auto& row : table.rows) {
    double t = row[0];
    if (std::abs(t - 1) < 1e-6 || std::abs(t - 2) < 1e-6) continue; // the switching rows
    EXPECT_NEAR(row[x], exactX(t), xBound) << "t = " << t;
    EXPECT_NEAR(row[y], exactY(t), yBound) << "t = " << t;
    // u is the equivalent control on the surface: the combination that keeps x' = 0.
    EXPECT_NEAR(row[u], exactU(t), 1e-12) << "t = " << t;
    ++checked;
  }
  EXPECT_GE(checked, 29); // the output grid without t = 1 and t = 2
  EXPECT_EQ(table.rows.back()[0], 3);
}

TEST(EventModels, FilippovSlidingStartsWhereAFixedStepLandsOnTheSurface) {
  // rk4 with the output step 0.1 lands exactly on x = 0 at t = 1: the crossing is zero at the
  // restart and the model leaves it the other way after every event iteration, which starts
  // the sliding directly. x is piecewise polynomial of degree <= 2 (and 0 while sliding), which
  // rk4 integrates exactly; y' = 1 + 2/(3 - t) while sliding, whose fifth derivative is at most
  // 48 there: 10 steps of local error h^5 48/2880 make at most 1.7e-6.
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("SlidingSurface.mo") +
                               " --filippov --solver rk4 -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("stays at zero"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ends at time 2"), std::string::npos) << r.output;
  CsvTable table = readCsv(csv.string());
  const double y3 = 2 + 2 * std::log(2.0) + 3;
  EXPECT_NEAR(table.rows.back()[table.column("y")], y3, 2e-6);
  EXPECT_NEAR(table.rows.back()[table.column("x")], -0.5, 1e-12);
}

TEST(EventModels, FilippovSlidingNeedsAnOdeSolver) {
  CommandResult r =
      runCommand(moccBinary() + " run " + eventModel("SlidingSurface.mo") +
                 " --filippov --solver ida -o " + (scratchDirectory() / "r.csv").string());
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--filippov"), std::string::npos) << r.output;
}

// Case 3b. Twin relays: two tanks drained at constant rates and one inflow switched between
// them. The switching phases halve and accumulate at t_Z = 6 (closed form).
TEST(EventModels, ZenoTanksStopCleanlyBeforeTheAccumulationPoint) {
  CsvTable ref = reference("zeno_tanks_reference.csv");
  double zeno = ref.rows[0][ref.column("time")];
  std::vector<double> switches;
  for (std::size_t i = 1; i < ref.rows.size(); ++i)
    switches.push_back(ref.rows[i][ref.column("time")]);
  Failure f = runExpectingFailure(eventModel("ZenoTanks.mo"), "");
  expectZenoStop(f, "ZenoTanks", {"x2 < r2", "x1 < r1"}, zeno, switches);
  // The switchings before the stop are the closed-form ones: the levels are linear in time and
  // integrated exactly, so only location errors remain (a few ttol per switch, accumulated).
  if (f.table.rows.empty()) return;
  // (The reference lists the switchings more than 1e-12 s before t_Z.)
  std::vector<Jump> computed = jumps(f.table, "switches");
  for (std::size_t n = 0; n < computed.size() && n < switches.size(); ++n) {
    EXPECT_NEAR(computed[n].time, switches[n], (n + 1) * 4 * locationTolerance(6, 6))
        << "switch " << n + 1;
  }
}

// Case 4. Koerner's saturation (seed 004, example 2.19): x = e^t - t - 1 reaches p1 = e^3 - 4 at
// exactly t* = 3.
// MLS 3.7.1.1: floor, integer, ceil, mod, div and rem of continuous-time arguments change only
// at events (tests/models/events/EventFunctions.mo). With x = 1.3 t and s = 1.3 sin(2 t) the
// instants are closed forms: floor(x) at n/1.3, integer(2 x) at n/2.6, mod(x, 0.7) at 0.7 n/1.3;
// ceil(s) where s crosses 1 (up and down) and 0 (down); div(s, 0.5) and rem(s, 0.5) where |s|
// crosses 0.5 or 1, with a = asin(0.5/1.3)/2 and b = asin(1/1.3)/2: a, b, pi/2 - b, pi/2 - a
// and pi/2 + a.
TEST(EventModels, EventGeneratingFunctionsChangeOnlyAtTheirEvents) {
  CsvTable table = simulate(eventModel("EventFunctions.mo"), ""); // tolerance 1e-10, to 2 s
  const double pi = std::acos(-1.0), a = std::asin(0.5 / 1.3) / 2, b = std::asin(1 / 1.3) / 2;
  std::vector<double> expected = {1 / 1.3, 2 / 1.3,    0.7 / 1.3,  1.4 / 1.3, 2.1 / 1.3, a,
                                  b,       pi / 2 - b, pi / 2 - a, pi / 2,    pi / 2 + a};
  for (int n = 1; n <= 5; ++n)
    if (n % 2 != 0) expected.push_back(n / 2.6); // the even ones are floor(x)'s
  std::sort(expected.begin(), expected.end());
  // x is integrated exactly (a constant slope) and s is explicit in time: only root location
  // (100 eps (|t| + h), about 1e-13) and rounding separate the instants from the closed forms.
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), expected.size());
  for (std::size_t k = 0; k < events.size(); ++k)
    EXPECT_NEAR(events[k], expected[k], 1e-10) << "event " << k;
  // Between events every value is the function of that row's x and s; at the event rows the
  // left and right limits are the values on either side. At t = 0, where s = 0 exactly, the
  // start already takes the value s leaves zero with (ceil(0+) = 1), as relations that are zero
  // at a restart do: the value for the continuous phase that follows.
  std::size_t t = table.column("time"), x = table.column("x"), s = table.column("s");
  for (const auto& row : table.rows) {
    bool nearEvent = row[t] == 0.0 || std::any_of(events.begin(), events.end(), [&](double e) {
                       return std::abs(row[t] - e) < 1e-9;
                     });
    if (nearEvent) continue;
    double q = row[s] / 0.5, div = q < 0 ? std::ceil(q) : std::floor(q);
    EXPECT_EQ(row[table.column("y")], std::floor(row[x])) << "t = " << row[t];
    EXPECT_EQ(row[table.column("k")], std::floor(2 * row[x])) << "t = " << row[t];
    EXPECT_NEAR(row[table.column("m")], row[x] - std::floor(row[x] / 0.7) * 0.7, 1e-14);
    EXPECT_EQ(row[table.column("c")], std::ceil(row[s])) << "t = " << row[t];
    EXPECT_EQ(row[table.column("d")], div) << "t = " << row[t];
    EXPECT_NEAR(row[table.column("r")], row[s] - div * 0.5, 1e-14) << "t = " << row[t];
  }
  // der(z) = floor(x) is piecewise constant and never seen changing inside a step: z(2) is
  // the integral 4 - 3/1.3 up to the location of the two steps (1e-13) and the integrator's
  // restarts at tolerance 1e-10 (a few 1e-10 at most).
  EXPECT_NEAR(table.rows.back()[table.column("z")], 4 - 3 / 1.3, 1e-8);
}

// MLS 3.7.1.1 over 40 periods (tests/models/events/EventFunctionsOverManyPeriods.mo): at every
// row away from a discontinuity each value is its function of that row's argument, computed
// here from the definitions: div truncates, mod floors, rem = x - div(x, y) y. x = t - 10 is
// integrated exactly (a constant slope) and w = 10 - t is explicit, so only the rounding of
// the arguments separates the values (the steps are exact).
TEST(EventModels, EventGeneratingFunctionsKeepTheirDefinitionsOverManyPeriods) {
  CsvTable table = simulate(eventModel("EventFunctionsOverManyPeriods.mo"), "");
  ASSERT_GT(table.rows.size(), 3000u);
  EXPECT_NEAR(table.rows.back()[table.column("time")], 40, 1e-9);
  auto div = [](double a, double b) { return std::trunc(a / b); };
  auto mod = [](double a, double b) { return a - std::floor(a / b) * b; };
  std::size_t checked = 0;
  for (const auto& row : table.rows) {
    double x = row[table.column("x")], w = row[table.column("w")];
    // A discontinuity of any of them: x or w at a multiple of 0.5 (w - 0.5 an integer too).
    bool near =
        std::abs(2 * x - std::round(2 * x)) < 1e-7 || std::abs(2 * w - std::round(2 * w)) < 1e-7;
    if (near) continue;
    std::string at = "t = " + std::to_string(row[table.column("time")]);
    EXPECT_NEAR(row[table.column("remX")], x - div(x, 2) * 2, 1e-12) << at;
    EXPECT_NEAR(row[table.column("modX")], mod(x, 3), 1e-12) << at;
    EXPECT_EQ(row[table.column("divX")], div(x, 3)) << at;
    EXPECT_EQ(row[table.column("floorX")], std::floor(x / 2)) << at;
    EXPECT_NEAR(row[table.column("remW")], w - div(w, 2) * 2, 1e-12) << at;
    EXPECT_NEAR(row[table.column("modW")], mod(w, -3), 1e-12) << at;
    EXPECT_EQ(row[table.column("ceilW")], std::ceil(w - 0.5)) << at;
    EXPECT_EQ(row[table.column("integerW")], std::floor(w / 4)) << at;
    ++checked;
  }
  EXPECT_GT(checked, 3000u);
}

TEST(EventModels, SaturationEventLandsAtThree) {
  CsvTable table = simulate(eventModel("Saturation.mo"), ""); // tolerance 1e-10, to 4 s
  const double tol = 1e-10, p1 = std::exp(3.0) - 4, p2 = std::exp(3.0) - 7;
  const double rate = std::exp(3.0) + 3 - 1; // x'(3) = x + t
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 1u) << "x increases monotonically: one crossing of p1";
  std::size_t t = table.column("time"), x = table.column("x"), y = table.column("y");
  std::size_t left = 0;
  while (table.rows[left][t] != events[0])
    ++left;
  // Location: the left limit is on the numerical solution at the located time, which is within
  // ttol of that solution's root: |x - p1| <= x'(3) ttol (plus the rounding of x ~ 15).
  EXPECT_NEAR(table.rows[left][x], p1, rate * locationTolerance(3, 4) + 8 * kEps * 16);
  // The time itself moves with the global error of x at t = 3: local errors of at most
  // TOL (1 + |x|) <= 16 TOL, N = 1000 of them, each amplified by at most e^3 by x' = x + t
  // until t = 3: |t_e - 3| <= 1000 * 16 TOL e^3 / x'(3) + ttol = 1.5e-6 s. An event detected
  // at a step end instead of located would be off by a step (~1e-2 s).
  EXPECT_NEAR(events[0], 3.0, 1000 * 16 * tol * std::exp(3.0) / rate + locationTolerance(3, 4));
  // The output is continuous (y(3) = p2) and saturated exactly from the event on.
  EXPECT_NEAR(table.rows[left][y], p2, 1000 * 16 * tol * std::exp(3.0) + rate * 1e-12);
  for (std::size_t i = left + 1; i < table.rows.size(); ++i) {
    EXPECT_EQ(table.rows[i][y], p2) << "t = " << table.rows[i][t];
  }
  for (std::size_t i = 0; i < left; ++i) {
    double time = table.rows[i][t];
    double expected = std::exp(time) - 2 * time - 1; // y = x - u before the event
    EXPECT_NEAR(table.rows[i][y], expected, 1000 * 16 * tol * std::exp(time)) << "t = " << time;
  }
}

// Case 5. A double crossing inside one large step: x' = 1 lets the integrator step across
// [0, 10] in a few steps; sin(x) + cos(delta) is negative only for |x - 3 pi/2| < delta = 1e-3.
TEST(EventModels, DoubleCrossingInsideOneLargeStepIsDetected) {
  // One output interval over the whole run: nothing but the integrator's own steps (and the
  // event handling) decides where the crossing function is looked at.
  CsvTable table = simulate(eventModel("DoubleCrossing.mo"), "--interval 10");
  const double delta = 1e-3, centre = 1.5 * std::numbers::pi;
  std::vector<Jump> entered = jumps(table, "entered"), left = jumps(table, "left");
  ASSERT_EQ(entered.size(), 1u) << "the dip below zero was missed";
  ASSERT_EQ(left.size(), 1u);
  // x = t is integrated exactly up to rounding (ulp(x) < 1e-15). The crossing function has
  // slope cos(x) = -+sin(delta) ~ 1e-3 at its roots and is evaluated with a rounding error of a
  // few eps, which moves the root by 4 eps / sin(delta) = 1e-12 s; plus the location tolerance.
  const double bound = 4 * kEps / std::sin(delta) + 2e-15 + locationTolerance(centre, 10);
  EXPECT_NEAR(entered[0].time, centre - delta, bound);
  EXPECT_NEAR(left[0].time, centre + delta, bound);
  EXPECT_EQ(at(table, entered[0].row, "inside"), 1);
  EXPECT_EQ(at(table, left[0].row, "inside"), 0);
  EXPECT_EQ(table.values("entered").back(), 1);
  EXPECT_EQ(table.values("left").back(), 1);
}

// Case 6. Sticking: at every bounce the ball is put back exactly onto the floor (h := 0), so
// the crossing function of the bounce is zero at every restart. It must not fire again until
// the ball really lands: the events are exactly the bounces.
TEST(EventModels, CrossingFunctionZeroAtRestartDoesNotFireAgain) {
  CsvTable table = simulate(eventModel("StickingBall.mo"), ""); // tolerance 1e-10, to 3 s
  CsvTable ref = reference("sticking_ball_reference.csv");
  const double tol = 1e-10, g = 9.81, stop = 3;
  auto [speed, height] = flightsOf(ref, 1.0);
  std::vector<Jump> bounces = jumps(table, "bounces");
  ASSERT_EQ(bounces.size(), ref.rows.size()) << "6 bounces before t = 3";
  // No other event at all: with h = 0 and v > 0 after each bounce the relation h < 0 stays
  // false until the next landing.
  EXPECT_EQ(table.eventTimes().size(), ref.rows.size());
  for (std::size_t m = 1; m <= bounces.size(); ++m) {
    const Jump& b = bounces[m - 1];
    EXPECT_NEAR(b.time, ref.rows[m - 1][ref.column("time")],
                bounceTimeBound(static_cast<int>(m), speed, height, g, 0.8, tol, stop))
        << "bounce " << m;
    EXPECT_EQ(at(table, b.row, "h"), 0) << "reinit(h, 0) at bounce " << m;
    EXPECT_EQ(at(table, b.row, "v"), -0.8 * at(table, b.row - 1, "v")) << "bounce " << m;
  }
  for (double h : table.values("h")) {
    EXPECT_GE(h, -1e-9) << "the ball never sinks into the floor (beyond its landing error)";
  }
}

// Case 7. Simultaneous events: two masses released symmetrically hit the walls at -L and +L at
// the same instants (in exact arithmetic; numerically the two crossings differ by rounding).
TEST(EventModels, SymmetricCrossingsAreHandledInOneEvent) {
  CsvTable table = simulate(eventModel("SymmetricWalls.mo"), ""); // tolerance 1e-10, to 1.9 s
  CsvTable ref = reference("symmetric_walls_reference.csv");
  const double tol = 1e-10, e = 0.5, stop = 1.9;
  std::vector<Jump> hits1 = jumps(table, "hits1"), hits2 = jumps(table, "hits2");
  ASSERT_EQ(hits1.size(), 3u); // hits at 0.46, 1.21, 1.73; the 4th is at 2.03
  ASSERT_EQ(hits2.size(), 3u);
  for (std::size_t n = 1; n <= 3; ++n) {
    const Jump& a = hits1[n - 1];
    const Jump& b = hits2[n - 1];
    // One event: both counters change between the same left and right limit rows.
    EXPECT_EQ(a.row, b.row) << "hit " << n << " handled as separate events at " << precise(a.time)
                            << " (left wall) and " << precise(b.time) << " (right wall)";
    double speed = ref.rows[n - 1][ref.column("speed_before")];
    // Harmonic arcs of the relative motion (period 2.2 s, under one period in all): the
    // positions are off by at most N = 1000 local errors of TOL (1 + |x| + |v|) <= 4 TOL per
    // arc; the masses cross the walls at `speed`, and the errors of the arcs add up.
    double bound = n * (1000 * 4 * tol / speed + 2 * locationTolerance(stop, stop));
    double expected = ref.rows[n - 1][ref.column("time")];
    EXPECT_NEAR(a.time, expected, bound) << "hit " << n;
    EXPECT_NEAR(b.time, expected, bound) << "hit " << n;
    // Both reinits applied, each to the velocity just before it.
    EXPECT_NEAR(at(table, a.row - 1, "v1"), -speed, n * 1000 * 4 * tol) << "hit " << n;
    EXPECT_NEAR(at(table, b.row - 1, "v2"), speed, n * 1000 * 4 * tol) << "hit " << n;
    EXPECT_EQ(at(table, a.row, "v1"), -e * at(table, a.row - 1, "v1")) << "hit " << n;
    EXPECT_EQ(at(table, b.row, "v2"), -e * at(table, b.row - 1, "v2")) << "hit " << n;
    EXPECT_EQ(at(table, a.row, "hits1"), static_cast<double>(n));
    EXPECT_EQ(at(table, b.row, "hits2"), static_cast<double>(n));
  }
}

// Case 8. Karim's spring-contact bouncing ball (seed 000, section 5.1, Table 2): contact begins
// and ends at the exact times of the piecewise closed form (parabola / undamped oscillator).
TEST(EventModels, KarimSpringContactBallCrossesAtTheExactTimes) {
  CsvTable table = simulate(eventModel("KarimBall.mo"), ""); // tolerance 1e-10, to 10 s
  CsvTable ref = reference("karim_ball_reference.csv");
  const double tol = 1e-10, r = 2.5, stop = 10;
  std::vector<Jump> switches = jumps(table, "contact");
  ASSERT_EQ(switches.size(), ref.rows.size()) << "5 contacts, each beginning and ending";
  // Seed 000, Table 3: the first event at 0.5032575 s (Matlab ODE45 and the trapezoidal
  // Newton method); the closed form gives 0.50325755220109826.
  // Each phase (flight 1.5 s, contact 0.5 s) is off by at most N = 1000 local errors of
  // TOL (1 + |y| + |v|) <= 15 TOL in y; y crosses r at |v| = 7.435 m/s; the phase errors add
  // up (the system has no damping to forget them).
  const double perEvent = 1000 * 15 * tol / 7.435 + 2 * locationTolerance(stop, stop);
  for (std::size_t n = 1; n <= switches.size(); ++n) {
    const Jump& s = switches[n - 1];
    const auto& expected = ref.rows[n - 1];
    EXPECT_NEAR(s.time, expected[ref.column("time")], n * perEvent) << "event " << n;
    EXPECT_EQ(at(table, s.row, "contact"), expected[ref.column("contact_after")]) << n;
    // Residual of the located event: y - r at the left limit is within |v| ttol of zero
    // (plus the rounding of y ~ 2.5).
    EXPECT_NEAR(at(table, s.row - 1, "y"), r, 7.5 * locationTolerance(stop, stop) + 4 * kEps * r)
        << "event " << n;
    EXPECT_NEAR(at(table, s.row - 1, "v"), expected[ref.column("v")], n * 1000 * 15 * tol)
        << "event " << n;
  }
}

// Case 9. The ARGESIM C21 rotating pendulum with a free-flight phase (seed 003, section 4):
// the rope goes slack, becomes taut again, and the following swinging decays until its
// amplitude no longer exceeds pi/10; switch and turning-point times against a 30-digit
// Taylor-series integration of the phases with exact switching conditions.
TEST(EventModels, C21PendulumSwitchesBetweenSwingingAndFreeFlightAtTheReferenceTimes) {
  CsvTable table = simulate(eventModel("C21Pendulum.mo"), ""); // tolerance 1e-10, to 7.7 s
  CsvTable ref = reference("c21_pendulum_reference.csv");
  const double tol = 1e-10, pi = std::numbers::pi;
  std::size_t kind = ref.column("kind"), time = ref.column("time");
  std::size_t a = ref.column("a"), b = ref.column("b");
  // Errors: each phase (at most 2 s) adds at most N = 1000 local errors of TOL (1 + |u|) with
  // |u| <= 20 (phi grows to 18.3 rad in the rotating phase, phi' <= 15 1/s), 2.1e-6 in the
  // states; the switching functions change at rates of at least 3 per second at the events
  // (F' = -86 N/s at 'F', the radial speed 3.9 m/s at 'S', phi'' = (g/l) sin(amplitude) >= 3
  // at the turning points), so each event adds at most 7e-7 s to the errors before it.
  const double perEvent = 1000 * tol * 21 / 3 + 2 * locationTolerance(8, 8);
  const double stateError = 1000 * tol * 21;
  std::vector<Jump> phase = jumps(table, "swinging");
  ASSERT_EQ(phase.size(), 2u) << "one free flight: slack, then taut";
  EXPECT_EQ(at(table, phase[0].row, "swinging"), 0);
  EXPECT_EQ(at(table, phase[1].row, "swinging"), 1);
  ASSERT_EQ(ref.rows[0][kind], 1);
  ASSERT_EQ(ref.rows[1][kind], 2);
  EXPECT_NEAR(phase[0].time, ref.rows[0][time], perEvent) << "rope slack (event 'F')";
  EXPECT_NEAR(std::fmod(at(table, phase[0].row - 1, "phi"), 2 * pi), ref.rows[0][a], stateError);
  EXPECT_NEAR(at(table, phase[0].row - 1, "w"), ref.rows[0][b], stateError);
  EXPECT_NEAR(phase[1].time, ref.rows[1][time], 2 * perEvent) << "rope taut (event 'S')";
  EXPECT_NEAR(at(table, phase[1].row, "phi"), ref.rows[1][a], 2 * stateError);
  EXPECT_NEAR(at(table, phase[1].row, "w"), ref.rows[1][b], 2 * stateError);
  std::vector<Jump> turns = jumps(table, "turns");
  ASSERT_EQ(turns.size(), ref.rows.size() - 2) << "turning points until the amplitude <= pi/10";
  for (std::size_t n = 0; n < turns.size(); ++n) {
    const auto& expected = ref.rows[n + 2];
    ASSERT_EQ(expected[kind], 3);
    EXPECT_NEAR(turns[n].time, expected[time], (n + 3) * perEvent) << "turning point " << n + 1;
    EXPECT_NEAR(at(table, turns[n].row, "amplitude"), expected[a], (n + 3) * stateError)
        << "turning point " << n + 1;
  }
  // The task's answer: the oscillation first stays within pi/10 at the last turning point
  // (amplitude 0.31393 against pi/10 = 0.31416: a margin of 2.3e-4 rad, far above the errors).
  EXPECT_LE(at(table, turns.back().row, "amplitude"), pi / 10);
  EXPECT_GT(at(table, turns[turns.size() - 2].row, "amplitude"), pi / 10);
}

namespace {

// One state-event row of an event log (--event-log): time, crossing index, residual |g(t_e)|
// and the root-function evaluations of the location.
struct LoggedEvent {
  double time;
  int crossing;
  double residual;
  long iterations;
};

// CSV fields, with double-quoted fields that may hold commas.
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::vector<LoggedEvent> stateEvents(const std::filesystem::path& log) {
  std::ifstream in(log);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "time,kind,crossing,expression,location,direction,residual,iterations,locator");
  std::vector<LoggedEvent> events;
  while (std::getline(in, line)) {
    std::vector<std::string> f = csvFields(line);
    if (f.size() != 9 || f[1] != "state") continue;
    events.push_back({std::stod(f[0]), std::stoi(f[2]), std::stod(f[6]), std::stol(f[7])});
  }
  return events;
}

} // namespace

// Issue 5: every event location method on Karim's spring-contact ball (case 8 above), side by
// side: the located times against the closed form, and the residual |y - r| at each located
// event from the event log.
class EventLocators : public ::testing::TestWithParam<const char*> {};

TEST_P(EventLocators, LocateKarimsBallAtTheExactCrossingTimes) {
  std::string locator = GetParam();
  auto log = scratchDirectory() / ("events_" + locator + ".csv");
  CsvTable table = simulate(eventModel("KarimBall.mo"),
                            "--event-locator " + locator + " --event-log " + log.string());
  CsvTable ref = reference("karim_ball_reference.csv");
  const double tol = 1e-10, r = 2.5, stop = 10, speed = 7.4352706742929003;
  std::vector<LoggedEvent> events = stateEvents(log);
  ASSERT_EQ(events.size(), ref.rows.size()) << locator;
  std::vector<Jump> switches = jumps(table, "contact");
  ASSERT_EQ(switches.size(), ref.rows.size()) << locator;
  // The bound of case 8: the phase errors of the integration, plus the location tolerance.
  const double perEvent = 1000 * 15 * tol / speed + 2 * locationTolerance(stop, stop);
  for (std::size_t n = 1; n <= events.size(); ++n) {
    const LoggedEvent& e = events[n - 1];
    EXPECT_EQ(e.time, switches[n - 1].time) << "the log and the results agree, event " << n;
    EXPECT_NEAR(e.time, ref.rows[n - 1][ref.column("time")], n * perEvent)
        << locator << " event " << n;
    // Every method stops within the location tolerance past the root of y - r, which crosses
    // at |v| = 7.435 m/s: |y - r| <= 7.5 ttol, plus the rounding of y ~ 2.5. (Henon's method
    // and the trapezoidal step land on the surface from their own integration, aiming half a
    // tolerance past it.)
    EXPECT_LE(e.residual, 7.5 * locationTolerance(stop, stop) + 4 * kEps * r)
        << locator << " event " << n;
    EXPECT_NEAR(at(table, switches[n - 1].row - 1, "y"), r,
                7.5 * locationTolerance(stop, stop) + 4 * kEps * r + n * 1000 * 15 * tol)
        << locator << " event " << n;
    EXPECT_GT(e.iterations, 0) << locator;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryMethod, EventLocators,
                         ::testing::Values("solver", "bisection", "illinois", "brent", "newton",
                                           "henon", "trapezoid"));

// --zeno=continue: the accumulation is noted, the run goes on until events stop time from
// advancing altogether, and that still ends it (never a hang).
TEST(EventModels, ZenoContinueNotesTheAccumulationAndStillStops) {
  auto csv = scratchDirectory() / "zeno_continue.csv";
  CommandResult run =
      runCommand("timeout 120 " + moccBinary() + " run " + eventModel("ZenoTanks.mo") +
                 " --zeno=continue -o " + csv.string() + " 2>&1");
  EXPECT_NE(run.exitCode, 124) << "hang";
  EXPECT_NE(run.output.find("continuing (--zeno=continue)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Zeno behaviour"), std::string::npos) << run.output;
}

// Compere's region of concurrency (seed 002, 5.2.3): two bounces 4.5e-4 s apart, inside one
// window of 1e-3 s, are handled with one restart of the integrator, each at its own located
// time. rk45 integrates the parabolas exactly and its dense output is exact for them, so the
// times are the closed forms sqrt(2 h / g) to the location tolerance and the reinits use the
// exact velocities -g t there (the reinit multiplies by e: a few ulps of 4.4 m/s).
TEST(EventModels, ARegionOfConcurrencyHandlesEachCrossingAtItsOwnTime) {
  const double h = 1, dh = 2e-3, e = 0.8, g = 9.81, stop = 0.6;
  const double t1 = std::sqrt(2 * h / g), t2 = std::sqrt(2 * (h + dh) / g);
  const double timeBound = 2 * locationTolerance(stop, stop);
  const double speedBound = g * timeBound + 8 * kEps * g * t2;
  auto csv = scratchDirectory() / "concurrent_bounces.csv";
  std::string run = moccBinary() + " run " + eventModel("ConcurrentBounces.mo") +
                    " --solver rk45 -o " + csv.string();
  CommandResult separate = runCommand(run);
  ASSERT_EQ(separate.exitCode, 0) << separate.output;
  // Each bounce leaves y < 0 upwards again just after its reinit: four crossings.
  EXPECT_NE(separate.output.find("events: 4 (4 state, 0 time)"), std::string::npos)
      << separate.output;
  CommandResult grouped = runCommand(run + " --concurrency-window 1e-3");
  ASSERT_EQ(grouped.exitCode, 0) << grouped.output;
  // Two groups: the bounces, and the two upward crossings after them (ball 1 restarts at t2
  // from its dense output, dh below the floor: the region's approximation, that the solution
  // barely moves within the window, and the reason for a small window).
  EXPECT_NE(grouped.output.find("events: 2 (2 state, 0 time)"), std::string::npos)
      << grouped.output;
  EXPECT_NE(grouped.output.find("region of concurrency: 2 more state events"), std::string::npos)
      << grouped.output;
  CsvTable table = readCsv(csv.string());
  std::vector<Jump> hits1 = jumps(table, "hits1"), hits2 = jumps(table, "hits2");
  ASSERT_EQ(hits1.size(), 1u);
  ASSERT_EQ(hits2.size(), 1u);
  EXPECT_NEAR(hits1[0].time, t1, timeBound);
  EXPECT_NEAR(hits2[0].time, t2, timeBound);
  EXPECT_NEAR(at(table, hits1[0].row, "v1"), e * g * t1, e * speedBound)
      << "ball 1's reinit uses its velocity at its own bounce, not at ball 2's";
  EXPECT_NEAR(at(table, hits2[0].row, "v2"), e * g * t2, e * speedBound);
}

// A root located at rounding level on a loop unknown (ShockleyDiodeAtRoundingLevel.mo): the
// run completes, and the diode's phase alternates, conducting (C) and locking (L) once per
// source period each (nC and nL differ by at most one at every row; MLS 8.5: each root is one
// event), 75 periods in 500e-6 s.
TEST(EventModels, ARootDecidedAtRoundingLevelOnALoopUnknownIsOneEvent) {
  CsvTable table = simulate(eventModel("ShockleyDiodeAtRoundingLevel.mo"), "");
  ASSERT_FALSE(table.rows.empty());
  EXPECT_EQ(table.rows.back()[table.column("time")], 500e-6);
  for (const auto& row : table.rows) {
    double c = row[table.column("nC")], l = row[table.column("nL")];
    ASSERT_TRUE(c == l || c == l + 1) << "at time " << precise(row[table.column("time")]);
  }
  std::vector<Jump> locks = jumps(table, "nL");
  EXPECT_GE(locks.size(), 74u);
  EXPECT_LE(locks.size(), 75u);
}

// Issue 6: every solver handles events through the same layer. The flights of the C21 ball are
// parabolas, which every method here integrates exactly up to rounding: Runge-Kutta methods of
// order p >= 2 (rk4, rk45 and ARKODE's Dormand-Prince: order 4 and 5) and Adams-Moulton of order
// >= 2 reproduce polynomial solutions of degree <= 2, and their dense outputs (cubic Hermite,
// the Dormand-Prince continuous extension, CVODE's interpolant) are exact for them. So the
// bound of case 1 holds (it allows K = 10 local errors of TOL per flight, for the order-1
// starting steps of Adams), and the first 30 bounces must match the geometric series within it.
class SolversOnTheC21Ball : public ::testing::TestWithParam<const char*> {};

TEST_P(SolversOnTheC21Ball, BounceAtTheGeometricSeriesTimes) {
  std::string solver = GetParam();
  // rk4's fixed step: 1 ms, 40 to 1400 steps per flight.
  CsvTable table = simulate(eventModel("C21BouncingBall.mo"),
                            "--solver " + solver + (solver == "rk4" ? " --step 1e-3" : ""));
  CsvTable ref = reference("c21_bouncing_ball_reference.csv");
  const double tol = 1e-12, g = 9.81, x0 = 10, stop = 30;
  auto [speed, height] = flightsOf(ref, x0);
  std::vector<Jump> bounces = jumps(table, "bounces");
  ASSERT_GE(bounces.size(), 30u) << solver;
  for (std::size_t m = 1; m <= 30; ++m) {
    EXPECT_NEAR(bounces[m - 1].time, ref.rows[m - 1][ref.column("time")],
                bounceTimeBound(static_cast<int>(m), speed, height, g, 0.9, tol, stop))
        << solver << " bounce " << m;
  }
}

INSTANTIATE_TEST_SUITE_P(ExactForParabolas, SolversOnTheC21Ball,
                         ::testing::Values("cvode", "cvode-adams", "arkode-erk", "rk45", "rk4"));

// MLS 3.6 section 8.6: variables of when-clauses that are not active at initialization keep
// pre(), which the initial equations determine; the clauses then build on those values.
TEST(EventModels, InitialEquationsFixVariablesOfInactiveWhenClauses) {
  CsvTable table = simulate(eventModel("WhenVariableFixedInitially.mo"), "");
  for (const auto& row : table.rows) {
    double t = row[table.column("time")];
    double x = row[table.column("x")], n = row[table.column("n")];
    if (t < 0.25) EXPECT_EQ(x, 1.0) << "t = " << t;
    if (t > 0.25) EXPECT_EQ(x, 2.0) << "t = " << t;
    if (t < 0.5) EXPECT_EQ(n, 3.0) << "t = " << t;
    if (t > 0.5) EXPECT_EQ(n, 6.0) << "t = " << t;
  }
  EXPECT_EQ(table.rows.front()[table.column("x")], 1.0);
  EXPECT_EQ(table.rows.back()[table.column("n")], 6.0);
}

// MLS 3.6 section 8.6: a mixed loop whose fixed-point iteration over its relations cycles at
// t = 0.5 (see the model's comment); the event must end in the one consistent choice. The
// values are exact: every branch is a constant.
TEST(EventModels, MixedLoopSettlesInItsOnlyConsistentChoiceOfRelations) {
  CsvTable table = simulate(eventModel("MixedSwap.mo"), "");
  std::size_t t = table.column("time"), x = table.column("x"), y = table.column("y");
  ASSERT_EQ(table.eventTimes(), std::vector<double>{0.5});
  bool leftLimitSeen = false; // the event's first row is its left limit, the second its right
  for (const std::vector<double>& row : table.rows) {
    bool before = row[t] < 0.5 || (row[t] == 0.5 && !leftLimitSeen);
    leftLimitSeen = leftLimitSeen || row[t] == 0.5;
    EXPECT_EQ(row[x], 1.0) << "t = " << row[t];
    EXPECT_EQ(row[y], before ? -1.0 : 1.0) << "t = " << row[t];
  }
  EXPECT_EQ(table.rows.size(), 6u) << "rows at 0, 0.25, both limits at 0.5, 0.75 and 1";
}

// MLS 3.6 section 8.5: a relation whose crossing was just located takes its right-limit value
// while its operands agree up to the root's resolution (model.h, MOCC_CROSSING_RESOLUTION). The
// branch values of SelfSelectingBranch.mo straddle c by rounding at the event; each (a, b, c)
// below made the event iteration flip `v < c` until it gave up. Where they straddle c by more
// than that resolution (a = 140.056, b = 0.011) the iteration returns to values it had, and the
// crossing located going down decides `v < c` for its side (Simulator::decideCyclingRoots).
TEST(EventModels, SelfSelectingBranchSettlesOnTheLocatedSide) {
  struct Case {
    double a, b, c;
  };
  for (Case k : {Case{140.056, 0.3, 0.65}, Case{140.056, 2.9, 1.7}, Case{1.3, 0.011, 1.7},
                 Case{7.1, 0.3, 0.3}, Case{0.37, 0.011, 0.1}, Case{140.056, 0.011, 0.65}}) {
    SCOPED_TRACE(testing::Message() << "a = " << k.a << ", b = " << k.b << ", c = " << k.c);
    double switchTime = k.c / k.a, stopTime = 2 * switchTime;
    std::ostringstream args;
    args << std::setprecision(17) << "--override a=" << k.a << " --override b=" << k.b
         << " --override c=" << k.c << " --stop-time " << stopTime << " --interval "
         << stopTime / 10;
    CsvTable table = simulate(eventModel("SelfSelectingBranch.mo"), args.str());
    // u' = -1 is integrated exactly up to the rounding of its steps (a few hundred at most).
    // The crossing function v - c is located to ttol, and on the flat branch b (u - c/a) it
    // rounds to zero up to eps c / b before the switch: the event (or a second one just after,
    // where the branch a*u chosen at the first leaves c) lies in that window.
    double uError = 1000 * kEps * 2 * switchTime;
    double window = locationTolerance(switchTime, stopTime) + kEps * k.c / k.b + uError;
    ASSERT_FALSE(table.eventTimes().empty());
    for (double time : table.eventTimes())
      EXPECT_NEAR(time, switchTime, window);
    std::size_t t = table.column("time"), u = table.column("u"), v = table.column("v");
    for (const std::vector<double>& row : table.rows) {
      EXPECT_NEAR(row[u], 2 * switchTime - row[t], uError) << "t = " << row[t];
      double expected = row[t] < switchTime ? k.c + k.b * (row[u] - switchTime) : k.a * row[u];
      // Off the window each branch is its value at the computed u up to rounding; inside it
      // either branch may hold, and they differ by at most a times the window.
      double rounding = 8 * kEps * (k.c + k.a * row[u]) + k.a * window;
      EXPECT_NEAR(row[v], expected, rounding) << "t = " << row[t];
    }
  }
}

// SelfSelectingFold.mo has no solution after t = u0 = c/a: the relation decided within the
// root's resolution contradicts the sign of its crossing function there, and the run must stop
// at the fold with an error and no rows after it, not run on along the branch the relation
// excludes (which it did until the stop time's last event iteration found it out).
// SlidingThroughBooleanEquation.mo and SlidingThroughWhenClause.mo: a relay's sliding mode stops
// the run as chattering at t = 0.5 (x = 0.5 - t reaches 0 exactly up to ~100 ulps of root
// location), whether the relay follows its relation through a Boolean equation or a
// when-clause: its two sides give der(x) = -1 and +1, not the same derivative, so it is no
// continuous switch (Simulator::chattersContinuously).
TEST(EventModels, ARelaysSlidingModeThroughBooleansStopsAsChattering) {
  for (const char* model : {"SlidingThroughBooleanEquation.mo", "SlidingThroughWhenClause.mo"}) {
    SCOPED_TRACE(model);
    auto csv = scratchDirectory() / "sliding_booleans.csv";
    CommandResult r =
        runCommand(moccBinary() + " run " + eventModel(model) + " -o " + csv.string());
    EXPECT_EQ(r.exitCode, 3) << r.output;
    EXPECT_NE(r.output.find("chattering at time 0.5"), std::string::npos) << r.output;
    CsvTable table = readCsv(csv.string());
    ASSERT_FALSE(table.rows.empty());
    EXPECT_NEAR(table.rows.back()[table.column("time")], 0.5, 1e-10);
  }
}

TEST(EventModels, SelfSelectingFoldStopsAtTheFold) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("SelfSelectingFold.mo") +
                               " -o " + csv.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  const double fold = 0.65 / 140.056, stopTime = 2 * fold;
  // The event is located to ttol; u' = -1 is integrated exactly up to rounding.
  double window = locationTolerance(fold, stopTime) + 1000 * kEps * stopTime;
  CsvTable table = readCsv(csv.string());
  ASSERT_FALSE(table.rows.empty());
  EXPECT_NEAR(table.rows.back()[table.column("time")], fold, window) << r.output;
}

// SchmittTriggerFold.mo: the output is +Vs until the input u = 5 cos(2 pi t) falls below the
// end of the +Vs branch, u1 = Vs ((R1 + R2)/V0 - R1)/R2, then -Vs until u rises above -u1.
// The model has no states, so each output point solves the loop on its own: the first point
// past a fold must find the other branch, and every point keeps the branch it is on inside
// the hysteresis band.
TEST(EventModels, SchmittTriggerJumpsWhereItsBranchEnds) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("SchmittTriggerFold.mo") +
                               " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const double vs = 15, u1 = vs * ((1000.0 + 15000.0) / 15000.0 - 1000.0) / 15000.0;
  const double down = std::acos(u1 / 5) / (2 * std::numbers::pi);
  const double up = 1 - std::acos(-u1 / 5) / (2 * std::numbers::pi);
  CsvTable table = readCsv(csv.string());
  ASSERT_EQ(table.rows.size(), 1001u);
  for (const auto& row : table.rows) {
    double t = row[table.column("time")];
    EXPECT_EQ(row[table.column("y")], t > down && t < up ? -vs : vs) << "t = " << t;
  }
}

// SchmittTriggerOscillator.mo: y = -Vs while the triangle w rises at Vs/(R C) = 400 from -12
// to the end of the lower branch, w1 = Vs (R1 - (R1 + R2)/V0)/R2, then +Vs while it falls to
// -w1, and so on: y switches at t_k = (w1 + 12)/400 + k 2 w1/400. At each switch neither the
// old limit nor the linear range is consistent; the run must find the other limit. Each
// switch is located to ttol, and one late by d delays the later ones by 2 d (w overshoots).
TEST(EventModels, ASchmittTriggerSwitchesToItsOtherLimit) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("SchmittTriggerOscillator.mo") +
                               " -o " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const double vs = 15, stop = 0.3, rate = 400;
  const double w1 = vs * (1000.0 - (1000.0 + 1500.0) / 15000.0) / 1500.0;
  // y is the loop's iteration variable: Newton stops within 1e-10 (|y| + 1) of the limit.
  const double newton = 1e-10 * (vs + 1);
  CsvTable table = readCsv(csv.string());
  std::size_t t = table.column("time"), y = table.column("y");
  std::vector<double> switches, to;
  ASSERT_FALSE(table.rows.empty());
  EXPECT_NEAR(table.rows.front()[y], -vs, newton);
  for (std::size_t i = 1; i < table.rows.size(); ++i) {
    EXPECT_NEAR(std::abs(table.rows[i][y]), vs, newton) << "t = " << table.rows[i][t];
    if ((table.rows[i][y] > 0) == (table.rows[i - 1][y] > 0)) continue;
    switches.push_back(table.rows[i][t]);
    to.push_back(table.rows[i][y] > 0 ? vs : -vs);
  }
  ASSERT_EQ(switches.size(), 5u) << r.output;
  for (std::size_t k = 0; k < switches.size(); ++k) {
    double expected = (w1 + 12) / rate + static_cast<double>(k) * 2 * w1 / rate;
    double window = static_cast<double>(2 * k + 1) * locationTolerance(expected, w1 / rate) +
                    1000 * kEps * stop;
    EXPECT_NEAR(switches[k], expected, window) << "switch " << k;
    EXPECT_EQ(to[k], k % 2 == 0 ? vs : -vs) << "switch " << k;
  }
}

// GuardedCrossings.mo: `zero > 0` compares a quantity that is zero up to rounding and matters
// only while `never` or `not guarded` holds; x > 0.75 matters only once `armed`, set by the
// event at x = 0.25. With the guards the run has exactly the events at 0.25 and 0.75 (x = time
// is integrated exactly up to rounding, so they are located within ttol plus the rounding of
// the steps); without (guarded = false) the rounding makes more.
TEST(EventModels, ARelationThatCannotMatterGeneratesNoEvents) {
  auto csv = scratchDirectory() / "result.csv";
  CommandResult r = runCommand(moccBinary() + " run " + eventModel("GuardedCrossings.mo") + " -o " +
                               csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  CsvTable table = readCsv(csv.string());
  std::vector<double> events = table.eventTimes();
  const double stop = 1;
  ASSERT_EQ(events.size(), 2u) << r.output;
  EXPECT_NEAR(events[0], 0.25, locationTolerance(0.25, stop) + 1000 * kEps * stop);
  EXPECT_NEAR(events[1], 0.75, locationTolerance(0.75, stop) + 1000 * kEps * stop);
  std::size_t t = table.column("time"), fired = table.column("fired");
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    EXPECT_EQ(row[table.column("noisy")], 0) << "t = " << row[t];
    bool after =
        row[t] > events[1] || (row[t] == events[1] && i > 0 && table.rows[i - 1][t] == row[t]);
    EXPECT_EQ(row[fired], after ? 1 : 0) << "t = " << row[t];
  }
  // The crossing functions as the program lists them: each reports its relation's stored side
  // while its condition is false.
  CommandResult listed = runCommand(moccBinary() + " run " + eventModel("GuardedCrossings.mo") +
                                    " --print-after build-program -o " + csv.string());
  EXPECT_NE(listed.output.find("  g2 = if never or not guarded then zero else if $rel2(zero > 0) "
                               "then 1.0 else -1.0  (zero > 0 at "),
            std::string::npos)
      << listed.output;
  EXPECT_NE(listed.output.find("  g3 = if armed then x - 0.75 else if $rel3(x > 0.75) then 1.0 "
                               "else -1.0  (x > 0.75 at "),
            std::string::npos)
      << listed.output;
  CommandResult unguarded = runCommand(moccBinary() + " run " + eventModel("GuardedCrossings.mo") +
                                       " --override guarded=false -o " + csv.string());
  ASSERT_EQ(unguarded.exitCode, 0) << unguarded.output;
  EXPECT_GT(readCsv(csv.string()).eventTimes().size(), 2u) << unguarded.output;
}

// tests/models/events/SampleInstantEnds.mo: y = sample(0.5, 1) rises and falls within each of
// the instants 0.5, 1.5 and 2.5, so each counter grows by its number of edges per instant
// (change(y): two, every other one) at exactly those times and nowhere else; the stop time 3
// is no instant. Counting is exact: the expected values are integers.
TEST(EventModels, TheEndOfASampleInstantIsAnEdgeAtTheSameTime) {
  CsvTable table = simulate(eventModel("SampleInstantEnds.mo"), "");
  std::vector<double> events = table.eventTimes();
  ASSERT_EQ(events.size(), 3u);
  for (std::size_t k = 0; k < events.size(); ++k)
    EXPECT_EQ(events[k], 0.5 + static_cast<double>(k)) << "instant " << k;
  std::size_t t = table.column("time");
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    // After an instant's event (its right-limit row has the same time as the one before).
    bool leftLimit = i + 1 < table.rows.size() && table.rows[i + 1][t] == row[t];
    double done = std::floor(row[t] + 0.5) - (leftLimit ? 1 : 0); // instants completed
    std::string at = "t = " + std::to_string(row[t]);
    for (const char* counter : {"rising", "falling", "ends", "edges", "afterTrue"})
      EXPECT_EQ(row[table.column(counter)], done) << counter << " at " << at;
    EXPECT_EQ(row[table.column("changes")], 2 * done) << at;
    EXPECT_EQ(row[table.column("sampledTime")], done == 0 ? -1 : done - 0.5) << at;
    EXPECT_EQ(row[table.column("y")], 0) << at; // rows are written outside the instants
  }
}

// tests/models/events/MixedWhenSystem.mo: when-equations in algebraic loops with continuous
// equations, solved together at each event (MLS 8.6). x and y are exact up to rounding (a
// linear system); w is the root of a cubic, found here by Newton to machine precision, and by
// mocc's Newton to its stopping tolerance, far below 1e-9 for these well-conditioned roots
// (d/dw of w^3 + a w - b is at least 3 here).
TEST(EventModels, WhenEquationsInAlgebraicLoopsAreSolvedAtTheEvent) {
  CsvTable table = simulate(eventModel("MixedWhenSystem.mo"), "");
  auto cubicRoot = [](double a, double b) { // the real root of w^3 + a w = b, a >= 0
    double w = 1;
    for (int i = 0; i < 60; ++i)
      w -= (w * w * w + a * w - b) / (3 * w * w + a);
    return w;
  };
  std::size_t t = table.column("time");
  std::size_t checked = 0;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    bool leftLimit = i + 1 < table.rows.size() && table.rows[i + 1][t] == row[t];
    // Samples done: the instants j 0.2 (as mocc computes them) up to this row, less the one
    // whose left limit this row is.
    double k = -1;
    while ((k + 1) * 0.2 < row[t] || ((k + 1) * 0.2 == row[t] && !leftLimit))
      ++k;
    std::string at = "t = " + std::to_string(row[t]);
    EXPECT_NEAR(row[table.column("y")], 3 - 0.2 * k, 1e-12) << at;
    EXPECT_NEAR(row[table.column("x")], 2 + 0.2 * k, 1e-12) << at;
    double s = row[table.column("s")];
    // s = t crosses 0.5 and 0.7 at state events, located just past the root.
    bool crossed05 = s > 0.5 + 1e-9 || (s > 0.5 && !leftLimit);
    bool crossed07 = s > 0.7 + 1e-9 || (s > 0.7 && !leftLimit);
    double u = crossed07 ? 3 * cubicRoot(3, 5) - 2 : crossed05 ? 2 : 1;
    EXPECT_NEAR(row[table.column("u")], u, 1e-9) << at;
    EXPECT_NEAR(row[table.column("w")], std::cbrt(3 - u), 1e-9) << at;
    ++checked;
  }
  EXPECT_GT(checked, 20u);
  std::vector<double> events = table.eventTimes(); // samples 0.2 ... 1.0 and s = 0.5, 0.7
  ASSERT_EQ(events.size(), 7u);
}
