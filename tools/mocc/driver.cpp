// The compile driver: reading, parsing, flattening and the backend pipeline.
#include "driver.h"
#include "commands.h"

#include "mocc/flat/modes.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <unordered_set>

namespace mocc::tool {

bool isQualifiedClassName(const std::string& text) {
  static const std::regex name(R"([A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*)");
  return std::regex_match(text, name);
}

bool namesLibraryClass(const std::string& model) {
  std::error_code ignored;
  return !std::filesystem::exists(model, ignored) && isQualifiedClassName(model) &&
         std::filesystem::path(model).extension() != ".mo";
}

frontend::ClassEntry* selectModel(Compilation& compilation, const std::string& path,
                                  const std::string& className, FrontendTimings* timings) {
  auto begin = std::chrono::steady_clock::now();
  frontend::addLibraryRoots(compilation.tree, compilation.libraries);
  // `mocc run Modelica.Blocks.Examples.PID_Controller`: the class from the library path, as
  // simulate(...) takes it in other tools; --class is then not needed.
  if (namesLibraryClass(path)) return frontend::selectClass(compilation.tree, {}, path);
  auto entries = compilation.tree.loadFile(path);
  if (timings) {
    timings->parseSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  if (compilation.diagnostics.hasErrors()) return nullptr;
  return frontend::selectClass(compilation.tree, entries, className);
}

std::optional<flat::Model> flattenFile(Compilation& compilation, const std::string& path,
                                       const std::string& className, FrontendTimings* timings) {
  frontend::ClassEntry* selected = selectModel(compilation, path, className, timings);
  if (!selected) return std::nullopt;
  return frontend::flatten(compilation.tree, *selected, timings ? &timings->flatten : nullptr,
                           &compilation.external);
}

std::optional<flat::Model> flattenSelection(Compilation& compilation,
                                            const ModelSelection& selection) {
  configure(compilation, selection);
  return flattenFile(compilation, selection.model, selection.className);
}

namespace {

std::string undifferentiated(const std::string& name) {
  if (name.starts_with("der(") && name.ends_with(")")) return name.substr(4, name.size() - 5);
  return name;
}

/// Whether the whole model's analysis serves every branch of `structural` (modeIfEquations).
bool oneStructureServes(const backend::Analysis& analysis, const flat::Model& model,
                        const flat::StructuralIf& structural) {
  const auto& equation = std::get<flat::IfEquation>(model.equations[structural.equation].node);
  const std::vector<flat::Equation>& first = equation.branches.front().body;
  const dae::System& system = analysis.system;
  for (std::size_t k = 0; k < first.size(); ++k) {
    std::vector<std::set<std::string>> unknowns;
    for (const auto& indices : flat::branchUnknowns(model, equation, k)) {
      unknowns.emplace_back();
      for (std::uint32_t i : indices)
        unknowns.back().insert(model.variables[i].name);
    }
    for (std::size_t e = 0; e < system.equations.size(); ++e) {
      if (!(system.equations[e].range == first[k].range)) continue;
      if (system.equations[e].differentiatedFrom != dae::kNone) return false;
      std::function<bool(const backend::structure::Step&)> solvesMissing =
          [&](const backend::structure::Step& s) {
            if (s.kind == backend::structure::Step::Kind::Assign && s.source == e) {
              std::string name = undifferentiated(system.variables[s.variable].name);
              return std::any_of(unknowns.begin(), unknowns.end(),
                                 [&](const auto& names) { return !names.contains(name); });
            }
            return std::any_of(s.inner.begin(), s.inner.end(), solvesMissing);
          };
      if (std::any_of(analysis.schedule.steps.begin(), analysis.schedule.steps.end(),
                      solvesMissing))
        return false;
    }
  }
  return true;
}

/// The names of the states the integrator integrates (state sets' own states included).
std::set<std::string> integratedStates(const dae::System& system) {
  std::set<std::string> names;
  for (const dae::Variable& v : system.variables)
    if (v.isIntegratedState()) names.insert(v.name);
  return names;
}

/// Modes whose own analysis integrates other states than the whole model's change the index
/// or the state space at the switch (a constraint that holds in one branch only). Up to this
/// many modes are all checked; of more, those that differ from the start values' mode in one
/// if-equation.
constexpr std::size_t kModesCheckedForStates = 16;

std::vector<flat::ModeKey> modesToCheckForStates(const flat::Model& model,
                                                 const std::vector<flat::StructuralIf>& ifs) {
  std::vector<flat::ModeKey> keys = allModes(ifs, kModesCheckedForStates);
  if (!keys.empty()) return keys;
  // Too many to check all: each if-equation's branches with the others as the start values
  // select them (a bank of diodes: each diode conducting alone).
  flat::ModeKey initial = flat::initialModeGuess(model, ifs);
  keys.push_back(initial);
  for (std::size_t i = 0; i < ifs.size(); ++i)
    for (std::size_t branch = 0; branch < ifs[i].branches; ++branch) {
      if (static_cast<int>(branch) == initial[i]) continue;
      flat::ModeKey varied = initial;
      varied[i] = static_cast<int>(branch);
      keys.push_back(std::move(varied));
    }
  return keys;
}

} // namespace

std::vector<flat::ModeKey> allModes(const std::vector<flat::StructuralIf>& ifs, std::size_t limit) {
  std::vector<flat::ModeKey> keys{flat::ModeKey(ifs.size(), 0)};
  for (std::size_t i = 0; i < ifs.size(); ++i) {
    std::vector<flat::ModeKey> next;
    for (const flat::ModeKey& key : keys)
      for (std::size_t branch = 0; branch < ifs[i].branches; ++branch) {
        flat::ModeKey extended = key;
        extended[i] = static_cast<int>(branch);
        next.push_back(std::move(extended));
      }
    if (next.size() > limit) return {};
    keys = std::move(next);
  }
  return keys;
}

std::vector<flat::StructuralIf> modeIfEquations(const Compilation& compilation,
                                                const flat::Model& model) {
  std::vector<flat::StructuralIf> ifs = flat::structuralIfEquations(model);
  if (ifs.empty()) return ifs;
  Diagnostics scratch; // the whole model's problems are no errors when its modes compile
  backend::PipelineOptions options = pipelineOptions(compilation);
  auto analysis = backend::analyse(model, compilation.sources, scratch, options);
  if (!analysis || !std::all_of(ifs.begin(), ifs.end(), [&](const flat::StructuralIf& s) {
        return oneStructureServes(*analysis, model, s);
      }))
    return ifs;
  std::set<std::string> states = integratedStates(analysis->system);
  for (const flat::ModeKey& key : modesToCheckForStates(model, ifs)) {
    auto mode = backend::analyse(flat::specialiseMode(model, ifs, key), compilation.sources,
                                 scratch, options);
    if (!mode || integratedStates(mode->system) != states) return ifs;
  }
  return {};
}

bool refuseModeExternalObjects(Compilation& compilation, const flat::Model& model,
                               const flat::StructuralIf& structural) {
  auto object = std::find_if(model.variables.begin(), model.variables.end(),
                             [](const flat::Variable& v) { return v.destructor.has_value(); });
  if (object == model.variables.end()) return true;
  compilation.diagnostics.error(
      DiagnosticKind::Unsupported, structural.range,
      fmt::format("the branches of this if-equation share no unknown, so the model changes its "
                  "structure at events, and it holds the ExternalObject '{}': mocc cannot carry "
                  "an ExternalObject's own state from one mode's model to the next yet",
                  object->name));
  return false;
}

namespace {

std::string renderAll(const Diagnostics& diagnostics, const SourceManager& sources) {
  std::string text;
  for (const Diagnostic& d : diagnostics.all())
    if (d.severity == Severity::Error) text += render(d, sources);
  return text;
}

} // namespace

std::optional<sim::ModalProgram> compileModes(Compilation& compilation, const flat::Model& model,
                                              const std::vector<flat::StructuralIf>& ifs,
                                              int maxModes,
                                              const backend::PipelineOptions& options) {
  std::vector<flat::ModeKey> keys = allModes(ifs, static_cast<std::size_t>(maxModes));
  if (keys.empty()) {
    compilation.diagnostics.error(
        DiagnosticKind::Unsupported, ifs.front().range,
        fmt::format("the {} if-equations whose branches change the model's structure combine to "
                    "more than {} modes (--max-modes {}), more than generated C++ enumerates; "
                    "`mocc run` compiles only the modes a run reaches",
                    ifs.size(), maxModes, maxModes));
    return std::nullopt;
  }
  if (!refuseModeExternalObjects(compilation, model, ifs.front())) return std::nullopt;
  sim::ModalProgram modal;
  modal.modelName = model.name;
  for (std::size_t i = 0; i < ifs.size(); ++i)
    modal.selectors.push_back(flat::modeSelectorName(i));
  flat::ModeKey initial = flat::initialModeGuess(model, ifs);
  for (int branch : initial)
    modal.initialKey.push_back(branch + 1);
  modal.derivativeLevels = flat::derivativeLevels(model);
  for (const flat::ModeKey& key : keys) {
    sim::ModeProgram& mode = modal.modes.emplace_back();
    for (int branch : key)
      mode.key.push_back(branch + 1);
    mode.description = flat::describeMode(model, compilation.sources, ifs, key);
    // The initial mode's messages are the model's own; another mode's fail only a run that
    // reaches it, as they do for the JIT.
    bool isInitial = key == initial;
    Diagnostics own;
    own.setListLimit(compilation.diagnostics.listLimit());
    Diagnostics& diagnostics = isInitial ? compilation.diagnostics : own;
    mode.program = backend::compile(flat::specialiseMode(model, ifs, key), compilation.sources,
                                    diagnostics, options);
    if (!mode.program) mode.error = renderAll(own, compilation.sources);
    if (isInitial && !mode.program) return std::nullopt;
  }
  return modal;
}

// Warnings of one kind beyond the first few are counted, not shown, so that a model of 2,000
// masses without start values does not flood the terminal (issue 19); errors are all shown.
cli::WarningCounts printDiagnostics(const Compilation& compilation, std::ostream& out,
                                    bool summaryLine) {
  // An expression lowered more than once (for its size, then for its value) reports the same
  // error each time: show it once.
  std::unordered_set<std::string> shown;
  std::map<DiagnosticKind, std::size_t> warnings, hidden;
  for (const Diagnostic& d : compilation.diagnostics.all()) {
    std::string text = render(d, compilation.sources);
    if (!shown.insert(text).second) continue;
    bool warning = d.severity == Severity::Warning;
    if (warning && ++warnings[d.kind] > kWarningsShownPerKind && !compilation.allWarnings)
      ++hidden[d.kind];
    else
      out << text;
  }
  for (const auto& [kind, count] : hidden)
    out << fmt::format("mocc: note: {} more {} warning{} not shown (--all-warnings shows them)\n",
                       count, diagnosticKindName(kind), count == 1 ? "" : "s");
  cli::WarningCounts counts;
  for (const auto& [kind, count] : warnings)
    counts[diagnosticKindName(kind)] = count;
  if (std::string summary = cli::warningSummary(counts); summaryLine && !summary.empty())
    out << "mocc: " << summary << "\n";
  out.flush();
  return counts;
}

void addModelOptions(CLI::App& command, ModelSelection& selection) {
  command
      .add_option("model", selection.model,
                  "The Modelica file (.mo), or the qualified name of a class on the library "
                  "path (--lib, MODELICAPATH, the project's stdlib), such as "
                  "Modelica.Electrical.Analog.Examples.ChuaCircuit")
      ->required()
      ->check(CLI::Validator(
          [](std::string& model) -> std::string {
            if (namesLibraryClass(model)) return {};
            return CLI::ExistingFile(model);
          },
          "FILE.mo|CLASS"));
  command.add_option("--class", selection.className,
                     "The class to use (default: the only model in the file); a qualified name "
                     "such as Modelica.Blocks.Examples.PID_Controller selects a library class");
  command
      .add_option("--lib", selection.libraries,
                  "A directory of libraries (packages as directories or .mo files), searched "
                  "before MODELICAPATH and the project's stdlib (repeatable)")
      ->check(CLI::ExistingDirectory)
      ->type_name("DIR");
  command.add_flag("--all-warnings", selection.allWarnings,
                   "Show every warning (default: the first few of each kind, then their count) "
                   "and every item of the lists in messages");
  command.add_flag("--verify-each", selection.verifyEach,
                   "Check the DAE and the schedule after every backend pass and stop at the "
                   "first pass that leaves them invalid (a bug in mocc; always on in debug "
                   "builds)");
}

void addMaxModesOption(CLI::App& command, int& maxModes, const std::string& description) {
  command.add_option("--max-modes", maxModes, description)
      ->default_val(kDefaultMaxModes)
      ->check(CLI::PositiveNumber);
}

backend::PipelineOptions pipelineOptions(const Compilation& compilation) {
  backend::PipelineOptions options;
  options.verifyEach = compilation.verifyEach;
  return options;
}

void configure(Compilation& compilation, const ModelSelection& selection) {
  for (const std::string& directory : selection.libraries) {
    compilation.libraries.libraries.emplace_back(directory);
  }
  compilation.allWarnings = selection.allWarnings;
  compilation.verifyEach = selection.verifyEach || backend::kVerifyEachByDefault;
  if (selection.allWarnings) compilation.diagnostics.setListLimit(0);
}

} // namespace mocc::tool
