// The function entries of the model ABI as both emitters see them: one enumerator per line of
// runtime/include/mocc/model_entries.def (the table the runtime's mocc_model follows), their
// names, and which of them a program defines.
#pragma once

#include "mocc/sim/program.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace mocc::sim {

enum class ModelEntry : std::uint8_t {
#define MOCC_MODEL_ENTRY(field) field,
#include "mocc/model_entries.def"
#undef MOCC_MODEL_ENTRY
};

/// Every entry, in the order of mocc_model's fields.
std::span<const ModelEntry> modelEntries();

/// The entry's field of mocc_model, which is also the name of the generated C++ function.
std::string_view entryField(ModelEntry entry);

/// The entry's symbol in the JIT's module: "mocc_" and its field.
std::string entrySymbol(ModelEntry entry);

/// Whether `program` defines the entry: bind, derivatives, crossings, outputs, event_update,
/// next_time_event and initialize always; the others when what they compute is not empty.
bool definesEntry(const Program& program, ModelEntry entry);

/// The entries `program` defines as bits (bit k: the k-th of modelEntries()).
std::uint32_t definedEntries(const Program& program);
inline bool hasEntry(std::uint32_t defined, ModelEntry entry) {
  return (defined >> static_cast<unsigned>(entry)) & 1u;
}

} // namespace mocc::sim
