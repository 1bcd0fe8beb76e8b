// Running external C functions during translation (frontend::ExternalEvaluator): a call with
// constant arguments, such as `fileName = loadResource("modelica://...")` or a substring of a
// String parameter, is evaluated by calling the C code itself through libffi, as the
// simulation would call it. Strings exist during translation only in mocc, so this is how
// String results of external functions are obtained.
#pragma once

#include "mocc/frontend/instantiate.h"

#include <string>

namespace mocc::tool {

/// An evaluator that builds and loads the functions' native code (native_loading.h) in
/// `cacheDirectory` (empty: the default), and calls them under the runtime's ModelicaError
/// guard. It declines (false) what it cannot call: ExternalObjects, records, languages other
/// than C, native code that cannot be prepared, a symbol that is not found, a ModelicaError.
frontend::ExternalEvaluator externalEvaluator(std::string cacheDirectory = {});

} // namespace mocc::tool
