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
  /// A count of elements that take at least `minimumBytes` each.
  bool getCount(std::uint64_t& count, std::size_t minimumBytes) {
    return get(count) && count <= in_.size() / minimumBytes;
  }

private:
  std::string_view& in_;
};

bool readVariable(Reader& r, ModelDescription::Variable& v) {
  return r.get(v.name) && r.get(v.description) && r.get(v.region) && r.get(v.index) &&
         r.get(v.type) && r.get(v.kind) && r.get(v.hidden) && r.get(v.origin) && r.get(v.aliasOf) &&
         r.get(v.aliasNegated) && r.get(v.unit) && r.get(v.causality) && r.get(v.tunable) &&
         r.get(v.calculated);
}

bool readSystem(Reader& r, ModelDescription::System& s) {
  return r.get(s.description) && r.get(s.linear) && r.get(s.unknowns) && r.get(s.jacobianRows) &&
         r.get(s.jacobianColumns) && r.get(s.relations);
}

bool readMessageValue(Reader& r, ModelDescription::MessageValue& v) {
  return r.get(v.format) && r.get(v.significantDigits) && r.get(v.minimumLength) &&
         r.get(v.leftJustified) && r.get(v.literals) && r.get(v.formatSpec);
}

bool readStateSet(Reader& r, ModelDescription::StateSet& s) {
  return r.get(s.constraintCount) && r.get(s.candidates) && r.get(s.states) && r.get(s.selection);
}

template <class T, class ReadOne>
bool readList(Reader& r, std::vector<T>& list, std::size_t minimumBytes, ReadOne readOne) {
  std::uint64_t count = 0;
  if (!r.getCount(count, minimumBytes)) return false;
  list.resize(count);
  for (T& element : list)
    if (!readOne(r, element)) return false;
  return true;
}

bool allBelow(const std::vector<std::int32_t>& indices, std::size_t size) {
  for (std::int32_t i : indices)
    if (i < 0 || static_cast<std::size_t>(i) >= size) return false;
  return true;
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
  put(out, d.name);
  put(out, d.stateCount);
  put(out, d.valueCount);
  put(out, d.experiment);
  put<std::uint64_t>(out, d.variables.size());
  for (const ModelDescription::Variable& v : d.variables) {
    put(out, v.name);
    put(out, v.description);
    for (std::int32_t field : {v.region, v.index, v.type, v.kind, v.hidden})
      put(out, field);
    put(out, v.origin);
    put(out, v.aliasOf);
    put(out, v.aliasNegated);
    put(out, v.unit);
    put(out, v.causality);
    put(out, v.tunable);
    put(out, v.calculated);
  }
  put(out, d.messages);
  put<std::uint64_t>(out, d.messageTemplates.size());
  for (const ModelDescription::Message& m : d.messageTemplates) {
    put(out, m.texts);
    put<std::uint64_t>(out, m.values.size());
    for (const ModelDescription::MessageValue& v : m.values) {
      for (std::int32_t field : {v.format, v.significantDigits, v.minimumLength, v.leftJustified})
        put(out, field);
      put(out, v.literals);
      put(out, v.formatSpec);
    }
  }
  put(out, d.crossingDescriptions);
  put<std::uint64_t>(out, d.systems.size());
  for (const ModelDescription::System& s : d.systems) {
    put(out, s.description);
    put(out, s.linear);
    put(out, s.unknowns);
    put(out, s.jacobianRows);
    put(out, s.jacobianColumns);
    put(out, s.relations);
  }
  put(out, d.jacobianRows);
  put(out, d.jacobianColumns);
  put<std::uint64_t>(out, d.stateSets.size());
  for (const ModelDescription::StateSet& s : d.stateSets) {
    put(out, s.constraintCount);
    put(out, s.candidates);
    put(out, s.states);
    put(out, s.selection);
  }
  put(out, d.daeUnknowns);
  put(out, d.daeJacobianRows);
  put(out, d.daeJacobianColumns);
  put(out, d.functionSymbols);
  put(out, d.usesHomotopy);
  put(out, d.definedEntries);
  put(out, d.delayCount);
  put(out, d.stateNominals);
  put(out, d.relations);
  put(out, d.crossingRelations);
  put(out, d.crossingPositiveValues);
  put(out, d.strings);
  put(out, d.messageOrigins);
}

std::optional<ModelDescription> readDescription(std::string_view& in) {
  Reader r(in);
  std::uint32_t version = 0;
  if (!r.get(version) || version != kFormatVersion) return std::nullopt;
  ModelDescription d;
  bool ok =
      r.get(d.name) && r.get(d.stateCount) && r.get(d.valueCount) && r.get(d.experiment) &&
      readList(r, d.variables, 2 * sizeof(std::uint64_t), readVariable) && r.get(d.messages) &&
      readList(r, d.messageTemplates, 2 * sizeof(std::uint64_t),
               [](Reader& in, ModelDescription::Message& m) {
                 return in.get(m.texts) &&
                        readList(in, m.values, 4 * sizeof(std::int32_t), readMessageValue);
               }) &&
      r.get(d.crossingDescriptions) && readList(r, d.systems, sizeof(std::uint64_t), readSystem) &&
      r.get(d.jacobianRows) && r.get(d.jacobianColumns) &&
      readList(r, d.stateSets, sizeof(std::int32_t), readStateSet) && r.get(d.daeUnknowns) &&
      r.get(d.daeJacobianRows) && r.get(d.daeJacobianColumns) && r.get(d.functionSymbols) &&
      r.get(d.usesHomotopy) && r.get(d.definedEntries) && r.get(d.delayCount) &&
      d.delayCount >= 0 && r.get(d.stateNominals) &&
      (d.stateNominals.empty() ||
       d.stateNominals.size() == static_cast<std::size_t>(d.stateCount)) &&
      r.get(d.relations) && r.get(d.crossingRelations) && r.get(d.crossingPositiveValues) &&
      r.get(d.strings) && r.get(d.messageOrigins) && d.messageOrigins.size() == d.messages.size() &&
      d.crossingRelations.size() == d.crossingPositiveValues.size() &&
      (d.crossingRelations.empty() || d.crossingRelations.size() == d.crossingDescriptions.size());
  if (!ok || !indicesValid(d)) return std::nullopt;
  return d;
}

} // namespace mocc::backend::jit
