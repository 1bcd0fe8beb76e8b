// compile() and emitIR(): program -> module -> standard optimisation pipeline, then either
// printed (emitIR) or handed to an in-process ORC LLJIT whose main library also resolves libm
// symbols from the process (compile).
#include "mocc/llvm/jit.h"

#include "function_emitter.h"
#include "module_builder.h"
#include "pipeline.h"
#include "user_functions.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/raw_ostream.h>

namespace mocc::backend::jit {

namespace {

/// An optimised module with the context it lives in and the target it was made for.
struct PreparedModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::optional<llvm::orc::JITTargetMachineBuilder> target;
};

std::optional<PreparedModule> prepare(const sim::Program& program, const CompileOptions& options,
                                      std::string& error) {
  if (options.optLevel < 0 || options.optLevel > 3) {
    error = "optimisation level must be 0 to 3, not " + std::to_string(options.optLevel);
    return std::nullopt;
  }
  PreparedModule prepared;
  auto target = hostTarget(options.optLevel);
  if (!target) {
    error = "cannot set up the host target: " + llvm::toString(target.takeError());
    return std::nullopt;
  }
  auto machine = target->createTargetMachine();
  if (!machine) {
    error = "cannot create the host target machine: " + llvm::toString(machine.takeError());
    return std::nullopt;
  }
  prepared.target = std::move(*target);
  prepared.context = std::make_unique<llvm::LLVMContext>();
  prepared.module = buildModule(program, *prepared.context, **machine, error);
  if (!prepared.module) return std::nullopt;
  error = optimizeModule(*prepared.module, **machine, options.optLevel);
  if (!error.empty()) return std::nullopt;
  return prepared;
}

/// Looks up `name` in the JIT and stores its address in `function`.
template <class FunctionPointer>
llvm::Error resolve(llvm::orc::LLJIT& jit, const char* name, FunctionPointer& function) {
  auto address = jit.lookup(name);
  if (!address) return address.takeError();
  function = address->toPtr<FunctionPointer>();
  return llvm::Error::success();
}

llvm::Error resolveEntries(llvm::orc::LLJIT& jit, mocc_model& model) {
  if (auto e = resolve(jit, EntryNames::bind, model.bind)) return e;
  if (auto e = resolve(jit, EntryNames::derivatives, model.derivatives)) return e;
  if (auto e = resolve(jit, EntryNames::crossings, model.crossings)) return e;
  if (auto e = resolve(jit, EntryNames::outputs, model.outputs)) return e;
  if (auto e = resolve(jit, EntryNames::eventUpdate, model.event_update)) return e;
  if (auto e = resolve(jit, EntryNames::nextTimeEvent, model.next_time_event)) return e;
  if (auto e = resolve(jit, EntryNames::initialize, model.initialize)) return e;
  // The optional entries exist exactly when their tables are not empty (function_emitter.h).
  if (model.n_jacobian > 0)
    if (auto e = resolve(jit, EntryNames::jacobian, model.jacobian)) return e;
  if (model.n_state_sets > 0)
    if (auto e = resolve(jit, EntryNames::stateSetJacobian, model.state_set_jacobian)) return e;
  if (model.n_dae_unknowns > 0)
    if (auto e = resolve(jit, EntryNames::daeResiduals, model.dae_residuals)) return e;
  return llvm::Error::success();
}

/// A hint for a failed lookup of the runtime's service.
std::string runtimeHint(const sim::Program& program, const std::string& error) {
  if (program.systems.empty() || error.find("mocc_solve_system") == std::string::npos) return {};
  return " (algebraic loops call mocc_solve_system from the mocc runtime library, which this "
         "process has not loaded)";
}

llvm::Error resolveUserFunctions(llvm::orc::LLJIT& jit, const sim::Program& program,
                                 std::vector<CompiledModel::Function>& functions) {
  functions.assign(program.functions.size(), nullptr);
  for (std::size_t i = 0; i < functions.size(); ++i) {
    if (auto e = resolve(jit, userFunctionSymbol(program, i).c_str(), functions[i])) return e;
  }
  return llvm::Error::success();
}

/// An LLJIT for `prepared.target` whose main library falls back on the process's symbols.
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> createJit(PreparedModule& prepared) {
  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*prepared.target).create();
  if (!jit) return jit.takeError();
  auto processSymbols = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!processSymbols) return processSymbols.takeError();
  (*jit)->getMainJITDylib().addGenerator(std::move(*processSymbols));
  llvm::orc::ThreadSafeModule module(std::move(prepared.module), std::move(prepared.context));
  if (auto e = (*jit)->addIRModule(std::move(module))) return e;
  return jit;
}

} // namespace

std::unique_ptr<CompiledModel> compile(const sim::Program& program, const CompileOptions& options,
                                       std::string& error) {
  std::optional<PreparedModule> prepared = prepare(program, options, error);
  if (!prepared) return nullptr;
  auto jit = createJit(*prepared);
  if (!jit) {
    error = "cannot create the JIT: " + llvm::toString(jit.takeError());
    return nullptr;
  }
  // ORC reports the cause of a failed materialisation (say, a missing libm symbol) here
  // rather than through lookup(); collect it for the message instead of printing it.
  auto reported = std::make_shared<std::string>();
  (*jit)->getExecutionSession().setErrorReporter(
      [reported](llvm::Error e) { *reported += llvm::toString(std::move(e)) + "; "; });
  std::unique_ptr<CompiledModel> compiled(new CompiledModel(program));
  if (auto e = resolveEntries(**jit, compiled->model_)) {
    error = "cannot compile " + program.modelName + ": " + *reported + llvm::toString(std::move(e));
    error += runtimeHint(program, error);
    return nullptr;
  }
  if (auto e = resolveUserFunctions(**jit, program, compiled->functions_)) {
    error = "cannot compile " + program.modelName + ": " + *reported + llvm::toString(std::move(e));
    return nullptr;
  }
  compiled->jit_ = std::move(*jit);
  return compiled;
}

std::string emitIR(const sim::Program& program, const CompileOptions& options, std::string* error) {
  std::string message;
  std::optional<PreparedModule> prepared = prepare(program, options, message);
  if (!prepared) {
    if (error) *error = message;
    return {};
  }
  std::string text;
  llvm::raw_string_ostream out(text);
  prepared->module->print(out, nullptr);
  return out.str();
}

} // namespace mocc::backend::jit
