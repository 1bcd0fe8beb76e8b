// `mocc compare` end to end: the table, its JSON and CSV forms (parsed, one row per
// combination), event-time deviations of the ARGESIM C21 ball that shrink with the tolerance
// against its closed form (the acceptance test of issue 6), failing combinations shown in their
// row with exit code 3, and usage errors with exit code 2.
#include "bouncing_ball_bounds.h"
#include "model_test_support.h"

#include <cctype>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <variant>

using namespace mocc::test;

namespace {

// A small JSON reader, enough to check that --json writes valid JSON and to read it back.
struct Json;
using JsonObject = std::map<std::string, Json>;
using JsonArray = std::vector<Json>;
struct Json {
  std::variant<std::nullptr_t, bool, double, std::string, JsonArray, JsonObject> value;
  const Json& operator[](const std::string& key) const {
    return std::get<JsonObject>(value).at(key);
  }
  const JsonArray& array() const { return std::get<JsonArray>(value); }
  double number() const { return std::get<double>(value); }
  const std::string& text() const { return std::get<std::string>(value); }
  bool isNull() const { return std::holds_alternative<std::nullptr_t>(value); }
};

class JsonParser {
public:
  explicit JsonParser(std::string text) : text_(std::move(text)) {}

  Json parseDocument() {
    Json json = parseValue();
    skipSpace();
    if (at_ != text_.size()) fail("trailing characters");
    return json;
  }

private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(at_));
  }
  void skipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])))
      ++at_;
  }
  bool take(char c) {
    skipSpace();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  bool takeWord(const std::string& word) {
    skipSpace();
    if (text_.compare(at_, word.size(), word) != 0) return false;
    at_ += word.size();
    return true;
  }

  Json parseValue() {
    skipSpace();
    if (take('{')) return parseObject();
    if (take('[')) return parseArray();
    if (at_ < text_.size() && text_[at_] == '"') return {parseString()};
    if (takeWord("null")) return {nullptr};
    if (takeWord("true")) return {true};
    if (takeWord("false")) return {false};
    return {parseNumber()};
  }
  Json parseObject() {
    JsonObject object;
    if (take('}')) return {object};
    do {
      skipSpace();
      std::string key = parseString();
      expect(':');
      object[key] = parseValue();
    } while (take(','));
    expect('}');
    return {object};
  }
  Json parseArray() {
    JsonArray array;
    if (take(']')) return {array};
    do
      array.push_back(parseValue());
    while (take(','));
    expect(']');
    return {array};
  }
  std::string parseString() {
    if (text_[at_] != '"') fail("expected a string");
    std::string out;
    for (++at_; at_ < text_.size() && text_[at_] != '"'; ++at_) {
      char c = text_[at_];
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      char escaped = text_[++at_];
      if (escaped == 'u') {
        out += static_cast<char>(std::stoi(text_.substr(at_ + 1, 4), nullptr, 16));
        at_ += 4;
      } else {
        out += escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped;
      }
    }
    if (at_ >= text_.size()) fail("unterminated string");
    ++at_;
    return out;
  }
  double parseNumber() {
    std::size_t used = 0;
    double value = 0;
    try {
      value = std::stod(text_.substr(at_), &used);
    } catch (const std::exception&) {
      fail("expected a value");
    }
    // JSON has no NaN, infinities or hexadecimal numbers, which stod accepts.
    std::string token = text_.substr(at_, used);
    if (token.find_first_of("xXnNiI") != std::string::npos) fail("not a JSON number: " + token);
    at_ += used;
    return value;
  }

  std::string text_;
  std::size_t at_ = 0;
};

Json readJson(const std::filesystem::path& path) {
  return JsonParser(readFileBytes(path)).parseDocument();
}

/// The CSV of --csv: a header and rows of fields (quoted fields may hold commas).
std::vector<std::vector<std::string>> readCsvFields(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (char c : line) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        fields.emplace_back();
      else
        fields.back() += c;
    }
    rows.push_back(fields);
  }
  return rows;
}

CommandResult runMocc(const std::string& args) { return runCommand(moccBinary() + " " + args); }

std::string ball() { return example("BouncingBall.mo"); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// The ARGESIM C21 bouncing ball (tests/models/events/README.md, case 1) and its closed form.
std::string c21Ball() {
  return std::string(MOCC_SOURCE_DIR) + "/tests/models/events/C21BouncingBall.mo";
}

/// c21_bouncing_ball_reference.csv: the geometric series (seed 003, eq. 15), evaluated in
/// mpmath and rounded once (closed_forms.py); flight 0 starts at x0.
BallFlights c21ClosedForm(double x0) {
  CsvTable ref = readCsv(std::string(MOCC_SOURCE_DIR) +
                         "/tests/models/events/c21_bouncing_ball_reference.csv");
  BallFlights flights;
  flights.height.push_back(x0);
  for (const auto& row : ref.rows) {
    flights.bounceTime.push_back(row[ref.column("time")]);
    flights.speed.push_back(row[ref.column("landing_speed")]);
    flights.height.push_back(row[ref.column("apex_after")]);
  }
  return flights;
}

/// Writes the closed-form solution of the C21 ball up to `stop` in mocc's result format (one
/// pair of rows per event instant: left and right limit) for --reference: x and v at t = 0,
/// at every bounce (x = 0, v = -w_m, then mu w_m) and every apex (x = apex, v = 0; midway
/// between two bounces, a flight being symmetric), and at `stop` in flight. The ball's other
/// columns are not in it, so only x, v and the event times are compared.
std::filesystem::path writeC21Reference(const std::filesystem::path& dir, const BallFlights& f,
                                        double x0, double g, double mu, double stop,
                                        const std::string& height = "x") {
  auto csv = dir / "c21_closed_form.csv";
  std::ofstream out(csv);
  out << std::setprecision(17) << "time," << height << ",v\n"
      << 0.0 << "," << x0 << "," << 0.0 << "\n";
  for (std::size_t m = 0; m + 1 < f.bounceTime.size(); ++m) {
    double t = f.bounceTime[m], up = mu * f.speed[m];
    out << t << ",0," << -f.speed[m] << "\n" << t << ",0," << up << "\n";
    double apex = 0.5 * (t + f.bounceTime[m + 1]);
    if (apex < stop)
      out << apex << "," << f.height[m + 1] << ",0\n" << apex << "," << f.height[m + 1] << ",0\n";
    if (f.bounceTime[m + 1] >= stop) {
      double s = stop - t;
      out << stop << "," << up * s - 0.5 * g * s * s << "," << up - g * s << "\n";
      break;
    }
  }
  return csv;
}

constexpr double kEps = std::numeric_limits<double>::epsilon();

} // namespace

TEST(Compare, EventTimesOfTheC21BallConvergeToTheClosedFormAsTheToleranceShrinks) {
  // The acceptance test of issue 6 on the ARGESIM C21 ball (x0 = 10 m, mu = 0.9), against its
  // closed form. Its bounces accumulate at t_inf = sqrt(2 x0/g) (1 + mu)/(1 - mu) = 27.13 s
  // (seed 003, eq. 16); the run stops at 20 s, after bounce 13 (19.87 s), where flights still
  // last 0.73 s: far from the accumulation point, so no tolerance meets the Zeno detector (it
  // needs the remaining series within 1e-6 s per s). 13 bounces and 12 apexes: 25 instants
  // (the release of `x < 0` just after a landing is one instant with it).
  const double x0 = 10, g = 9.81, mu = 0.9, stop = 20;
  auto dir = scratchDirectory();
  BallFlights flights = c21ClosedForm(x0);
  auto reference = writeC21Reference(dir, flights, x0, g, mu, stop);
  std::size_t bouncesBeforeStop = 0;
  while (flights.bounceTime[bouncesBeforeStop] < stop)
    ++bouncesBeforeStop;
  ASSERT_EQ(bouncesBeforeStop, 13u);
  auto json = dir / "compare.json";
  CommandResult r = runMocc("compare " + c21Ball() + " --stop-time 20 --solvers cvode,rk45" +
                            " --tolerance 1e-4,1e-6,1e-8 --no-tube --reference " +
                            reference.string() + " --json " + json.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "compared with " + reference.string())) << r.output;
  Json document = readJson(json);
  const JsonArray& runs = document["runs"].array();
  ASSERT_EQ(runs.size(), 6u); // 3 tolerances x 2 solvers
  std::map<std::pair<std::string, double>, double> eventDeviation, valueDeviation;
  for (const Json& run : runs) {
    EXPECT_EQ(run["status"].text(), "ok");
    EXPECT_EQ(run["reference_event_instants"].number(), 2.0 * bouncesBeforeStop - 1);
    EXPECT_EQ(run["run_event_instants"].number(), run["reference_event_instants"].number())
        << run["solver"].text() << " at " << run["tolerance"].number();
    auto key = std::make_pair(run["solver"].text(), run["tolerance"].number());
    eventDeviation[key] = run["event_time_deviation"].number();
    valueDeviation[key] = run["max_abs_deviation"].number();
    // Each variable and each event separately; their maxima are the run's.
    double largestVariable = 0, largestEvent = 0;
    for (const Json& variable : run["variables"].array())
      largestVariable = std::max(largestVariable, variable["max_abs_deviation"].number());
    EXPECT_EQ(largestVariable, valueDeviation[key]);
    ASSERT_EQ(run["event_times"].array().size(), 2 * bouncesBeforeStop - 1);
    for (std::size_t k = 0; k < run["event_times"].array().size(); ++k) {
      const Json& event = run["event_times"].array()[k];
      EXPECT_EQ(event["deviation"].number(), event["run"].number() - event["reference"].number());
      largestEvent = std::max(largestEvent, std::abs(event["deviation"].number()));
      if (k % 2 == 0) // bounces at the even instants (apexes between)
        EXPECT_EQ(event["reference"].number(), flights.bounceTime[k / 2]);
    }
    EXPECT_EQ(largestEvent, eventDeviation[key]);
  }
  // Every event up to the stop time is within the bound of the first bounce after it: an
  // apex comes half a flight after its bounce, moved by the bounce's error plus mu dv/g, less
  // than the next bounce's share of that speed error. The values compared are x and v at the
  // event limits and at the stop time: v is off by g times the time error plus the carried
  // speed error (at most g B in all), x by the speed times the time error plus d: at most
  // w_1 B with w_1 = 14.0 m/s the largest speed (> g).
  auto timeBound = [&](double tol) {
    return ballBounceTimeBound(bouncesBeforeStop + 1, flights, g, mu, tol, stop);
  };
  const double valueFactor = std::max(g, flights.speed[0]);
  // CVODE's BDF: between restarts it is exact on parabolas, so its errors come from the
  // order-1 steps after each event, chosen to make a local error of about TOL: the event
  // times approach the closed form at least like TOL^(1/2) (local error ~ TOL in steps
  // h ~ TOL^(1/2), global error ~ TOL / h for order 1), i.e. tenfold per factor 100 in TOL,
  // and stay within the bound, which is proportional to TOL (at 1e-8: 3.7e-5 s).
  double previous = std::numeric_limits<double>::infinity();
  for (double tolerance : {1e-4, 1e-6, 1e-8}) {
    SCOPED_TRACE(tolerance);
    double deviation = eventDeviation.at({"cvode", tolerance});
    EXPECT_GT(deviation, 0.0);
    EXPECT_LT(deviation, previous / 10);
    EXPECT_LT(deviation, timeBound(tolerance));
    EXPECT_LT(valueDeviation.at({"cvode", tolerance}), valueFactor * timeBound(tolerance));
    previous = deviation;
  }
  EXPECT_LT(valueDeviation.at({"cvode", 1e-8}), valueDeviation.at({"cvode", 1e-4}) / 100);
  // Dormand-Prince integrates the piecewise quadratic flights exactly and the runtime locates
  // the events on its dense output (exact for them too) at every tolerance: only rounding and
  // the root tolerance remain, the bound with TOL replaced by 100 rounding errors per flight.
  for (double tolerance : {1e-4, 1e-6, 1e-8}) {
    EXPECT_LT(eventDeviation.at({"rk45", tolerance}), timeBound(100 * kEps)) << tolerance;
    EXPECT_LT(valueDeviation.at({"rk45", tolerance}), valueFactor * timeBound(100 * kEps))
        << tolerance;
  }
}

TEST(Compare, WithoutAReferenceRunsCvodeAtAHundredthOfTheTightestTolerance) {
  auto dir = scratchDirectory();
  auto csv = dir / "compare.csv";
  CommandResult r = runMocc("compare " + ball() + " --solvers cvode,rk4 --locators solver," +
                            "illinois --tolerance 1e-6 --step 0.001 --csv " + csv.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "compared with cvode (jit) at tolerance 1e-08")) << r.output;
  for (const char* column : {"solver", "locator", "backend", "steps", "f-evals", "events",
                             "wall [s]", "max abs dev (var)", "max rel dev (var)", "max event dt"})
    EXPECT_TRUE(contains(r.output, column)) << column << "\n" << r.output;
  auto rows = readCsvFields(csv);
  ASSERT_EQ(rows.size(), 5u) << r.output; // header + 2 solvers x 2 locators
  const std::vector<std::string>& header = rows[0];
  auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  ASSERT_LT(column("event_time_deviation"), header.size());
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), header.size());
    EXPECT_EQ(rows[i][column("status")], "ok");
    EXPECT_EQ(rows[i][column("backend")], "jit");
    // Every run deviates somewhat from the tighter reference, and little.
    double eventDeviation = std::stod(rows[i][column("event_time_deviation")]);
    EXPECT_GT(eventDeviation, 0.0);
    EXPECT_LT(eventDeviation, 1e-3);
    EXPECT_GT(std::stod(rows[i][column("f_evals")]), 0);
  }
}

TEST(Compare, AFailingCombinationIsShownInItsRowAndExitsWithThree) {
  auto dir = scratchDirectory();
  auto json = dir / "compare.json";
  // x = e^t fails its assert at t = ln 2; the reference run fails with it, so compare with a
  // file instead: the run is compared up to its failure.
  auto reference = dir / "reference.csv";
  std::ofstream(reference) << "time,x\n0,1\n0.5,1.6487212707001282\n";
  std::string model = std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/failing_assert.mo";
  CommandResult r = runMocc("compare " + model + " --solvers cvode,euler --reference " +
                            reference.string() + " --json " + json.string());
  EXPECT_EQ(r.exitCode, 3) << r.output;
  EXPECT_TRUE(contains(r.output, "failed: assertion failed at time 0.69")) << r.output;
  Json document = readJson(json);
  ASSERT_EQ(document["runs"].array().size(), 2u);
  for (const Json& run : document["runs"].array()) {
    EXPECT_EQ(run["status"].text(), "failed");
    EXPECT_TRUE(contains(run["failure"].text(), "x left its range")) << run["failure"].text();
    EXPECT_FALSE(run["max_abs_deviation"].isNull()); // the rows before the failure
  }
}

TEST(Compare, ZenoContinueLetsEveryRunPassTheAccumulationPoint) {
  // Over its full 30 s the bounces of tests/models/events/ZenoBall.mo (the C21 ball without its
  // rule to rest) accumulate at 27.13 s, and their limit is no rest point: the Zeno detector
  // stops the run (its row fails, exit code 3); --zeno=continue makes the finding a note, as
  // for `mocc run`, and the runs reach the stop time. (A reference run would meet the detector
  // too: the closed form is the reference.)
  auto dir = scratchDirectory();
  const double x0 = 10, g = 9.81, mu = 0.9, stop = 30;
  auto reference = writeC21Reference(dir, c21ClosedForm(x0), x0, g, mu, stop, "h");
  std::string zenoBall = std::string(MOCC_SOURCE_DIR) + "/tests/models/events/ZenoBall.mo";
  for (std::string zeno : {"stop", "continue"}) {
    auto json = dir / ("compare_" + zeno + ".json");
    CommandResult r =
        runMocc("compare " + zenoBall + " --tolerance 1e-4 --zeno " + zeno +
                " --no-tube --reference " + reference.string() + " --json " + json.string());
    Json document = readJson(json);
    ASSERT_EQ(document["runs"].array().size(), 1u) << r.output;
    const Json& run = document["runs"].array()[0];
    if (zeno == "stop") {
      EXPECT_EQ(r.exitCode, 3) << r.output;
      EXPECT_EQ(run["status"].text(), "failed");
      EXPECT_TRUE(contains(run["failure"].text(), "Zeno behaviour")) << run["failure"].text();
    } else {
      EXPECT_EQ(r.exitCode, 0) << r.output;
      EXPECT_EQ(run["status"].text(), "ok") << run["failure"].text();
    }
  }
}

namespace {

/// A reference of tests/cli/inputs/ramp_switch.mo in the MSL's form: x = slope * t and y
/// stepping from 0 to 1 at `switchTime` (both rows of the event), 1001 rows on [0, 1].
std::filesystem::path writeRampReference(const std::filesystem::path& dir, double slope,
                                         double switchTime) {
  std::ostringstream name;
  name << "ramp_" << slope << "_" << switchTime << ".csv";
  auto csv = dir / name.str();
  std::ofstream out(csv);
  out << std::setprecision(17) << "time,x,y\n";
  bool switched = false;
  for (int k = 0; k <= 1000; ++k) {
    double t = k / 1000.0;
    if (!switched && t >= switchTime) {
      out << switchTime << "," << slope * switchTime << ",0\n"
          << switchTime << "," << slope * switchTime << ",1\n";
      switched = true;
    }
    if (t != switchTime) out << t << "," << slope * t << "," << (switched ? 1 : 0) << "\n";
  }
  return csv;
}

std::string rampSwitch() {
  return std::string(MOCC_SOURCE_DIR) + "/tests/cli/inputs/ramp_switch.mo";
}

/// The tube verdicts of the single run of a compare --json report, by signal.
std::map<std::string, bool> tubeVerdicts(const Json& document) {
  std::map<std::string, bool> passed;
  for (const Json& v : document["runs"].array()[0]["tube"].array())
    passed[v["signal"].text()] = std::get<bool>(v["passed"].value);
  return passed;
}

} // namespace

TEST(CompareTube, TheExactSolutionStaysInsideItsTube) {
  // dt = 2e-3 * 1 s, dy = 2e-3 * max(range 1, |min| 0, 1e-3): the run differs from x = t and
  // the step at t = 0.5 by the integrator's error and the event's location, far inside.
  auto dir = scratchDirectory();
  auto json = dir / "tube.json";
  CommandResult r =
      runMocc("compare " + rampSwitch() + " --reference " +
              writeRampReference(dir, 1.0, 0.5).string() + " --json " + json.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "2 of 2 signals inside")) << r.output;
  EXPECT_EQ(tubeVerdicts(readJson(json)), (std::map<std::string, bool>{{"x", true}, {"y", true}}));
}

TEST(CompareTube, AResultFileOfAnotherProgramIsCheckedWithoutSimulating) {
  // --result: the same tube check on a file another program wrote (an FMU's run in fmusim).
  // The exact ramp lies inside its own tube; the one of slope 1.01 leaves it at t = 1 as above.
  auto dir = scratchDirectory();
  auto reference = writeRampReference(dir, 1.0, 0.5);
  CommandResult inside = runMocc("compare " + rampSwitch() + " --reference " + reference.string() +
                                 " --result " + reference.string());
  EXPECT_EQ(inside.exitCode, 0) << inside.output;
  EXPECT_TRUE(contains(inside.output, "2 of 2 signals inside")) << inside.output;
  CommandResult outside = runMocc("compare " + rampSwitch() + " --reference " + reference.string() +
                                  " --result " + writeRampReference(dir, 1.01, 0.5).string());
  EXPECT_EQ(outside.exitCode, 4) << outside.output;
  EXPECT_TRUE(contains(outside.output, "1 of 2 signals inside")) << outside.output;
  EXPECT_EQ(runMocc("compare " + rampSwitch() + " --result " + reference.string()).exitCode, 2);
}

TEST(CompareTube, AValueOutsideTheTubeFailsWithExitCodeFourAndAPlot) {
  // Against x = 1.01 t the run is 0.01 low at t = 1: dy = 2.02e-3 and the window's slope
  // gives back dt * 1.01, so x is about 4 tube units out; y still passes.
  auto dir = scratchDirectory();
  auto json = dir / "tube.json";
  CommandResult r =
      runCommand("cd " + dir.string() + " && " + moccBinary() + " compare " + rampSwitch() +
                 " --plot --reference " + writeRampReference(dir, 1.01, 0.5).string() + " --json " +
                 json.string());
  EXPECT_EQ(r.exitCode, 4) << r.output;
  EXPECT_TRUE(contains(r.output, "1 of 2 signals inside")) << r.output;
  Json document = readJson(json);
  EXPECT_EQ(tubeVerdicts(document), (std::map<std::string, bool>{{"x", false}, {"y", true}}));
  const Json& x = document["runs"].array()[0]["tube"].array()[0];
  EXPECT_GT(x["worst_excursion"].number(), 3.5);
  EXPECT_LT(x["worst_excursion"].number(), 4.5);
  EXPECT_NEAR(x["worst_time"].number(), 1.0, 1e-9);
  EXPECT_TRUE(std::filesystem::exists(dir / "ramp_1.01_0.5_tube_x.png")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "ramp_1.01_0.5_tube_y.png"));
}

TEST(CompareTube, AnEventLaterThanTheTubesWidthFailsAndSignalsSelectWhatIsChecked) {
  // The reference switches at 0.49, the run at 0.5: 0.01 late, five times dt = 2e-3.
  auto dir = scratchDirectory();
  auto json = dir / "tube.json";
  auto reference = writeRampReference(dir, 1.0, 0.49);
  CommandResult r = runMocc("compare " + rampSwitch() + " --reference " + reference.string() +
                            " --json " + json.string());
  EXPECT_EQ(r.exitCode, 4) << r.output;
  EXPECT_EQ(tubeVerdicts(readJson(json)), (std::map<std::string, bool>{{"x", true}, {"y", false}}));
  auto signals = dir / "comparisonSignals.txt";
  std::ofstream(signals) << "time\nx\n";
  r = runMocc("compare " + rampSwitch() + " --reference " + reference.string() + " --signals " +
              signals.string() + " --json " + json.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(tubeVerdicts(readJson(json)), (std::map<std::string, bool>{{"x", true}}));
  std::ofstream(signals) << "time\nz\n";
  r = runMocc("compare " + rampSwitch() + " --reference " + reference.string() + " --signals " +
              signals.string());
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "'z' is not a column")) << r.output;
}

TEST(Compare, BadOptionsExitWithTwo) {
  auto dir = scratchDirectory();
  auto notACsv = dir / "bad.csv";
  std::ofstream(notACsv) << "t,h\n0,1\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"compare " + ball() + " --solvers cvode,magic", "magic"},
      {"compare " + ball() + " --locators nowhere", "nowhere"},
      {"compare " + ball() + " --backends fortran", "fortran"},
      {"compare " + ball() + " --tolerance 0", "tolerance"},
      {"compare " + ball() + " --reference " + (dir / "missing.csv").string(), "missing.csv"},
      {"compare " + ball() + " --reference " + notACsv.string(), "time"},
      {"compare " + ball() + " --override nosuch=1", "nosuch"},
      {"compare", "model"}};
  for (const auto& [args, mentioned] : cases) {
    CommandResult r = runMocc(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, "error")) << args << "\n" << r.output;
    EXPECT_TRUE(contains(r.output, mentioned)) << args << "\n" << r.output;
  }
}
