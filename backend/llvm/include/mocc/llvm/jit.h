// backend/llvm: the last compiler stage of the JIT path. Translates a sim::Program into LLVM IR
// (one function per entry of the model ABI in runtime/include/mocc/model.h, one per user
// function), optimises it and compiles it in-process with ORC LLJIT into a filled mocc_model
// the runtime drives.
#pragma once

#include "mocc/model.h"
#include "mocc/sim/program.h"

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace llvm::orc {
class LLJIT;
}

namespace mocc::backend::jit {

/// Statements and values a program may have for the automatic optimisation level to still
/// optimise it (level 2); larger programs compile at level 0. LLVM's optimiser and code
/// generator then cost about ten times what level 0 costs, some milliseconds per equation,
/// while the code they make runs at most a few tens of percent faster (bench/README.md).
inline constexpr std::size_t kOptimisedProgramSize = 10000;

/// How a program is compiled.
struct CompileOptions {
  static constexpr int kAutomatic = -1;
  /// Optimisation level 0..3 for the standard LLVM pipeline and for code generation, or
  /// kAutomatic: 2 for programs of at most kOptimisedProgramSize (programSize()), else 0.
  /// Every level gives bitwise identical results: no fast-math, no FMA contraction.
  int optLevel = 2;
};

/// The size the automatic optimisation level looks at: the statements of the ABI functions
/// (nested ones included) and the values they output (crossings, Jacobian entries).
std::size_t programSize(const sim::Program& program);

/// The level compile() uses for `program` under `options` (resolves kAutomatic).
int effectiveOptLevel(const sim::Program& program, const CompileOptions& options);

struct ModelDescription;

/// Where compile() spent its time (mocc run --timings).
struct CompileTimings {
  double codegenSeconds = 0; // building the LLVM IR and optimising it
  double jitSeconds = 0;     // object code, linking into the JIT, symbol lookup
  int optLevel = 0;          // the level used (effectiveOptLevel)
};

/// A JIT-compiled model: owns the compiled code and every string and table `model()` points
/// to, so the mocc_model stays valid exactly as long as this object lives.
class CompiledModel {
public:
  CompiledModel(const CompiledModel&) = delete;
  CompiledModel& operator=(const CompiledModel&) = delete;
  ~CompiledModel();

  /// The filled model ABI: sizes, variable table, messages, experiment, the functions, and the
  /// tables of algebraic loops, Jacobian nonzeros, state sets and residual-form unknowns.
  const mocc_model& model() const { return model_; }

  /// A compiled user function (sim::Function): frame inputs in, frame outputs out.
  using Function = void (*)(mocc_instance* instance, const double* inputs, double* outputs);
  /// program.functions[index] compiled, or null when out of range. `inputs` and `outputs`
  /// must not overlap. `instance` is only used to report a failed assert or subscript check
  /// (through instance->report, with instance->time); it may be null, and then nothing is
  /// reported (the call is still aborted).
  Function function(std::size_t index) const {
    return index < functions_.size() ? functions_[index] : nullptr;
  }

  /// The whole model as bytes that loadImage() turns back into an equal CompiledModel in
  /// another process on the same host: the tables above and the object file LLVM produced
  /// (the code, its constants and strings; libm and the runtime's mocc_solve_system are
  /// resolved again at load). What the JIT cache stores.
  std::string image() const;

private:
  friend std::unique_ptr<CompiledModel> load(std::unique_ptr<ModelDescription>, std::string,
                                             std::string&);
  explicit CompiledModel(std::unique_ptr<ModelDescription> description);
  void fillTables();
  void fillSystems();
  void fillStateSets();
  void fillMessages();

  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::unique_ptr<ModelDescription> description_;
  std::string object_; // the relocatable object the JIT linked, kept for image()
  std::vector<mocc_variable> variables_;
  std::vector<const char*> messagePointers_, crossingDescriptionPointers_, stringPointers_;
  std::vector<const char*> messageOriginPointers_;
  std::vector<Function> functions_;
  std::vector<mocc_system_info> systems_;
  std::vector<mocc_state_set_info> stateSets_;
  std::vector<mocc_message_template> messageTemplates_;
  std::deque<std::vector<mocc_message_value>> messageValues_;
  std::deque<std::vector<const char*>> messageStrings_; // texts and literal names
  mocc_model model_{};
};

/// Compiles `program` into executable code. Every value is a double, as in model.h: Integers
/// are exact doubles and Booleans 0.0 or 1.0 (a comparison's result is converted with uitofp);
/// arithmetic and built-ins follow expr::evaluateBuiltin operation by operation and call the
/// process's libm, so results match constant folding and the C++ emitter bit for bit.
///
/// On failure (a malformed program, an unsupported optimisation level, an LLVM verifier or JIT
/// error) returns null and sets `error`; never aborts. Relies on the process providing libm
/// (sin, pow, floor, round, ...) and, for a program with algebraic loops, the runtime
/// library's mocc_solve_system (the process must have loaded mocc_runtime).
///
/// The generated code assumes that the arrays of a mocc_instance (x, dx, v, pre_x, pre_v,
/// crossing_direction, overridden) and the `g` argument of crossings() do not overlap each
/// other or the instance itself (it tells the optimiser so through type-based alias metadata).
///
/// `timings`, when given, receives where the time went.
std::unique_ptr<CompiledModel> compile(const sim::Program& program, const CompileOptions& options,
                                       std::string& error, CompileTimings* timings = nullptr);

/// A CompiledModel from the bytes of CompiledModel::image(). Bytes that are not such an
/// image (truncated, from another format version, an object LLVM cannot link) give null and
/// `error`, never a crash; the caller must still make sure they came from this compiler on this
/// host (the JIT cache keys its entries by codeGeneratorIdentity()).
std::unique_ptr<CompiledModel> loadImage(std::string_view image, std::string& error);

/// What makes object code of this build valid on this host: the LLVM version, the target
/// triple, the host CPU and its features, and the image format.
std::string codeGeneratorIdentity();

/// The optimised textual LLVM IR of `program` (for `--emit-llvm` and golden tests): exactly
/// the module compile() would JIT. On failure returns "" and, when `error` is given, sets it.
std::string emitIR(const sim::Program& program, const CompileOptions& options,
                   std::string* error = nullptr);

} // namespace mocc::backend::jit
