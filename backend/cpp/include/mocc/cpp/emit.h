// backend/cpp: the second code generator beside backend/llvm. Translates a sim::Program into one
// readable C++ source file that defines every function of the model ABI
// (runtime/include/mocc/model.h) and the mocc_model descriptor, computing operation by operation
// what the JIT computes, so both give bitwise identical results; and the CMakeLists.txt that
// builds such a file into a standalone simulator against the installed runtime.
#pragma once

#include "mocc/sim/emit.h"
#include "mocc/sim/modal_program.h"
#include "mocc/sim/program.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace mocc::backend::cpp {

/// A malformed program found while emitting (the same conditions backend/llvm rejects).
using EmitError = sim::EmitError;

/// The function every generated file defines with C linkage:
///   extern "C" const mocc_model* mocc_model_definition(void);
/// It returns the model's descriptor, a constant that lives as long as the program (or the
/// shared object) it is linked into. Every other symbol of the file is internal, so a file may
/// be compiled into a shared object and loaded beside others.
inline constexpr const char* kEntryName = "mocc_model_definition";

/// The function a file generated from a ModalProgram defines besides kEntryName (which then
/// returns the initial mode's model):
///   extern "C" const mocc_mode_set* mocc_modes_definition(void);
inline constexpr const char* kModesEntryName = "mocc_modes_definition";

/// The macro that leaves main() out of a generated file (for shared objects and tests); by
/// default the file ends with a main() that runs the simulator command line of the runtime
/// (mocc_simulator_main, with the options of `mocc run`).
inline constexpr const char* kNoMainMacro = "MOCC_NO_MAIN";

struct EmitOptions {
  /// Where the model came from, for the file's header comment ("BouncingBall.mo").
  std::string source;
};

/// The C++ source of `program`. Throws EmitError for a malformed program; never aborts.
std::string emitCpp(const sim::Program& program, const EmitOptions& options = {});

/// The C++ source of a model whose structure changes at events: every mode that compiles in a
/// namespace of its own, a mocc_mode_set over them, and a main() that runs the modes
/// (mocc_simulator_main_modes). Throws EmitError for a malformed program.
std::string emitModalCpp(const sim::ModalProgram& modal, const EmitOptions& options = {});

/// The compiler flags a generated file needs beyond include and library paths: C++20, no
/// floating-point contraction (the JIT never fuses a multiply and an add either) and no
/// built-in treatment of C library functions. Optimisation levels do not change results.
std::vector<std::string> requiredCompilerFlags();

/// A name for files and targets: `modelName` with every character outside [A-Za-z0-9_] as '_'.
std::string fileStem(const std::string& modelName);

/// A CMakeLists.txt that builds `<stem>.cpp` into the executable `<stem>` against the mocc
/// package (find_package(mocc): an install tree, or a build tree through -Dmocc_DIR).
std::string emitCMakeLists(const std::string& stem, const std::string& modelName);

} // namespace mocc::backend::cpp
