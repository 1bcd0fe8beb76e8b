// The tables of a compiled model (everything of mocc_model except the function pointers),
// owned as plain values. They are built from a sim::Program, or read back from bytes that a
// previous process wrote beside the object file (the JIT cache), so a CompiledModel can be
// rebuilt without the program.
#pragma once

#include "mocc/sim/program.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::backend::jit {

struct ModelDescription {
  struct Variable {
    std::string name, description;
    std::int32_t region = 0, index = 0, type = 0, kind = 0, hidden = 0;
    std::string origin;
    std::int32_t aliasOf = -1, aliasNegated = 0;
    std::string unit;
    std::int32_t causality = 0;
    std::int32_t tunable = 0, calculated = 0;
  };
  struct System {
    std::string description;
    std::int32_t linear = 0;
    std::vector<std::int32_t> unknowns, jacobianRows, jacobianColumns;
    std::vector<std::int32_t> relations; // indices into `relations` of the model
  };
  struct StateSet {
    std::int32_t constraintCount = 0;
    std::vector<std::int32_t> candidates, states, selection;
  };
  /// The experiment annotation as model.h stores it.
  struct Experiment {
    std::int32_t hasStartTime = 0, hasStopTime = 0, hasTolerance = 0, hasInterval = 0;
    double startTime = 0, stopTime = 0, tolerance = 0, interval = 0;
  };

  /// sim::MessageValue as model.h stores it.
  struct MessageValue {
    std::int32_t format = 0, significantDigits = 6, minimumLength = 0, leftJustified = 1;
    std::vector<std::string> literals;
    std::string formatSpec;
  };
  /// sim::Message: texts[0], value 0, texts[1], ...
  struct Message {
    std::vector<std::string> texts;
    std::vector<MessageValue> values;
  };

  std::string name;
  std::int32_t stateCount = 0, valueCount = 0;
  Experiment experiment;
  std::vector<Variable> variables;
  std::vector<std::string> messages, crossingDescriptions; // messages: sim::Message::text()
  std::vector<Message> messageTemplates;                   // one per message
  std::vector<System> systems;
  std::vector<std::int32_t> jacobianRows, jacobianColumns;
  std::vector<StateSet> stateSets;
  std::vector<std::int32_t> daeUnknowns;
  std::vector<std::int32_t> daeJacobianRows, daeJacobianColumns;
  /// The symbol of program.functions[i] in the object, for CompiledModel::function(i).
  std::vector<std::string> functionSymbols;
  std::int32_t usesHomotopy = 0; // mocc_model.uses_homotopy
  /// The ABI entries the object defines (sim::definedEntries).
  std::uint32_t definedEntries = 0;
  std::int32_t delayCount = 0;                      // mocc_model.n_delays
  std::vector<double> stateNominals;                // mocc_model.state_nominals, empty: null
  std::vector<std::int32_t> relations;              // mocc_model.relations
  std::vector<std::int32_t> crossingRelations;      // mocc_model.crossing_relations
  std::vector<std::int32_t> crossingPositiveValues; // mocc_model.crossing_positive_values
  std::vector<std::string> strings;                 // mocc_model.strings
  std::vector<std::string> messageOrigins;          // mocc_model.message_origins
};

ModelDescription describe(const sim::Program& program);

/// Appends `description` to `out` in a private, versioned binary form.
void writeDescription(const ModelDescription& description, std::string& out);

/// Reads a description that writeDescription wrote from the front of `in` and advances `in`
/// past it. Returns nullopt when the bytes are not one (truncated, another format version, a
/// size or an index out of range); never reads outside `in`.
std::optional<ModelDescription> readDescription(std::string_view& in);

} // namespace mocc::backend::jit
