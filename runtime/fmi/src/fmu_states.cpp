#include "fmu_states.h"

#include <cstring>
#include <mutex>
#include <unordered_set>

namespace mocc::fmi {

namespace {

/// The snapshots this FMU has handed out and not yet freed (all instances share it).
class SnapshotRegistry {
public:
  Snapshot* create(Snapshot snapshot) {
    auto* made = new Snapshot(std::move(snapshot));
    std::lock_guard lock(mutex_);
    live_.insert(made);
    return made;
  }
  bool known(const void* pointer) const {
    std::lock_guard lock(mutex_);
    return live_.count(static_cast<const Snapshot*>(pointer)) != 0;
  }
  void destroy(void* pointer) {
    {
      std::lock_guard lock(mutex_);
      if (live_.erase(static_cast<Snapshot*>(pointer)) == 0) return;
    }
    delete static_cast<Snapshot*>(pointer);
  }

private:
  mutable std::mutex mutex_;
  std::unordered_set<const Snapshot*> live_;
};

SnapshotRegistry& registry() {
  static SnapshotRegistry instance;
  return instance;
}

Snapshot* snapshotOf(FmuInstance& fmu, void* state, const char* function) {
  if (state && registry().known(state)) return static_cast<Snapshot*>(state);
  fmu.fail(function, "the FMU state was not made by this FMU (or was freed)");
  return nullptr;
}

} // namespace

Status getFmuState(FmuInstance& fmu, void** state) {
  if (!state) return fmu.fail("GetFMUState", "no place to store the state");
  Snapshot saved;
  Status status = fmu.saveState(saved);
  if (status != Status::Ok) return status;
  if (*state && registry().known(*state))
    *static_cast<Snapshot*>(*state) = std::move(saved);
  else
    *state = registry().create(std::move(saved));
  return Status::Ok;
}

Status setFmuState(FmuInstance& fmu, void* state) {
  Snapshot* snapshot = snapshotOf(fmu, state, "SetFMUState");
  return snapshot ? fmu.restoreState(*snapshot) : Status::Error;
}

void freeFmuState(void** state) {
  if (!state) return;
  if (registry().known(state)) { // the state itself, where its address belongs
    registry().destroy(state);
    return;
  }
  registry().destroy(*state);
  *state = nullptr;
}

Status serializedFmuStateSize(FmuInstance& fmu, void* state, std::size_t* size) {
  Snapshot* snapshot = snapshotOf(fmu, state, "SerializedFMUStateSize");
  if (!snapshot || !size) return Status::Error;
  *size = snapshot->serialize().size();
  return Status::Ok;
}

Status serializeFmuState(FmuInstance& fmu, void* state, std::uint8_t* bytes, std::size_t size) {
  Snapshot* snapshot = snapshotOf(fmu, state, "SerializeFMUState");
  if (!snapshot) return Status::Error;
  std::vector<std::uint8_t> serialized = snapshot->serialize();
  if (serialized.size() != size)
    return fmu.fail("SerializeFMUState", "the buffer's size is not SerializedFMUStateSize's");
  std::memcpy(bytes, serialized.data(), size);
  return Status::Ok;
}

Status deserializeFmuState(FmuInstance& fmu, const std::uint8_t* bytes, std::size_t size,
                           void** state) {
  auto snapshot = Snapshot::deserialize({bytes, size});
  if (!snapshot || !state)
    return fmu.fail("DeserializeFMUState", "the bytes are no serialized state of this FMU");
  *state = registry().create(std::move(*snapshot));
  return Status::Ok;
}

} // namespace mocc::fmi
