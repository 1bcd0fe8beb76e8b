#include "c_sources.h"

#include "compiler.h"
#include "object_cache.h"
#include "process.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <thread>

namespace mocc::backend::native {

namespace fs = std::filesystem;

namespace {

// What the MSL's sources test, decided for Linux as the MSL's own builds decide it
// (Resources/BuildProjects/gcc/Makefile and autotools/configure.ac):
//  - NDEBUG: their release builds; ModelicaMatIO's internal assert()s are off.
//  - HAVE_ZLIB=1: ModelicaMatIO reads MATLAB v7 (compressed) files through zlib, which is why
//    the object links the system's libz (the sources' zlib/ copy is not built).
//  - TABLE_SHARE=1: ModelicaStandardTables reads a table file once for all tables that name
//    it (a hash table guarded by a pthread mutex).
//  - DUMMY_FUNCTION_USERTAB=1: ModelicaStandardTablesUsertab.c defines the MSL's default
//    usertab() (it raises ModelicaError), so that the object loads on its own; a model that
//    brings its own usertab in Include code replaces it, since loaders put the Include object
//    first in the symbol search order (NativeCode::includeObject).
// Left undefined, because Linux has what they switch off: NO_FILE_SYSTEM, NO_LOCALE, NO_TIME,
// NO_PID, NO_MUTEX; and HAVE_HDF5 (MATLAB v7.3 files need libhdf5). The sources define
// _GNU_SOURCE and derive _POSIX_ from unistd.h themselves; the Makefile's HAVE_UNISTD_H,
// HAVE_STDARG_H, HAVE_HIDDEN and HAVE_MEMCPY are for the zlib copy. win32_dirent.c is all
// inside #if defined(_WIN32) and compiles to nothing.
const std::vector<std::string> kDefinitions = {"-DNDEBUG", "-DHAVE_ZLIB=1", "-DTABLE_SHARE=1",
                                               "-DDUMMY_FUNCTION_USERTAB=1"};
// -fno-delete-null-pointer-checks as in the MSL's builds; -w because the output of a
// library's sources is only shown when they fail, and then the error should come first.
const std::vector<std::string> kFlags = {"-fno-delete-null-pointer-checks", "-w"};
const std::vector<std::string> kLibraries = {"-lz", "-lm"};

// ModelicaMatIO.c (550 kB, the MATLAB file reader) takes gcc 12 some 15 s at -O2 and 3 s at
// -Og; it runs once per table file, mostly in zlib and fread, so -Og costs nothing a model
// notices. The rest (the interpolation of ModelicaStandardTables at every step) gets -O2.
std::string optimisation(const fs::path& source) {
  return source.filename() == "ModelicaMatIO.c" ? "-Og" : "-O2";
}

bool hasExtension(const fs::path& file, std::initializer_list<const char*> extensions) {
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const char* extension) { return file.extension() == extension; });
}

// The files of `directory` (not of its subdirectories) with one of `extensions`, sorted.
std::vector<fs::path> filesIn(const fs::path& directory,
                              std::initializer_list<const char*> extensions) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
    if (entry.is_regular_file(error) && hasExtension(entry.path(), extensions))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// In one read: the key reads a megabyte of sources on every cache hit.
std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  std::string bytes(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)), '\0');
  in.seekg(0);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return bytes;
}

// The flags of one source, apart from include directories.
std::vector<std::string> compileFlags(const fs::path& source) {
  std::vector<std::string> flags = {optimisation(source)};
  for (const auto* list : {&kDefinitions, &kFlags})
    flags.insert(flags.end(), list->begin(), list->end());
  for (const std::string& flag : commonFlags())
    flags.push_back(flag);
  return flags;
}

std::vector<std::string> compileCommand(const fs::path& source, const fs::path& object,
                                        const fs::path& directory, const NativeOptions& options) {
  std::vector<std::string> command = {options.compiler, "-c"};
  for (std::string& flag : compileFlags(source))
    command.push_back(std::move(flag));
  command.push_back("-I" + directory.string());
  addIncludeFlags(command, options.includeDirectories);
  command.insert(command.end(), {source.string(), "-o", object.string()});
  return command;
}

// The key: the name and bytes of every source and header (not the directory's path: copies of
// one library share an object), every flag and the compiler.
std::string objectKey(const fs::path& directory, const std::vector<fs::path>& sources,
                      const NativeOptions& options) {
  KeyBuilder key;
  key.add("c-sources 1");
  for (const fs::path& file : filesIn(directory, {".c", ".h"}))
    key.add(file.filename().string()).add(readFile(file));
  for (const fs::path& source : sources)
    for (const std::string& flag : compileFlags(source))
      key.add(flag);
  for (const std::string& library : kLibraries)
    key.add(library);
  for (const fs::path& include : options.includeDirectories)
    key.add(include.string());
  addHeaderStamps(key, options.includeDirectories);
  addCompilerIdentity(key, options.compiler);
  return key.hex();
}

// The first failure among `results` as an error message, or false when all succeeded.
bool failed(const std::vector<ProcessResult>& results, const fs::path& directory,
            std::string& error) {
  for (const ProcessResult& result : results) {
    if (result.succeeded) continue;
    error = fmt::format("building the C sources in {} failed:\n{}", directory.string(),
                        compilerMessage(result.output));
    return true;
  }
  return false;
}

// Compiles the sources in parallel (the largest first, so the longest compilation never
// starts last) and links the objects.
bool build(const fs::path& directory, std::vector<fs::path> sources, const NativeOptions& options,
           const Scratch& scratch, const fs::path& output, std::string& error) {
  std::sort(sources.begin(), sources.end(), [](const fs::path& a, const fs::path& b) {
    return fs::file_size(a) > fs::file_size(b);
  });
  std::vector<std::vector<std::string>> compilations;
  std::vector<std::string> link = {options.compiler, "-shared", "-pthread", "-o", output.string()};
  for (const fs::path& source : sources) {
    fs::path object = scratch.path() / source.filename().replace_extension(".o");
    compilations.push_back(compileCommand(source, object, directory, options));
    link.push_back(object.string());
  }
  link.insert(link.end(), kLibraries.begin(), kLibraries.end());
  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  if (failed(runCommands(compilations, jobs, scratch.path()), directory, error)) return false;
  return !failed(runCommands({link}, 1, scratch.path()), directory, error);
}

} // namespace

std::optional<fs::path> cSourcesBeside(const fs::path& libraryDirectory) {
  fs::path library = libraryDirectory.lexically_normal();
  if (!library.has_filename()) library = library.parent_path(); // a trailing separator
  fs::path sources = library.parent_path() / "C-Sources";
  if (filesIn(sources, {".c"}).empty()) return std::nullopt;
  return sources;
}

std::optional<fs::path> buildCSources(const fs::path& directory, const NativeOptions& options,
                                      bool& built, std::string& error) {
  std::vector<fs::path> sources = filesIn(directory, {".c"});
  fs::path target = options.cacheDirectory /
                    fmt::format("c-sources-{}.so", objectKey(directory, sources, options));
  auto builder = [&](const Scratch& scratch, const fs::path& output, std::string& message) {
    return build(directory, sources, options, scratch, output, message);
  };
  if (!cachedBuild(target, builder, built, error)) return std::nullopt;
  return target;
}

} // namespace mocc::backend::native
