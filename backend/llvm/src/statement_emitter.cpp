// StatementEmitter: statements in order. In bind, an Assign is skipped when the runtime marked
// its target overridden. In event and initial mode, when/elsewhen executes at most one branch
// (MLS 8.3.5, 8.6) and reinit() values wait in the reinit buffer (ReinitSlot) until the end of
// event_update. if/elseif/else (algorithm sections) runs in every mode. A Solve calls the runtime's
// mocc_solve_system with the loop's generated residual and Jacobian functions.
#include "statement_emitter.h"

#include <optional>

namespace mocc::backend::jit {

static_assert(sim::reportKind(sim::AssertLevel::Error) == MOCC_REPORT_ASSERT_ERROR &&
              sim::reportKind(sim::AssertLevel::Warning) == MOCC_REPORT_ASSERT_WARNING &&
              sim::reportKind(sim::AssertLevel::Message) == MOCC_REPORT_MESSAGE);

StatementEmitter::StatementEmitter(ModuleContext& module, Frame& frame, Evaluation evaluation)
    : StatementWalk(evaluation), module_(module), frame_(frame),
      expressions_(module, frame, evaluation) {}

// For its effects, and assigning the output elements that `call.outputs` name.
void StatementEmitter::call(const sim::Call& call) {
  llvm::Value* outputs = expressions_.callOutputs(call.call);
  for (const sim::Call::Output& output : call.outputs) {
    frame_.store(output.variable, expressions_.outputElement(call.call, outputs, output.element));
    expressions_.assigned(output.variable);
  }
}

void StatementEmitter::assignPre(const sim::AssignPre& assign) {
  frame_.storePre(assign.variable, expressions_.emit(assign.value));
}

void StatementEmitter::assign(const sim::Assign& assign) {
  frame_.store(assign.variable, expressions_.emit(assign.value));
  expressions_.assigned(assign.variable);
}

// overridden[] has a slot per state, then per value; derivatives have none.
void StatementEmitter::bindAssign(const sim::Assign& assign) {
  std::optional<std::uint32_t> slot = sim::overriddenSlot(module_.program, assign.variable);
  if (!slot) return this->assign(assign); // Frame reports an out-of-range variable
  const sim::Variable& target = module_.program.variables[assign.variable];
  llvm::BasicBlock* store = frame_.newBlock("bind." + target.name);
  llvm::BasicBlock* next = frame_.newBlock("bind.next");
  module_.builder.CreateCondBr(frame_.isOverridden(*slot), next, store);
  frame_.enter(store);
  this->assign(assign);
  module_.builder.CreateBr(next);
  frame_.enter(next);
}

void StatementEmitter::reinit(const sim::Reinit& reinit) {
  sim::checkReinit(module_.program, reinit, evaluation());
  if (!reinitBuffer_) throw EmitError("reinit() without reinit slots");
  llvm::IRBuilder<>& b = module_.builder;
  std::uint32_t slot = nextReinitSlot_++;
  llvm::Value* value = expressions_.emit(reinit.value);
  b.CreateStore(value, b.CreateConstInBoundsGEP1_64(module_.f64, reinitBuffer_, 2 * slot));
  b.CreateStore(module_.real(1),
                b.CreateConstInBoundsGEP1_64(module_.f64, reinitBuffer_, 2 * slot + 1));
  reinitSlots_->push_back({reinit.variable, slot});
}

void StatementEmitter::useReinitSlots(llvm::Value* buffer, std::uint32_t first,
                                      std::vector<ReinitSlot>& slots) {
  reinitBuffer_ = buffer;
  nextReinitSlot_ = first;
  reinitSlots_ = &slots;
}

llvm::Value* StatementEmitter::applyReinits(ModuleContext& module, Frame& frame,
                                            llvm::Value* buffer,
                                            const std::vector<ReinitSlot>& slots) {
  llvm::IRBuilder<>& b = module.builder;
  llvm::Value* any = b.getFalse();
  for (const ReinitSlot& pending : slots) {
    llvm::Value* flag = b.CreateLoad(
        module.f64, b.CreateConstInBoundsGEP1_64(module.f64, buffer, 2 * pending.slot + 1));
    llvm::Value* executed = b.CreateFCmpUNE(flag, module.real(0));
    any = b.CreateOr(any, executed);
    llvm::BasicBlock* apply = frame.newBlock("reinit.apply");
    llvm::BasicBlock* next = frame.newBlock("reinit.next");
    b.CreateCondBr(executed, apply, next);
    frame.enter(apply);
    frame.store(pending.variable,
                b.CreateLoad(module.f64,
                             b.CreateConstInBoundsGEP1_64(module.f64, buffer, 2 * pending.slot)));
    b.CreateBr(next);
    frame.enter(next);
  }
  return b.CreateZExt(any, module.i32, "reinitialized");
}

void StatementEmitter::report(mocc_report_kind kind, std::uint32_t message,
                              const std::vector<expr::Id>& values) {
  sim::checkMessage(module_.program, message, values.size());
  llvm::Value* buffer = expressions_.messageValues(values);
  frame_.report(kind, module_.builder.getInt32(message), buffer);
}

void StatementEmitter::assertion(const sim::Assert& check) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* holds = expressions_.emitCondition(check.condition);
  llvm::BasicBlock* failed = frame_.newBlock("assert.failed");
  llvm::BasicBlock* next = frame_.newBlock("assert.next");
  b.CreateCondBr(holds, next, failed);
  frame_.enter(failed);
  report(static_cast<mocc_report_kind>(sim::reportKind(check.level)), check.message, check.values);
  b.CreateBr(next);
  frame_.enter(next);
}

void StatementEmitter::terminate(const sim::Terminate& stop) {
  report(MOCC_REPORT_TERMINATE, stop.message, stop.values);
}

llvm::Value* StatementEmitter::fires(const sim::WhenBranch& branch) {
  llvm::IRBuilder<>& b = module_.builder;
  llvm::Value* any = b.getFalse();
  for (std::uint32_t condition : branch.conditions) {
    llvm::Value* now = b.CreateFCmpUNE(frame_.load(condition), module_.real(0));
    llvm::Value* before = b.CreateFCmpUNE(frame_.loadPre(condition), module_.real(0));
    any = b.CreateOr(any, b.CreateAnd(now, b.CreateNot(before)));
  }
  return any;
}

// Event mode: the first branch whose condition has a rising edge; initial mode: the first
// branch active at initialization (MLS 8.6). Outside events when-clauses are inactive.
void StatementEmitter::when(const sim::When& when) {
  llvm::IRBuilder<>& b = module_.builder;
  std::vector<llvm::BasicBlock*> bodies;
  for (std::size_t i = 0; i < when.branches.size(); ++i)
    bodies.push_back(frame_.newBlock("when.body"));
  llvm::BasicBlock* end = frame_.newBlock("when.end");
  llvm::BasicBlock* initial = frame_.newBlock("when.initial");
  llvm::BasicBlock* test = frame_.newBlock("when.test");
  b.CreateCondBr(frame_.isInitialMode(), initial, test);

  frame_.enter(initial);
  std::optional<std::size_t> active = sim::initialBranch(when);
  b.CreateBr(active ? bodies[*active] : end);

  for (std::size_t i = 0; i < when.branches.size(); ++i) {
    frame_.enter(test);
    bool last = i + 1 == when.branches.size();
    llvm::BasicBlock* otherwise = last ? end : frame_.newBlock("when.test");
    b.CreateCondBr(fires(when.branches[i]), bodies[i], otherwise);
    test = otherwise;
  }
  for (std::size_t i = 0; i < when.branches.size(); ++i) {
    frame_.enter(bodies[i]);
    walkNested(when.branches[i].body);
    b.CreateBr(end);
  }
  frame_.enter(end);
}

// if/elseif/else of an algorithm: each condition is tested in its own block, after the bodies
// before it were emitted, so nothing remembered there may be reused.
void StatementEmitter::ifStatement(const sim::If& statement) {
  emitIfChain(module_, frame_, expressions_, statement.branches, statement.elseBody,
              [&](const std::vector<sim::Statement>& body) { walkNested(body); });
  expressions_.forgetAll();
}

// Calls mocc_solve_system with the current values as the first guess; in event mode then
// evaluates the loop once more so that its relations are evaluated and stored.
void StatementEmitter::solve(const sim::Solve& solve) {
  const sim::AlgebraicSystem& system = sim::solvedSystem(module_.program, solve);
  if (auto open = open_.offsets.find(solve.system); open != open_.offsets.end() && depth() == 0) {
    openSystem(system, open->second);
    return;
  }
  llvm::IRBuilder<>& b = module_.builder;
  bool event = evaluation() == Evaluation::Event;
  llvm::BasicBlock* again = nullptr;
  if (event) {
    expressions_.forgetAll(); // values cached before the loop are stale on its second pass
    again = frame_.newBlock("solve.again");
    b.CreateBr(again);
    frame_.enter(again);
  }
  auto n = static_cast<std::uint32_t>(system.unknowns.size());
  llvm::AllocaInst* x = frame_.entryArray(n, "loop" + std::to_string(solve.system) + ".x");
  auto element = [&](std::uint32_t i) {
    return b.CreateConstInBoundsGEP2_64(x->getAllocatedType(), x, 0, i);
  };
  for (std::uint32_t i = 0; i < n; ++i)
    b.CreateStore(frame_.load(system.unknowns[i]), element(i));
  const ModuleContext::SystemFunctions& functions = module_.systemFunctions[solve.system];
  llvm::Value* jacobian = functions.jacobian ? static_cast<llvm::Value*>(functions.jacobian)
                                             : llvm::ConstantPointerNull::get(module_.ptr);
  // The status is not needed here: the runtime recorded any failure and acts on it.
  b.CreateCall(module_.solveSystemFunction(),
               {frame_.instance(), b.getInt32(solve.system), functions.residual, jacobian, x});
  for (std::uint32_t i = 0; i < n; ++i)
    frame_.store(system.unknowns[i], b.CreateLoad(module_.f64, element(i)));
  expressions_.forgetAll(); // the loop's functions assigned variables
  if (!event) return;
  // Newton ran with the relations as stored; evaluate and store them at the solution, and
  // solve again while the runtime asks for it (mocc_settle_loop: a mixed system of Real and
  // Boolean equations, MLS 3.6 section 8.6).
  walkNested(system.inner);
  expressions_.forgetAll();
  for (expr::Id residual : system.residuals)
    expressions_.emit(residual);
  expressions_.forgetAll();
  llvm::Value* unsettled =
      b.CreateCall(module_.settleLoopFunction(), {frame_.instance(), b.getInt32(solve.system)});
  llvm::BasicBlock* settled = frame_.newBlock("solve.settled");
  b.CreateCondBr(b.CreateICmpNE(unsettled, b.getInt32(0)), again, settled);
  frame_.enter(settled);
}

void StatementEmitter::openSystem(const sim::AlgebraicSystem& system, std::uint32_t offset) {
  llvm::IRBuilder<>& b = module_.builder;
  for (std::size_t i = 0; i < system.unknowns.size(); ++i) {
    llvm::Value* address = b.CreateConstInBoundsGEP1_64(module_.f64, open_.z, offset + i);
    frame_.store(system.unknowns[i], b.CreateLoad(module_.f64, address));
  }
  walkNested(system.inner);
  expressions_.forgetAll();
  for (std::size_t i = 0; i < system.residuals.size(); ++i) {
    llvm::Value* value = expressions_.emit(system.residuals[i]);
    b.CreateStore(value, b.CreateConstInBoundsGEP1_64(module_.f64, open_.r, offset + i));
  }
  expressions_.forgetAll();
}

} // namespace mocc::backend::jit
