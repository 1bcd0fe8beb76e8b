// The model an FMU was built from: the generated code linked into the FMU's shared object
// defines it (backend/cpp, mocc_model_definition), and instantiation checks it against the
// token of the model description the importer read.
#pragma once

#include "fmu_instance.h"

#include "mocc/model.h"

namespace mocc::fmi {

/// The FMU's model when it is valid and `token` is its instantiation token (model_token.h);
/// otherwise logs why through `logger` (when it is set) and returns null.
const mocc_model* checkedModel(const char* token, const Logger& logger);

} // namespace mocc::fmi
