// `mocc fmu MODEL.mo -o Model.fmu`: the model as a Functional Mock-up Unit (FMI 3.0 by default,
// 2.0 with --fmi 2) for Model Exchange, Co-Simulation or both. The generated C++ (backend/cpp)
// is compiled with the system C++ compiler into the FMU's shared object together with the
// runtime's FMI layer (runtime/fmi, libmocc_fmu_runtime.a), which exports only the FMI
// functions. The model description is then made from the built model itself: its variable
// table, and the values bind() gives its parameters (read through the FMU's own FMI functions).
#include "commands.h"
#include "cpp_source.h"
#include "cpp_toolchain.h"
#include "driver.h"
#include "fmu_description.h"
#include "fmu_sources.h"
#include "zip_archive.h"

#include "mocc/cpp/emit.h"
#include "mocc/fmi/fmi_api.h"
#include "mocc/runtime/model_token.h"

#include <fmt/format.h>

#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

namespace mocc::tool {

namespace fs = std::filesystem;

namespace {

struct FmuOptions {
  ModelSelection selection;
  std::string output;
  int fmiVersion = 3;
  std::string kind = "both";
  bool sourceOnly = false;
  int optLevel = 2;
  std::string compiler;
};

/// A library of the system (a LAPACK, say), which the FMU's importer has where mocc found it.
bool systemLibrary(const fs::path& object) {
  std::string path = object.string();
  return path.rfind("/usr/", 0) == 0 || path.rfind("/lib", 0) == 0;
}

/// The external functions' shared objects that mocc built (in its cache) go into the FMU
/// beside its own, found there through the FMU's run path $ORIGIN: copied into `directory`,
/// they are linked by file name. Returns the copies.
std::vector<fs::path> bundleNativeObjects(const CppSource& source, const fs::path& directory,
                                          std::vector<std::string>& linkOptions) {
  std::vector<fs::path> bundled;
  for (const fs::path& object : linkOrder(source.nativeObjects)) {
    if (systemLibrary(object)) {
      linkOptions.push_back(object.string());
      continue;
    }
    fs::path copy = directory / object.filename();
    fs::copy_file(object, copy, fs::copy_options::overwrite_existing);
    bundled.push_back(copy);
    linkOptions.push_back("-L" + directory.string());
    linkOptions.push_back("-l:" + object.filename().string());
  }
  if (!bundled.empty()) linkOptions.push_back("-Wl,-rpath,$ORIGIN");
  return bundled;
}

/// The FMU's shared object: the generated model, the FMI layer and the runtime.
CompilerRun compileFmuLibrary(const FmuOptions& o, const std::vector<std::string>& nativeOptions,
                              const fs::path& cpp, const fs::path& library,
                              const RuntimeLocation& runtime) {
  CompilerRun run;
  run.command = {compilerOf(o.compiler)};
  for (const std::string& flag : backend::cpp::requiredCompilerFlags())
    run.command.push_back(flag);
  run.command.push_back("-O" + std::to_string(o.optLevel));
  run.command.push_back(std::string("-D") + backend::cpp::kNoMainMacro);
  for (const fs::path& include : runtime.includeDirectories)
    run.command.push_back("-I" + include.string());
  for (const std::string& part :
       {std::string("-shared"), std::string("-fPIC"), std::string("-s"), cpp.string(),
        std::string("-o"), library.string(),
        "-Wl,--version-script=" + (runtime.libraryDirectory / "mocc_fmu_exports.map").string(),
        std::string("-Wl,--no-undefined"), std::string("-Wl,--whole-archive"),
        (runtime.libraryDirectory / "libmocc_fmu_runtime.a").string(),
        std::string("-Wl,--no-whole-archive")})
    run.command.push_back(part);
  run.command.insert(run.command.end(), nativeOptions.begin(), nativeOptions.end());
  for (const char* library : {MOCC_FMU_LINK_LIBRARIES})
    run.command.push_back(std::string("-l") + library);
  runProcess(run);
  return run;
}

/// The FMU's shared object, loaded into this process to read what the description needs.
class LoadedFmu {
public:
  explicit LoadedFmu(const fs::path& library)
      : handle_(dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL)) {}
  ~LoadedFmu() {
    if (handle_) dlclose(handle_);
  }
  LoadedFmu(const LoadedFmu&) = delete;
  LoadedFmu& operator=(const LoadedFmu&) = delete;
  bool loaded() const { return handle_ != nullptr; }
  template <typename F> F* symbol(const char* name) const {
    return reinterpret_cast<F*>(dlsym(handle_, name));
  }

private:
  void* handle_;
};

void collectLog(fmi3InstanceEnvironment environment, fmi3Status, fmi3String, fmi3String message) {
  static_cast<std::string*>(environment)->append(message ? message : "").append("\n");
}

/// The values bind() gives every variable the description needs a start value for (parameters,
/// constants, inputs), through the FMU's FMI 3.0 getters before initialization.
std::optional<std::vector<std::optional<double>>> boundValues(const LoadedFmu& fmu,
                                                              const mocc_model& model,
                                                              const std::string& token,
                                                              std::string& error) {
  auto instantiate =
      fmu.symbol<decltype(fmi3InstantiateModelExchange)>("fmi3InstantiateModelExchange");
  auto free = fmu.symbol<decltype(fmi3FreeInstance)>("fmi3FreeInstance");
  auto getFloat64 = fmu.symbol<decltype(fmi3GetFloat64)>("fmi3GetFloat64");
  auto getInt32 = fmu.symbol<decltype(fmi3GetInt32)>("fmi3GetInt32");
  auto getBoolean = fmu.symbol<decltype(fmi3GetBoolean)>("fmi3GetBoolean");
  if (!instantiate || !free || !getFloat64 || !getInt32 || !getBoolean) {
    error = "the FMU's shared object lacks FMI 3.0 functions";
    return std::nullopt;
  }
  std::string log;
  fmi3Instance instance =
      instantiate(model.name, token.c_str(), "", false, false, &log, collectLog);
  if (!instance) {
    error = log;
    return std::nullopt;
  }
  std::vector<std::optional<double>> values(static_cast<std::size_t>(model.n_variables));
  for (int i = 0; i < model.n_variables && error.empty(); ++i) {
    const mocc_variable& v = model.variables[i];
    bool needsStart = v.kind == MOCC_KIND_PARAMETER || v.kind == MOCC_KIND_CONSTANT ||
                      v.causality == MOCC_CAUSALITY_INPUT;
    if (!needsStart || !exposedInFmu(v) || v.type == MOCC_TYPE_STRING) continue;
    auto reference = static_cast<fmi3ValueReference>(i);
    fmi3Status status = fmi3OK;
    if (v.type == MOCC_TYPE_INTEGER) {
      fmi3Int32 value = 0;
      status = getInt32(instance, &reference, 1, &value, 1);
      values[i] = value;
    } else if (v.type == MOCC_TYPE_BOOLEAN) {
      fmi3Boolean value = false;
      status = getBoolean(instance, &reference, 1, &value, 1);
      values[i] = value ? 1.0 : 0.0;
    } else {
      double value = 0.0;
      status = getFloat64(instance, &reference, 1, &value, 1);
      values[i] = value;
    }
    if (status != fmi3OK) error = log.empty() ? "reading the parameters failed" : log;
  }
  free(instance);
  if (!error.empty()) return std::nullopt;
  return values;
}

std::optional<FmuInterfaces> interfacesOf(const std::string& kind) {
  if (kind == "me") return FmuInterfaces{true, false};
  if (kind == "cs") return FmuInterfaces{false, true};
  if (kind == "both") return FmuInterfaces{true, true};
  return std::nullopt;
}

int fail(const std::string& message) {
  std::cerr << "mocc: error: " << message << "\n";
  return kModelError;
}

/// The description of the built shared object `library` (loaded into this process).
std::optional<std::string> describeFmu(const FmuOptions& o, const CppSource& source,
                                       const fs::path& library, std::string& error) {
  LoadedFmu fmu(library);
  auto definition = fmu.symbol<const mocc_model*()>("mocc_model_definition");
  if (!fmu.loaded() || !definition) {
    error = std::string("cannot load the FMU: ") + dlerror();
    return std::nullopt;
  }
  const mocc_model& model = *definition();
  FmuDescriptionInput input;
  input.model = &model;
  input.fmiVersion = o.fmiVersion;
  input.modelIdentifier = source.stem;
  input.instantiationToken = runtime::modelToken(model);
  input.generationTool = std::string("mocc ") + MOCC_VERSION;
  input.interfaces = *interfacesOf(o.kind);
  auto values = boundValues(fmu, model, input.instantiationToken, error);
  if (!values) return std::nullopt;
  input.boundValues = std::move(*values);
  return fmuModelDescription(input, error);
}

/// What the archive holds: the description, sources/ (the model's C++, the runtime's sources
/// and their build descriptions) and, unless --source-only, the binaries.
std::vector<ZipEntry> fmuEntries(const FmuOptions& o, const CppSource& source,
                                 const std::string& description, const fs::path& cpp,
                                 const fs::path& library, const std::vector<fs::path>& bundled,
                                 const std::vector<ZipEntry>& runtimeSources) {
  FmuSources sources{source.stem, source.modelName, o.fmiVersion, source.nativeObjects};
  std::vector<ZipEntry> entries{{"modelDescription.xml", {}, description},
                                {"sources/" + source.stem + ".cpp", cpp, std::nullopt},
                                {"sources/CMakeLists.txt", {}, fmuSourcesCMakeLists(sources)}};
  entries.insert(entries.end(), runtimeSources.begin(), runtimeSources.end());
  if (o.fmiVersion == 3)
    entries.push_back(
        {"sources/buildDescription.xml", {}, fmuBuildDescription(sources, runtimeSources)});
  if (o.sourceOnly) return entries;
  // The platform folder: FMI 3.0's <arch>-<os> tuple, FMI 2.0's "linux64".
  std::string binaries =
      std::string("binaries/") + (o.fmiVersion == 2 ? "linux64" : "x86_64-linux");
  entries.push_back({binaries + "/" + source.stem + ".so", library, std::nullopt});
  for (const fs::path& object : bundled)
    entries.push_back({binaries + "/" + object.filename().string(), object, std::nullopt});
  return entries;
}

int writeFmu(const FmuOptions& o) {
  std::string error;
  auto runtime = findRuntime(error);
  if (!runtime) return fail(error);
  fs::path archive = runtime->libraryDirectory / "libmocc_fmu_runtime.a";
  if (!fs::exists(archive))
    return fail("cannot find the FMU runtime " + archive.string() + " beside the mocc runtime");
  std::vector<ZipEntry> runtimeSources = fmuRuntimeSources(runtime->sourceDirectory);
  if (runtimeSources.empty())
    return fail("cannot find the runtime's sources in " + runtime->sourceDirectory.string());
  auto source = compileToCpp(o.selection, CppOptions{.tunableParameters = true});
  if (!source) return kModelError;
  ScratchDirectory scratch("mocc-fmu");
  if (scratch.path().empty()) return fail("cannot create a temporary directory");
  fs::path cpp = scratch.path() / (source->stem + ".cpp");
  fs::path library = scratch.path() / (source->stem + ".so");
  std::ofstream(cpp, std::ios::binary) << source->text;
  std::vector<std::string> nativeOptions;
  std::vector<fs::path> bundled = bundleNativeObjects(*source, scratch.path(), nativeOptions);
  CompilerRun run = compileFmuLibrary(o, nativeOptions, cpp, library, *runtime);
  if (run.exitCode != 0)
    return fail(fmt::format("the C++ compiler failed (exit code {}): {}\n{}", run.exitCode,
                            fmt::join(run.command, " "), run.output));
  auto description = describeFmu(o, *source, library, error);
  if (!description) return fail(source->modelName + ": " + error);
  fs::path output = o.output.empty() ? fs::path(source->stem + ".fmu") : fs::path(o.output);
  std::error_code ignored;
  fs::remove(output, ignored);
  if (auto problem = writeZip(
          output, fmuEntries(o, *source, *description, cpp, library, bundled, runtimeSources)))
    return fail(*problem);
  std::cout << fmt::format("{}: wrote {} (FMI {}.0, {})\n", source->modelName, output.string(),
                           o.fmiVersion,
                           o.kind == "both" ? "Model Exchange and Co-Simulation"
                           : o.kind == "me" ? "Model Exchange"
                                            : "Co-Simulation");
  return kSuccess;
}

} // namespace

CommandAction addFmuCommand(CLI::App& app) {
  auto options = std::make_shared<FmuOptions>();
  CLI::App* cmd = app.add_subcommand(
      "fmu", "Export a model as a Functional Mock-up Unit (FMI 3.0 or 2.0; Model Exchange and "
             "Co-Simulation) that other tools import");
  addModelOptions(*cmd, options->selection);
  cmd->add_option("-o,--output", options->output, "The FMU to write (default: ./<Model>.fmu)")
      ->type_name("NAME.fmu");
  cmd->add_option("--fmi", options->fmiVersion, "FMI version: 3 (default) or 2")
      ->check(CLI::IsMember({2, 3}));
  cmd->add_option("--kind", options->kind,
                  "Interfaces: me (Model Exchange), cs (Co-Simulation) or both (default)")
      ->check(CLI::IsMember({"me", "cs", "both"}));
  cmd->add_flag("--source-only", options->sourceOnly,
                "Leave the binary out: the FMU carries the generated C++ in sources/ only");
  cmd->add_option("-O,--opt-level", options->optLevel, "C++ optimisation level 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--cxx", options->compiler, "The C++ compiler (default: $CXX, else c++)")
      ->type_name("COMPILER");
  cmd->footer("Exit codes: 0 success, 1 model error or failed compilation (its messages are "
              "shown), 2 usage error.");
  return [options]() { return writeFmu(*options); };
}

} // namespace mocc::tool
