// `mocc compare` end to end: the table, its JSON and CSV forms (parsed, one row per
// combination), event-time deviations that shrink with the tolerance against a fixed reference
// (the acceptance test of issue 6), failing combinations shown in their row with exit code 3,
// and usage errors with exit code 2.
#include "model_test_support.h"

#include <cctype>
#include <fstream>
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
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return JsonParser(text.str()).parseDocument();
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

/// A reference for the bouncing ball at a tight tolerance, shared by the tests that need one.
std::filesystem::path ballReference(const std::filesystem::path& dir) {
  auto csv = dir / "reference.csv";
  CommandResult r = runMocc("run " + ball() + " --tolerance 1e-12 -o " + csv.string());
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return csv;
}

} // namespace

TEST(Compare, EventTimesConvergeAsTheToleranceShrinks) {
  auto dir = scratchDirectory();
  auto reference = ballReference(dir);
  auto json = dir / "compare.json";
  CommandResult r =
      runMocc("compare " + ball() + " --solvers cvode,rk45 --tolerance " +
              "1e-4,1e-6,1e-8 --reference " + reference.string() + " --json " + json.string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "compared with " + reference.string())) << r.output;
  Json document = readJson(json);
  const JsonArray& runs = document["runs"].array();
  ASSERT_EQ(runs.size(), 6u); // 3 tolerances x 2 solvers
  std::map<std::pair<std::string, double>, double> eventDeviation, valueDeviation;
  for (const Json& run : runs) {
    EXPECT_EQ(run["status"].text(), "ok");
    EXPECT_EQ(run["run_event_instants"].number(), run["reference_event_instants"].number());
    EXPECT_GT(run["steps"].number(), 0);
    auto key = std::make_pair(run["solver"].text(), run["tolerance"].number());
    eventDeviation[key] = run["event_time_deviation"].number();
    valueDeviation[key] = run["max_abs_deviation"].number();
  }
  // CVODE's BDF: the event times and values approach the reference with the tolerance.
  double previous = 1.0;
  for (double tolerance : {1e-4, 1e-6, 1e-8}) {
    SCOPED_TRACE(tolerance);
    double deviation = eventDeviation.at({"cvode", tolerance});
    EXPECT_GT(deviation, 0.0);
    EXPECT_LT(deviation, previous / 10);
    previous = deviation;
  }
  EXPECT_LT(valueDeviation.at({"cvode", 1e-8}), valueDeviation.at({"cvode", 1e-4}) / 100);
  // Dormand-Prince integrates the piecewise quadratic flight exactly and the runtime locates
  // its events on the dense output: only the reference's own error remains.
  for (double tolerance : {1e-4, 1e-8})
    EXPECT_LT(eventDeviation.at({"rk45", tolerance}), 1e-9) << tolerance;
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
