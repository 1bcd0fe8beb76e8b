// User functions (sim::Program::functions) as C++ functions with the C signature of program.h,
// `void f(mocc_instance* instance, const double* inputs, double* outputs)`, internal to the
// generated file. The frame is a local array; the body is structured C++ mirroring
// backend/llvm's FunctionBodyEmitter statement by statement.
#pragma once

#include "context.h"

namespace mocc::backend::cpp {

/// Declarations of every user function, so that calls need no particular order.
Code userFunctionDeclarations(Context& context);

/// The definition of program.functions[index]. Throws EmitError for a malformed function.
Code userFunctionDefinition(Context& context, std::size_t index);

} // namespace mocc::backend::cpp
