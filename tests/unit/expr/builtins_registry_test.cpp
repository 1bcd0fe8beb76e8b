// The registry of built-in functions (mocc/support/builtins.h) that the frontend's lowering and
// folding and the backend's expressions share: every numeric function is found under its name,
// the backend's Builtin is the registry's entry, and types and values follow MLS 3.7.
#include "mocc/expr/builtins.h"
#include "mocc/support/builtins.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

namespace {

using mocc::builtins::Kind;
using mocc::builtins::Math;

TEST(BuiltinRegistry, EveryNumericFunctionIsItsOwnEntryAndTheBackendsBuiltin) {
  for (std::size_t i = 0; i < mocc::builtins::kMathCount; ++i) {
    Math fn = static_cast<Math>(i);
    const mocc::builtins::Function& entry = mocc::builtins::of(fn);
    ASSERT_TRUE(entry.math) << entry.name;
    EXPECT_EQ(*entry.math, fn) << entry.name;
    EXPECT_EQ(mocc::builtins::find(entry.name), &entry) << entry.name;
    auto backend = mocc::expr::builtinByName(entry.name);
    ASSERT_TRUE(backend) << entry.name;
    EXPECT_EQ(static_cast<std::size_t>(*backend), i) << entry.name;
    EXPECT_EQ(std::string(mocc::expr::builtinName(*backend)), entry.name);
    EXPECT_EQ(mocc::expr::builtinArity(*backend), entry.arity) << entry.name;
  }
}

TEST(BuiltinRegistry, NamesAreUniqueAndUnknownNamesAreNotBuiltins) {
  std::set<std::string> names;
  for (const mocc::builtins::Function& f : mocc::builtins::all())
    EXPECT_TRUE(names.insert(std::string(f.name)).second) << f.name;
  EXPECT_EQ(mocc::builtins::find("nosuch"), nullptr);
  EXPECT_EQ(mocc::builtins::find("reinit"), nullptr); // an equation, not a function (MLS 8.3.6)
}

TEST(BuiltinRegistry, KindsTellHowTheFrontendLowersACall) {
  EXPECT_EQ(mocc::builtins::find("sqrt")->kind, Kind::Math);
  EXPECT_EQ(mocc::builtins::find("der")->kind, Kind::Event);
  EXPECT_EQ(mocc::builtins::find("homotopy")->kind, Kind::Event);
  EXPECT_EQ(mocc::builtins::find("fill")->kind, Kind::Array);
  EXPECT_EQ(mocc::builtins::find("delay")->kind, Kind::Special);
  // min and max reduce arrays too: lowered as array functions, computed as numeric ones.
  const mocc::builtins::Function* min = mocc::builtins::find("min");
  EXPECT_EQ(min->kind, Kind::Array);
  EXPECT_EQ(min->math, Math::Min);
}

TEST(BuiltinRegistry, ResultTypesFollowMls) {
  // MLS 3.7.1: abs, min, max, div, mod, rem keep Integer; sign and integer are Integer; the
  // others (floor and ceil included, MLS 3.7.2) are Real.
  EXPECT_TRUE(mocc::builtins::integerResult(Math::Abs, true));
  EXPECT_FALSE(mocc::builtins::integerResult(Math::Abs, false));
  EXPECT_TRUE(mocc::builtins::integerResult(Math::Sign, false));
  EXPECT_TRUE(mocc::builtins::integerResult(Math::Integer, false));
  EXPECT_FALSE(mocc::builtins::integerResult(Math::Floor, true));
  EXPECT_FALSE(mocc::builtins::integerResult(Math::Sqrt, true));
}

TEST(BuiltinRegistry, DomainsAreThoseOfMls373) {
  auto domain = [](const char* name) { return mocc::builtins::find(name)->domain; };
  ASSERT_TRUE(domain("acos"));
  EXPECT_EQ(domain("acos")->low, -1);
  EXPECT_EQ(domain("acos")->high, 1);
  ASSERT_TRUE(domain("log"));
  EXPECT_TRUE(domain("log")->openLow);
  ASSERT_TRUE(domain("sqrt"));
  EXPECT_FALSE(domain("sqrt")->openLow);
  EXPECT_FALSE(domain("sin"));
}

TEST(BuiltinRegistry, ValuesFollowTheDefinitions) {
  // MLS 3.7.2 with x = -7, y = 3: div = trunc(-7/3) = -2, mod = -7 - floor(-7/3)*3 = 2,
  // rem = -7 - div*3 = -1; integer(-2.5) = floor(-2.5) = -3.
  const double a[] = {-7, 3};
  EXPECT_EQ(mocc::builtins::evaluate(Math::Div, a), -2);
  EXPECT_EQ(mocc::builtins::evaluate(Math::Mod, a), 2);
  EXPECT_EQ(mocc::builtins::evaluate(Math::Rem, a), -1);
  const double b[] = {-2.5};
  EXPECT_EQ(mocc::builtins::evaluate(Math::Integer, b), -3);
  EXPECT_EQ(mocc::builtins::evaluate(Math::Sin, b), std::sin(-2.5));
}

} // namespace
