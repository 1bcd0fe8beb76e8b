// Residual and Jacobian functions of the algebraic loops. Both start by storing the Newton
// iterate x into the iteration variables and running the loop's inner statements, so every
// residual and Jacobian entry sees the loop's other variables computed from that iterate.
// Relations keep their stored values (continuous evaluation) whatever mode the caller is in:
// Newton's method needs a smooth residual; event iteration re-evaluates them after the solve.
#include "systems.h"

#include "statement_writer.h"

namespace mocc::backend::cpp {

std::string residualName(std::uint32_t system) {
  return "system" + std::to_string(system) + "_residual";
}

std::string jacobianName(std::uint32_t system) {
  return "system" + std::to_string(system) + "_jacobian";
}

namespace {

/// `void name(mocc_instance*, const double* iterate, double* out)`: the Newton iterate into the
/// iteration variables, the inner statements, then out[k] = values[k].
void loopFunction(Context& context, Code& code, const sim::AlgebraicSystem& system,
                  const std::string& name, const std::string& title,
                  const std::vector<expr::Id>& values) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Continuous);
  ExpressionWriter& expressions = writer.expressions();
  for (std::size_t i = 0; i < system.unknowns.size(); ++i) {
    function.body.line(expressions.storage(system.unknowns[i]) + " = iterate[" + std::to_string(i) +
                       "]; // " + context.variableName(system.unknowns[i]));
  }
  writer.write(system.inner);
  expressions.forgetAll(); // the inner statements assigned variables
  expressions.countUses(values);
  for (std::size_t k = 0; k < values.size(); ++k) {
    std::string value = expressions.value(values[k]);
    function.body.line("out[" + std::to_string(k) + "] = " + value + ";");
  }
  code.comment(title);
  // Not `x`: that name is the states' (FunctionCode::fieldDeclarations).
  code.open("void " + name + "(mocc_instance* instance, const double* iterate, double* out)");
  code.append(function.fieldDeclarations());
  code.append(function.body);
  code.close();
  code.blank();
}

} // namespace

void writeSystemFunctions(Context& context, Code& code) {
  const sim::Program& program = context.program;
  for (std::uint32_t k = 0; k < program.systems.size(); ++k) {
    sim::checkSystem(program, k);
    const sim::AlgebraicSystem& system = program.systems[k];
    loopFunction(context, code, system, residualName(k),
                 "Residuals of " + system.description + " at the iterate.", system.residuals);
    if (jacobianNonzeros(system).empty()) continue;
    std::vector<expr::Id> entries;
    for (expr::Id entry : system.jacobian)
      if (entry.valid()) entries.push_back(entry);
    loopFunction(context, code, system, jacobianName(k),
                 "The nonzeros of the Jacobian of " + system.description + ", row-major.", entries);
  }
}

// Solve: the current values as the first guess, mocc_solve_system, the solution back. The
// status is not needed here: the runtime recorded any failure and acts on it. In event and
// initial mode the loop is then evaluated once more, which stores its relations at the
// solution, and solved again while the runtime asks for it (mocc_settle_loop: a mixed system
// of Real and Boolean equations, MLS 3.6 section 8.6).
void StatementWriter::solve(const sim::Solve& solve) {
  const sim::AlgebraicSystem& system = sim::solvedSystem(context_.program, solve);
  if (auto open = open_.find(solve.system); open != open_.end() && depth() == 0) {
    openSystem(system, open->second);
    return;
  }
  bool event = evaluation() == Evaluation::Event;
  if (event) out().open("for (;;)");
  std::string x = code_.fresh("loop");
  std::string start;
  for (std::uint32_t unknown : system.unknowns)
    start += (start.empty() ? "" : ", ") + expressions_.storage(unknown);
  out().line("double " + x + "[" + std::to_string(system.unknowns.size()) + "] = {" + start + "};");
  std::string jacobian = jacobianNonzeros(system).empty() ? "nullptr" : jacobianName(solve.system);
  out().line("mocc_solve_system(instance, " + std::to_string(solve.system) + ", " +
             residualName(solve.system) + ", " + jacobian + ", " + x + ");");
  for (std::size_t i = 0; i < system.unknowns.size(); ++i)
    out().line(expressions_.storage(system.unknowns[i]) + " = " + x + "[" + std::to_string(i) +
               "];");
  expressions_.forgetAll(); // the loop's functions assigned variables
  if (!event) return;
  // Newton ran with the relations as stored; evaluate and store them at the solution.
  out().comment("the loop once more at the solution, storing its relations");
  walkNested(system.inner);
  expressions_.forgetAll();
  expressions_.countUses(system.residuals);
  for (expr::Id residual : system.residuals)
    expressions_.value(residual); // for its effects only: relations stored, calls made
  expressions_.forgetAll();
  out().line("if (!mocc_settle_loop(instance, " + std::to_string(solve.system) + ")) break;");
  out().close();
}

// The residual form (dae_residuals): the iteration variables come from z, the residuals go to
// r, and the loop is not solved.
void StatementWriter::openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset) {
  for (std::size_t i = 0; i < system.unknowns.size(); ++i)
    out().line(expressions_.storage(system.unknowns[i]) + " = z[" + std::to_string(offset + i) +
               "];");
  walkNested(system.inner);
  expressions_.forgetAll();
  expressions_.countUses(system.residuals);
  for (std::size_t i = 0; i < system.residuals.size(); ++i) {
    std::string value = expressions_.value(system.residuals[i]);
    out().line("r[" + std::to_string(offset + i) + "] = " + value + ";");
  }
  expressions_.forgetAll();
}

} // namespace mocc::backend::cpp
