// The target-neutral emitter core (backend/program: mocc/sim/emit.h, remembered.h,
// model_entries.h): the checks both emitters make, the reuse of values and calls, and which
// ABI entries a program defines.
#include "compile_source.h"

#include "mocc/sim/emit.h"
#include "mocc/sim/model_entries.h"
#include "mocc/sim/remembered.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using mocc::sim::ModelEntry;
using mocc::test::compiledProgram;

namespace {

std::uint32_t variableNamed(const mocc::sim::Program& program, const std::string& name) {
  auto found = std::find_if(program.variables.begin(), program.variables.end(),
                            [&](const mocc::sim::Variable& v) { return v.name == name; });
  EXPECT_NE(found, program.variables.end()) << name;
  return static_cast<std::uint32_t>(found - program.variables.begin());
}

const char* kBall = R"(model Ball
  Real h(start = 1);
  Real v;
equation
  der(h) = v;
  der(v) = -9.81;
  when h < 0 then
    reinit(v, -0.5 * pre(v));
  end when;
end Ball;
)";

} // namespace

TEST(EmitCore, EntryTableNamesTheFieldsAndTheJitSymbols) {
  ASSERT_EQ(mocc::sim::modelEntries().size(), 15u);
  EXPECT_EQ(mocc::sim::modelEntries().front(), ModelEntry::bind);
  EXPECT_EQ(mocc::sim::entryField(ModelEntry::event_update), "event_update");
  EXPECT_EQ(mocc::sim::entrySymbol(ModelEntry::next_time_event), "mocc_next_time_event");
}

TEST(EmitCore, AProgramDefinesTheSevenEntriesAndOnlyTheOptionalOnesItNeeds) {
  mocc::sim::Program p = compiledProgram(kBall);
  std::uint32_t defined = mocc::sim::definedEntries(p);
  for (ModelEntry always :
       {ModelEntry::bind, ModelEntry::derivatives, ModelEntry::crossings, ModelEntry::outputs,
        ModelEntry::event_update, ModelEntry::next_time_event, ModelEntry::initialize})
    EXPECT_TRUE(mocc::sim::hasEntry(defined, always)) << mocc::sim::entryField(always);
  // One crossing (h < 0): its rate; no delays, external objects or tunable bindings.
  EXPECT_TRUE(mocc::sim::hasEntry(defined, ModelEntry::crossing_rates));
  EXPECT_FALSE(mocc::sim::hasEntry(defined, ModelEntry::delay_inputs));
  EXPECT_FALSE(mocc::sim::hasEntry(defined, ModelEntry::destroy_external_objects));
  EXPECT_FALSE(mocc::sim::hasEntry(defined, ModelEntry::update_parameters));
  EXPECT_FALSE(mocc::sim::hasEntry(defined, ModelEntry::dae_residuals));
  for (ModelEntry entry : mocc::sim::modelEntries())
    EXPECT_EQ(mocc::sim::hasEntry(defined, entry), mocc::sim::definesEntry(p, entry));
}

TEST(EmitCore, BindingsTestTheOverriddenSlotOfStatesThenValues) {
  mocc::sim::Program p = compiledProgram(kBall);
  const mocc::sim::Variable& v = p.variables[variableNamed(p, "v")];
  ASSERT_EQ(v.region, mocc::sim::Region::State);
  EXPECT_EQ(mocc::sim::overriddenSlot(p, variableNamed(p, "v")), v.index);
  EXPECT_EQ(mocc::sim::overriddenSlot(p, variableNamed(p, "der(v)")), std::nullopt);
  EXPECT_EQ(mocc::sim::overriddenSlot(p, static_cast<std::uint32_t>(p.variables.size())),
            std::nullopt);
}

TEST(EmitCore, MalformedProgramsAreEmitErrors) {
  mocc::sim::Program p = compiledProgram(kBall);
  std::uint32_t v = variableNamed(p, "v");
  mocc::sim::Reinit ofAValue{variableNamed(p, "der(v)"), {}};
  EXPECT_THROW(mocc::sim::checkReinit(p, ofAValue, mocc::sim::Evaluation::Event),
               mocc::sim::EmitError);
  EXPECT_THROW(mocc::sim::checkReinit(p, {v, {}}, mocc::sim::Evaluation::Continuous),
               mocc::sim::EmitError);
  EXPECT_NO_THROW(mocc::sim::checkReinit(p, {v, {}}, mocc::sim::Evaluation::Event));
  EXPECT_THROW(mocc::sim::checkMessage(p, static_cast<std::uint32_t>(p.messages.size()), 0),
               mocc::sim::EmitError);
  EXPECT_THROW(mocc::sim::checkedVariable(p, static_cast<std::uint32_t>(p.variables.size())),
               mocc::sim::EmitError);
  EXPECT_THROW(mocc::sim::checkHasPre(p.variables[variableNamed(p, "der(h)")]),
               mocc::sim::EmitError);
  EXPECT_THROW(mocc::sim::solvedSystem(p, {static_cast<std::uint32_t>(p.systems.size())}),
               mocc::sim::EmitError);
}

TEST(EmitCore, RememberedValuesLiveInTheirScopeAndKeptCallsUntilAnArgumentChanges) {
  mocc::expr::Pool pool;
  mocc::expr::Id x = pool.variable(0, mocc::expr::Type::Real);
  mocc::expr::Id y = pool.variable(1, mocc::expr::Type::Real);
  mocc::sim::Remembered<int> remembered;
  remembered.remember(x, 1);
  remembered.enter();
  remembered.remember(y, 2);
  ASSERT_NE(remembered.value(x), nullptr); // outer scopes are visible inside
  remembered.leave();
  EXPECT_EQ(remembered.value(y), nullptr); // a branch's values do not leak out

  mocc::sim::CallKey fOfX{0, x.value}, fOfY{0, y.value};
  remembered.keepCalls(true);
  remembered.rememberCall(pool, fOfX, 10);
  remembered.keepCalls(false);
  remembered.rememberCall(pool, fOfY, 20);
  remembered.forget(); // the next statement: values and plain calls go, kept calls stay
  EXPECT_EQ(remembered.value(x), nullptr);
  EXPECT_EQ(remembered.call(fOfY), nullptr);
  ASSERT_NE(remembered.call(fOfX), nullptr);
  EXPECT_EQ(*remembered.call(fOfX), 10);
  remembered.assigned(1); // y: f(x) still holds
  EXPECT_NE(remembered.call(fOfX), nullptr);
  remembered.assigned(0); // x changed: f(x) is stale
  EXPECT_EQ(remembered.call(fOfX), nullptr);
}
