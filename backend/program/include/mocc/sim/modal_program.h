// sim::ModalProgram: a model whose structure changes at events (mocc/flat/modes.h) compiled
// with every mode, for generated C++, which cannot compile a mode when a run first reaches it
// as the JIT does. Each mode is a Program of its own; the rest is what the runtime's mode
// switching needs (mocc_mode_set in runtime/include/mocc/model.h).
#pragma once

#include "mocc/sim/program.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mocc::sim {

struct ModeProgram {
  std::vector<int> key;           // the selector values of the mode (1-based branches)
  std::string description;        // which branch each structural if-equation takes
  std::optional<Program> program; // none when the mode does not compile...
  std::string error;              // ...and then the compiler's messages
};

struct ModalProgram {
  std::string modelName;
  std::vector<std::string> selectors; // the hidden Integer variables that hold the branches
  std::vector<ModeProgram> modes;     // every branch combination
  std::vector<int> initialKey;        // the mode the start values select; it compiles
  /// Variables defined as derivatives and their levels (flat::derivativeLevels).
  std::map<std::string, int> derivativeLevels;
};

} // namespace mocc::sim
