// The C code that external functions name (MLS 3.6 section 12.9.4: the Include, Library,
// IncludeDirectory and LibraryDirectory annotations), turned into shared objects: what the JIT
// loads with dlopen and what a generated C++ project links. Objects are built by the system C
// compiler into a cache directory, keyed by everything they are built from, so only the first
// use of a library pays for its compilation.
#pragma once

#include "mocc/sim/program.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mocc::backend::native {

struct NativeOptions {
  /// Where built objects go (e.g. <mocc cache>/native); created when missing.
  std::filesystem::path cacheDirectory;
  /// The system C compiler: a path, or a name looked up on PATH.
  std::string compiler = "cc";
  /// Passed with -I to every compilation, before the program's own include directories: the
  /// runtime's include directory with ModelicaUtilities.h (MLS 12.9.6).
  std::vector<std::filesystem::path> includeDirectories;
  /// Compilations run at once when building a C-Sources directory; 0 is one per processor.
  unsigned jobs = 0;
};

struct NativeCode {
  /// To load (dlopen with RTLD_GLOBAL) or link, in dependency order: every object comes after
  /// the objects it uses, the Include code last.
  std::vector<std::filesystem::path> sharedObjects;
  /// The object of the Include code (also the last of sharedObjects), when there is one. Its
  /// definitions must win over the libraries' (a model's `usertab` over the MSL's dummy), so
  /// a loader puts it first in the symbol search order.
  std::optional<std::filesystem::path> includeObject;
  /// How many objects this call compiled; 0 when all came from the cache.
  int compiledObjects = 0;
};

/// The shared objects of `libraries`. Include code (each entry a line) is compiled into one
/// object; its references to ModelicaUtilities functions stay undefined, for the process that
/// loads it (the runtime) to resolve. Each Library name is, in this order:
///  1. lib<name>.so in a library directory, or in its platform subdirectory (linux64);
///  2. a system library (zlib is libz, m is libm, else lib<name>.so on the dynamic linker's
///     search path);
///  3. the C-Sources directory beside a library directory (the Modelica convention of
///     Resources/Library beside Resources/C-Sources, as in the MSL), all of its .c files built
///     into one object that stands for every name found nowhere else.
/// Returns nullopt with `error` set when a library is found nowhere (the message names it and
/// the directories searched) or a compilation fails (the compiler's first lines of output).
/// Safe when several processes prepare the same code at once.
std::optional<NativeCode> prepare(const sim::ExternalLibraries& libraries,
                                  const NativeOptions& options, std::string& error);

} // namespace mocc::backend::native
