// modelDescription.xml for FMI 2.0 and 3.0 (fmu_description.h). The rules that decide an
// attribute are those of the FMI specifications' tables of causality, variability and initial:
// parameters and constants are exact with their bound value as start (tunable where the compiled
// code reads them at run time, mocc_variable.tunable), inputs carry a start, and everything the
// model computes (parameters with fixed = false too) is calculated and listed among the initial
// unknowns.
#include "fmu_description.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

namespace mocc::tool {

namespace {

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    default: out += c;
    }
  }
  return out;
}

/// `name="value"` pairs in order, written escaped.
class Attributes {
public:
  Attributes& add(std::string_view name, std::string_view value) {
    text_ += fmt::format(" {}=\"{}\"", name, escaped(value));
    return *this;
  }
  Attributes& addIf(bool condition, std::string_view name, std::string_view value) {
    return condition ? add(name, value) : *this;
  }
  const std::string& text() const { return text_; }

private:
  std::string text_;
};

/// A variable's name in FMI's structured naming convention (FMI 3.0 section 2.4.7.5.1, FMI 2.0
/// section 2.2.9): mocc's names are Modelica's, except that a higher derivative
/// der(der(x)) is written der(x,2).
std::string structuredName(std::string_view name) {
  constexpr std::string_view der = "der(";
  int order = 0;
  while (name.substr(0, der.size()) == der && name.size() > der.size() && name.back() == ')') {
    name = name.substr(der.size(), name.size() - der.size() - 1);
    ++order;
  }
  if (order == 0) return std::string(name);
  if (order == 1) return fmt::format("der({})", name);
  return fmt::format("der({},{})", name, order);
}

std::string number(double value) { return fmt::format("{}", value); }

/// What the FMI tables say about one variable.
struct Classification {
  std::string causality, variability, initial;
  bool needsStart = false;
  bool operator==(const Classification&) const = default;
};

Classification classify(const mocc_variable& v) {
  bool continuousType = v.type == MOCC_TYPE_REAL;
  std::string changing = continuousType && v.kind != MOCC_KIND_DISCRETE ? "continuous" : "discrete";
  // A top-level input is stored like a parameter (known to every equation) but changes.
  if (v.causality == MOCC_CAUSALITY_INPUT)
    return {"input", continuousType ? "continuous" : "discrete", "", true};
  if (v.kind == MOCC_KIND_CONSTANT) return {"local", "constant", "exact", true};
  if (v.kind == MOCC_KIND_PARAMETER && v.calculated)
    return {"calculatedParameter", "fixed", "calculated", false};
  if (v.kind == MOCC_KIND_PARAMETER)
    return {"parameter", v.tunable ? "tunable" : "fixed", "exact", true};
  std::string causality = v.causality == MOCC_CAUSALITY_OUTPUT ? "output" : "local";
  return {causality, changing, "calculated", false};
}

/// FMI 2.0 section 2.2.8 and 3.0 section 2.4.8: the unknowns of the initialization are the
/// outputs, the calculated parameters, and the states and derivatives that are calculated.
bool isInitialUnknown(const mocc_variable& v, const Classification& c) {
  bool stateOrDerivative = v.region != MOCC_REGION_VALUE;
  return c.causality == "output" || c.causality == "calculatedParameter" ||
         (stateOrDerivative && c.initial == "calculated");
}

const char* fmi3TypeName(int type) {
  switch (type) {
  case MOCC_TYPE_INTEGER: return "Int32";
  case MOCC_TYPE_BOOLEAN: return "Boolean";
  case MOCC_TYPE_STRING: return "String";
  default: return "Float64";
  }
}

const char* fmi2TypeName(int type) {
  switch (type) {
  case MOCC_TYPE_INTEGER: return "Integer";
  case MOCC_TYPE_BOOLEAN: return "Boolean";
  case MOCC_TYPE_STRING: return "String";
  default: return "Real";
  }
}

std::string startText(const mocc_variable& v, double value) {
  if (v.type == MOCC_TYPE_BOOLEAN) return value != 0.0 ? "true" : "false";
  if (v.type == MOCC_TYPE_INTEGER) return fmt::format("{}", static_cast<long long>(value));
  return number(value);
}

/// The description's view of the model: which variables it lists, the states in the order of
/// the state vector and the derivative of each.
class FmuLayout {
public:
  explicit FmuLayout(const FmuDescriptionInput& input) : input_(input), model_(*input.model) {}

  bool build(std::string& error) {
    const int states = model_.n_states;
    stateVariable_.assign(static_cast<std::size_t>(states), -1);
    derivativeVariable_.assign(static_cast<std::size_t>(states), -1);
    for (int i = 0; i < model_.n_variables; ++i) {
      const mocc_variable& v = model_.variables[i];
      if (!exposedInFmu(v)) continue;
      // A String parameter's start would be its text, which the bound values (numbers read
      // through the getters) do not give; the FMU leaves them out.
      bool stringParameter = v.kind == MOCC_KIND_PARAMETER || v.kind == MOCC_KIND_CONSTANT;
      if (v.type == MOCC_TYPE_STRING && stringParameter) continue;
      listed_.push_back(i);
      if (v.region == MOCC_REGION_STATE && stateVariable_[v.index] < 0) stateVariable_[v.index] = i;
      if (v.region == MOCC_REGION_DERIVATIVE && derivativeVariable_[v.index] < 0)
        derivativeVariable_[v.index] = i;
      if (!v.unit || !*v.unit) continue;
      if (v.type == MOCC_TYPE_REAL) units_.insert(v.unit);
    }
    for (int s = 0; s < states; ++s) {
      if (stateVariable_[s] < 0 || derivativeVariable_[s] < 0) {
        error = fmt::format("state #{} has no {} in the model's variable table", s,
                            stateVariable_[s] < 0 ? "state variable" : "derivative variable");
        return false;
      }
    }
    for (std::size_t k = 0; k < listed_.size(); ++k)
      position_[listed_[k]] = k + 1; // FMI 2.0 indices are 1-based positions in the list
    for (int i : listed_)
      if (std::optional<int> original = sharedOriginal(i)) aliases_[*original].push_back(i);
    return true;
  }

  const std::vector<int>& listed() const { return listed_; }
  const std::vector<int>& stateVariables() const { return stateVariable_; }
  const std::vector<int>& derivativeVariables() const { return derivativeVariable_; }
  const std::set<std::string>& units() const { return units_; }
  std::size_t position(int variable) const { return position_.at(variable); }
  /// The value reference of a listed variable: that of the variable it is an alias of, or its
  /// own.
  int reference(int variable) const { return sharedOriginal(variable).value_or(variable); }
  /// The listed variables whose value reference is `variable`'s, not counting itself.
  const std::vector<int>& aliasesOf(int variable) const {
    static const std::vector<int> none;
    auto found = aliases_.find(variable);
    return found == aliases_.end() ? none : found->second;
  }
  bool hasInputs() const {
    return std::any_of(listed_.begin(), listed_.end(), [&](int i) {
      return model_.variables[i].causality == MOCC_CAUSALITY_INPUT;
    });
  }
  /// The state indices each state derivative depends on (the analytic Jacobian's pattern), or
  /// nullopt when that is unknown: no Jacobian, or inputs the Jacobian does not cover.
  std::optional<std::vector<std::set<int>>> derivativeDependencies() const {
    if (!model_.jacobian || hasInputs()) return std::nullopt;
    std::vector<std::set<int>> depends(static_cast<std::size_t>(model_.n_states));
    for (int k = 0; k < model_.n_jacobian; ++k)
      depends[model_.jacobian_rows[k]].insert(model_.jacobian_columns[k]);
    return depends;
  }
  std::optional<double> bound(int variable) const {
    auto i = static_cast<std::size_t>(variable);
    return i < input_.boundValues.size() ? input_.boundValues[i] : std::nullopt;
  }

private:
  /// FMI 2.0 (section 2.2.7) and 3.0 (section 2.4.7.5, <Alias>) share a value reference between
  /// variables that are equal: the variable alias elimination found this one equal to (not
  /// its negation, which neither standard has), when both are listed, computed, of one type and
  /// unit and alike in causality and variability; otherwise nullopt.
  std::optional<int> sharedOriginal(int variable) const {
    const mocc_variable& v = model_.variables[variable];
    if (v.region != MOCC_REGION_VALUE || v.alias <= 0 || v.alias_negated) return std::nullopt;
    int original = v.alias - 1;
    const mocc_variable& o = model_.variables[original];
    bool sameUnit = std::string_view(v.unit ? v.unit : "") == (o.unit ? o.unit : "");
    Classification c = classify(v);
    if (o.alias > 0 || !position_.count(original) || o.type != v.type || !sameUnit ||
        c.initial != "calculated" || !(classify(o) == c))
      return std::nullopt;
    return original;
  }

  const FmuDescriptionInput& input_;
  const mocc_model& model_;
  std::vector<int> listed_, stateVariable_, derivativeVariable_;
  std::map<int, std::size_t> position_;
  std::map<int, std::vector<int>> aliases_;
  std::set<std::string> units_;
};

std::string unitDefinitions(const FmuLayout& layout) {
  if (layout.units().empty()) return {};
  std::string text = "  <UnitDefinitions>\n";
  for (const std::string& unit : layout.units())
    text += fmt::format("    <Unit{}/>\n", Attributes().add("name", unit).text());
  return text + "  </UnitDefinitions>\n";
}

std::string defaultExperiment(const mocc_model& model) {
  Attributes a;
  a.addIf(model.has_start_time, "startTime", number(model.start_time));
  a.addIf(model.has_stop_time, "stopTime", number(model.stop_time));
  a.addIf(model.has_tolerance, "tolerance", number(model.tolerance));
  a.addIf(model.has_interval, "stepSize", number(model.interval));
  return fmt::format("  <DefaultExperiment{}/>\n", a.text());
}

/// The attributes both versions share for a variable: name, value reference, description,
/// causality, variability, initial.
Attributes commonAttributes(const mocc_variable& v, int reference, const Classification& c) {
  Attributes a;
  a.add("name", structuredName(v.name)).add("valueReference", std::to_string(reference));
  a.addIf(v.description && *v.description, "description", v.description ? v.description : "");
  a.add("causality", c.causality).add("variability", c.variability);
  a.addIf(!c.initial.empty(), "initial", c.initial);
  return a;
}

std::string fmi2Variables(const FmuLayout& layout, const mocc_model& model) {
  std::string text = "  <ModelVariables>\n";
  for (int i : layout.listed()) {
    const mocc_variable& v = model.variables[i];
    Classification c = classify(v);
    std::optional<double> start = layout.bound(i);
    if (c.needsStart && !start) c.needsStart = false;
    Attributes type;
    if (v.type == MOCC_TYPE_REAL && v.unit && *v.unit) type.add("unit", v.unit);
    if (c.needsStart && v.type != MOCC_TYPE_STRING) type.add("start", startText(v, *start));
    if (v.region == MOCC_REGION_DERIVATIVE)
      type.add("derivative", std::to_string(layout.position(layout.stateVariables()[v.index])));
    if (c.needsStart && v.type == MOCC_TYPE_STRING) type.add("start", "");
    text += fmt::format("    <ScalarVariable{}>\n      <{}{}/>\n    </ScalarVariable>\n",
                        commonAttributes(v, layout.reference(i), c).text(), fmi2TypeName(v.type),
                        type.text());
  }
  return text + "  </ModelVariables>\n";
}

std::string fmi2Unknowns(const char* element, const std::vector<std::size_t>& positions,
                         const std::vector<std::string>& dependencies = {}) {
  if (positions.empty()) return {};
  std::string text = fmt::format("    <{}>\n", element);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    Attributes a;
    a.add("index", std::to_string(positions[k]));
    if (k < dependencies.size()) a.add("dependencies", dependencies[k]);
    text += fmt::format("      <Unknown{}/>\n", a.text());
  }
  return text + fmt::format("    </{}>\n", element);
}

std::string fmi2Structure(const FmuLayout& layout, const mocc_model& model) {
  std::vector<std::size_t> outputs, derivatives, initial;
  for (int i : layout.listed()) {
    const mocc_variable& v = model.variables[i];
    Classification c = classify(v);
    if (c.causality == "output") outputs.push_back(layout.position(i));
    if (isInitialUnknown(v, c)) initial.push_back(layout.position(i));
  }
  std::vector<std::string> dependencies;
  auto depends = layout.derivativeDependencies();
  for (std::size_t s = 0; s < layout.derivativeVariables().size(); ++s) {
    derivatives.push_back(layout.position(layout.derivativeVariables()[s]));
    if (!depends) continue;
    std::vector<std::size_t> on;
    for (int state : (*depends)[s])
      on.push_back(layout.position(layout.stateVariables()[state]));
    std::sort(on.begin(), on.end());
    dependencies.push_back(fmt::format("{}", fmt::join(on, " ")));
  }
  std::sort(initial.begin(), initial.end());
  return "  <ModelStructure>\n" + fmi2Unknowns("Outputs", outputs) +
         fmi2Unknowns("Derivatives", derivatives, dependencies) +
         fmi2Unknowns("InitialUnknowns", initial) + "  </ModelStructure>\n";
}

/// The XML declaration and the opening fmiModelDescription element with `root`'s attributes.
std::string descriptionStart(const Attributes& root) {
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiModelDescription{}>\n",
                     root.text());
}

std::string fmi2Description(const FmuDescriptionInput& input, const FmuLayout& layout) {
  const mocc_model& model = *input.model;
  Attributes root;
  root.add("fmiVersion", "2.0").add("modelName", model.name).add("guid", input.instantiationToken);
  root.add("generationTool", input.generationTool).add("variableNamingConvention", "structured");
  root.add("numberOfEventIndicators", std::to_string(model.n_crossings));
  std::string text = descriptionStart(root);
  Attributes capabilities;
  capabilities.add("modelIdentifier", input.modelIdentifier)
      .add("canGetAndSetFMUstate", "true")
      .add("canSerializeFMUstate", "true")
      .add("providesDirectionalDerivative", "true");
  // FMI 2.0 lists the source files in each interface (section 2.2.6); the build is described
  // in sources/CMakeLists.txt.
  std::string sourceFiles =
      fmt::format("    <SourceFiles>\n      <File{}/>\n    </SourceFiles>\n",
                  Attributes().add("name", input.modelIdentifier + ".cpp").text());
  if (input.interfaces.modelExchange)
    text += fmt::format("  <ModelExchange{}>\n{}  </ModelExchange>\n", capabilities.text(),
                        sourceFiles);
  if (input.interfaces.coSimulation)
    text += fmt::format("  <CoSimulation{}{}>\n{}  </CoSimulation>\n", capabilities.text(),
                        Attributes().add("canHandleVariableCommunicationStepSize", "true").text(),
                        sourceFiles);
  text += unitDefinitions(layout) + defaultExperiment(model) + fmi2Variables(layout, model) +
          fmi2Structure(layout, model);
  return text + "</fmiModelDescription>\n";
}

Attributes aliasAttributes(const mocc_variable& alias) {
  Attributes a;
  a.add("name", structuredName(alias.name));
  return a.addIf(alias.description && *alias.description, "description",
                 alias.description ? alias.description : "");
}

std::string fmi3Variables(const FmuLayout& layout, const mocc_model& model) {
  std::string text = "  <ModelVariables>\n";
  for (int i : layout.listed()) {
    if (layout.reference(i) != i) continue; // an <Alias> of another
    const mocc_variable& v = model.variables[i];
    Classification c = classify(v);
    std::optional<double> start = layout.bound(i);
    if (c.needsStart && !start) c.needsStart = false;
    Attributes a = commonAttributes(v, i, c);
    if (v.type == MOCC_TYPE_REAL && v.unit && *v.unit) a.add("unit", v.unit);
    if (c.needsStart && v.type != MOCC_TYPE_STRING) a.add("start", startText(v, *start));
    if (v.region == MOCC_REGION_DERIVATIVE)
      a.add("derivative", std::to_string(layout.stateVariables()[v.index]));
    std::string children;
    if (v.type == MOCC_TYPE_STRING && c.needsStart) children += "      <Start value=\"\"/>\n";
    for (int alias : layout.aliasesOf(i))
      children += fmt::format("      <Alias{}/>\n", aliasAttributes(model.variables[alias]).text());
    if (children.empty())
      text += fmt::format("    <{}{}/>\n", fmi3TypeName(v.type), a.text());
    else
      text +=
          fmt::format("    <{0}{1}>\n{2}    </{0}>\n", fmi3TypeName(v.type), a.text(), children);
  }
  for (int g = 0; g < model.n_crossings; ++g) {
    Attributes a;
    // Structured names (FMI 3.0, 2.2.9.1): an identifier with a subscript.
    a.add("name", fmt::format("_eventIndicator[{}]", g + 1))
        .add("valueReference", std::to_string(model.n_variables + g));
    if (model.crossing_descriptions && model.crossing_descriptions[g])
      a.add("description", model.crossing_descriptions[g]);
    a.add("causality", "local").add("variability", "continuous").add("initial", "calculated");
    text += fmt::format("    <Float64{}/>\n", a.text());
  }
  return text + "  </ModelVariables>\n";
}

std::string fmi3Structure(const FmuLayout& layout, const mocc_model& model) {
  std::string outputs, derivatives, initial, indicators;
  auto depends = layout.derivativeDependencies();
  for (int i : layout.listed()) {
    if (layout.reference(i) != i) continue; // an <Alias>: its variable is listed
    const mocc_variable& v = model.variables[i];
    Classification c = classify(v);
    if (c.causality == "output") outputs += fmt::format("    <Output valueReference=\"{}\"/>\n", i);
    if (isInitialUnknown(v, c))
      initial += fmt::format("    <InitialUnknown valueReference=\"{}\"/>\n", i);
  }
  for (std::size_t s = 0; s < layout.derivativeVariables().size(); ++s) {
    Attributes a;
    a.add("valueReference", std::to_string(layout.derivativeVariables()[s]));
    if (depends) {
      std::vector<int> on;
      for (int state : (*depends)[s])
        on.push_back(layout.stateVariables()[state]);
      a.add("dependencies", fmt::format("{}", fmt::join(on, " ")));
    }
    derivatives += fmt::format("    <ContinuousStateDerivative{}/>\n", a.text());
  }
  for (int g = 0; g < model.n_crossings; ++g)
    indicators +=
        fmt::format("    <EventIndicator valueReference=\"{}\"/>\n", model.n_variables + g);
  return "  <ModelStructure>\n" + outputs + derivatives + initial + indicators +
         "  </ModelStructure>\n";
}

std::string fmi3Description(const FmuDescriptionInput& input, const FmuLayout& layout) {
  const mocc_model& model = *input.model;
  Attributes root;
  root.add("fmiVersion", "3.0").add("modelName", model.name);
  root.add("instantiationToken", input.instantiationToken);
  root.add("generationTool", input.generationTool).add("variableNamingConvention", "structured");
  std::string text = descriptionStart(root);
  Attributes capabilities;
  capabilities.add("modelIdentifier", input.modelIdentifier)
      .add("canGetAndSetFMUState", "true")
      .add("canSerializeFMUState", "true")
      .add("providesDirectionalDerivatives", "true");
  if (input.interfaces.modelExchange)
    text += fmt::format("  <ModelExchange{}{}/>\n", capabilities.text(),
                        Attributes().add("needsCompletedIntegratorStep", "true").text());
  if (input.interfaces.coSimulation)
    text += fmt::format("  <CoSimulation{}{}/>\n", capabilities.text(),
                        Attributes()
                            .add("canHandleVariableCommunicationStepSize", "true")
                            .add("mightReturnEarlyFromDoStep", "true")
                            .text());
  text += unitDefinitions(layout) + defaultExperiment(model) + fmi3Variables(layout, model) +
          fmi3Structure(layout, model);
  return text + "</fmiModelDescription>\n";
}

} // namespace

bool exposedInFmu(const mocc_variable& variable) {
  return !variable.hidden || variable.region != MOCC_REGION_VALUE;
}

std::optional<std::string> fmuModelDescription(const FmuDescriptionInput& input,
                                               std::string& error) {
  FmuLayout layout(input);
  if (!layout.build(error)) return std::nullopt;
  return input.fmiVersion == 2 ? fmi2Description(input, layout) : fmi3Description(input, layout);
}

} // namespace mocc::tool
