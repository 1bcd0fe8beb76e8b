// What the runtime promises generated code and sinks around the callbacks: x and dx point at
// the integrator's own vectors during derivatives() and crossings() and at the runtime's
// arrays otherwise; sinks are flushed after every event and at the end; CsvWriter buffers.
#include "mocc/runtime/csv_writer.h"
#include "mocc/runtime/simulation.h"
#include "models/test_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace mocc::runtime {
namespace {

// der(x) = -x with a crossing x - 0.5; records the x and dx pointers each function sees.
struct PointerLog {
  std::set<const double*> derivativesX, derivativesDx, crossingsX, otherX, otherDx;
} pointers;

void bind(mocc_instance* m) {
  if (!m->overridden[0]) m->x[0] = 1.0;
  pointers.otherX.insert(m->x);
}
void derivatives(mocc_instance* m) {
  pointers.derivativesX.insert(m->x);
  pointers.derivativesDx.insert(m->dx);
  m->dx[0] = -m->x[0];
}
void crossings(mocc_instance* m, double* g) {
  pointers.crossingsX.insert(m->x);
  g[0] = m->x[0] - 0.5;
}
void outputs(mocc_instance* m) {
  pointers.otherX.insert(m->x);
  pointers.otherDx.insert(m->dx);
}
int32_t eventUpdate(mocc_instance* m) {
  pointers.otherX.insert(m->x);
  pointers.otherDx.insert(m->dx);
  return 0;
}
double nextTimeEvent(mocc_instance*) { return INFINITY; }

const mocc_variable variables[] = {
    {"x", "", MOCC_REGION_STATE, 0, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(x)", "", MOCC_REGION_DERIVATIVE, 0, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
};
const mocc_model pointerModel = [] {
  mocc_model m{};
  m.abi_version = MOCC_ABI_VERSION;
  m.name = "Pointers";
  m.n_states = 1;
  m.n_crossings = 1;
  m.n_variables = 2;
  m.variables = variables;
  m.bind = bind;
  m.derivatives = derivatives;
  m.crossings = crossings;
  m.outputs = outputs;
  m.event_update = eventUpdate;
  m.next_time_event = nextTimeEvent;
  return m;
}();

TEST(Callbacks, IntegratorVectorsAreBorrowedDuringCallbacksAndGivenBack) {
  pointers = PointerLog{};
  ResultTable table;
  SimulationResult result = simulate(pointerModel, defaultOptions(pointerModel), {}, table);
  ASSERT_EQ(result.outcome, Outcome::Finished) << result.message;
  // Outside callbacks generated code always sees the runtime's own arrays...
  ASSERT_EQ(pointers.otherX.size(), 1u);
  ASSERT_EQ(pointers.otherDx.size(), 1u);
  const double* ownX = *pointers.otherX.begin();
  const double* ownDx = *pointers.otherDx.begin();
  // ...while derivatives() and crossings() also see CVODE's vectors when CVODE calls them (the
  // runtime calls them on its own arrays for rows and restarts).
  auto borrowed = [&](const std::set<const double*>& seen, const double* own) {
    return std::any_of(seen.begin(), seen.end(), [&](const double* p) { return p != own; });
  };
  EXPECT_TRUE(borrowed(pointers.derivativesX, ownX));
  EXPECT_TRUE(borrowed(pointers.derivativesDx, ownDx));
  EXPECT_TRUE(borrowed(pointers.crossingsX, ownX));
}

/// Records the order of rows and flushes.
class FlushLog final : public ResultSink {
public:
  void begin(std::span<const ResultColumn>) override { events.push_back("begin"); }
  void row(double, RowKind kind, std::span<const double>) override {
    events.push_back(kind == RowKind::EventLeft    ? "left"
                     : kind == RowKind::EventRight ? "right"
                                                   : "row");
  }
  void flush() override { events.push_back("flush"); }
  std::vector<std::string> events;
};

TEST(Callbacks, SinksAreFlushedAfterEveryEventAndAtTheEnd) {
  const mocc_model& model = *mocc_test_sampled_hold(); // ten time events
  FlushLog log;
  SimulationResult result = simulate(model, defaultOptions(model), {}, log);
  ASSERT_EQ(result.outcome, Outcome::Finished) << result.message;
  int rights = 0;
  for (std::size_t i = 0; i < log.events.size(); ++i)
    if (log.events[i] == "right") {
      ++rights;
      ASSERT_LT(i + 1, log.events.size());
      EXPECT_EQ(log.events[i + 1], "flush") << "after the right limit of event " << rights;
    }
  EXPECT_EQ(rights, 10);
  EXPECT_EQ(log.events.back(), "flush");
}

TEST(Callbacks, AFailedRunIsFlushedToo) {
  const mocc_model& model = *mocc_test_toggle(); // fails at 0.5
  FlushLog log;
  SimulationResult result = simulate(model, defaultOptions(model), {}, log);
  ASSERT_EQ(result.outcome, Outcome::Failed);
  EXPECT_EQ(log.events.back(), "flush");
  EXPECT_EQ(log.events[log.events.size() - 2], "left");
}

TEST(CsvWriter, BuffersRowsUntilFlushed) {
  std::ostringstream out;
  CsvWriter writer(out);
  std::vector<ResultColumn> columns = {
      ResultColumn{"x", "", MOCC_TYPE_REAL, MOCC_KIND_STATE, MOCC_REGION_STATE, 0, ""}};
  writer.begin(columns);
  writer.row(0.0, RowKind::Initial, std::vector<double>{1.5});
  EXPECT_EQ(out.str(), ""); // buffered: no system call per row
  writer.flush();
  EXPECT_EQ(out.str(), "time,x\n0,1.5\n");
}

} // namespace
} // namespace mocc::runtime
