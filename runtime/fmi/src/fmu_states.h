// FMU states (FMI's get/set/free/serialize FMU state), the same in FMI 2.0 and 3.0: a state is
// a Snapshot the FMU allocated, handed to the importer as an opaque pointer. The FMU keeps a
// registry of the snapshots it handed out, so that a pointer it did not make is refused with an
// error instead of being dereferenced: an importer's mistake must not crash it.
#pragma once

#include "fmu_instance.h"

#include <cstddef>
#include <cstdint>

namespace mocc::fmi {

/// Saves the instance into *state (a new snapshot, or the importer's earlier one to reuse).
Status getFmuState(FmuInstance& fmu, void** state);
Status setFmuState(FmuInstance& fmu, void* state);
/// Frees *state and sets it to null. Also accepts the state itself where its address is
/// expected (fmusim v0.0.39 passes FMUState to Free*FMUState): the registry tells them apart.
void freeFmuState(void** state);
Status serializedFmuStateSize(FmuInstance& fmu, void* state, std::size_t* size);
Status serializeFmuState(FmuInstance& fmu, void* state, std::uint8_t* bytes, std::size_t size);
Status deserializeFmuState(FmuInstance& fmu, const std::uint8_t* bytes, std::size_t size,
                           void** state);

} // namespace mocc::fmi
