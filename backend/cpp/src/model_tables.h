// The data of the descriptor: the variable table, messages, crossing descriptions, the
// experiment annotation, and the mocc_model constant itself pointing at them and at the
// functions model_functions.h writes. Filled as backend/llvm's compiled_model.cpp fills it.
#pragma once

#include "context.h"
#include "model_functions.h"

namespace mocc::backend::cpp {

/// The tables and `const mocc_model model`, inside the file's anonymous namespace.
Code modelTables(const Context& context);

} // namespace mocc::backend::cpp
