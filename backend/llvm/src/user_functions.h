// User functions (sim::Program::functions) in the module: each becomes an LLVM function with
// the C signature of program.h, `void f(mocc_instance*, const double* inputs, double* outputs)`.
// All are declared before any body or ABI function is emitted, so calls between functions,
// recursion and calls from model code need no particular order.
#pragma once

#include "module_context.h"

#include <string>

namespace mocc::backend::jit {

/// The symbol of program.functions[index]: "mocc_fn<index>_<name with [^A-Za-z0-9_] as _>".
std::string userFunctionSymbol(const sim::Program& program, std::size_t index);

/// For each function: whether a call may reach instance->report (an assert, a run-time
/// subscript check, or a call of such a function, transitively).
std::vector<bool> userFunctionsThatReport(const sim::Program& program);

/// Declares every user function with its attributes and fills module.userFunctions.
void declareUserFunctions(ModuleContext& module);

/// Emits the body of every declared user function. Throws EmitError for a malformed one.
void emitUserFunctions(ModuleContext& module);

} // namespace mocc::backend::jit
