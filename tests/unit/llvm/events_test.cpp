// Event semantics of the compiled code (MLS 8.5, 8.3.5, 8.3.6, 8.6): relations frozen in
// continuous mode and evaluated and stored at events, right-limit rules at crossings and time
// events, when/elsewhen edges, initial(), reinit() at the end, assert/terminate reports, sample().
#include "test_model.h"

#include <limits>

namespace mocc::backend::jit::test {
namespace {

using expr::Id;
using expr::Op;

// y := if x > 1 then 10 else 20, with `x > 1` a relation watched by a crossing function, in
// every function.
struct FrozenRelation {
  TestModel m;
  std::uint32_t x, y, storage;
  FrozenRelation(Op op = Op::Gt) {
    x = m.addState("x");
    y = m.addValue("y");
    Id relation = m.addRelation(op, m.read(x), m.real(1), true);
    storage = slot(m.program, m.storageOf(relation));
    sim::Statement statement = assign(y, m.pool().ifThenElse(relation, m.real(10), m.real(20)));
    m.program.outputs = {statement};
    m.program.event = {statement};
  }
};

TEST(JitRelations, ContinuousModeReadsStoredValue) {
  FrozenRelation r;
  auto compiled = compileOrFail(r.m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance.x[0] = 0; // x > 1 is false, but the stored value says true
  instance.v[r.storage] = 1;
  compiled->model().outputs(instance.get());
  EXPECT_EQ(instance.v[0], 10);
  EXPECT_EQ(instance.v[r.storage], 1);
}

TEST(JitRelations, EventModeEvaluatesAndStores) {
  FrozenRelation r;
  auto compiled = compileOrFail(r.m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  for (int mode : {MOCC_MODE_EVENT, MOCC_MODE_INITIAL}) {
    instance->mode = mode;
    instance.x[0] = 0;
    instance.v[r.storage] = 1;
    compiled->model().event_update(instance.get());
    EXPECT_EQ(instance.v[0], 20);
    EXPECT_EQ(instance.v[r.storage], 0);
    instance.x[0] = 2;
    compiled->model().event_update(instance.get());
    EXPECT_EQ(instance.v[0], 10);
    EXPECT_EQ(instance.v[r.storage], 1);
  }
}

struct HintCase {
  Op op;
  std::int8_t direction;
  double expected;
};

std::string comparisonName(Op op) {
  static const char* const names[] = {"Lt", "Le", "Gt", "Ge", "Eq", "Ne"};
  return names[static_cast<int>(op) - static_cast<int>(Op::Lt)];
}

void PrintTo(const HintCase& c, std::ostream* out) {
  *out << comparisonName(c.op) << " direction " << int(c.direction);
}

std::string hintCaseName(const ::testing::TestParamInfo<HintCase>& info) {
  int direction = info.param.direction;
  return comparisonName(info.param.op) + (direction > 0   ? "Up"
                                          : direction < 0 ? "Down"
                                                          : "Unlocated");
}

class JitCrossingHintTest : public ::testing::TestWithParam<HintCase> {};

// At x - 1 == 0 exactly, the relation takes its value just after the located crossing.
TEST_P(JitCrossingHintTest, RightLimitAtExactZero) {
  HintCase c = GetParam();
  FrozenRelation r(c.op);
  auto compiled = compileOrFail(r.m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 1;
  instance.direction[0] = c.direction;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r.storage], c.expected)
      << expr::opSpelling(c.op) << " direction " << int(c.direction);
}

INSTANTIATE_TEST_SUITE_P(JitAllComparisons, JitCrossingHintTest,
                         ::testing::Values(HintCase{Op::Gt, 1, 1}, HintCase{Op::Gt, -1, 0},
                                           HintCase{Op::Gt, 0, 0}, HintCase{Op::Ge, 1, 1},
                                           HintCase{Op::Ge, -1, 0}, HintCase{Op::Ge, 0, 1},
                                           HintCase{Op::Lt, 1, 0}, HintCase{Op::Lt, -1, 1},
                                           HintCase{Op::Lt, 0, 0}, HintCase{Op::Le, 1, 0},
                                           HintCase{Op::Le, -1, 1}, HintCase{Op::Le, 0, 1},
                                           HintCase{Op::Eq, 1, 0}, HintCase{Op::Eq, 0, 1},
                                           HintCase{Op::Ne, -1, 1}, HintCase{Op::Ne, 0, 0}),
                         hintCaseName);

TEST(JitRelations, HintIgnoredAwayFromZero) {
  FrozenRelation r(Op::Gt);
  auto compiled = compileOrFail(r.m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 1.5;
  instance.direction[0] = -1;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r.storage], 1);
}

// +2 or -2: the runtime decided the root (its function is on the old side by less than the
// root's resolution in time): the side holds whatever lhs - rhs is (model.h, ABI version 13).
TEST(JitRelations, ForcedSideHoldsAwayFromZeroAtAnEvent) {
  FrozenRelation r(Op::Gt);
  auto compiled = compileOrFail(r.m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 1.5;
  instance.direction[0] = -2;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r.storage], 0);
  instance.x[0] = 0.5;
  instance.direction[0] = 2;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[r.storage], 1);
}

struct TimeCase {
  Op op;
  bool timeOnLeft;
  double time;
  double expected;
};

void PrintTo(const TimeCase& c, std::ostream* out) {
  *out << (c.timeOnLeft ? "time " : "T ") << comparisonName(c.op) << " at " << c.time;
}

std::string timeCaseName(const ::testing::TestParamInfo<TimeCase>& info) {
  return std::string(info.param.timeOnLeft ? "TimeFirst" : "TimeSecond") +
         comparisonName(info.param.op) + "At" + std::to_string(int(info.param.time * 10)) +
         "Tenths";
}

class JitTimeRelationTest : public ::testing::TestWithParam<TimeCase> {};

// `time op T` with T = 2 as a time-event relation takes its right limit at t = 2.
TEST_P(JitTimeRelationTest, RightLimitAtEventInstant) {
  TimeCase c = GetParam();
  TestModel m;
  std::uint32_t threshold = m.addValue("T", expr::Type::Real, sim::Kind::Parameter);
  Id lhs = c.timeOnLeft ? m.pool().time() : m.read(threshold);
  Id rhs = c.timeOnLeft ? m.read(threshold) : m.pool().time();
  std::uint32_t y = m.addValue("y");
  Id relation = m.addRelation(c.op, lhs, rhs, false, true);
  m.program.event = {assign(y, relation)};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance->time = c.time;
  instance.v[slot(m.program, threshold)] = 2;
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[slot(m.program, y)], c.expected)
      << (c.timeOnLeft ? "time " : "T ") << expr::opSpelling(c.op) << " at " << c.time;
}

INSTANTIATE_TEST_SUITE_P(
    JitTimeEvents, JitTimeRelationTest,
    ::testing::Values(TimeCase{Op::Gt, true, 2, 1}, TimeCase{Op::Ge, true, 2, 1},
                      TimeCase{Op::Lt, true, 2, 0}, TimeCase{Op::Le, true, 2, 0},
                      TimeCase{Op::Gt, true, 1.5, 0}, TimeCase{Op::Le, true, 1.5, 1},
                      TimeCase{Op::Gt, true, 2.5, 1}, TimeCase{Op::Le, true, 2.5, 0},
                      TimeCase{Op::Lt, false, 2, 1}, TimeCase{Op::Le, false, 2, 1},
                      TimeCase{Op::Gt, false, 2, 0}, TimeCase{Op::Ge, false, 2, 0},
                      TimeCase{Op::Eq, true, 2, 1}, TimeCase{Op::Ne, true, 2, 0}),
    timeCaseName);

// when c1 then y := 1; elsewhen c2 then y := 2; [elsewhen initial() then y := 3;] end when
struct WhenChain {
  TestModel m;
  std::uint32_t c1, c2, y;
  explicit WhenChain(bool withInitialBranch) {
    c1 = m.addValue("c1", expr::Type::Boolean, sim::Kind::Internal);
    c2 = m.addValue("c2", expr::Type::Boolean, sim::Kind::Internal);
    y = m.addValue("y", expr::Type::Integer, sim::Kind::Discrete);
    sim::When when;
    when.branches.push_back(sim::WhenBranch{{c1}, false, {assign(y, m.real(1))}});
    when.branches.push_back(sim::WhenBranch{{c2}, false, {assign(y, m.real(2))}});
    if (withInitialBranch) {
      when.branches.push_back(sim::WhenBranch{{}, true, {assign(y, m.real(3))}});
    }
    m.program.event = {sim::Statement{when, "test.mo:1:1"}};
  }
};

double fire(const mocc_model& model, Instance& instance, double c1, double preC1, double c2,
            double preC2) {
  instance.v = {c1, c2, 0};
  instance.preV = {preC1, preC2, 0};
  model.event_update(instance.get());
  return instance.v[2];
}

TEST(JitWhen, FirstBranchWithRisingEdgeFires) {
  WhenChain w(false);
  auto compiled = compileOrFail(w.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance->mode = MOCC_MODE_EVENT;
  EXPECT_EQ(fire(model, instance, 1, 0, 0, 0), 1);
  EXPECT_EQ(fire(model, instance, 1, 0, 1, 0), 1); // only the first of two firing branches
  EXPECT_EQ(fire(model, instance, 1, 1, 1, 0), 2); // c1 stays true: no edge
  EXPECT_EQ(fire(model, instance, 0, 1, 1, 1), 0); // falling and steady: nothing
  EXPECT_EQ(fire(model, instance, 0, 0, 0, 0), 0);
  instance->mode = MOCC_MODE_CONTINUOUS;
  EXPECT_EQ(fire(model, instance, 1, 0, 0, 0), 1); // event_update always runs as an event
}

TEST(JitWhen, VectorConditionFiresOnAnyElement) {
  TestModel m;
  std::uint32_t a = m.addValue("a", expr::Type::Boolean), b = m.addValue("b", expr::Type::Boolean);
  std::uint32_t y = m.addValue("y");
  sim::When when;
  when.branches.push_back(sim::WhenBranch{{a, b}, false, {assign(y, m.real(1))}});
  m.program.event = {sim::Statement{when, ""}};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.v = {1, 1, 0};
  instance.preV = {1, 0, 0};
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[2], 1);
  instance.v = {1, 1, 0};
  instance.preV = {1, 1, 0};
  compiled->model().event_update(instance.get());
  EXPECT_EQ(instance.v[2], 0);
}

TEST(JitWhen, InitialModeRunsOnlyTheInitialBranch) {
  WhenChain w(true);
  auto compiled = compileOrFail(w.m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance->mode = MOCC_MODE_INITIAL;
  EXPECT_EQ(fire(model, instance, 1, 0, 1, 0), 3); // edges do not count at initialization
  instance->mode = MOCC_MODE_EVENT;
  EXPECT_EQ(fire(model, instance, 0, 0, 0, 0), 0); // the initial branch never fires later

  WhenChain noInitial(false);
  auto plain = compileOrFail(noInitial.m.program);
  ASSERT_TRUE(plain);
  Instance other(plain->model());
  other->mode = MOCC_MODE_INITIAL;
  EXPECT_EQ(fire(plain->model(), other, 1, 0, 1, 0), 0);
}

// when c then reinit(x, x + 1); end when; y := x;
TEST(JitReinit, AppliedAtTheEndAndReported) {
  TestModel m;
  std::uint32_t x = m.addState("x");
  std::uint32_t c = m.addValue("c", expr::Type::Boolean), y = m.addValue("y");
  auto& p = m.pool();
  sim::When when;
  when.branches.push_back(sim::WhenBranch{
      {c}, false, {sim::Statement{sim::Reinit{x, p.add(m.read(x), m.real(1))}, ""}}});
  m.program.event = {sim::Statement{when, ""}, assign(y, m.read(x))};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.x[0] = 5;
  instance.v[0] = 1;
  EXPECT_EQ(compiled->model().event_update(instance.get()), 1);
  EXPECT_EQ(instance.v[1], 5); // y saw x before the reinit
  EXPECT_EQ(instance.x[0], 6);
  instance.preV[0] = 1; // no edge any more
  EXPECT_EQ(compiled->model().event_update(instance.get()), 0);
  EXPECT_EQ(instance.x[0], 6);
  EXPECT_EQ(instance.v[1], 6);
}

TEST(JitReinit, LaterReinitOfSameStateWins) {
  TestModel m;
  std::uint32_t x = m.addState("x");
  std::uint32_t c = m.addValue("c", expr::Type::Boolean), d = m.addValue("d", expr::Type::Boolean);
  auto reinitWhen = [&](std::uint32_t condition, double value) {
    sim::When when;
    when.branches.push_back(
        sim::WhenBranch{{condition}, false, {sim::Statement{sim::Reinit{x, m.real(value)}, ""}}});
    return sim::Statement{when, ""};
  };
  m.program.event = {reinitWhen(c, 10), reinitWhen(d, 20)};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  Instance instance(compiled->model());
  instance->mode = MOCC_MODE_EVENT;
  instance.v = {1, 1};
  EXPECT_EQ(compiled->model().event_update(instance.get()), 1);
  EXPECT_EQ(instance.x[0], 20);
  instance.v = {1, 0};
  EXPECT_EQ(compiled->model().event_update(instance.get()), 1);
  EXPECT_EQ(instance.x[0], 10);
}

TEST(JitReports, AssertAndTerminateCallReport) {
  TestModel m;
  std::uint32_t a = m.addValue("a"), c = m.addValue("c", expr::Type::Boolean);
  auto& p = m.pool();
  std::uint32_t error = m.addMessage("a must be positive");
  std::uint32_t warning = m.addMessage("a is large");
  std::uint32_t stop = m.addMessage("done");
  sim::When when;
  when.branches.push_back(sim::WhenBranch{{c}, false, {sim::Statement{sim::Terminate{stop}, ""}}});
  m.program.event = {
      sim::Statement{
          sim::Assert{p.compare(Op::Gt, m.read(a), m.real(0)), error, sim::AssertLevel::Error}, ""},
      sim::Statement{sim::Assert{p.compare(Op::Lt, m.read(a), m.real(100)), warning,
                                 sim::AssertLevel::Warning},
                     ""},
      sim::Statement{when, ""},
  };
  m.program.outputs = {m.program.event[0]};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance->mode = MOCC_MODE_EVENT;
  instance->time = 1.25;

  instance.v[0] = 5;
  model.event_update(instance.get());
  EXPECT_TRUE(instance.reports.empty());

  instance.v[0] = -1;
  model.event_update(instance.get());
  ASSERT_EQ(instance.reports.size(), 1u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_ERROR);
  EXPECT_EQ(instance.reports[0].message, int(error));
  EXPECT_EQ(instance.reports[0].time, 1.25);

  instance.reports.clear();
  instance.v = {200, 1};
  model.event_update(instance.get());
  ASSERT_EQ(instance.reports.size(), 2u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_WARNING);
  EXPECT_EQ(instance.reports[0].message, int(warning));
  EXPECT_EQ(instance.reports[1].kind, MOCC_REPORT_TERMINATE);
  EXPECT_EQ(instance.reports[1].message, int(stop));

  instance.reports.clear();
  instance.v = {-1, 0};
  model.outputs(instance.get()); // asserts also run in continuous functions
  ASSERT_EQ(instance.reports.size(), 1u);
  EXPECT_EQ(instance.reports[0].kind, MOCC_REPORT_ASSERT_ERROR);

  instance->report = nullptr; // a runtime without a report hook: nothing is called
  model.event_update(instance.get());
}

TEST(JitSample, TrueExactlyAtSampleInstantsInEventMode) {
  TestModel m;
  std::uint32_t start = m.addValue("start", expr::Type::Real, sim::Kind::Parameter);
  std::uint32_t interval = m.addValue("interval", expr::Type::Real, sim::Kind::Parameter);
  std::uint32_t y = m.addValue("y", expr::Type::Boolean);
  sim::Statement statement = assign(y, m.pool().sample(m.read(start), m.read(interval)));
  m.program.event = {statement};
  m.program.outputs = {statement};
  auto compiled = compileOrFail(m.program);
  ASSERT_TRUE(compiled);
  const mocc_model& model = compiled->model();
  Instance instance(model);
  instance.v = {0.5, 0.1, -1};
  auto sampleAt = [&](double time) {
    instance->time = time;
    model.event_update(instance.get());
    return instance.v[2];
  };
  instance->mode = MOCC_MODE_EVENT;
  EXPECT_EQ(sampleAt(0.5), 1);
  EXPECT_EQ(sampleAt(0.5 + 3 * 0.1), 1);
  EXPECT_EQ(sampleAt(0.5 + 1e6 * 0.1), 1);
  EXPECT_EQ(sampleAt(0.5 + 7 * 0.1), 1);
  EXPECT_EQ(sampleAt(1.2), 0); // 0.5 + 7*0.1 is 1.2000000000000002: instants are exact
  EXPECT_EQ(sampleAt(0.55), 0);
  EXPECT_EQ(sampleAt(0.5 - 0.1), 0); // k = -1
  instance->time = 0.5;
  model.outputs(instance.get());
  EXPECT_EQ(instance.v[2], 0); // false outside events
}

} // namespace
} // namespace mocc::backend::jit::test
