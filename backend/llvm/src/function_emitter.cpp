// One emitter per ABI function. derivatives, crossings, outputs, next_time_event and the
// Jacobians run in continuous mode (relations frozen); event_update and initialize in event or
// initial mode (instance->mode); bind before initialization.
#include "function_emitter.h"

#include "body_parts.h"
#include "system_functions.h"
#include "time_events.h"

#include <limits>

namespace mocc::backend::jit {

namespace {

llvm::Function* defineEntry(ModuleContext& module, Entry entry, llvm::Type* result,
                            llvm::ArrayRef<llvm::Type*> parameters) {
  auto* type = llvm::FunctionType::get(result, parameters, false);
  llvm::Function* function = llvm::Function::Create(type, llvm::Function::ExternalLinkage,
                                                    sim::entrySymbol(entry), module.module);
  function->setDoesNotThrow();
  return function;
}

/// A function `void name(mocc_instance*)` running `statements`.
void emitStatementFunction(ModuleContext& module, Entry entry, Evaluation evaluation,
                           const std::vector<sim::Statement>& statements) {
  llvm::Function* function = defineEntry(module, entry, module.builder.getVoidTy(), {module.ptr});
  BodyParts body(module, function, evaluation);
  body.addStatements(statements);
  body.emit();
  module.builder.CreateRetVoid();
}

/// A function `void name(mocc_instance*, double* out)`: `inputs`, then out[k] := values[k]
/// (`missing` for an invalid value).
void emitValueFunction(ModuleContext& module, Entry entry, const char* out,
                       const std::vector<sim::Statement>& inputs,
                       const std::vector<expr::Id>& values, Memory memory, double missing = 0.0) {
  llvm::Function* function =
      defineEntry(module, entry, module.builder.getVoidTy(), {module.ptr, module.ptr});
  function->getArg(1)->setName(out);
  BodyParts body(module, function, Evaluation::Continuous);
  body.addStatements(inputs);
  body.addValues(values, memory, missing);
  body.emit();
  module.builder.CreateRetVoid();
}

/// `field` of each item, in order.
template <typename Item>
std::vector<expr::Id> fieldOf(const std::vector<Item>& items, expr::Id Item::*field) {
  std::vector<expr::Id> values;
  for (const Item& item : items)
    values.push_back(item.*field);
  return values;
}

// crossings(instance, g): the crossing inputs, then g[i] = crossings[i].function.
void emitCrossings(ModuleContext& module) {
  emitValueFunction(module, Entry::crossings, "g", module.program.crossingInputs,
                    fieldOf(module.program.crossings, &sim::Crossing::function),
                    Memory::OutputArray);
}

// delay_inputs(instance, values): the delay inputs, then values[k] = delays[k].value.
void emitDelayInputs(ModuleContext& module) {
  emitValueFunction(module, Entry::delay_inputs, "values", module.program.delayInputs,
                    fieldOf(module.program.delays, &sim::Delay::value), Memory::OutputArray);
}

// event_update(instance): all equations, then the pending reinit() values.
void emitEventUpdate(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, Entry::event_update, module.i32, {module.ptr});
  BodyParts body(module, function, Evaluation::Event);
  body.addStatements(module.program.event);
  module.builder.CreateRet(body.emit());
}

/// The candidate of one time event: the next sample instant after time, or a threshold that
/// lies after time (+infinity otherwise).
llvm::Value* timeEventCandidate(ModuleContext& module, Frame& frame, ExpressionEmitter& values,
                                const sim::TimeEvent& event) {
  llvm::IRBuilder<>& b = module.builder;
  if (const auto* sample = std::get_if<sim::SampleEvent>(&event)) {
    llvm::Value* start = values.emit(sample->start);
    llvm::Value* interval = values.emit(sample->interval);
    return emitNextSampleTime(module, start, interval, frame.time());
  }
  llvm::Value* at = values.emit(std::get<sim::ThresholdEvent>(event).at);
  return b.CreateSelect(b.CreateFCmpOGT(at, frame.time()), at,
                        module.real(std::numeric_limits<double>::infinity()));
}

// next_time_event(instance): the minimum over all time events, +infinity when there is none.
void emitNextTimeEvent(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, Entry::next_time_event, module.f64, {module.ptr});
  Frame frame(module, function);
  ExpressionEmitter values(module, frame, Evaluation::Continuous);
  llvm::IRBuilder<>& b = module.builder;
  llvm::Value* earliest = module.real(std::numeric_limits<double>::infinity());
  for (const sim::TimeEvent& event : module.program.timeEvents) {
    llvm::Value* candidate = timeEventCandidate(module, frame, values, event);
    earliest =
        b.CreateSelect(b.CreateFCmpOLT(candidate, earliest), candidate, earliest, "earliest");
  }
  b.CreateRet(earliest);
}

// initialize(instance): the initialization statements, then the pending reinit() values.
void emitInitialize(ModuleContext& module) {
  llvm::Function* function =
      defineEntry(module, Entry::initialize, module.builder.getVoidTy(), {module.ptr});
  BodyParts body(module, function, Evaluation::Event);
  body.addStatements(module.program.initialize);
  body.emit();
  module.builder.CreateRetVoid();
}

// jacobian(instance, values): the Jacobian inputs, then values[k] = entry k.
void emitJacobian(ModuleContext& module) {
  for (const sim::JacobianEntry& entry : module.program.jacobian)
    if (entry.row >= module.program.stateCount || entry.column >= module.program.stateCount)
      throw EmitError("Jacobian entry (" + std::to_string(entry.row) + ", " +
                      std::to_string(entry.column) + ") lies outside the states");
  emitValueFunction(module, Entry::jacobian, "values", module.program.jacobianInputs,
                    sim::entryValues(module.program.jacobian), Memory::OutputArray);
}

// crossing_rates(instance, rates): the crossing-rate inputs, then rates[i] = d g_i / dt (NaN
// where none was derived).
void emitCrossingRates(ModuleContext& module) {
  std::vector<expr::Id> rates;
  for (const sim::Crossing& crossing : module.program.crossings)
    rates.push_back(crossing.rate);
  emitValueFunction(module, Entry::crossing_rates, "rates", module.program.crossingRateInputs,
                    rates, Memory::OutputArray, std::numeric_limits<double>::quiet_NaN());
}

// state_set_jacobian(instance, set, values): a switch over the sets, each computing its inputs
// and writing its constraint Jacobian row-major.
void emitStateSetJacobian(ModuleContext& module) {
  llvm::Function* function =
      defineEntry(module, Entry::state_set_jacobian, module.builder.getVoidTy(),
                  {module.ptr, module.i32, module.ptr});
  Frame frame(module, function);
  function->getArg(1)->setName("set");
  function->getArg(2)->setName("values");
  llvm::IRBuilder<>& b = module.builder;
  llvm::BasicBlock* done = frame.newBlock("done");
  const std::vector<sim::StateSet>& sets = module.program.stateSets;
  llvm::SwitchInst* choice = b.CreateSwitch(function->getArg(1), done, sets.size());
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const sim::StateSet& set = sets[k];
    if (set.constraintJacobian.size() != set.constraintCount * set.candidates.size())
      throw EmitError("state set " + std::to_string(k) +
                      " has a constraint Jacobian of the "
                      "wrong size");
    llvm::BasicBlock* block = frame.newBlock("set" + std::to_string(k));
    choice->addCase(b.getInt32(static_cast<std::uint32_t>(k)), block);
    frame.enter(block);
    // A state set is a handful of constraints: its case is never split into parts.
    StatementEmitter emitter(module, frame, Evaluation::Continuous);
    emitter.emit(set.jacobianInputs);
    emitter.expressions().forgetAll();
    for (std::size_t i = 0; i < set.constraintJacobian.size(); ++i) {
      llvm::Value* value = emitter.expressions().emit(set.constraintJacobian[i]);
      llvm::Value* address = b.CreateConstInBoundsGEP1_64(module.f64, function->getArg(2), i);
      module.tag(b.CreateStore(value, address), Memory::OutputArray);
    }
    b.CreateBr(done);
  }
  frame.enter(done);
  b.CreateRetVoid();
}

// dae_residuals(instance, z, r): derivatives with the loops it solves opened (model.h).
void emitDaeResiduals(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, Entry::dae_residuals, module.builder.getVoidTy(),
                                         {module.ptr, module.ptr, module.ptr});
  function->getArg(1)->setName("z");
  function->getArg(2)->setName("r");
  BodyParts body(module, function, Evaluation::Continuous);
  body.openSystems(sim::openedSystemOffsets(module.program));
  body.addStatements(module.program.derivatives);
  body.emit();
  module.builder.CreateRetVoid();
}

// dae_jacobian(instance, z, r, values): as dae_residuals, then values[k] = entry k.
void emitDaeJacobian(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, Entry::dae_jacobian, module.builder.getVoidTy(),
                                         {module.ptr, module.ptr, module.ptr, module.ptr});
  function->getArg(1)->setName("z");
  function->getArg(2)->setName("r");
  function->getArg(3)->setName("values");
  BodyParts body(module, function, Evaluation::Continuous);
  body.openSystems(sim::openedSystemOffsets(module.program));
  body.addStatements(module.program.derivatives);
  body.addValues(sim::entryValues(module.program.daeJacobian), Memory::OutputArray);
  body.emit();
  module.builder.CreateRetVoid();
}

/// bind and initialize run once per simulation: optimising them costs more than it saves, and
/// they are 40 % of a large model's IR (bench/README.md). optnone keeps the optimisation passes
/// and the instruction scheduler off them and their parts; IEEE arithmetic gives the same
/// results either way.
void skipOptimisation(ModuleContext& module, Entry entry) {
  std::string name = sim::entrySymbol(entry);
  std::string partPrefix = name + ".part";
  for (llvm::Function& function : module.module.functions()) {
    if (function.getName() != name && !function.getName().startswith(partPrefix)) continue;
    function.addFnAttr(llvm::Attribute::OptimizeNone);
    function.addFnAttr(llvm::Attribute::NoInline);
  }
}

} // namespace

void emitModelFunctions(ModuleContext& module) {
  const sim::Program& program = module.program;
  auto defines = [&](Entry entry) { return sim::definesEntry(program, entry); };
  emitStatementFunction(module, Entry::bind, Evaluation::Bind, program.bind);
  emitStatementFunction(module, Entry::derivatives, Evaluation::Continuous, program.derivatives);
  emitCrossings(module);
  emitStatementFunction(module, Entry::outputs, Evaluation::Continuous, program.outputs);
  emitEventUpdate(module);
  emitNextTimeEvent(module);
  emitInitialize(module);
  skipOptimisation(module, Entry::bind);
  if (defines(Entry::update_parameters)) {
    emitStatementFunction(module, Entry::update_parameters, Evaluation::Bind,
                          program.parameterUpdate);
    skipOptimisation(module, Entry::update_parameters);
  }
  skipOptimisation(module, Entry::initialize);
  if (defines(Entry::jacobian)) emitJacobian(module);
  if (defines(Entry::crossing_rates)) emitCrossingRates(module);
  if (defines(Entry::state_set_jacobian)) emitStateSetJacobian(module);
  if (defines(Entry::dae_residuals)) emitDaeResiduals(module);
  if (defines(Entry::dae_jacobian)) emitDaeJacobian(module);
  if (defines(Entry::delay_inputs)) emitDelayInputs(module);
  if (defines(Entry::destroy_external_objects)) {
    emitStatementFunction(module, Entry::destroy_external_objects, Evaluation::Bind,
                          program.destroyExternalObjects);
  }
}

} // namespace mocc::backend::jit
