// One emitter per ABI function. derivatives, crossings, outputs and next_time_event run in
// continuous mode (relations frozen); event_update in event or initial mode (instance->mode);
// bind before initialization.
#include "function_emitter.h"

#include "statement_emitter.h"
#include "time_events.h"

#include <limits>

namespace mocc::backend::jit {

namespace {

llvm::Function* defineEntry(ModuleContext& module, const char* name, llvm::Type* result,
                            llvm::ArrayRef<llvm::Type*> parameters) {
  auto* type = llvm::FunctionType::get(result, parameters, false);
  llvm::Function* function =
      llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module.module);
  function->setDoesNotThrow();
  return function;
}

/// A function `void name(mocc_instance*)` running `statements`.
void emitStatementFunction(ModuleContext& module, const char* name, Evaluation evaluation,
                           const std::vector<sim::Statement>& statements) {
  llvm::Function* function = defineEntry(module, name, module.builder.getVoidTy(), {module.ptr});
  Frame frame(module, function);
  StatementEmitter emitter(module, frame, evaluation);
  emitter.emit(statements);
  module.builder.CreateRetVoid();
}

// crossings(instance, g): the crossing inputs, then g[i] = crossings[i].function.
void emitCrossings(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, EntryNames::crossings, module.builder.getVoidTy(),
                                         {module.ptr, module.ptr});
  Frame frame(module, function);
  llvm::Value* g = function->getArg(1);
  g->setName("g");
  StatementEmitter emitter(module, frame, Evaluation::Continuous);
  emitter.emit(module.program.crossingInputs);
  emitter.expressions().forget();
  const std::vector<sim::Crossing>& crossings = module.program.crossings;
  for (std::size_t i = 0; i < crossings.size(); ++i) {
    llvm::Value* value = emitter.expressions().emit(crossings[i].function);
    llvm::Value* address = module.builder.CreateConstInBoundsGEP1_64(module.f64, g, i);
    module.tag(module.builder.CreateStore(value, address), Memory::CrossingValues);
  }
  module.builder.CreateRetVoid();
}

// event_update(instance): all equations, then the pending reinit() values.
void emitEventUpdate(ModuleContext& module) {
  llvm::Function* function = defineEntry(module, EntryNames::eventUpdate, module.i32, {module.ptr});
  Frame frame(module, function);
  StatementEmitter emitter(module, frame, Evaluation::Event);
  emitter.emit(module.program.event);
  module.builder.CreateRet(emitter.applyReinits());
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
  llvm::Function* function =
      defineEntry(module, EntryNames::nextTimeEvent, module.f64, {module.ptr});
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

} // namespace

void emitModelFunctions(ModuleContext& module) {
  const sim::Program& program = module.program;
  emitStatementFunction(module, EntryNames::bind, Evaluation::Bind, program.bind);
  emitStatementFunction(module, EntryNames::derivatives, Evaluation::Continuous,
                        program.derivatives);
  emitCrossings(module);
  emitStatementFunction(module, EntryNames::outputs, Evaluation::Continuous, program.outputs);
  emitEventUpdate(module);
  emitNextTimeEvent(module);
}

} // namespace mocc::backend::jit
