// Dynamic state selection in the event loop: the Cartesian pendulum switches its states near
// the bottom and near the horizontal (where each static choice is singular), logging each
// switch, and follows the angle formulation; a set whose constraints lose rank stops the run
// with a message naming its candidates.
#include "mocc/runtime/cvode_integrator.h"
#include "models/test_models.h"
#include "runtime_test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace mocc::runtime::test {
namespace {

constexpr double gravity = 9.81;

/// theta'' = -g sin(theta) (length 1) from theta = pi/2 at rest: x = sin(theta) and
/// y = -cos(theta) for the Cartesian pendulum released at the horizontal.
class AnglePendulum final : public OdeSystem {
public:
  int size() const override { return 2; }
  int rootCount() const override { return 0; }
  CallbackStatus derivatives(double, std::span<const double> y, std::span<double> dy) override {
    dy[0] = y[1];
    dy[1] = -gravity * std::sin(y[0]);
    return CallbackStatus::Ok;
  }
  CallbackStatus roots(double, std::span<const double>, std::span<double>) override {
    return CallbackStatus::Ok;
  }
};

/// The angle at each of `times` (ascending), integrated at tolerance 1e-12.
std::vector<double> referenceAngles(const std::vector<double>& times) {
  AnglePendulum system;
  IntegratorSettings settings;
  settings.relativeTolerance = settings.absoluteTolerance = 1e-12;
  CvodeIntegrator integrator(system, settings);
  integrator.reinitialize(0.0, std::vector<double>{std::numbers::pi / 2, 0.0});
  std::vector<double> angles;
  double now = 0.0, angle = std::numbers::pi / 2;
  for (double t : times) {
    if (t > now) {
      angle = integrator.advance(t, t).state[0];
      now = t;
    }
    angles.push_back(angle);
  }
  return angles;
}

/// The notes that log state-set switches (others say, for example, that the integrator
/// differences the hand-written models' Jacobians).
std::vector<SimulationNote> switchNotes(const SimulationResult& result) {
  std::vector<SimulationNote> switches;
  for (const SimulationNote& note : result.notes)
    if (note.message.starts_with("state set ")) switches.push_back(note);
  return switches;
}

TEST(StateSelection, ThePendulumSwitchesStatesAndFollowsTheAngleFormulation) {
  const mocc_model& model = *mocc_test_pendulum();
  SimulationOptions options = defaultOptions(model); // 0 to 3 s, tolerance 1e-10
  options.interval = 0.01;
  SimulationRun run = simulateToTable(model, options);
  ASSERT_EQ(run.result.outcome, Outcome::Finished) << run.result.message;

  // Released at the horizontal with y, vy as states; near the bottom (|x| < |y| times the
  // switch ratio) both sets switch to x, vx, and back near the other horizontal. Period 2.37 s: the
  // pendulum passes the bottom at 0.59, 1.78 and 2.96 s and turns at 1.18 and 2.37 s.
  std::vector<SimulationNote> notes = switchNotes(run.result);
  ASSERT_GE(notes.size(), 4u);
  EXPECT_EQ(notes[0].message, "state set {x, y}: states {y} -> {x}");
  EXPECT_EQ(notes[1].message, "state set {vx, vy}: states {vy} -> {vx}");
  // Both sets' margins vanish together (their Jacobians are proportional); each root is
  // located to within rounding, so the two switches fall at the same time or a hair apart.
  EXPECT_NEAR(notes[0].time, notes[1].time, 1e-9);
  EXPECT_EQ(run.result.statistics.stateSetSwitches, static_cast<long>(notes.size()));
  EXPECT_EQ(run.result.statistics.stateSetSwitches % 2, 0);
  EXPECT_GE(run.result.statistics.stateSetSwitches, 8);

  std::vector<double> times;
  for (const ResultTable::Row& row : run.table.rows())
    times.push_back(row.time);
  std::vector<double> angles = referenceAngles(times);
  // The first switch is where the choice's pivot 2|x| falls to the switch ratio times 2|y|
  // (runtime/src/state_selection.h, 0.5): tan(theta) = 0.5.
  double switchAngle = referenceAngles({notes[0].time}).front();
  EXPECT_NEAR(std::abs(std::tan(switchAngle)), 0.5, 1e-6);
  // Both integrations run at tight tolerances (1e-10 and 1e-12) over 3 s of a smooth
  // oscillation: positions agree to 1e-6. The constraint holds to the loop solver's 1e-10 at
  // every point; the energy is no invariant of the integrator and drifts by its error (1.2e-6
  // measured at 1e-10, 3e-8 at 1e-12): 1e-5 against an energy scale g L of about 10.
  for (std::size_t r = 0; r < run.table.rows().size(); ++r) {
    double x = run.table.value(r, "x"), y = run.table.value(r, "y");
    double vx = run.table.value(r, "vx"), vy = run.table.value(r, "vy");
    EXPECT_NEAR(x, std::sin(angles[r]), 1e-6) << "t = " << times[r];
    EXPECT_NEAR(y, -std::cos(angles[r]), 1e-6) << "t = " << times[r];
    EXPECT_NEAR(x * x + y * y, 1.0, 1e-9) << "t = " << times[r];
    EXPECT_NEAR((vx * vx + vy * vy) / 2 + gravity * y, 0.0, 1e-5) << "t = " << times[r];
  }
}

// A set {p, q} with one constraint whose Jacobian is [1 - t, 0]: the start selection (p a
// state) has the pivot 0 and switches to q at once; at t = 1 no choice is regular.
enum { S, N_STATES };
enum { P, Q, A1, A2, N_VALUES };
const mocc_variable degenerateVariables[] = {
    {"s", "", MOCC_REGION_STATE, S, MOCC_TYPE_REAL, MOCC_KIND_STATE, 0, ""},
    {"der(s)", "", MOCC_REGION_DERIVATIVE, S, MOCC_TYPE_REAL, MOCC_KIND_DERIVATIVE, 0, ""},
    {"p", "", MOCC_REGION_VALUE, P, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
    {"q", "", MOCC_REGION_VALUE, Q, MOCC_TYPE_REAL, MOCC_KIND_ALGEBRAIC, 0, ""},
    {"a1", "", MOCC_REGION_VALUE, A1, MOCC_TYPE_REAL, MOCC_KIND_DISCRETE, 0, ""},
    {"a2", "", MOCC_REGION_VALUE, A2, MOCC_TYPE_REAL, MOCC_KIND_DISCRETE, 0, ""},
};
const int32_t candidates[] = {2, 3}, setState[] = {0}, selection[] = {4, 5};
const mocc_state_set_info degenerateSet = {2, 1, 1, candidates, setState, selection};

void degenerateBind(mocc_instance* m) {
  m->x[S] = 0.0;
  m->v[P] = m->v[Q] = 0.0;
  m->v[A1] = 1.0;
  m->v[A2] = 0.0;
}
void degenerateCompute(mocc_instance* m) {
  m->dx[S] = 1.0;
  m->v[P] = m->v[A1] * m->x[S];
  m->v[Q] = m->v[A2] * m->x[S];
}
void noCrossings(mocc_instance*, double*) {}
int32_t degenerateEvent(mocc_instance* m) {
  degenerateCompute(m);
  return 0;
}
double never(mocc_instance*) { return INFINITY; }
void degenerateJacobian(mocc_instance* m, int32_t, double* values) {
  values[0] = 1.0 - m->time;
  values[1] = 0.0;
}

const mocc_model degenerateModel = [] {
  mocc_model m{};
  m.abi_version = MOCC_ABI_VERSION;
  m.name = "Degenerate";
  m.n_states = N_STATES;
  m.n_values = N_VALUES;
  m.n_variables = sizeof degenerateVariables / sizeof degenerateVariables[0];
  m.variables = degenerateVariables;
  m.bind = degenerateBind;
  m.derivatives = degenerateCompute;
  m.crossings = noCrossings;
  m.outputs = degenerateCompute;
  m.event_update = degenerateEvent;
  m.next_time_event = never;
  m.n_state_sets = 1;
  m.state_sets = &degenerateSet;
  m.state_set_jacobian = degenerateJacobian;
  return m;
}();

TEST(StateSelection, ASetWithoutARegularChoiceStopsTheRunNamingItsCandidates) {
  SimulationOptions options;
  options.stopTime = 2.0;
  options.interval = 0.25;
  SimulationRun run = simulateToTable(degenerateModel, options);
  ASSERT_EQ(run.result.outcome, Outcome::Failed);
  EXPECT_EQ(run.result.message,
            "state set of {p, q} cannot be made regular at time 1: the Jacobian of its 1 "
            "constraint with respect to the candidates has rank 0");
  EXPECT_EQ(run.result.endTime, 1.0);
  std::vector<SimulationNote> notes = switchNotes(run.result);
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes[0].time, 0.0);
  EXPECT_EQ(notes[0].message, "state set {p, q}: states {p} -> {q}");
  EXPECT_EQ(run.table.rows().back().time, 1.0); // the rows so far are kept
  EXPECT_EQ(run.table.value(1, "q"), 0.25);     // q was the state from the start
}

} // namespace
} // namespace mocc::runtime::test
