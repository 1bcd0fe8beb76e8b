// The target-neutral checks and decisions of code generation (mocc/sim/emit.h).
#include "mocc/sim/emit.h"
#include "mocc/sim/remembered.h"

#include <algorithm>
#include <span>
#include <string>

namespace mocc::sim {

const Variable& checkedVariable(const Program& program, std::uint32_t index) {
  if (index >= program.variables.size()) {
    throw EmitError("variable number " + std::to_string(index) + " is out of range (" +
                    std::to_string(program.variables.size()) + " variables)");
  }
  const Variable& v = program.variables[index];
  std::uint32_t size = v.region == Region::Value ? program.valueCount : program.stateCount;
  if (v.index >= size) {
    throw EmitError("variable '" + v.name + "' has index " + std::to_string(v.index) +
                    " beyond its region's size " + std::to_string(size));
  }
  return v;
}

void checkFrame(const Function& function) {
  if (function.inputCount + function.outputCount > function.frameSize) {
    throw EmitError("function '" + function.name + "' has a frame of " +
                    std::to_string(function.frameSize) + " slots for " +
                    std::to_string(function.inputCount) + " inputs and " +
                    std::to_string(function.outputCount) + " outputs");
  }
  for (const FunctionLocal& local : function.locals) {
    if (local.slot + std::uint64_t(local.size) > function.frameSize) {
      throw EmitError("variable '" + local.name + "' of function '" + function.name +
                      "' lies outside its frame");
    }
  }
}

void checkSystem(const Program& program, std::size_t k) {
  const AlgebraicSystem& system = program.systems[k];
  std::size_t n = system.unknowns.size();
  std::string name = "algebraic loop #" + std::to_string(k);
  if (n == 0) throw EmitError(name + " has no iteration variables");
  if (system.residuals.size() != n)
    throw EmitError(name + " has " + std::to_string(system.residuals.size()) + " residuals for " +
                    std::to_string(n) + " iteration variables");
  if (!system.jacobian.empty() && system.jacobian.size() != n * n)
    throw EmitError(name + " has a Jacobian of " + std::to_string(system.jacobian.size()) +
                    " entries, not " + std::to_string(n * n));
  for (std::uint32_t v : system.unknowns)
    if (v >= program.variables.size())
      throw EmitError(name + " iterates on variable number " + std::to_string(v) +
                      ", which is out of range");
}

const AlgebraicSystem& solvedSystem(const Program& program, const Solve& solve) {
  if (solve.system >= program.systems.size()) {
    throw EmitError("solve of algebraic loop " + std::to_string(solve.system) + " of " +
                    std::to_string(program.systems.size()));
  }
  return program.systems[solve.system];
}

void checkMessage(const Program& program, std::uint32_t message, std::size_t values) {
  if (message >= program.messages.size()) {
    throw EmitError("message " + std::to_string(message) + " is out of range (" +
                    std::to_string(program.messages.size()) + " messages)");
  }
  if (values != program.messages[message].values.size()) {
    throw EmitError("message " + std::to_string(message) + " has " +
                    std::to_string(program.messages[message].values.size()) +
                    " values, but its statement gives " + std::to_string(values));
  }
}

void checkReinit(const Program& program, const Reinit& reinit, Evaluation evaluation) {
  if (evaluation != Evaluation::Event) throw EmitError("reinit() outside the event function");
  if (reinit.variable >= program.variables.size() ||
      program.variables[reinit.variable].region != Region::State) {
    throw EmitError("reinit() of variable " + std::to_string(reinit.variable) +
                    ", which is not a state");
  }
}

const Relation& relationOf(const Program& program, expr::Id id, Evaluation evaluation) {
  std::uint32_t number = program.pool.node(id).index;
  if (number >= program.relations.size()) {
    throw EmitError("relation " + std::to_string(number) + " is out of range (" +
                    std::to_string(program.relations.size()) + " relations)");
  }
  if (evaluation == Evaluation::Function) {
    throw EmitError("relation " + std::to_string(number) +
                    " inside a function: relations there never generate events");
  }
  return program.relations[number];
}

expr::Op comparisonOperator(const expr::Pool& pool, expr::Id comparison) {
  expr::Op op = pool.op(comparison);
  if (!expr::isComparison(op)) {
    throw EmitError("relation node " + std::to_string(comparison.value) +
                    " does not wrap a comparison");
  }
  return op;
}

void checkHasPre(const Variable& variable) {
  if (variable.region == Region::Derivative)
    throw EmitError("pre(" + variable.name + "): a derivative has no pre() value");
}

std::optional<std::uint32_t> overriddenSlot(const Program& program, std::uint32_t variable) {
  if (variable >= program.variables.size()) return std::nullopt;
  const Variable& target = program.variables[variable];
  switch (target.region) {
  case Region::State: return target.index;
  case Region::Value: return program.stateCount + target.index;
  case Region::Derivative: return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::size_t> initialBranch(const When& when) {
  auto active = std::find_if(when.branches.begin(), when.branches.end(),
                             [](const WhenBranch& branch) { return branch.activeAtInitial; });
  if (active == when.branches.end()) return std::nullopt;
  return static_cast<std::size_t>(active - when.branches.begin());
}

CallSite callSite(const Program& program, expr::Id id) {
  const expr::Node& node = program.pool.node(id);
  if (node.op != expr::Op::FunctionCall || node.index >= program.functions.size()) {
    throw EmitError("expression node " + std::to_string(id.value) +
                    " does not call a function of the program");
  }
  const Function& callee = program.functions[node.index];
  std::span<const expr::Id> args = program.pool.args(id);
  if (args.size() != callee.inputCount) {
    throw EmitError("call of '" + callee.name + "' with " + std::to_string(args.size()) +
                    " arguments; it has " + std::to_string(callee.inputCount) + " inputs");
  }
  CallKey key{node.index};
  for (expr::Id arg : args)
    key.push_back(arg.value);
  return CallSite{callee, std::move(key)};
}

} // namespace mocc::sim
