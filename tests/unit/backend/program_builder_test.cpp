// backend/program on hand-made dae::Systems and Schedules, as the structural passes produce
// them: System steps become AlgebraicSystems solved where their values are needed, dummy
// states and derivatives become algebraic values, the initialization schedule becomes
// `initialize`, the ODE Jacobian and the state sets' constraint Jacobians come with the
// statements they read.
#include "mocc/expr/evaluate.h"
#include "mocc/program/build.h"

#include <gtest/gtest.h>

#include <string>

namespace mocc::backend::program {
namespace {

using structure::Step;

/// A dae::System and its schedules under construction, with a test file for source ranges.
struct Dae {
  Dae() {
    file = sources.add("loop.mo", std::string(20, '\n'));
    system.name = "M";
  }

  std::uint32_t add(const std::string& name, dae::VariableKind kind) {
    dae::Variable v;
    v.name = name;
    v.kind = kind;
    v.range = at(1);
    system.variables.push_back(v);
    return static_cast<std::uint32_t>(system.variables.size() - 1);
  }
  /// A state and its derivative; returns the state.
  std::uint32_t addState(const std::string& name, bool dummy = false) {
    std::uint32_t state = add(name, dae::VariableKind::State);
    std::uint32_t derivative = add("der(" + name + ")", dae::VariableKind::Derivative);
    system.variables[state].derivative = derivative;
    system.variables[state].dummy = dummy;
    system.variables[state].start = system.pool.real(1);
    system.variables[derivative].state = state;
    system.variables[derivative].dummy = dummy;
    return state;
  }
  expr::Id ref(std::uint32_t v) { return system.ref(v); }
  expr::Id real(double value) { return system.pool.real(value); }
  SourceRange at(std::uint32_t line) { return SourceRange{{file, line, 3}, {file, line, 4}}; }
  std::uint32_t equation(expr::Id lhs, expr::Id rhs, std::uint32_t line) {
    system.equations.push_back(dae::Equation{lhs, rhs, at(line)});
    return static_cast<std::uint32_t>(system.equations.size() - 1);
  }
  static Step assign(std::uint32_t variable, expr::Id value, std::uint32_t source) {
    Step step;
    step.variable = variable;
    step.value = value;
    step.source = source;
    return step;
  }

  std::optional<sim::Program> build() {
    return program::build(system, schedule, sources, diagnostics);
  }

  SourceManager sources;
  FileId file;
  Diagnostics diagnostics;
  dae::System system;
  structure::Schedule schedule;
};

/// der(x) = a with a + b = x and a = b^2 (torn to b, a inner), c = 2x (results only), and a
/// relation a > 1 watched by a crossing.
struct TornLoop : Dae {
  TornLoop() {
    expr::Pool& p = system.pool;
    x = addState("x");
    a = add("a", dae::VariableKind::Algebraic);
    b = add("b", dae::VariableKind::Algebraic);
    c = add("c", dae::VariableKind::Algebraic);
    std::uint32_t e0 = equation(p.add(ref(a), ref(b)), ref(x), 3);
    std::uint32_t e1 = equation(ref(a), p.mul(ref(b), ref(b)), 4);
    std::uint32_t e2 = equation(ref(x + 1), ref(a), 5);
    std::uint32_t e3 = equation(ref(c), p.mul(real(2), ref(x)), 6);
    Step loop;
    loop.kind = Step::Kind::System;
    loop.source = e0;
    loop.iteration = {b};
    loop.inner = {assign(a, p.sub(ref(x), ref(b)), e0)};
    loop.residuals = {p.sub(ref(a), p.mul(ref(b), ref(b)))};
    loop.jacobian = {p.sub(real(-1), p.mul(real(2), ref(b)))};
    loop.equations = {e0, e1};
    schedule.steps = {loop, assign(x + 1, ref(a), e2), assign(c, p.mul(real(2), ref(x)), e3)};
    system.relations.push_back(dae::Relation{
        p.compare(expr::Op::Gt, ref(a), real(1)), dae::RelationKind::State, {}, at(7)});
  }
  std::uint32_t x, a, b, c;
};

bool isSolve(const sim::Statement& s, std::uint32_t system) {
  auto* solve = std::get_if<sim::Solve>(&s.node);
  return solve && solve->system == system;
}

TEST(ProgramBuilder, ASystemStepBecomesALoopSolvedWhereItsValuesAreNeeded) {
  TornLoop dae;
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program) << dae.diagnostics.errorCount();
  // The loop, and the linear system of its rates for the crossing a > 1 (crossing_rates.cpp).
  ASSERT_EQ(program->systems.size(), 2u);
  const sim::AlgebraicSystem& loop = program->systems[0];
  EXPECT_EQ(loop.description, "nonlinear system of 2 equations at loop.mo:3:3, torn to 1 "
                              "iteration variable");
  EXPECT_EQ(loop.unknowns, std::vector<std::uint32_t>{dae.b});
  ASSERT_EQ(loop.inner.size(), 1u);
  EXPECT_EQ(std::get<sim::Assign>(loop.inner[0].node).variable, dae.a);
  EXPECT_EQ(loop.residuals.size(), 1u);
  EXPECT_EQ(loop.jacobian.size(), 1u);
  EXPECT_FALSE(loop.linear);
  EXPECT_EQ(loop.origins, (std::vector<std::string>{"loop.mo:3:3", "loop.mo:4:3"}));
  // der(x) needs a: the loop, then der(x); c is for results only.
  ASSERT_EQ(program->derivatives.size(), 2u);
  EXPECT_TRUE(isSolve(program->derivatives[0], 0));
  EXPECT_EQ(program->derivatives[0].origin, "loop.mo:3:3");
  // The crossing a - 1 needs the loop too; outputs and events compute everything.
  ASSERT_EQ(program->crossingInputs.size(), 1u);
  EXPECT_TRUE(isSolve(program->crossingInputs[0], 0));
  EXPECT_EQ(program->outputs.size(), 3u);
  EXPECT_TRUE(isSolve(program->event[0], 0));
  std::string text = sim::print(*program);
  EXPECT_NE(text.find("derivatives:\n  solve #0 for b\n  der(x) := a\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("systems:\n  #0 nonlinear system of 2 equations at loop.mo:3:3, torn to 1 "
                      "iteration variable\n    unknowns: b\n    a := x - b\n    0 = a - b*b\n"),
            std::string::npos)
      << text;
  // d(a - b^2)/dt = 0 with a = x - b: the rates' system has the loop's Jacobian; the crossing's
  // rate is that of a.
  const sim::AlgebraicSystem& rates = program->systems[1];
  EXPECT_TRUE(rates.linear);
  EXPECT_EQ(rates.jacobian, loop.jacobian);
  ASSERT_EQ(rates.unknowns.size(), 1u);
  EXPECT_EQ(program->variables[rates.unknowns[0]].name, "$rate(b)");
  EXPECT_NE(text.find("#1 rates of the nonlinear system of 2 equations at loop.mo:3:3, torn to 1 "
                      "iteration variable\n    unknowns: $rate(b)\n    $rate(a) := der(x) - "
                      "$rate(b)\n"),
            std::string::npos)
      << text;
  ASSERT_EQ(program->crossings.size(), 1u);
  EXPECT_EQ(sim::variableName(*program, program->pool.node(program->crossings[0].rate).index),
            "$rate(a)");
}

TEST(ProgramBuilder, WithoutAnInitializationScheduleInitializeIsTheEventList) {
  TornLoop dae;
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  ASSERT_EQ(program->initialize.size(), program->event.size());
  EXPECT_TRUE(isSolve(program->initialize[0], 0)); // the same loop, not a copy
  EXPECT_EQ(program->systems.size(), 2u);          // and the system of its rates
}

TEST(ProgramBuilder, DummyStatesAndDerivativesAreAlgebraicValues) {
  Dae dae;
  std::uint32_t x = dae.addState("x");
  std::uint32_t y = dae.addState("y", true);
  dae.equation(dae.ref(x + 1), dae.ref(y), 2);
  dae.equation(dae.ref(y), dae.system.pool.time(), 3);
  dae.equation(dae.ref(y + 1), dae.real(1), 4);
  dae.schedule.steps = {Dae::assign(y, dae.system.pool.time(), 1),
                        Dae::assign(y + 1, dae.real(1), 2), Dae::assign(x + 1, dae.ref(y), 0)};
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  EXPECT_EQ(program->stateCount, 1u);
  for (std::uint32_t v : {y, y + 1}) {
    EXPECT_EQ(program->variables[v].region, sim::Region::Value) << program->variables[v].name;
    EXPECT_EQ(program->variables[v].kind, sim::Kind::Algebraic) << program->variables[v].name;
  }
  EXPECT_EQ(program->variables[x + 1].region, sim::Region::Derivative);
  // bind gives the dummies their start values (the loops' first guesses): x, y, der(y).
  std::string text = sim::print(*program);
  EXPECT_NE(text.find("bind:\n  x := 1.0\n  y := 1.0\n  der(y) := 0.0\n"), std::string::npos)
      << text;
  EXPECT_TRUE(dae.diagnostics.all().empty()); // no "no start value" warning for a dummy
}

TEST(ProgramBuilder, TheInitializationScheduleBecomesInitialize) {
  TornLoop dae;
  expr::Pool& p = dae.system.pool;
  // Initial problem: x = 3 (an initial equation), then the loop again and a when-clause that
  // is active at initial() with a reinit (dropped: it is an equation there).
  std::uint32_t d = dae.add("d", dae::VariableKind::Discrete);
  std::uint32_t held = dae.add("held", dae::VariableKind::Discrete);
  dae::WhenClause clause;
  dae::WhenBranch branch;
  branch.activeAtInitial = true;
  branch.body = {dae::Assignment{d, p.add(p.pre(d, expr::Type::Real), dae.real(1)), dae.at(9)},
                 dae::Reinit{dae.x, dae.real(5), dae.at(10)}};
  clause.branches = {branch};
  clause.assigned = {d, held};
  dae.system.whens.push_back(clause);
  structure::Initialization& init = dae.schedule.initialization;
  init.equations = {dae::Equation{dae.ref(dae.x), dae.real(3), dae.at(12)}, dae.system.equations[0],
                    dae.system.equations[1]};
  Step loop = dae.schedule.steps[0];
  loop.equations = {1, 2};
  loop.inner[0].source = 1;
  Step when;
  when.kind = Step::Kind::When;
  init.steps = {Dae::assign(dae.x, dae.real(3), 0), loop, when};
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  // The simulation's loop, the initial problem's, and the system of the first one's rates.
  ASSERT_EQ(program->systems.size(), 3u);
  const std::vector<sim::Statement>& initialize = program->initialize;
  ASSERT_EQ(initialize.size(), 5u);
  EXPECT_EQ(initialize[0].origin, "loop.mo:12:3");
  EXPECT_TRUE(isSolve(initialize[1], 1));
  EXPECT_EQ(program->systems[1].origins.front(), "loop.mo:3:3");
  std::string text = sim::print(*program);
  EXPECT_NE(text.find("initialize:\n  x := 3.0\n  solve #1 for b\n  d := pre(d)\n  held := "
                      "pre(held)\n  d := pre(d) + 1.0\n"),
            std::string::npos)
      << text;
}

TEST(ProgramBuilder, TheOdeJacobianComesWithTheStatementsItReads) {
  TornLoop dae;
  // d der(x) / d x = d a / d x = 1 / (1 + 2b): reads the loop's b.
  expr::Pool& p = dae.system.pool;
  dae.schedule.odeJacobian = std::vector<structure::JacobianEntry>{
      {dae.x, dae.x, p.div(dae.real(1), p.add(dae.real(1), p.mul(dae.real(2), dae.ref(dae.b))))}};
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  ASSERT_EQ(program->jacobian.size(), 1u);
  EXPECT_EQ(program->jacobian[0].row, 0u);
  EXPECT_EQ(program->jacobian[0].column, 0u);
  ASSERT_EQ(program->jacobianInputs.size(), 1u);
  EXPECT_TRUE(isSolve(program->jacobianInputs[0], 0));
  EXPECT_EQ(program->jacobianMissing, "");
}

TEST(ProgramBuilder, AMissingOdeJacobianKeepsItsReason) {
  TornLoop dae;
  dae.schedule.odeJacobianMissing = "der(x) depends on a nonlinear loop";
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  EXPECT_TRUE(program->jacobian.empty());
  EXPECT_EQ(program->jacobianMissing, "der(x) depends on a nonlinear loop");
  EXPECT_NE(sim::print(*program).find("jacobian: none (der(x) depends on a nonlinear loop)"),
            std::string::npos);
}

/// A pendulum-like state set: candidates px, py (dummy states) with the constraint
/// px^2 + py^2 = 1, the set's state s = a1 px + a2 py; px, py solved as one loop.
struct StateSetDae : Dae {
  explicit StateSetDae(bool withJacobian) {
    expr::Pool& p = system.pool;
    s = addState("s");
    px = addState("px", true);
    py = addState("py", true);
    a1 = add("a1", dae::VariableKind::Discrete);
    a2 = add("a2", dae::VariableKind::Discrete);
    system.variables[a1].stateSelection = system.variables[a2].stateSelection = true;
    std::uint32_t constraint =
        equation(p.add(p.mul(ref(px), ref(px)), p.mul(ref(py), ref(py))), real(1), 3);
    std::uint32_t selection =
        equation(ref(s), p.add(p.mul(ref(a1), ref(px)), p.mul(ref(a2), ref(py))), 4);
    Step loop;
    loop.kind = Step::Kind::System;
    loop.iteration = {px, py};
    loop.residuals = {p.sub(system.equations[0].lhs, real(1)),
                      p.sub(ref(s), system.equations[1].rhs)};
    loop.equations = {constraint, selection};
    schedule.steps = {loop, assign(s + 1, real(0), selection)};
    dae::StateSet set;
    set.candidates = {px, py};
    set.states = {s};
    set.selection = {a1, a2};
    set.constraints = {constraint};
    if (withJacobian) set.jacobian = {p.mul(real(2), ref(px)), p.mul(real(2), ref(py))};
    system.stateSets.push_back(set);
  }
  std::uint32_t s, px, py, a1, a2;
};

/// The value of a program expression with px = 0.6 and py = 0.8.
double at(const sim::Program& program, expr::Id id, const StateSetDae& dae) {
  expr::Values values;
  values.variable = [&](std::uint32_t v) -> std::optional<double> {
    if (v == dae.px) return 0.6;
    if (v == dae.py) return 0.8;
    return std::nullopt;
  };
  return expr::evaluate(program.pool, id, values).value_or(-12345);
}

TEST(ProgramBuilder, StateSetsTakeTheirConstraintJacobianOrDifferentiateTheConstraints) {
  for (bool given : {true, false}) {
    StateSetDae dae(given);
    std::optional<sim::Program> program = dae.build();
    ASSERT_TRUE(program) << "given " << given;
    ASSERT_EQ(program->stateSets.size(), 1u);
    const sim::StateSet& set = program->stateSets[0];
    EXPECT_EQ(set.candidates, (std::vector<std::uint32_t>{dae.px, dae.py}));
    EXPECT_EQ(set.states, std::vector<std::uint32_t>{dae.s});
    EXPECT_EQ(set.selection, (std::vector<std::uint32_t>{dae.a1, dae.a2}));
    EXPECT_EQ(set.constraintCount, 1u);
    ASSERT_EQ(set.constraintJacobian.size(), 2u);
    EXPECT_DOUBLE_EQ(at(*program, set.constraintJacobian[0], dae), 1.2);
    EXPECT_DOUBLE_EQ(at(*program, set.constraintJacobian[1], dae), 1.6);
    // The candidates come from the loop: solved before the Jacobian is evaluated.
    ASSERT_EQ(set.jacobianInputs.size(), 1u);
    EXPECT_TRUE(isSolve(set.jacobianInputs[0], 0));
    EXPECT_EQ(program->variables[dae.px].region, sim::Region::Value);
    EXPECT_EQ(program->variables[dae.s].region, sim::Region::State);
    // The set's state and selection are the compiler's; results show the candidates.
    for (std::uint32_t made : {dae.s, dae.s + 1, dae.a1, dae.a2})
      EXPECT_TRUE(program->variables[made].hidden) << program->variables[made].name;
    EXPECT_FALSE(program->variables[dae.px].hidden);
  }
}

TEST(ProgramBuilder, AStructurallyZeroStateSetJacobianEntryBecomesAZero) {
  // dae::StateSet marks a structural zero with an invalid id (dummy_derivatives.cpp); the
  // program must hold a real 0 there, which both emitters can evaluate.
  StateSetDae dae(true);
  dae.system.stateSets[0].jacobian[1] = expr::Id{};
  std::optional<sim::Program> program = dae.build();
  ASSERT_TRUE(program);
  const sim::StateSet& set = program->stateSets[0];
  ASSERT_EQ(set.constraintJacobian.size(), 2u);
  EXPECT_DOUBLE_EQ(at(*program, set.constraintJacobian[0], dae), 1.2);
  ASSERT_TRUE(set.constraintJacobian[1].valid());
  EXPECT_EQ(at(*program, set.constraintJacobian[1], dae), 0.0);
}

} // namespace
} // namespace mocc::backend::program
