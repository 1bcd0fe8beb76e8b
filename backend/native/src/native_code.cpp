#include "mocc/native/native_code.h"

#include "c_sources.h"
#include "compiler.h"
#include "library_search.h"
#include "object_cache.h"
#include "process.h"

#include <fmt/format.h>

#include <algorithm>

namespace mocc::backend::native {

namespace fs = std::filesystem;

namespace {

using Paths = std::vector<fs::path>;

Paths paths(const std::vector<std::string>& names) { return Paths(names.begin(), names.end()); }

std::string joined(const Paths& directories) {
  std::string text;
  for (const fs::path& directory : directories)
    text += fmt::format("{}{}", text.empty() ? "" : ", ", directory.string());
  return text.empty() ? "(none)" : text;
}

// The Include code as one C file, compiled and linked into a shared object. With only
// declarations in it the object is empty, but a wrong Include fails here, with the compiler's
// message, rather than as an unresolved symbol later.
std::optional<fs::path> buildIncludeCode(const sim::ExternalLibraries& libraries,
                                         const NativeOptions& options, bool& built,
                                         std::string& error) {
  // size_t is part of the interface (size(a, k) arguments, MLS 12.9.1.1), whatever the order
  // in which the functions' Include annotations come.
  std::string code = "#include <stddef.h>\n";
  for (const std::string& include : libraries.includes)
    code += include + "\n";
  // The runtime's directory first: its ModelicaUtilities.h is the one whose functions the
  // process provides.
  Paths directories = options.includeDirectories;
  for (const fs::path& directory : paths(libraries.includeDirectories))
    directories.push_back(directory);
  std::vector<std::string> flags = commonFlags();
  flags.insert(flags.end(), {"-O2", "-shared"});
  KeyBuilder key;
  key.add("include 1").add(code);
  for (const std::string& flag : flags)
    key.add(flag);
  for (const fs::path& directory : directories)
    key.add(directory.string());
  addHeaderStamps(key, directories);
  addCompilerIdentity(key, options.compiler);
  // The source stays beside its object, where the compiler's messages point.
  fs::path source = options.cacheDirectory / fmt::format("include-{}.c", key.hex());
  fs::path target = fs::path(source).replace_extension(".so");
  auto build = [&](const Scratch& scratch, const fs::path& output, std::string& message) {
    if (!publish(scratch, source, code, message)) return false;
    std::vector<std::string> command = {options.compiler};
    command.insert(command.end(), flags.begin(), flags.end());
    addIncludeFlags(command, directories);
    command.insert(command.end(), {"-x", "c", source.string(), "-o", output.string()});
    ProcessResult result = runCommands({command}, 1, scratch.path()).front();
    if (!result.succeeded)
      message = "compiling the Include code of external functions failed:\n" +
                compilerMessage(result.output);
    return result.succeeded;
  };
  if (!cachedBuild(target, build, built, error)) return std::nullopt;
  return target;
}

// `name` as a shared object that exists: in a library directory, else a system library.
std::optional<fs::path> findLibrary(const std::string& name, const Paths& libraryDirectories,
                                    const Paths& systemDirectories) {
  for (const fs::path& directory : libraryDirectories)
    if (auto found = findInLibraryDirectory(name, directory))
      if (auto object = loadableObject(*found)) return object;
  if (auto found = findSystemLibrary(name, systemDirectories)) return loadableObject(*found);
  return std::nullopt;
}

// The objects of the C-Sources directories beside the library directories (several when the
// program uses several libraries with sources: the names are gathered over all functions, so
// which directory provides which name is unknown and each stands for all of them).
std::optional<Paths> buildAllCSources(const Paths& libraryDirectories, const NativeOptions& options,
                                      NativeCode& code, std::string& error) {
  Paths objects;
  Paths done;
  for (const fs::path& directory : libraryDirectories) {
    std::optional<fs::path> sources = cSourcesBeside(directory);
    if (!sources || std::find(done.begin(), done.end(), *sources) != done.end()) continue;
    done.push_back(*sources);
    bool built = false;
    std::optional<fs::path> object = buildCSources(*sources, options, built, error);
    if (!object) return std::nullopt;
    code.compiledObjects += built;
    objects.push_back(*object);
  }
  return objects;
}

std::string notFound(const std::string& name, const Paths& libraryDirectories,
                     const Paths& systemDirectories) {
  return fmt::format("external library \"{}\" not found: no lib{}.so in the library directories "
                     "{} (nor their linux64 subdirectories), no C-Sources directory beside "
                     "them, and no system library {} in {}",
                     name, name, joined(libraryDirectories), systemLibraryFile(name),
                     joined(systemDirectories));
}

// The objects standing for each library name, in the order of the names; nullopt with
// `error` when one is found nowhere or its sources do not build.
std::optional<std::vector<Paths>> resolveLibraries(const sim::ExternalLibraries& libraries,
                                                   const NativeOptions& options, NativeCode& code,
                                                   std::string& error) {
  Paths libraryDirectories = paths(libraries.libraryDirectories);
  Paths systemDirectories = systemLibraryDirectories();
  std::optional<Paths> cSources; // built when the first name needs them
  std::vector<Paths> resolved;
  for (const std::string& name : libraries.libraries) {
    if (auto found = findLibrary(name, libraryDirectories, systemDirectories)) {
      resolved.push_back({*found});
      continue;
    }
    if (!cSources) cSources = buildAllCSources(libraryDirectories, options, code, error);
    if (!cSources) return std::nullopt;
    if (cSources->empty()) {
      error = notFound(name, libraryDirectories, systemDirectories);
      return std::nullopt;
    }
    resolved.push_back(*cSources);
  }
  return resolved;
}

// A Library list names a library before the ones it uses, as a linker's command line does
// ({"ModelicaStandardTables", "ModelicaIO", "ModelicaMatIO", "zlib"}): loaded in the reverse
// order, each object comes after what it uses. An object named several times counts where it
// is named first, so it comes after everything named after any of its names.
Paths dependencyOrder(const std::vector<Paths>& resolved) {
  Paths ordered;
  for (const Paths& group : resolved)
    for (const fs::path& object : group)
      if (std::find(ordered.begin(), ordered.end(), object) == ordered.end())
        ordered.push_back(object);
  std::reverse(ordered.begin(), ordered.end());
  return ordered;
}

} // namespace

std::optional<NativeCode> prepare(const sim::ExternalLibraries& libraries,
                                  const NativeOptions& options, std::string& error) {
  NativeCode code;
  std::optional<std::vector<Paths>> resolved = resolveLibraries(libraries, options, code, error);
  if (!resolved) return std::nullopt;
  code.sharedObjects = dependencyOrder(*resolved);
  if (libraries.includes.empty()) return code;
  // The Include code last: it may call any library's functions.
  bool built = false;
  std::optional<fs::path> include = buildIncludeCode(libraries, options, built, error);
  if (!include) return std::nullopt;
  code.compiledObjects += built;
  code.sharedObjects.push_back(*include);
  code.includeObject = *include;
  return code;
}

} // namespace mocc::backend::native
