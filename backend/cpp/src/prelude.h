// The fixed parts of a generated file: the header comment, the includes, the renamed libm
// declarations, the support functions every model shares (reporting, sample instants, the
// right-limit value of a located relation) and, at the end, the entry point and main().
#pragma once

#include "code.h"

#include <string>

namespace mocc::backend::cpp {

/// From the header comment to the support functions, which open the file's anonymous
/// namespace (closed by prologueEnd).
Code prelude(const std::string& modelName, const std::string& fileName, const std::string& source);

/// Closes the anonymous namespace; defines the entry point (kEntryName) returning `&model`,
/// and main() unless kNoMainMacro is defined.
Code epilogue();

/// The same for a modal file: the entry points return the mode set `modeSet` and the initial
/// mode's model `initialModel`; main() runs the modes.
Code modalEpilogue(const std::string& modeSet, const std::string& initialModel);

} // namespace mocc::backend::cpp
