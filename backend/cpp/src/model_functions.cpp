// One writer per ABI function. derivatives, crossings, outputs and next_time_event run in
// continuous mode (relations frozen); event_update in event or initial mode (instance->mode);
// bind before initialization. Each function reads the instance fields it needs once, on entry.
#include "model_functions.h"

#include "jacobian_functions.h"
#include "statement_writer.h"
#include "systems.h"

namespace mocc::backend::cpp {

namespace {

/// `signature { fields; pending reinits; body }` with a title comment.
void assemble(Code& code, const std::string& title, const std::string& signature,
              const FunctionCode& function, const Code& reinits = {}) {
  code.comment(title);
  code.open(signature);
  code.append(function.fieldDeclarations());
  code.append(reinits);
  code.append(function.body);
  code.close();
  code.blank();
}

/// A function `void name(mocc_instance*)` running `statements`.
void statementFunction(Context& context, Code& code, const std::string& name,
                       const std::string& title, Evaluation evaluation,
                       const std::vector<sim::Statement>& statements) {
  FunctionCode function;
  StatementWriter writer(context, function, evaluation);
  writer.write(statements);
  assemble(code, title, "void " + name + "(mocc_instance* instance)", function);
}

/// A function that runs `inputs`, then stores each of `roots` into `output`[i] after its
/// comment, all with one memory of shared values, as in the JIT.
struct ValueFunction {
  const char* title;
  const char* signature;
  const char* output;
  const std::vector<sim::Statement>& inputs;
  std::vector<expr::Id> roots;
  std::vector<std::string> comments;
};

void valueFunction(Context& context, Code& code, const ValueFunction& spec) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Continuous);
  writer.write(spec.inputs);
  ExpressionWriter& values = writer.expressions();
  values.forget();
  values.countUses(spec.roots);
  for (std::size_t i = 0; i < spec.roots.size(); ++i) {
    function.body.comment(spec.comments[i]);
    std::string value = values.value(spec.roots[i]);
    function.body.line(std::string(spec.output) + "[" + std::to_string(i) + "] = " + value + ";");
  }
  assemble(code, spec.title, spec.signature, function);
}

// crossings(instance, g): the crossing inputs, then g[i] = crossings[i].function.
void crossingsFunction(Context& context, Code& code) {
  ValueFunction spec{"Continuous mode: the crossing functions, whose roots are state events.",
                     "void crossings(mocc_instance* instance, double* g)",
                     "g",
                     context.program.crossingInputs,
                     {},
                     {}};
  for (const sim::Crossing& crossing : context.program.crossings) {
    spec.roots.push_back(crossing.function);
    spec.comments.push_back(crossing.description);
  }
  valueFunction(context, code, spec);
}

// delay_inputs(instance, values): the delay inputs, then values[k] = delays[k].value.
void delayInputsFunction(Context& context, Code& code) {
  ValueFunction spec{"Continuous mode: the current values of the delayed expressions, which the "
                     "runtime records (MLS 3.7.4.2).",
                     "void delay_inputs(mocc_instance* instance, double* values)",
                     "values",
                     context.program.delayInputs,
                     {},
                     {}};
  for (const sim::Delay& delay : context.program.delays) {
    spec.roots.push_back(delay.value);
    spec.comments.push_back(context.print(delay.node));
  }
  valueFunction(context, code, spec);
}

// event_update(instance): all equations, then the pending reinit() values.
void eventUpdateFunction(Context& context, Code& code) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Event);
  writer.write(context.program.event);
  std::string flag = writer.applyReinits();
  function.body.line("return " + flag + ";");
  assemble(code,
           "Event or initial mode: one event-iteration step; returns 1 when a reinit() "
           "assigned a state.",
           "int32_t event_update(mocc_instance* instance)", function, writer.reinitDeclarations());
}

/// The candidate of one time event: the next sample instant after time, or a threshold that
/// lies after time (+infinity otherwise). Returns a name.
std::string timeEventCandidate(Context& context, FunctionCode& function, ExpressionWriter& values,
                               const sim::TimeEvent& event) {
  function.use("time");
  if (const auto* sample = std::get_if<sim::SampleEvent>(&event)) {
    function.body.comment("sample(" + context.print(sample->start) + ", " +
                          context.print(sample->interval) + ")");
    std::string start = values.value(sample->start);
    std::string interval = values.value(sample->interval);
    return values
        .temporary(Text{"next_sample_time(" + start + ", " + interval + ", time)", 0, false})
        .code;
  }
  expr::Id at = std::get<sim::ThresholdEvent>(event).at;
  function.body.comment("time >= " + context.print(at));
  Text threshold = values.operand(values.valueText(at));
  return values
      .temporary(
          Text{threshold.code + " > time ? " + threshold.code + " : __builtin_inf()", 16, false})
      .code;
}

// next_time_event(instance): the minimum over all time events, +infinity when there is none.
void nextTimeEventFunction(Context& context, Code& code) {
  FunctionCode function;
  ExpressionWriter values(context, function, Evaluation::Continuous);
  std::vector<expr::Id> roots;
  for (const sim::TimeEvent& event : context.program.timeEvents) {
    if (const auto* sample = std::get_if<sim::SampleEvent>(&event)) {
      roots.push_back(sample->start);
      roots.push_back(sample->interval);
    } else {
      roots.push_back(std::get<sim::ThresholdEvent>(event).at);
    }
  }
  values.countUses(roots);
  function.body.line("double earliest = __builtin_inf();");
  for (const sim::TimeEvent& event : context.program.timeEvents) {
    std::string candidate = timeEventCandidate(context, function, values, event);
    function.body.line("earliest = " + candidate + " < earliest ? " + candidate + " : earliest;");
  }
  function.body.line("return earliest;");
  assemble(code, "The earliest scheduled time event strictly after instance->time.",
           "double next_time_event(mocc_instance* instance)", function);
}

// initialize(instance): the initialization statements, then the pending reinit() values.
void initializeFunction(Context& context, Code& code) {
  FunctionCode function;
  StatementWriter writer(context, function, Evaluation::Event);
  writer.write(context.program.initialize);
  writer.applyReinits();
  assemble(code,
           "Initial mode, after bind: the initialization problem (MLS 8.6), then the pending "
           "reinit() values.",
           "void initialize(mocc_instance* instance)", function, writer.reinitDeclarations());
}

} // namespace

void writeModelFunctions(Context& context, Code& code) {
  const sim::Program& program = context.program;
  using Entry = sim::ModelEntry;
  auto defines = [&](Entry entry) { return sim::definesEntry(program, entry); };
  writeSystemFunctions(context, code);
  statementFunction(context, code, "bind",
                    "Parameters from their bindings, then start values; keeps what the runtime "
                    "overrode.",
                    Evaluation::Bind, program.bind);
  if (defines(Entry::update_parameters)) {
    statementFunction(context, code, "update_parameters",
                      "The parameters bound to tunable ones, again; keeps what the runtime "
                      "overrode.",
                      Evaluation::Bind, program.parameterUpdate);
  }
  statementFunction(context, code, "derivatives",
                    "Continuous mode: from time and x, what dx needs, then dx.",
                    Evaluation::Continuous, program.derivatives);
  crossingsFunction(context, code);
  statementFunction(context, code, "outputs",
                    "Continuous mode: every continuous-time value, for results.",
                    Evaluation::Continuous, program.outputs);
  eventUpdateFunction(context, code);
  nextTimeEventFunction(context, code);
  initializeFunction(context, code);
  if (defines(Entry::jacobian)) writeJacobian(context, code);
  if (defines(Entry::crossing_rates)) writeCrossingRates(context, code);
  if (defines(Entry::destroy_external_objects)) {
    statementFunction(context, code, "destroy_external_objects",
                      "The external objects' destructors, the last constructed first "
                      "(MLS 12.9.7).",
                      Evaluation::Bind, program.destroyExternalObjects);
  }
  if (defines(Entry::state_set_jacobian)) writeStateSetJacobian(context, code);
  if (defines(Entry::dae_residuals)) writeDaeResiduals(context, code);
  if (defines(Entry::dae_jacobian)) writeDaeJacobian(context, code);
  if (defines(Entry::delay_inputs)) delayInputsFunction(context, code);
}

} // namespace mocc::backend::cpp
