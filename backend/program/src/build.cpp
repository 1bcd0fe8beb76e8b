// Building sim::Program: storage layout, expression translation and the ABI functions.
#include "mocc/program/build.h"

#include "program_builder.h"

#include "mocc/expr/evaluate.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <set>
#include <type_traits>

namespace mocc::backend::program {

std::optional<sim::Program> build(const dae::System& system, const structure::Schedule& schedule,
                                  const SourceManager& sources, Diagnostics& diagnostics,
                                  bool tunableParameters) {
  return ProgramBuilder(system, schedule, sources, diagnostics, tunableParameters).run();
}

ProgramBuilder::ProgramBuilder(const dae::System& system, const structure::Schedule& schedule,
                               const SourceManager& sources, Diagnostics& diagnostics,
                               bool tunableParameters)
    : system_(system), schedule_(schedule), sources_(sources), diagnostics_(diagnostics),
      tunableParameters_(tunableParameters),
      translator_(system.pool, program_.pool,
                  [this](expr::Id id, expr::Translator& self) { return mapLeaf(id, self); }) {}

namespace {

// The program's pool holds only what its statements were translated from, and the
// initialization contains every equation of the simulation (MLS 8.6), so a homotopy node
// anywhere means the initialization reads lambda.
bool containsHomotopy(const expr::Pool& pool) {
  for (std::uint32_t i = 0; i < pool.size(); ++i)
    if (pool.op(expr::Id{i}) == expr::Op::Homotopy) return true;
  return false;
}

} // namespace

void ProgramBuilder::addSystemRelations() {
  for (std::uint32_t k = 0; k < program_.systems.size(); ++k) {
    std::set<std::uint32_t> relations;
    auto collect = [&](expr::Id root) {
      expr::visitNodes(program_.pool, root, [&](expr::Id id) {
        if (program_.pool.op(id) == expr::Op::Relation)
          relations.insert(program_.pool.node(id).index);
        return true;
      });
    };
    forEachExpression(program_, {sim::Statement{sim::Solve{k}, ""}}, {collect});
    program_.systems[k].relations.assign(relations.begin(), relations.end());
  }
}

std::optional<sim::Program> ProgramBuilder::run() {
  std::size_t errorsBefore = diagnostics_.errorCount();
  program_.modelName = system_.name;
  program_.experiment = {system_.experiment.startTime, system_.experiment.stopTime,
                         system_.experiment.tolerance, system_.experiment.interval};
  layOut();
  addFunctions();
  addRelations();
  addBind();
  addExternalObjects(); // after bind, whose order it reverses
  addScheduledStatements();
  addInitialize(); // after the event list, which it may copy
  addOdeJacobian();
  addDaeJacobian();
  addStateSets();
  addCrossingRates();
  addTimeEvents();
  addDelayInputs(); // after every list that may hold a delay()
  addVariableOrigins();
  addSystemRelations(); // after every pass that adds or copies loops
  program_.usesHomotopy = containsHomotopy(program_.pool);
  if (diagnostics_.errorCount() > errorsBefore) return std::nullopt;
  return std::move(program_);
}

namespace {

/// Gives each variable assigned in `statements` (and the blocks inside them) without an origin
/// the origin of its first assignment.
void recordOrigins(const std::vector<sim::Statement>& statements, sim::Program& program) {
  for (const sim::Statement& statement : statements) {
    auto record = [&](std::uint32_t variable) {
      std::string& origin = program.variables[variable].origin;
      if (origin.empty()) origin = statement.origin;
    };
    std::visit(
        [&](const auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, sim::Assign>) record(node.variable);
          if constexpr (std::is_same_v<T, sim::Call>)
            for (const sim::Call::Output& output : node.outputs)
              record(output.variable);
          if constexpr (std::is_same_v<T, sim::Solve>) {
            const sim::AlgebraicSystem& system = program.systems[node.system];
            recordOrigins(system.inner, program);
            for (std::uint32_t unknown : system.unknowns)
              if (program.variables[unknown].origin.empty() && !system.origins.empty())
                program.variables[unknown].origin = system.origins.front();
          }
          if constexpr (std::is_same_v<T, sim::When>)
            for (const sim::WhenBranch& branch : node.branches)
              recordOrigins(branch.body, program);
          if constexpr (std::is_same_v<T, sim::If>) {
            for (const sim::IfBranch& branch : node.branches)
              recordOrigins(branch.body, program);
            recordOrigins(node.elseBody, program);
          }
        },
        statement.node);
  }
}

} // namespace

void ProgramBuilder::addVariableOrigins() {
  recordOrigins(program_.derivatives, program_);
  recordOrigins(program_.outputs, program_);
  recordOrigins(program_.event, program_);
  // A state is computed by integrating its derivative: the derivative's equation is its own.
  std::vector<const std::string*> derivativeOrigins(program_.variables.size(), nullptr);
  for (const sim::Variable& v : program_.variables)
    if (v.region == sim::Region::Derivative) derivativeOrigins[v.index] = &v.origin;
  for (sim::Variable& v : program_.variables)
    if (v.region == sim::Region::State && v.origin.empty() && derivativeOrigins[v.index])
      v.origin = *derivativeOrigins[v.index];
}

namespace {

sim::Kind simKind(dae::VariableKind kind) {
  switch (kind) {
  case dae::VariableKind::Parameter: return sim::Kind::Parameter;
  case dae::VariableKind::State: return sim::Kind::State;
  case dae::VariableKind::Derivative: return sim::Kind::Derivative;
  case dae::VariableKind::Algebraic: return sim::Kind::Algebraic;
  case dae::VariableKind::Discrete: return sim::Kind::Discrete;
  case dae::VariableKind::Internal: return sim::Kind::Internal;
  }
  return sim::Kind::Internal;
}

} // namespace

// Only integrated states and their derivatives have slots in x and dx (dae/system.h).
bool ProgramBuilder::isDummy(std::uint32_t variable) const {
  const dae::Variable& v = system_.variables[variable];
  if (v.kind == dae::VariableKind::State) return !v.isIntegratedState();
  if (v.kind != dae::VariableKind::Derivative) return false;
  return v.dummy || v.state == dae::kNone || !system_.variables[v.state].isIntegratedState();
}

// The states s and selection entries A of dynamic state sets (and der(s)): the compiler
// makes them; results show the candidates instead.
bool ProgramBuilder::isStateSetVariable(std::uint32_t variable) const {
  const dae::Variable& v = system_.variables[variable];
  std::uint32_t own = v.kind == dae::VariableKind::Derivative ? v.state : variable;
  if (v.stateSelection) return true;
  for (const dae::StateSet& set : system_.stateSets)
    if (std::find(set.states.begin(), set.states.end(), own) != set.states.end()) return true;
  return false;
}

// States take x[0..n), derivatives the dx slot of their state, everything else v[...]; the
// variable table keeps declaration order so that result columns do too. Dummy states and
// dummy derivatives (index reduction) are algebraic values: equations determine them.
void ProgramBuilder::layOut() {
  programIndex_.assign(system_.variables.size(), dae::kNone);
  std::vector<std::uint32_t> stateSlot(system_.variables.size(), dae::kNone);
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    if (system_.variables[i].isIntegratedState()) stateSlot[i] = program_.stateCount++;
  }
  layOutStateNominals(stateSlot);
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    const dae::Variable& v = system_.variables[i];
    sim::Variable out;
    out.name = v.name;
    out.description = v.description;
    out.unit = v.unit;
    out.causality = static_cast<std::int32_t>(v.causality);
    out.type = v.type;
    // A parameter whose value the structure depends on is compiled in: to the runtime it is a
    // constant, which `--override` refuses instead of setting to no effect.
    out.kind = v.structural ? sim::Kind::Constant : simKind(v.kind);
    out.hidden = v.kind == dae::VariableKind::Internal || isStateSetVariable(i);
    if (isDummy(i)) {
      out.kind = sim::Kind::Algebraic;
      out.region = sim::Region::Value;
      out.index = program_.valueCount++;
    } else if (v.kind == dae::VariableKind::State) {
      out.region = sim::Region::State;
      out.index = stateSlot[i];
    } else if (v.kind == dae::VariableKind::Derivative) {
      out.region = sim::Region::Derivative;
      out.index = stateSlot[v.state];
    } else {
      out.region = sim::Region::Value;
      out.index = program_.valueCount++;
    }
    programIndex_[i] = static_cast<std::uint32_t>(program_.variables.size());
    program_.variables.push_back(std::move(out));
  }
  markAliases();
  markParameterUses();
}

// A variable that alias elimination replaced by `x` or `-x` of the same type is an alias of
// x: result formats that share columns (MAT, issue 19) store it once.
void ProgramBuilder::markAliases() {
  const expr::Pool& pool = system_.pool;
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    expr::Id alias = system_.variables[i].alias;
    if (!alias.valid()) continue;
    bool negated = pool.node(alias).op == expr::Op::Neg;
    if (negated) alias = pool.args(alias)[0];
    const expr::Node& node = pool.node(alias);
    if (node.op != expr::Op::Variable || node.type != system_.variables[i].type) continue;
    sim::Variable& v = program_.variables[programIndex_[i]];
    v.aliasOf = static_cast<std::int32_t>(programIndex_[node.index]);
    v.aliasNegated = negated;
  }
}

// A parameter is tunable when changing it between events changes only what reads it later:
// not when translation took its value (a structural parameter, or one that a structural
// parameter's binding reads) nor when something was made from it once at bind (an
// ExternalObject, whose constructor is not run again). Inputs are set as inputs.
void ProgramBuilder::markParameterUses() {
  const auto& variables = system_.variables;
  std::vector<bool> frozen(variables.size(), false);
  std::vector<std::uint32_t> pending;
  for (std::uint32_t i = 0; i < variables.size(); ++i)
    if (variables[i].structural || variables[i].destructor != dae::kNone) pending.push_back(i);
  while (!pending.empty()) {
    std::uint32_t i = pending.back();
    pending.pop_back();
    if (frozen[i]) continue;
    frozen[i] = true;
    if (variables[i].kind == dae::VariableKind::Parameter && variables[i].binding.valid())
      for (std::uint32_t read : expr::variablesOf(system_.pool, variables[i].binding))
        pending.push_back(read);
  }
  for (std::uint32_t i = 0; i < variables.size(); ++i) {
    const dae::Variable& v = variables[i];
    if (v.kind != dae::VariableKind::Parameter || v.structural) continue;
    sim::Variable& out = program_.variables[programIndex_[i]];
    out.calculated = !v.fixed;
    out.tunable = tunableParameters_ && v.fixed && !frozen[i] && v.type != expr::Type::String &&
                  v.causality != dae::Causality::Input;
  }
}

// The nominal attribute scales a state's absolute tolerance (MLS 4.8.6); it is taken as
// translation computes it from constants and parameters, 1 where it cannot.
void ProgramBuilder::layOutStateNominals(const std::vector<std::uint32_t>& stateSlot) {
  std::vector<double> nominals(program_.stateCount, 1.0);
  expr::Values values;
  values.variable = [this](std::uint32_t v) -> std::optional<double> {
    const dae::Variable& variable = system_.variables[v];
    if (variable.kind != dae::VariableKind::Parameter) return std::nullopt;
    return variable.translationValue;
  };
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    const dae::Variable& v = system_.variables[i];
    if (stateSlot[i] == dae::kNone || !v.nominal.valid()) continue;
    auto nominal = expr::evaluate(system_.pool, v.nominal, values);
    if (nominal && std::isfinite(*nominal) && *nominal != 0)
      nominals[stateSlot[i]] = std::abs(*nominal);
  }
  bool allOne = std::all_of(nominals.begin(), nominals.end(), [](double n) { return n == 1.0; });
  if (!allOne) program_.stateNominals = std::move(nominals);
}

std::uint32_t ProgramBuilder::addInternal(std::string name, expr::Type type) {
  sim::Variable v;
  v.name = std::move(name);
  v.region = sim::Region::Value;
  v.index = program_.valueCount++;
  v.type = type;
  v.kind = sim::Kind::Internal;
  v.hidden = true;
  program_.variables.push_back(std::move(v));
  return static_cast<std::uint32_t>(program_.variables.size() - 1);
}

expr::Id ProgramBuilder::mapLeaf(expr::Id id, expr::Translator& self) {
  const expr::Node& node = system_.pool.node(id);
  if (node.op == expr::Op::Variable) {
    return program_.pool.variable(programIndex_[node.index], node.type);
  }
  if (node.op == expr::Op::Pre) return program_.pool.pre(programIndex_[node.index], node.type);
  if (node.op == expr::Op::Delay) return addDelay(id, self);
  return {};
}

// Each Delay node of the system is one delay() with a history of its own; the translator
// memoises, so every use of the node reads the same history.
expr::Id ProgramBuilder::addDelay(expr::Id id, expr::Translator& self) {
  std::vector<expr::Id> args;
  for (std::size_t i = 0; i < 3; ++i)
    args.push_back(self(system_.pool.arg(id, i)));
  auto number = static_cast<std::uint32_t>(program_.delays.size());
  expr::Id delay = program_.pool.delay(args[0], args[1], args[2], number);
  if (program_.pool.op(delay) == expr::Op::Delay) program_.delays.push_back({delay, args[0]});
  return delay;
}

// delay_inputs computes what the delayed expressions read, as crossings do.
void ProgramBuilder::addDelayInputs() {
  std::set<std::uint32_t> reads;
  for (const sim::Delay& delay : program_.delays)
    for (std::uint32_t v : expr::variablesOf(program_.pool, delay.value))
      reads.insert(v);
  program_.delayInputs = assignmentsNeededBy(reads);
}

std::string ProgramBuilder::origin(const SourceRange& range) const {
  return range.valid() ? sources_.describe(range.begin) : std::string();
}

std::uint32_t ProgramBuilder::message(const sim::Message& message) {
  auto found = std::find(program_.messages.begin(), program_.messages.end(), message);
  if (found != program_.messages.end()) {
    return static_cast<std::uint32_t>(found - program_.messages.begin());
  }
  program_.messages.push_back(message);
  return static_cast<std::uint32_t>(program_.messages.size() - 1);
}

std::vector<expr::Id> ProgramBuilder::messageValues(const std::vector<expr::Id>& values) {
  return messageValues(values, translator_);
}

std::vector<expr::Id> ProgramBuilder::messageValues(const std::vector<expr::Id>& values,
                                                    expr::Translator& translate) {
  std::vector<expr::Id> out;
  for (expr::Id value : values)
    out.push_back(translate(value));
  return out;
}

void ProgramBuilder::addRelations() {
  expr::VariableNamer name = dae::namer(system_);
  for (std::uint32_t k = 0; k < system_.relations.size(); ++k) {
    const dae::Relation& r = system_.relations[k];
    sim::Relation relation;
    relation.comparison = translator_(r.comparison);
    relation.storage = addInternal(fmt::format("$rel{}", k), expr::Type::Boolean);
    std::string text = expr::print(system_.pool, r.comparison, name);
    std::string where = origin(r.range);
    std::string description = where.empty() ? text : text + " at " + where;
    program_.variables[relation.storage].description = description;
    if (r.kind == dae::RelationKind::Time) {
      relation.timeEvent = true;
      program_.timeEvents.push_back(sim::ThresholdEvent{translator_(r.threshold)});
    } else if (expr::Op op = program_.pool.op(relation.comparison);
               op != expr::Op::Eq && op != expr::Op::Ne) {
      relation.crossing = static_cast<std::int32_t>(program_.crossings.size());
      expr::Id lhs = program_.pool.arg(relation.comparison, 0);
      expr::Id rhs = program_.pool.arg(relation.comparison, 1);
      sim::Crossing crossing;
      crossing.function = program_.pool.sub(lhs, rhs);
      crossing.relation = k;
      crossing.description = description;
      program_.crossings.push_back(std::move(crossing));
    }
    program_.relations.push_back(relation);
  }
  for (std::uint32_t k = 0; k < system_.relations.size(); ++k) {
    std::uint32_t partner = system_.relations[k].partner;
    if (partner != dae::kNone && program_.relations[k].crossing >= 0)
      program_.relations[k].partner = program_.relations[partner].crossing;
  }
}

} // namespace mocc::backend::program
