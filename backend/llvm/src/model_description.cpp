// ModelDescription from a sim::Program, and its byte form. The byte form is little more than
// length-prefixed fields in a fixed order; a version number in front changes whenever the
// order does. Reading checks every length against what is left and every index against the
// tables it points into, because the bytes come from a file another process wrote.
#include "model_description.h"

#include "system_functions.h"
#include "user_functions.h"

#include "mocc/model.h"
#include "mocc/sim/model_entries.h"

#include <cstring>
#include <type_traits>

namespace mocc::backend::jit {

namespace {

constexpr std::uint32_t kFormatVersion = 17;

std::vector<std::int32_t> toInt32(const std::vector<std::uint32_t>& values) {
  return std::vector<std::int32_t>(values.begin(), values.end());
}

ModelDescription::Experiment describeExperiment(const sim::Experiment& experiment) {
  ModelDescription::Experiment e;
  e.hasStartTime = experiment.startTime.has_value();
  e.hasStopTime = experiment.stopTime.has_value();
  e.hasTolerance = experiment.tolerance.has_value();
  e.hasInterval = experiment.interval.has_value();
  e.startTime = experiment.startTime.value_or(0);
  e.stopTime = experiment.stopTime.value_or(0);
  e.tolerance = experiment.tolerance.value_or(0);
  e.interval = experiment.interval.value_or(0);
  return e;
}

ModelDescription::System describeSystem(const sim::AlgebraicSystem& system) {
  ModelDescription::System described;
  described.description = system.description;
  described.linear = system.linear ? 1 : 0;
  described.unknowns = toInt32(system.unknowns);
  described.relations = toInt32(system.relations);
  for (auto [row, column] : jacobianNonzeros(system)) {
    described.jacobianRows.push_back(row);
    described.jacobianColumns.push_back(column);
  }
  return described;
}

// --- writing ---

template <class T> void put(std::string& out, T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

void put(std::string& out, const std::string& text) {
  put<std::uint64_t>(out, text.size());
  out += text;
}

void put(std::string& out, const std::vector<std::int32_t>& values) {
  put<std::uint64_t>(out, values.size());
  for (std::int32_t v : values)
    put(out, v);
}

void put(std::string& out, const std::vector<double>& values) {
  put<std::uint64_t>(out, values.size());
  for (double v : values)
    put(out, v);
}

void put(std::string& out, const std::vector<std::string>& texts) {
  put<std::uint64_t>(out, texts.size());
  for (const std::string& text : texts)
    put(out, text);
}

/// Stores each field it is given (the fields() functions below name them).
class Writer {
public:
  explicit Writer(std::string& out) : out_(out) {}
  template <class T> bool operator()(const T& value) {
    put(out_, value);
    return true;
  }
  /// The count, then each element through `fields`.
  template <class T, class Fields>
  bool list(const std::vector<T>& elements, std::size_t, Fields fields) {
    put<std::uint64_t>(out_, elements.size());
    for (const T& element : elements)
      fields(element);
    return true;
  }

private:
  std::string& out_;
};

// --- reading: each get() fails (returns false) instead of reading past the end ---

class Reader {
public:
  explicit Reader(std::string_view& in) : in_(in) {}

  template <class T> bool get(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (in_.size() < sizeof(T)) return false;
    std::memcpy(&value, in_.data(), sizeof(T));
    in_.remove_prefix(sizeof(T));
    return true;
  }
  bool get(std::string& text) {
    std::uint64_t size = 0;
    if (!get(size) || size > in_.size()) return false;
    text.assign(in_.data(), size);
    in_.remove_prefix(size);
    return true;
  }
  bool get(std::vector<std::int32_t>& values) {
    std::uint64_t size = 0;
    if (!get(size) || size > in_.size() / sizeof(std::int32_t)) return false;
    values.resize(size);
    for (std::int32_t& v : values)
      if (!get(v)) return false;
    return true;
  }
  bool get(std::vector<double>& values) {
    std::uint64_t size = 0;
    if (!get(size) || size > in_.size() / sizeof(double)) return false;
    values.resize(size);
    for (double& v : values)
      if (!get(v)) return false;
    return true;
  }
  bool get(std::vector<std::string>& texts) {
    std::uint64_t size = 0;
    // Every string takes at least its 8-byte length.
    if (!get(size) || size > in_.size() / sizeof(std::uint64_t)) return false;
    texts.resize(size);
    for (std::string& text : texts)
      if (!get(text)) return false;
    return true;
  }
  template <class T> bool operator()(T& value) { return get(value); }
  /// The count of elements that take at least `minimumBytes` each, then each through
  /// `fields`.
  template <class T, class Fields>
  bool list(std::vector<T>& elements, std::size_t minimumBytes, Fields fields) {
    std::uint64_t count = 0;
    if (!get(count) || count > in_.size() / minimumBytes) return false;
    elements.resize(count);
    for (T& element : elements)
      if (!fields(element)) return false;
    return true;
  }

private:
  std::string_view& in_;
};

// The fields of each part of a description in their stored order, for Writer and Reader alike
// (each returns false once a Reader's input is exhausted).

template <class IO, class Variable> bool variableFields(IO& io, Variable& v) {
  return io(v.name) && io(v.description) && io(v.region) && io(v.index) && io(v.type) &&
         io(v.kind) && io(v.hidden) && io(v.origin) && io(v.aliasOf) && io(v.aliasNegated) &&
         io(v.unit) && io(v.causality) && io(v.tunable) && io(v.calculated);
}

template <class IO, class System> bool systemFields(IO& io, System& s) {
  return io(s.description) && io(s.linear) && io(s.unknowns) && io(s.jacobianRows) &&
         io(s.jacobianColumns) && io(s.relations);
}

template <class IO, class Message> bool messageFields(IO& io, Message& m) {
  return io(m.texts) && io.list(m.values, 4 * sizeof(std::int32_t), [&](auto& v) {
    return io(v.format) && io(v.significantDigits) && io(v.minimumLength) && io(v.leftJustified) &&
           io(v.literals) && io(v.formatSpec);
  });
}

template <class IO, class StateSet> bool stateSetFields(IO& io, StateSet& s) {
  return io(s.constraintCount) && io(s.candidates) && io(s.states) && io(s.selection);
}

template <class IO, class Description> bool descriptionFields(IO& io, Description& d) {
  constexpr std::size_t count = sizeof(std::uint64_t);
  return io(d.name) && io(d.stateCount) && io(d.valueCount) && io(d.experiment) &&
         io.list(d.variables, 2 * count, [&](auto& v) { return variableFields(io, v); }) &&
         io(d.messages) &&
         io.list(d.messageTemplates, 2 * count, [&](auto& m) { return messageFields(io, m); }) &&
         io(d.crossingDescriptions) &&
         io.list(d.systems, count, [&](auto& s) { return systemFields(io, s); }) &&
         io(d.jacobianRows) && io(d.jacobianColumns) &&
         io.list(d.stateSets, sizeof(std::int32_t),
                 [&](auto& s) { return stateSetFields(io, s); }) &&
         io(d.daeUnknowns) && io(d.daeJacobianRows) && io(d.daeJacobianColumns) &&
         io(d.functionSymbols) && io(d.usesHomotopy) && io(d.definedEntries) && io(d.delayCount) &&
         io(d.stateNominals) && io(d.relations) && io(d.crossingRelations) &&
         io(d.crossingPositiveValues) && io(d.strings) && io(d.messageOrigins);
}

bool allBelow(const std::vector<std::int32_t>& indices, std::size_t size) {
  for (std::int32_t i : indices)
    if (i < 0 || static_cast<std::size_t>(i) >= size) return false;
  return true;
}

/// The tables that go together have the sizes the runtime expects.
bool sizesAgree(const ModelDescription& d) {
  return d.delayCount >= 0 &&
         (d.stateNominals.empty() ||
          d.stateNominals.size() == static_cast<std::size_t>(d.stateCount)) &&
         d.messageOrigins.size() == d.messages.size() &&
         d.crossingRelations.size() == d.crossingPositiveValues.size() &&
         (d.crossingRelations.empty() ||
          d.crossingRelations.size() == d.crossingDescriptions.size());
}

/// The runtime indexes its arrays with these numbers unchecked: a description that passed
/// the checksum of the cache but came from a different layout must not reach it.
bool indicesValid(const ModelDescription& d) {
  if (d.stateCount < 0 || d.valueCount < 0) return false;
  for (const ModelDescription::Variable& v : d.variables) {
    std::int32_t size = v.region == MOCC_REGION_VALUE ? d.valueCount : d.stateCount;
    if (v.region < MOCC_REGION_STATE || v.region > MOCC_REGION_VALUE || v.index < 0 ||
        v.index >= size)
      return false;
  }
  if (d.messageTemplates.size() != d.messages.size()) return false;
  for (const ModelDescription::Message& m : d.messageTemplates) {
    if (m.texts.size() != m.values.size() + 1) return false;
    for (const ModelDescription::MessageValue& v : m.values)
      if (v.format < MOCC_FORMAT_REAL || v.format > MOCC_FORMAT_TEXT) return false;
  }
  std::size_t variables = d.variables.size();
  for (const ModelDescription::System& s : d.systems) {
    if (!allBelow(s.unknowns, variables) || s.jacobianRows.size() != s.jacobianColumns.size() ||
        !allBelow(s.jacobianRows, s.unknowns.size()) ||
        !allBelow(s.jacobianColumns, s.unknowns.size()) ||
        !allBelow(s.relations, d.relations.size()))
      return false;
  }
  for (const ModelDescription::StateSet& s : d.stateSets) {
    if (!allBelow(s.candidates, variables) || !allBelow(s.states, variables) ||
        !allBelow(s.selection, variables))
      return false;
  }
  auto states = static_cast<std::size_t>(d.stateCount);
  std::size_t unknowns = states + d.daeUnknowns.size();
  return d.jacobianRows.size() == d.jacobianColumns.size() && allBelow(d.jacobianRows, states) &&
         allBelow(d.jacobianColumns, states) && allBelow(d.daeUnknowns, variables) &&
         allBelow(d.relations, variables) && allBelow(d.crossingRelations, variables) &&
         d.daeJacobianRows.size() == d.daeJacobianColumns.size() &&
         allBelow(d.daeJacobianRows, unknowns) && allBelow(d.daeJacobianColumns, unknowns);
}

} // namespace

ModelDescription describe(const sim::Program& program) {
  ModelDescription d;
  d.name = program.modelName;
  d.stateCount = static_cast<std::int32_t>(program.stateCount);
  d.valueCount = static_cast<std::int32_t>(program.valueCount);
  d.experiment = describeExperiment(program.experiment);
  // The enums of sim:: and expr:: share their numbering with mocc_region/type/kind.
  for (const sim::Variable& v : program.variables)
    d.variables.push_back({v.name, v.description, static_cast<std::int32_t>(v.region),
                           static_cast<std::int32_t>(v.index), static_cast<std::int32_t>(v.type),
                           static_cast<std::int32_t>(v.kind), v.hidden ? 1 : 0, v.origin, v.aliasOf,
                           v.aliasNegated ? 1 : 0, v.unit, v.causality, v.tunable ? 1 : 0,
                           v.calculated ? 1 : 0});
  for (const sim::Message& m : program.messages) {
    d.messages.push_back(m.text());
    ModelDescription::Message described{m.texts, {}};
    for (const sim::MessageValue& v : m.values)
      described.values.push_back({static_cast<std::int32_t>(v.format), v.significantDigits,
                                  v.minimumLength, v.leftJustified ? 1 : 0, v.literals,
                                  v.formatSpec});
    d.messageTemplates.push_back(std::move(described));
  }
  for (const sim::Crossing& crossing : program.crossings)
    d.crossingDescriptions.push_back(crossing.description);
  for (const sim::AlgebraicSystem& system : program.systems)
    d.systems.push_back(describeSystem(system));
  for (const sim::JacobianEntry& entry : program.jacobian) {
    d.jacobianRows.push_back(static_cast<std::int32_t>(entry.row));
    d.jacobianColumns.push_back(static_cast<std::int32_t>(entry.column));
  }
  for (const sim::StateSet& set : program.stateSets)
    d.stateSets.push_back({static_cast<std::int32_t>(set.constraintCount), toInt32(set.candidates),
                           toInt32(set.states), toInt32(set.selection)});
  for (std::uint32_t k : openedSystems(program))
    for (std::uint32_t v : program.systems[k].unknowns)
      d.daeUnknowns.push_back(static_cast<std::int32_t>(v));
  for (const sim::JacobianEntry& entry : program.daeJacobian) {
    d.daeJacobianRows.push_back(static_cast<std::int32_t>(entry.row));
    d.daeJacobianColumns.push_back(static_cast<std::int32_t>(entry.column));
  }
  for (std::size_t i = 0; i < program.functions.size(); ++i)
    d.functionSymbols.push_back(userFunctionSymbol(program, i));
  d.usesHomotopy = program.usesHomotopy ? 1 : 0;
  d.definedEntries = sim::definedEntries(program);
  d.delayCount = static_cast<std::int32_t>(program.delays.size());
  d.stateNominals = program.stateNominals;
  d.relations = toInt32(sim::relationStorage(program));
  d.crossingRelations = toInt32(sim::crossingRelationStorage(program));
  d.crossingPositiveValues = toInt32(sim::crossingPositiveValues(program));
  d.strings = program.pool.strings();
  for (const sim::Message& m : program.messages)
    d.messageOrigins.push_back(m.origin);
  return d;
}

void writeDescription(const ModelDescription& d, std::string& out) {
  put(out, kFormatVersion);
  Writer writer(out);
  descriptionFields(writer, d);
}

std::optional<ModelDescription> readDescription(std::string_view& in) {
  Reader r(in);
  std::uint32_t version = 0;
  if (!r.get(version) || version != kFormatVersion) return std::nullopt;
  ModelDescription d;
  if (!descriptionFields(r, d) || !sizesAgree(d) || !indicesValid(d)) return std::nullopt;
  return d;
}

} // namespace mocc::backend::jit
