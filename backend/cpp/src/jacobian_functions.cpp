// Jacobian, state-set Jacobian, crossing-rate and residual-form functions. Each evaluates its
// inputs as a statement list, forgets everything, then writes its values (an invalid Id writes
// 0, or NaN for a crossing rate that was not derived).
#include "jacobian_functions.h"

#include "statement_writer.h"

#include <limits>

namespace mocc::backend::cpp {

namespace {

/// out[k] := values[k] after `inputs`, in continuous mode; `missing` for an invalid value.
void writeValues(StatementWriter& writer, FunctionCode& function, const std::string& out,
                 const std::vector<sim::Statement>& inputs, const std::vector<expr::Id>& values,
                 double missing = 0.0) {
  writer.write(inputs);
  ExpressionWriter& expressions = writer.expressions();
  expressions.forgetAll();
  std::vector<expr::Id> valid;
  for (expr::Id value : values)
    if (value.valid()) valid.push_back(value);
  expressions.countUses(valid);
  for (std::size_t k = 0; k < values.size(); ++k) {
    std::string value = values[k].valid() ? expressions.value(values[k]) : doubleLiteral(missing);
    expressions.out().line(out + "[" + std::to_string(k) + "] = " + value + ";");
  }
}

void assemble(Code& code, const std::string& title, const std::string& signature,
              const FunctionCode& function) {
  code.comment(title);
  code.open(signature);
  code.append(function.fieldDeclarations());
  code.append(function.body);
  code.close();
  code.blank();
}

/// A continuous-mode function `signature` that runs `inputs` (with the loops of the residual
/// form opened when `openLoops`) and then writes out[k] := values[k].
void writeValueFunction(Context& context, Code& code, const std::string& title,
                        const std::string& signature, const std::string& out,
                        const std::vector<sim::Statement>& inputs,
                        const std::vector<expr::Id>& values, double missing = 0.0,
                        bool openLoops = false) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Continuous);
  if (openLoops) writer.openSystems(sim::openedSystemOffsets(context.program));
  writeValues(writer, function, out, inputs, values, missing);
  assemble(code, title, signature, function);
}

} // namespace

void writeJacobian(Context& context, Code& code) {
  const sim::Program& program = context.program;
  for (const sim::JacobianEntry& entry : program.jacobian)
    if (entry.row >= program.stateCount || entry.column >= program.stateCount)
      throw EmitError("Jacobian entry (" + std::to_string(entry.row) + ", " +
                      std::to_string(entry.column) + ") lies outside the states");
  writeValueFunction(context, code,
                     "Continuous mode: the nonzeros of d dx / d x, in the order of jacobian_rows "
                     "and jacobian_columns.",
                     "void jacobian(mocc_instance* instance, double* values)", "values",
                     program.jacobianInputs, sim::entryValues(program.jacobian));
}

void writeCrossingRates(Context& context, Code& code) {
  std::vector<expr::Id> rates;
  for (const sim::Crossing& crossing : context.program.crossings)
    rates.push_back(crossing.rate);
  writeValueFunction(context, code,
                     "Continuous mode: the time derivatives of the crossing functions along the "
                     "solution (NaN where none was derived).",
                     "void crossing_rates(mocc_instance* instance, double* rates)", "rates",
                     context.program.crossingRateInputs, rates,
                     std::numeric_limits<double>::quiet_NaN());
}

// A switch over the sets, each computing its inputs and writing its constraint Jacobian
// row-major.
void writeStateSetJacobian(Context& context, Code& code) {
  FunctionCode function;
  const std::vector<sim::StateSet>& sets = context.program.stateSets;
  function.body.open("switch (set)");
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const sim::StateSet& set = sets[k];
    if (set.constraintJacobian.size() != set.constraintCount * set.candidates.size())
      throw EmitError("state set " + std::to_string(k) +
                      " has a constraint Jacobian of the wrong size");
    function.body.open("case " + std::to_string(k) + ":");
    StatementWriter writer(context, function, Evaluation::Continuous);
    writeValues(writer, function, "values", set.jacobianInputs, set.constraintJacobian);
    function.body.line("break;");
    function.body.close();
  }
  function.body.close();
  assemble(code,
           "Continuous mode: the Jacobian of a state set's constraints with respect to its "
           "candidates, row-major.",
           "void state_set_jacobian(mocc_instance* instance, int32_t set, double* values)",
           function);
}

void writeDaeResiduals(Context& context, Code& code) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Continuous);
  writer.openSystems(sim::openedSystemOffsets(context.program));
  writer.write(context.program.derivatives);
  assemble(code,
           "The residual form for implicit integrators: derivatives, with the loops it solves "
           "taking their iteration variables from z and writing their residuals to r.",
           "void dae_residuals(mocc_instance* instance, const double* z, double* r)", function);
}

void writeDaeJacobian(Context& context, Code& code) {
  writeValueFunction(context, code,
                     "The residual form's Jacobian: as dae_residuals, then the nonzeros of "
                     "d [dx; r] / d [x; z] in the order of dae_jacobian_rows and "
                     "dae_jacobian_columns.",
                     "void dae_jacobian(mocc_instance* instance, const double* z, double* r, "
                     "double* values)",
                     "values", context.program.derivatives,
                     sim::entryValues(context.program.daeJacobian), 0.0, true);
}

} // namespace mocc::backend::cpp
