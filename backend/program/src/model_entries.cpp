// The model ABI's function entries (mocc/sim/model_entries.h).
#include "mocc/sim/model_entries.h"

#include "mocc/model.h"

#include <array>
#include <cstddef>

namespace mocc::sim {

namespace {

constexpr std::array kEntries = {
#define MOCC_MODEL_ENTRY(field) ModelEntry::field,
#include "mocc/model_entries.def"
#undef MOCC_MODEL_ENTRY
};

constexpr std::array<std::string_view, kEntries.size()> kFields = {
#define MOCC_MODEL_ENTRY(field) #field,
#include "mocc/model_entries.def"
#undef MOCC_MODEL_ENTRY
};

static_assert(kEntries.size() <= 32, "definedEntries() holds one bit per entry");

// The table names fields of mocc_model, in the order the runtime's header declares them.
constexpr std::array<std::size_t, kEntries.size()> kOffsets = {
#define MOCC_MODEL_ENTRY(field) offsetof(mocc_model, field),
#include "mocc/model_entries.def"
#undef MOCC_MODEL_ENTRY
};
constexpr bool increasing(const auto& values) {
  for (std::size_t i = 1; i < values.size(); ++i)
    if (values[i] <= values[i - 1]) return false;
  return true;
}
static_assert(increasing(kOffsets), "model_entries.def lists mocc_model's entries in order");

} // namespace

std::span<const ModelEntry> modelEntries() { return kEntries; }

std::string_view entryField(ModelEntry entry) { return kFields[static_cast<std::size_t>(entry)]; }

std::string entrySymbol(ModelEntry entry) { return "mocc_" + std::string(entryField(entry)); }

bool definesEntry(const Program& program, ModelEntry entry) {
  switch (entry) {
  case ModelEntry::jacobian: return !program.jacobian.empty();
  case ModelEntry::state_set_jacobian: return !program.stateSets.empty();
  case ModelEntry::dae_residuals: return !openedSystems(program).empty();
  case ModelEntry::crossing_rates: return !program.crossings.empty();
  case ModelEntry::dae_jacobian: return !program.daeJacobian.empty();
  case ModelEntry::destroy_external_objects: return !program.destroyExternalObjects.empty();
  case ModelEntry::delay_inputs: return !program.delays.empty();
  case ModelEntry::update_parameters: return !program.parameterUpdate.empty();
  default: return true;
  }
}

std::uint32_t definedEntries(const Program& program) {
  std::uint32_t defined = 0;
  for (ModelEntry entry : kEntries)
    if (definesEntry(program, entry)) defined |= 1u << static_cast<unsigned>(entry);
  return defined;
}

} // namespace mocc::sim
