// compile() and emitIR(): program -> module -> standard optimisation pipeline, then either
// printed (emitIR) or compiled to an object file that an in-process ORC LLJIT links, its main
// library also resolving libm symbols from the process (compile). loadImage() links an object
// file compiled before (the JIT cache) the same way, so both paths share the loading code.
#include "mocc/llvm/jit.h"

#include "function_emitter.h"
#include "model_description.h"
#include "module_builder.h"
#include "pipeline.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <chrono>

namespace mocc::backend::jit {

namespace {

/// An optimised module with the context it lives in and the target it was made for.
struct PreparedModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> machine; // the one the module was optimised for
};

std::optional<PreparedModule> prepare(const sim::Program& program, const CompileOptions& options,
                                      std::string& error) {
  if (options.optLevel != CompileOptions::kAutomatic &&
      (options.optLevel < 0 || options.optLevel > 3)) {
    error = "optimisation level must be 0 to 3, not " + std::to_string(options.optLevel);
    return std::nullopt;
  }
  int optLevel = effectiveOptLevel(program, options);
  PreparedModule prepared;
  auto target = hostTarget(optLevel);
  if (!target) {
    error = "cannot set up the host target: " + llvm::toString(target.takeError());
    return std::nullopt;
  }
  auto machine = target->createTargetMachine();
  if (!machine) {
    error = "cannot create the host target machine: " + llvm::toString(machine.takeError());
    return std::nullopt;
  }
  prepared.machine = std::move(*machine);
  prepared.context = std::make_unique<llvm::LLVMContext>();
  prepared.module = buildModule(program, *prepared.context, *prepared.machine, error);
  if (!prepared.module) return std::nullopt;
  error = optimizeModule(*prepared.module, *prepared.machine, optLevel);
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

// Each entry of the ABI table the object defines (ModelDescription::definedEntries) into its
// field of mocc_model.
llvm::Error resolveEntries(llvm::orc::LLJIT& jit, mocc_model& model,
                           const ModelDescription& description) {
#define MOCC_MODEL_ENTRY(field)                                                                    \
  if (sim::hasEntry(description.definedEntries, Entry::field))                                     \
    if (auto e = resolve(jit, sim::entrySymbol(Entry::field).c_str(), model.field)) return e;
#include "mocc/model_entries.def"
#undef MOCC_MODEL_ENTRY
  return llvm::Error::success();
}

/// A hint for a failed lookup of the runtime's service.
std::string runtimeHint(const ModelDescription& model, const std::string& error) {
  if (!model.systems.empty() && (error.find("mocc_solve_system") != std::string::npos ||
                                 error.find("mocc_settle_loop") != std::string::npos))
    return " (algebraic loops call mocc_solve_system and mocc_settle_loop from the mocc runtime "
           "library, which this process has not loaded)";
  if (model.delayCount > 0 && error.find("mocc_delay") != std::string::npos)
    return " (delay() calls mocc_delay from the mocc runtime library, which this process has not "
           "loaded)";
  return {};
}

llvm::Error resolveUserFunctions(llvm::orc::LLJIT& jit, const ModelDescription& model,
                                 std::vector<CompiledModel::Function>& functions) {
  functions.assign(model.functionSymbols.size(), nullptr);
  for (std::size_t i = 0; i < functions.size(); ++i) {
    if (auto e = resolve(jit, model.functionSymbols[i].c_str(), functions[i])) return e;
  }
  return llvm::Error::success();
}

/// The prepared module as a relocatable object file for its target machine.
llvm::Expected<std::string> emitObject(PreparedModule& prepared) {
  llvm::orc::SimpleCompiler compiler(*prepared.machine);
  auto object = compiler(*prepared.module);
  if (!object) return object.takeError();
  return (*object)->getBuffer().str();
}

/// An LLJIT for the host whose main library falls back on the process's symbols, with
/// `object` added.
llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> createJit(const std::string& object) {
  auto target = hostTarget(2); // only links objects: the code generation level is unused
  if (!target) return target.takeError();
  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*target)).create();
  if (!jit) return jit.takeError();
  auto processSymbols = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!processSymbols) return processSymbols.takeError();
  (*jit)->getMainJITDylib().addGenerator(std::move(*processSymbols));
  if (auto e = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(object, "mocc-model")))
    return e;
  return jit;
}

double secondsSince(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

} // namespace

std::size_t programSize(const sim::Program& program) {
  std::size_t size = program.jacobian.size() + 2 * program.crossings.size();
  for (const auto* statements :
       {&program.bind, &program.derivatives, &program.outputs, &program.event, &program.initialize,
        &program.crossingInputs, &program.jacobianInputs, &program.crossingRateInputs,
        &program.delayInputs})
    size += sim::countStatements(*statements).statements;
  return size;
}

int effectiveOptLevel(const sim::Program& program, const CompileOptions& options) {
  if (options.optLevel != CompileOptions::kAutomatic) return options.optLevel;
  return programSize(program) <= kOptimisedProgramSize ? 2 : 0;
}

/// A CompiledModel of `description` whose functions are those of `object`.
std::unique_ptr<CompiledModel> load(std::unique_ptr<ModelDescription> description,
                                    std::string object, std::string& error) {
  auto jit = createJit(object);
  if (!jit) {
    error = "cannot create the JIT: " + llvm::toString(jit.takeError());
    return nullptr;
  }
  // ORC reports the cause of a failed materialisation (say, a missing libm symbol) here
  // rather than through lookup(); collect it for the message instead of printing it.
  auto reported = std::make_shared<std::string>();
  (*jit)->getExecutionSession().setErrorReporter(
      [reported](llvm::Error e) { *reported += llvm::toString(std::move(e)) + "; "; });
  std::unique_ptr<CompiledModel> compiled(new CompiledModel(std::move(description)));
  const ModelDescription& model = *compiled->description_;
  if (auto e = resolveEntries(**jit, compiled->model_, model)) {
    error = "cannot compile " + model.name + ": " + *reported + llvm::toString(std::move(e));
    error += runtimeHint(model, error);
    return nullptr;
  }
  if (auto e = resolveUserFunctions(**jit, model, compiled->functions_)) {
    error = "cannot compile " + model.name + ": " + *reported + llvm::toString(std::move(e));
    return nullptr;
  }
  compiled->jit_ = std::move(*jit);
  compiled->object_ = std::move(object);
  return compiled;
}

std::unique_ptr<CompiledModel> compile(const sim::Program& program, const CompileOptions& options,
                                       std::string& error, CompileTimings* timings) {
  auto begin = std::chrono::steady_clock::now();
  std::optional<PreparedModule> prepared = prepare(program, options, error);
  if (!prepared) return nullptr;
  auto codegenEnd = std::chrono::steady_clock::now();
  auto object = emitObject(*prepared);
  if (!object) {
    error = "cannot compile " + program.modelName + ": " + llvm::toString(object.takeError());
    return nullptr;
  }
  auto compiled =
      load(std::make_unique<ModelDescription>(describe(program)), std::move(*object), error);
  if (timings) {
    timings->codegenSeconds = std::chrono::duration<double>(codegenEnd - begin).count();
    timings->jitSeconds = secondsSince(codegenEnd);
    timings->optLevel = effectiveOptLevel(program, options);
  }
  return compiled;
}

std::unique_ptr<CompiledModel> loadImage(std::string_view image, std::string& error) {
  auto description = readDescription(image);
  if (!description) {
    error = "not a compiled model image of this version";
    return nullptr;
  }
  // readDescription left `image` at the object file.
  return load(std::make_unique<ModelDescription>(std::move(*description)), std::string(image),
              error);
}

std::string codeGeneratorIdentity() {
  std::string identity = "LLVM " LLVM_VERSION_STRING;
  auto target = hostTarget(2);
  if (!target) {
    llvm::consumeError(target.takeError());
    return identity + " (host unknown)";
  }
  return identity + "; " + target->getTargetTriple().str() + "; " + target->getCPU() + "; " +
         target->getFeatures().getString();
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
