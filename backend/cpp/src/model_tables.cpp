// Tables as C++ constants. The enums of sim:: and expr:: share their numbering with
// mocc_region, mocc_type and mocc_kind; here they are spelled by their C names.
#include "model_tables.h"

#include "systems.h"

#include "mocc/sim/model_entries.h"

#include <fmt/format.h>

#include <limits>

namespace mocc::backend::cpp {

namespace {

const char* regionName(sim::Region region) {
  switch (region) {
  case sim::Region::State: return "MOCC_REGION_STATE";
  case sim::Region::Derivative: return "MOCC_REGION_DERIVATIVE";
  case sim::Region::Value: return "MOCC_REGION_VALUE";
  }
  throw EmitError("a variable has an unknown region");
}

const char* typeName(expr::Type type) {
  switch (type) {
  case expr::Type::Real: return "MOCC_TYPE_REAL";
  case expr::Type::Integer: return "MOCC_TYPE_INTEGER";
  case expr::Type::Boolean: return "MOCC_TYPE_BOOLEAN";
  case expr::Type::String: return "MOCC_TYPE_STRING";
  }
  throw EmitError("a variable has an unknown type");
}

const char* kindName(sim::Kind kind) {
  static constexpr const char* kNames[] = {
      "MOCC_KIND_CONSTANT",  "MOCC_KIND_PARAMETER", "MOCC_KIND_STATE",   "MOCC_KIND_DERIVATIVE",
      "MOCC_KIND_ALGEBRAIC", "MOCC_KIND_DISCRETE",  "MOCC_KIND_INTERNAL"};
  auto index = static_cast<std::size_t>(kind);
  if (index >= std::size(kNames)) throw EmitError("a variable has an unknown kind");
  return kNames[index];
}

/// The ABI stores sizes as int32.
void checkSizes(const sim::Program& program) {
  constexpr std::size_t limit = std::numeric_limits<std::int32_t>::max();
  if (std::size_t(program.stateCount) + program.valueCount > limit ||
      program.variables.size() > limit || program.messages.size() > limit ||
      program.crossings.size() > limit) {
    throw EmitError("program is too large for the model ABI (sizes are 32-bit)");
  }
}

void variableTable(Code& code, const sim::Program& program) {
  if (program.variables.empty()) return;
  code.comment(
      "name, description, region, index, type, kind, hidden, origin, alias, alias_negated, unit, "
      "causality, tunable, calculated");
  code.open("const mocc_variable variables[] =");
  for (const sim::Variable& v : program.variables) {
    code.line(fmt::format("{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}},",
                          stringLiteral(v.name), stringLiteral(v.description), regionName(v.region),
                          v.index, typeName(v.type), kindName(v.kind), v.hidden ? 1 : 0,
                          stringLiteral(v.origin), v.aliasOf + 1, v.aliasNegated ? 1 : 0,
                          stringLiteral(v.unit), v.causality, v.tunable ? 1 : 0,
                          v.calculated ? 1 : 0));
  }
  code.close("};");
  code.blank();
}

void stringTable(Code& code, const char* name, const std::vector<std::string>& strings) {
  if (strings.empty()) return;
  code.open(fmt::format("const char* const {}[] =", name));
  for (const std::string& s : strings)
    code.line(stringLiteral(s) + ",");
  code.close("};");
  code.blank();
}

const char* formatName(sim::MessageValue::Format format) {
  switch (format) {
  case sim::MessageValue::Format::Real: return "MOCC_FORMAT_REAL";
  case sim::MessageValue::Format::Integer: return "MOCC_FORMAT_INTEGER";
  case sim::MessageValue::Format::Boolean: return "MOCC_FORMAT_BOOLEAN";
  case sim::MessageValue::Format::Enumeration: return "MOCC_FORMAT_ENUMERATION";
  case sim::MessageValue::Format::Text: return "MOCC_FORMAT_TEXT";
  }
  throw EmitError("a message value has an unknown format");
}

/// The templates of messages with values (model.h, mocc_message_template), or "nullptr" when
/// every message is constant.
std::string messageTemplates(Code& code, const sim::Program& program) {
  bool any = false;
  for (const sim::Message& m : program.messages)
    any = any || !m.isConstant();
  if (!any) return "nullptr";
  std::vector<std::string> entries;
  for (std::size_t i = 0; i < program.messages.size(); ++i) {
    const sim::Message& m = program.messages[i];
    if (m.isConstant()) {
      entries.push_back("{0, nullptr, nullptr},");
      continue;
    }
    if (m.texts.size() != m.values.size() + 1)
      throw EmitError("message " + std::to_string(i) + " has texts that do not match its values");
    std::string prefix = "message" + std::to_string(i);
    stringTable(code, (prefix + "_texts").c_str(), m.texts);
    std::vector<std::string> values;
    for (std::size_t j = 0; j < m.values.size(); ++j) {
      const sim::MessageValue& v = m.values[j];
      std::string literals = "nullptr";
      if (!v.literals.empty()) {
        literals = prefix + "_literals" + std::to_string(j);
        stringTable(code, literals.c_str(), v.literals);
      }
      values.push_back(
          fmt::format("{{{}, {}, {}, {}, {}, {}, {}}},", formatName(v.format), v.significantDigits,
                      v.minimumLength, v.leftJustified ? 1 : 0, v.literals.size(), literals,
                      v.formatSpec.empty() ? std::string("nullptr") : stringLiteral(v.formatSpec)));
    }
    code.comment("format, significant digits, minimum length, left-justified, literals, format");
    code.open("const mocc_message_value " + prefix + "_values[] =");
    for (const std::string& value : values)
      code.line(value);
    code.close("};");
    code.blank();
    entries.push_back(fmt::format("{{{}, {}_texts, {}_values}},", m.values.size(), prefix, prefix));
  }
  code.open("const mocc_message_template message_templates[] =");
  for (const std::string& entry : entries)
    code.line(entry);
  code.close("};");
  code.blank();
  return "message_templates";
}

/// The experiment annotation: has_* flags, then the values (0 where not given), in the order
/// of the struct's fields, as designated initializers require.
void experimentFields(Code& code, const sim::Experiment& experiment) {
  const std::pair<const char*, const std::optional<double>*> fields[] = {
      {"start_time", &experiment.startTime},
      {"stop_time", &experiment.stopTime},
      {"tolerance", &experiment.tolerance},
      {"interval", &experiment.interval}};
  std::string flags, values;
  for (const auto& [name, value] : fields) {
    flags += fmt::format("{}.has_{} = {},", flags.empty() ? "" : " ", name, *value ? 1 : 0);
    values += fmt::format("{}.{} = {},", values.empty() ? "" : " ", name,
                          doubleLiteral(value->value_or(0)));
  }
  code.comment("experiment annotation");
  code.line(flags);
  code.line(values);
}

/// `const int32_t name[] = {...};`, or nothing for an empty list; returns what points to it.
template <class Integers>
std::string intTable(Code& code, const std::string& name, const Integers& values) {
  if (values.empty()) return "nullptr";
  std::string list;
  for (auto value : values)
    list += (list.empty() ? "" : ", ") + std::to_string(value);
  code.line("const int32_t " + name + "[] = {" + list + "};");
  return name;
}

/// `const double name[] = {...};` for a non-empty table; returns its name or nullptr.
std::string doubleTable(Code& code, const std::string& name, const std::vector<double>& values) {
  if (values.empty()) return "nullptr";
  std::string list;
  for (double value : values)
    list += (list.empty() ? "" : ", ") + doubleLiteral(value);
  code.line("const double " + name + "[] = {" + list + "};");
  return name;
}

/// The algebraic loops' tables; returns the name of the mocc_system_info array or nullptr.
std::string systemTables(Code& code, const sim::Program& program) {
  if (program.systems.empty()) return "nullptr";
  std::vector<std::string> infos;
  for (std::size_t k = 0; k < program.systems.size(); ++k) {
    const sim::AlgebraicSystem& system = program.systems[k];
    std::string prefix = "system" + std::to_string(k);
    std::vector<std::int32_t> rows, columns;
    for (auto [row, column] : jacobianNonzeros(system)) {
      rows.push_back(row);
      columns.push_back(column);
    }
    std::string unknowns = intTable(code, prefix + "_unknowns", system.unknowns);
    std::string rowTable = intTable(code, prefix + "_rows", rows);
    std::string columnTable = intTable(code, prefix + "_columns", columns);
    std::string relationTable = intTable(code, prefix + "_relations", system.relations);
    infos.push_back(fmt::format("{{{}, {}, {}, {}, {}, {}, {}, {}, {}}},",
                                stringLiteral(system.description), system.unknowns.size(),
                                system.linear ? 1 : 0, unknowns, rows.size(), rowTable, columnTable,
                                system.relations.size(), relationTable));
  }
  code.comment("description, size, linear, unknowns, Jacobian nonzeros (count, rows, columns), "
               "relations (count, indices)");
  code.open("const mocc_system_info systems[] =");
  for (const std::string& info : infos)
    code.line(info);
  code.close("};");
  code.blank();
  return "systems";
}

/// The state sets' tables; returns the name of the mocc_state_set_info array or nullptr.
std::string stateSetTables(Code& code, const sim::Program& program) {
  if (program.stateSets.empty()) return "nullptr";
  std::vector<std::string> infos;
  for (std::size_t k = 0; k < program.stateSets.size(); ++k) {
    const sim::StateSet& set = program.stateSets[k];
    std::string prefix = "set" + std::to_string(k);
    infos.push_back(fmt::format("{{{}, {}, {}, {}, {}, {}}},", set.candidates.size(),
                                set.states.size(), set.constraintCount,
                                intTable(code, prefix + "_candidates", set.candidates),
                                intTable(code, prefix + "_states", set.states),
                                intTable(code, prefix + "_selection", set.selection)));
  }
  code.comment("candidates, states, constraints, and their variables");
  code.open("const mocc_state_set_info state_sets[] =");
  for (const std::string& info : infos)
    code.line(info);
  code.close("};");
  code.blank();
  return "state_sets";
}

/// `.field = field,` for an ABI entry the program defines (model_functions.cpp names each
/// function after its field), `.field = nullptr,` for one it does not.
std::string entryInitializer(const sim::Program& program, sim::ModelEntry entry) {
  std::string field(sim::entryField(entry));
  return "." + field + " = " + (sim::definesEntry(program, entry) ? field : "nullptr") + ",";
}

} // namespace

Code modelTables(const Context& context) {
  const sim::Program& program = context.program;
  checkSizes(program);
  Code code;
  variableTable(code, program);
  std::vector<std::string> messages;
  for (const sim::Message& m : program.messages)
    messages.push_back(m.text());
  stringTable(code, "messages", messages);
  std::vector<std::string> origins;
  for (const sim::Message& m : program.messages)
    origins.push_back(m.origin);
  bool located = std::any_of(origins.begin(), origins.end(),
                             [](const std::string& origin) { return !origin.empty(); });
  if (located) stringTable(code, "message_origins", origins);
  std::string templates = messageTemplates(code, program);
  std::vector<std::string> descriptions;
  for (const sim::Crossing& crossing : program.crossings)
    descriptions.push_back(crossing.description);
  stringTable(code, "crossing_descriptions", descriptions);
  const std::vector<std::string>& texts = program.pool.strings();
  stringTable(code, "string_constants", texts);

  std::string stateNominals = doubleTable(code, "state_nominals", program.stateNominals);
  std::vector<std::uint32_t> relationValues = sim::relationStorage(program);
  std::string relationTable = intTable(code, "relations", relationValues);
  std::string crossingRelations =
      intTable(code, "crossing_relations", sim::crossingRelationStorage(program));
  std::string crossingPositives =
      intTable(code, "crossing_positive_values", sim::crossingPositiveValues(program));
  std::string systems = systemTables(code, program);
  std::string stateSets = stateSetTables(code, program);
  std::vector<std::uint32_t> rows, columns, daeUnknowns;
  for (const sim::JacobianEntry& entry : program.jacobian) {
    rows.push_back(entry.row);
    columns.push_back(entry.column);
  }
  for (std::uint32_t k : openedSystems(program))
    for (std::uint32_t v : program.systems[k].unknowns)
      daeUnknowns.push_back(v);
  std::string rowTable = intTable(code, "jacobian_rows", rows);
  std::string columnTable = intTable(code, "jacobian_columns", columns);
  std::string daeTable = intTable(code, "dae_unknowns", daeUnknowns);
  std::vector<std::uint32_t> daeRows, daeColumns;
  for (const sim::JacobianEntry& entry : program.daeJacobian) {
    daeRows.push_back(entry.row);
    daeColumns.push_back(entry.column);
  }
  std::string daeRowTable = intTable(code, "dae_jacobian_rows", daeRows);
  std::string daeColumnTable = intTable(code, "dae_jacobian_columns", daeColumns);
  if (!rows.empty() || !daeUnknowns.empty()) code.blank();

  auto table = [](bool present, const char* name) { return present ? name : "nullptr"; };
  auto entry = [&](sim::ModelEntry e) { return entryInitializer(program, e); };
  using Entry = sim::ModelEntry;
  code.open("const mocc_model model =");
  code.line(".abi_version = MOCC_ABI_VERSION,");
  code.line(".name = " + stringLiteral(program.modelName) + ",");
  code.line(fmt::format(".n_states = {}, .n_values = {}, .n_crossings = {},", program.stateCount,
                        program.valueCount, program.crossings.size()));
  code.line(fmt::format(".n_variables = {}, .n_messages = {},", program.variables.size(),
                        program.messages.size()));
  code.line(std::string(".variables = ") + table(!program.variables.empty(), "variables") + ",");
  code.line(std::string(".messages = ") + table(!program.messages.empty(), "messages") + ",");
  code.line(".message_templates = " + templates + ",");
  code.line(std::string(".crossing_descriptions = ") +
            table(!descriptions.empty(), "crossing_descriptions") + ",");
  experimentFields(code, program.experiment);
  for (Entry e : {Entry::bind, Entry::derivatives, Entry::crossings, Entry::outputs,
                  Entry::event_update, Entry::next_time_event, Entry::initialize})
    code.line(entry(e));
  code.line(fmt::format(".n_systems = {}, .systems = {},", program.systems.size(), systems));
  code.line(fmt::format(".n_jacobian = {}, .jacobian_rows = {}, .jacobian_columns = {},",
                        rows.size(), rowTable, columnTable));
  code.line(entry(Entry::jacobian));
  code.line(
      fmt::format(".n_state_sets = {}, .state_sets = {},", program.stateSets.size(), stateSets));
  code.line(entry(Entry::state_set_jacobian));
  code.line(fmt::format(".n_dae_unknowns = {}, .dae_unknowns = {},", daeUnknowns.size(), daeTable));
  code.line(entry(Entry::dae_residuals));
  code.line(entry(Entry::crossing_rates));
  code.line(entry(Entry::dae_jacobian));
  code.line(
      fmt::format(".n_dae_jacobian = {}, .dae_jacobian_rows = {}, .dae_jacobian_columns = {},",
                  daeRows.size(), daeRowTable, daeColumnTable));
  code.line(fmt::format(".uses_homotopy = {},", program.usesHomotopy ? 1 : 0));
  code.line(entry(Entry::destroy_external_objects));
  code.line(fmt::format(".n_delays = {},", program.delays.size()));
  code.line(entry(Entry::delay_inputs));
  code.line(".state_nominals = " + stateNominals + ",");
  code.line(
      fmt::format(".n_relations = {}, .relations = {},", relationValues.size(), relationTable));
  code.line(fmt::format(".crossing_relations = {}, .crossing_positive_values = {},",
                        crossingRelations, crossingPositives));
  code.line(fmt::format(".n_strings = {}, .strings = string_constants,", texts.size()));
  code.line(std::string(".message_origins = ") + table(located, "message_origins") + ",");
  code.line(entry(Entry::update_parameters));
  code.close("};");
  code.blank();
  return code;
}

} // namespace mocc::backend::cpp
