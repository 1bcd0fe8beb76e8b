// The statements of each ABI function: bind (parameters, start values), the continuous-mode
// lists (derivatives, crossing inputs, outputs) and the event list, plus time events.
// Continuous lists hold only the steps their outputs need, found backwards through the reads.
#include "program_builder.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <unordered_set>

namespace mocc::backend::program {

void ProgramBuilder::addBind() {
  if (addParameterBindings()) addStartValues();
}

// MLS 12.9.7: every object bind() constructed is destroyed once, the last constructed first;
// the handles are hidden from results (an address is no result).
void ProgramBuilder::addExternalObjects() {
  std::map<std::uint32_t, std::uint32_t> destructorOf; // program variable -> function
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i)
    if (system_.variables[i].destructor != dae::kNone && programIndex_[i] != dae::kNone)
      destructorOf[programIndex_[i]] = system_.variables[i].destructor;
  if (destructorOf.empty()) return;
  std::vector<sim::Statement> destroy;
  for (const sim::Statement& s : program_.bind) {
    const auto* assign = std::get_if<sim::Assign>(&s.node);
    auto found = assign ? destructorOf.find(assign->variable) : destructorOf.end();
    if (found == destructorOf.end()) continue;
    std::uint32_t destructor = found->second;
    sim::Variable& handle = program_.variables[assign->variable];
    handle.hidden = true;
    expr::Pool& pool = program_.pool;
    expr::Id value = pool.variable(assign->variable, handle.type);
    expr::Id args[] = {value};
    std::vector<sim::Statement> body = {
        {sim::Call{pool.functionCall(destructor, 0, expr::Type::Real, args)}, s.origin},
        {sim::Assign{assign->variable, pool.constant(handle.type, 0)}, s.origin}};
    expr::Id constructed = pool.compare(expr::Op::Ne, value, pool.constant(handle.type, 0));
    destroy.push_back({sim::If{{{constructed, std::move(body)}}, {}}, s.origin});
  }
  program_.destroyExternalObjects.assign(destroy.rbegin(), destroy.rend());
}

// A parameter whose binding reads a tunable parameter, or one `updated` already, is computed
// again after an importer changed tunable parameters (sim::Program::parameterUpdate), unless
// the initialization computes it (fixed = false) or it is an ExternalObject, made once.
bool ProgramBuilder::updatedWithTunables(std::uint32_t parameter,
                                         const std::set<std::uint32_t>& updated) const {
  const dae::Variable& v = system_.variables[parameter];
  if (!v.fixed || v.destructor != dae::kNone || !v.binding.valid()) return false;
  return expr::dependsOn(system_.pool, v.binding, [&](std::uint32_t read) {
    return updated.count(read) || program_.variables[programIndex_[read]].tunable;
  });
}

// Parameters may be bound to other parameters: assign them in dependency order.
bool ProgramBuilder::addParameterBindings() {
  std::vector<std::uint32_t> parameters;
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    if (system_.variables[i].kind == dae::VariableKind::Parameter) parameters.push_back(i);
  }
  std::set<std::uint32_t> assigned, updated;
  while (assigned.size() < parameters.size()) {
    bool progress = false;
    for (std::uint32_t p : parameters) {
      if (assigned.count(p)) continue;
      expr::Id binding = system_.variables[p].binding;
      bool ready = !expr::dependsOn(system_.pool, binding, [&](std::uint32_t v) {
        return system_.variables[v].kind == dae::VariableKind::Parameter && !assigned.count(v);
      });
      if (!ready) continue;
      sim::Statement assign{sim::Assign{programIndex_[p], translator_(binding)},
                            origin(system_.variables[p].range)};
      if (updatedWithTunables(p, updated)) {
        program_.parameterUpdate.push_back(assign);
        updated.insert(p);
      }
      program_.bind.push_back(std::move(assign));
      assigned.insert(p);
      progress = true;
    }
    if (progress) continue;
    auto& d = diagnostics_.error(DiagnosticKind::NotConstant, system_.range,
                                 "parameters are defined in terms of each other in a cycle");
    for (std::uint32_t p : parameters) {
      if (!assigned.count(p)) d.notes.push_back({system_.variables[p].range, "part of the cycle"});
    }
    return false;
  }
  return true;
}

// Start values (MLS 4.9: default 0/false). States and discrete variables start from them;
// for algebraic variables (dummy states and derivatives included) they are only the value
// before the first evaluation, and the first guess of an algebraic loop.
void ProgramBuilder::addStartValues() {
  for (std::uint32_t i = 0; i < system_.variables.size(); ++i) {
    const dae::Variable& v = system_.variables[i];
    bool stored = v.kind == dae::VariableKind::State || v.kind == dae::VariableKind::Discrete ||
                  v.kind == dae::VariableKind::Algebraic || isDummy(i);
    if (!stored) continue;
    expr::Id start = v.start.valid() ? translator_(v.start) : program_.pool.constant(v.type, 0);
    // A state that is not fixed is computed by the initialization (MLS 8.6); its start value is
    // only a guess, and a start fallback warns on its own. A state set's states need none: the
    // initialization computes s = A * candidates.
    if (!v.start.valid() && v.kind == dae::VariableKind::State && v.fixed && !isDummy(i) &&
        !isStateSetVariable(i)) {
      diagnostics_.warning(DiagnosticKind::MissingBinding, v.range,
                           "state '" + v.name + "' has no start value; it starts from 0");
    }
    program_.bind.push_back({sim::Assign{programIndex_[i], start}, origin(v.range)});
  }
}

sim::Statement ProgramBuilder::assertion(const dae::Assertion& a) {
  return assertion(a, translator_);
}

sim::Statement ProgramBuilder::assertion(const dae::Assertion& a, expr::Translator& translate) {
  static_assert(static_cast<int>(sim::AssertLevel::Message) ==
                static_cast<int>(dae::AssertLevel::Message));
  auto level = static_cast<sim::AssertLevel>(a.level); // the same enumerators
  sim::Message located = a.message;
  located.origin = origin(a.range); // a failure names where the assert stands
  return {sim::Assert{translate(a.condition), message(located), level,
                      messageValues(a.values, translate)},
          origin(a.range)};
}

sim::Statement ProgramBuilder::whenStatement(const dae::WhenStatement& statement) {
  if (auto* a = std::get_if<dae::Assignment>(&statement)) {
    return {sim::Assign{programIndex_[a->variable], translator_(a->value)}, origin(a->range)};
  }
  if (auto* r = std::get_if<dae::Reinit>(&statement)) {
    return {sim::Reinit{programIndex_[r->state], translator_(r->value)}, origin(r->range)};
  }
  if (auto* a = std::get_if<dae::Assertion>(&statement)) return assertion(*a);
  const auto& t = std::get<dae::Termination>(statement);
  return {sim::Terminate{message(t.message), messageValues(t.values)}, origin(t.range)};
}

sim::Statement ProgramBuilder::when(const dae::WhenClause& clause) {
  sim::When out;
  for (const dae::WhenBranch& branch : clause.branches) {
    sim::WhenBranch b;
    for (std::uint32_t c : branch.conditions)
      b.conditions.push_back(programIndex_[c]);
    b.activeAtInitial = branch.activeAtInitial;
    for (const dae::WhenStatement& s : branch.body)
      b.body.push_back(whenStatement(s));
    out.branches.push_back(std::move(b));
  }
  return {std::move(out), origin(clause.range)};
}

// Each step goes into the event list; all but when-clauses also become continuous steps. An
// algebraic loop is one step: its Solve statement computes the iteration variables and every
// variable of its inner steps.
void ProgramBuilder::addScheduledStatements() {
  for (const structure::Step& step : schedule_.steps) {
    std::vector<sim::Statement> code = stepStatements(step, simulation());
    program_.event.insert(program_.event.end(), code.begin(), code.end());
    if (step.kind == structure::Step::Kind::When) continue;
    ContinuousStep continuous{std::move(code), stepOutputs(step), {}};
    std::set<std::uint32_t> reads = statementReads(program_, continuous.statements);
    for (std::uint32_t v : continuous.outputs)
      reads.erase(v);
    continuous.reads.assign(reads.begin(), reads.end());
    continuous_.push_back(std::move(continuous));
  }
  // Every step runs in continuous mode for results, including discrete ones: at the left
  // limit of an event they give pre() its value (sample() is false between events). An
  // algorithm's when-statements are inactive there, so its discrete outputs keep pre().
  for (const ContinuousStep& step : continuous_) {
    program_.outputs.insert(program_.outputs.end(), step.statements.begin(), step.statements.end());
  }
  std::vector<sim::Statement> aliases = aliasAssignments();
  program_.outputs.insert(program_.outputs.end(), aliases.begin(), aliases.end());
  program_.event.insert(program_.event.end(), aliases.begin(), aliases.end());
  for (const dae::Assertion& a : system_.assertions) {
    program_.event.push_back(assertion(a));
    program_.outputs.push_back(assertion(a));
  }

  // Asserts are checked at every evaluation of the derivatives too, so that a violation is
  // found where it happens: the runtime rejects the integrator step that crosses it.
  std::set<std::uint32_t> derivativeInputs;
  for (const sim::Variable& v : program_.variables) {
    if (v.kind == sim::Kind::Derivative) {
      derivativeInputs.insert(static_cast<std::uint32_t>(&v - program_.variables.data()));
    }
  }
  std::vector<sim::Statement> assertions;
  for (const dae::Assertion& a : system_.assertions) {
    assertions.push_back(assertion(a));
    const auto& check = std::get<sim::Assert>(assertions.back().node);
    for (expr::Id read : check.values) {
      auto reads = expr::variablesOf(program_.pool, read);
      derivativeInputs.insert(reads.begin(), reads.end());
    }
    auto reads = expr::variablesOf(program_.pool, check.condition);
    derivativeInputs.insert(reads.begin(), reads.end());
  }
  program_.derivatives = assignmentsNeededBy(derivativeInputs);
  program_.derivatives.insert(program_.derivatives.end(), assertions.begin(), assertions.end());
  addCrossingGuards();
  std::set<std::uint32_t> crossingReads;
  for (const sim::Crossing& c : program_.crossings) {
    for (std::uint32_t v : expr::variablesOf(program_.pool, c.function))
      crossingReads.insert(v);
  }
  program_.crossingInputs = assignmentsNeededBy(crossingReads);
}

// The continuous steps (in schedule order) that compute `needed` and, transitively, their
// inputs.
std::vector<sim::Statement> ProgramBuilder::assignmentsNeededBy(std::set<std::uint32_t> needed) {
  std::vector<bool> keep(continuous_.size(), false);
  for (std::size_t i = continuous_.size(); i-- > 0;) {
    const ContinuousStep& step = continuous_[i];
    bool computesNeeded = std::any_of(step.outputs.begin(), step.outputs.end(),
                                      [&](std::uint32_t v) { return needed.count(v) > 0; });
    if (!computesNeeded) continue;
    keep[i] = true;
    needed.insert(step.reads.begin(), step.reads.end());
  }
  std::vector<sim::Statement> result;
  for (std::size_t i = 0; i < continuous_.size(); ++i) {
    if (!keep[i]) continue;
    result.insert(result.end(), continuous_[i].statements.begin(), continuous_[i].statements.end());
  }
  return result;
}

namespace {

void collectSamples(const expr::Pool& pool, expr::Id root, std::vector<expr::Id>& samples,
                    std::unordered_set<std::uint32_t>& seen) {
  std::vector<expr::Id> stack{root};
  while (!stack.empty()) {
    expr::Id id = stack.back();
    stack.pop_back();
    if (!seen.insert(id.value).second) continue;
    if (pool.op(id) == expr::Op::Sample) samples.push_back(id);
    for (expr::Id arg : pool.args(id))
      stack.push_back(arg);
  }
}

} // namespace

void ProgramBuilder::addTimeEvents() {
  std::vector<expr::Id> samples;
  std::unordered_set<std::uint32_t> seen;
  forEachExpression(program_, program_.event,
                    {[&](expr::Id id) { collectSamples(program_.pool, id, samples, seen); }});
  for (expr::Id sample : samples) {
    program_.timeEvents.push_back(
        sim::SampleEvent{program_.pool.arg(sample, 0), program_.pool.arg(sample, 1)});
  }
}

} // namespace mocc::backend::program
